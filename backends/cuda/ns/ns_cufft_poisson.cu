#include "backends/cuda/ns/ns_cuda_backend.h"

#include "backends/cuda/cuda_check.h"
#include "backends/cuda/ns/ns_cufft.h"

extern "C" {
#include "ns/grid/ns_even_extension.h"
}

#include <cstdio>
#include <vector>

int ns_cufft_poisson_create(ns_cufft_poisson *poisson, const ns_grid *grid, cudaStream_t stream,
                            swe_error *err)
{
    poisson->scale = ns_even_extension(grid, poisson->n_extended, nullptr);
    std::vector<double> eigenvalues((size_t)poisson->n_extended[0] + poisson->n_extended[1] +
                                    poisson->n_extended[2]);
    ns_even_extension(grid, poisson->n_extended, eigenvalues.data());
    size_t points =
        (size_t)poisson->n_extended[0] * poisson->n_extended[1] * poisson->n_extended[2];
    size_t modes =
        (size_t)(poisson->n_extended[0] / 2 + 1) * poisson->n_extended[1] * poisson->n_extended[2];
    if (cudaMalloc(&poisson->extended, points * sizeof(real)) != cudaSuccess ||
        cudaMalloc(&poisson->spectrum, modes * 2 * sizeof(real)) != cudaSuccess) {
        cudaGetLastError();
        return swe_fail(err, SWE_ERROR_USAGE,
                        "the FFT buffers do not fit in the GPU's memory (%.1f GiB)",
                        (double)(points + 2 * modes) * sizeof(real) / 1073741824.0);
    }
    CUDA_CHECK(cudaMalloc(&poisson->eigenvalues, eigenvalues.size() * sizeof(double)), err);
    CUDA_CHECK(cudaMemcpy(poisson->eigenvalues, eigenvalues.data(),
                          eigenvalues.size() * sizeof(double), cudaMemcpyHostToDevice),
               err);
    /* cuFFT's last dimension is the fastest: z, y, x. */
    const int *n = poisson->n_extended;
    CUFFT_CHECK(cufftPlan3d(&poisson->forward, n[2], n[1], n[0], NS_CUFFT_FORWARD), err);
    poisson->have_plans = 1;
    CUFFT_CHECK(cufftPlan3d(&poisson->backward, n[2], n[1], n[0], NS_CUFFT_BACKWARD), err);
    poisson->have_plans = 2;
    CUFFT_CHECK(cufftSetStream(poisson->forward, stream), err);
    CUFFT_CHECK(cufftSetStream(poisson->backward, stream), err);
    return SWE_OK;
}

void ns_cufft_poisson_destroy(ns_cufft_poisson *poisson)
{
    if (poisson->have_plans > 0 && cufftDestroy(poisson->forward) != CUFFT_SUCCESS) {
        fprintf(stderr, "shallows: warning: cufftDestroy failed\n");
    }
    if (poisson->have_plans > 1 && cufftDestroy(poisson->backward) != CUFFT_SUCCESS) {
        fprintf(stderr, "shallows: warning: cufftDestroy failed\n");
    }
    CUDA_CHECK_WARN(cudaFree(poisson->extended));
    CUDA_CHECK_WARN(cudaFree(poisson->spectrum));
    CUDA_CHECK_WARN(cudaFree(poisson->eigenvalues));
    *poisson = ns_cufft_poisson{};
}

int ns_cufft_poisson_apply(ns_cufft_poisson *poisson, const ns_device_fields *fields,
                           const real *in, real *out, cudaStream_t stream, swe_error *err)
{
    int status = ns_cuda_extend(fields, poisson->n_extended, in, poisson->extended, stream, err);
    if (status != SWE_OK) {
        return status;
    }
    CUFFT_CHECK(NS_CUFFT_EXEC_FORWARD(poisson->forward, poisson->extended, poisson->spectrum), err);
    status = ns_cuda_spectral_divide(poisson->n_extended, poisson->eigenvalues, poisson->spectrum,
                                     poisson->scale, stream, err);
    if (status != SWE_OK) {
        return status;
    }
    CUFFT_CHECK(NS_CUFFT_EXEC_BACKWARD(poisson->backward, poisson->spectrum, poisson->extended),
                err);
    return ns_cuda_restrict(fields, poisson->n_extended, poisson->extended, out, stream, err);
}
