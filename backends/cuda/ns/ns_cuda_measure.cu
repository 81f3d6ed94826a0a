/* --profile on the GPU: the momentum kernel alone, timed with CUDA events
 * around each launch (no ghost fill, no host clock, no synchronisation in
 * the interval), and the device's copy bandwidth measured the same way
 * beside it: cudaMemcpyAsync of the three velocity fields into the three
 * residual fields (bytes read plus bytes written). Medians of `launches`
 * repetitions after a warm-up. */
#include "backends/cuda/ns/ns_cuda_backend.h"

#include "backends/cuda/cuda_check.h"

#include <algorithm>
#include <vector>

namespace
{

/* Milliseconds of each of `repeats` runs of `work` on the stream. */
template <typename Work>
int time_each(cudaStream_t stream, int repeats, Work work, std::vector<float> &milliseconds,
              swe_error *err)
{
    cudaEvent_t start = nullptr, stop = nullptr;
    CUDA_CHECK(cudaEventCreate(&start), err);
    CUDA_CHECK(cudaEventCreate(&stop), err);
    milliseconds.assign((size_t)repeats, 0.0f);
    int status = SWE_OK;
    for (int r = 0; r < repeats && status == SWE_OK; ++r) {
        CUDA_CHECK(cudaEventRecord(start, stream), err);
        status = work();
        CUDA_CHECK(cudaEventRecord(stop, stream), err);
        CUDA_CHECK(cudaEventSynchronize(stop), err);
        CUDA_CHECK(cudaEventElapsedTime(&milliseconds[(size_t)r], start, stop), err);
    }
    CUDA_CHECK(cudaEventDestroy(start), err);
    CUDA_CHECK(cudaEventDestroy(stop), err);
    return status;
}

double median_seconds(std::vector<float> milliseconds)
{
    std::sort(milliseconds.begin(), milliseconds.end());
    return 1e-3 * milliseconds[milliseconds.size() / 2];
}

} // namespace

int ns_cuda_measure_momentum(ns_solver *solver, int launches, double *seconds, double *copy_GBps,
                             swe_error *err)
{
    if (solver == nullptr || solver->ext == nullptr || launches < 1 || seconds == nullptr ||
        copy_GBps == nullptr) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: measure a started solver");
    }
    ns_cuda_ext *ext = static_cast<ns_cuda_ext *>(solver->ext);
    const size_t bytes = solver->grid.cells * sizeof(real);
    auto kernel = [&]() -> int {
        return ns_cuda_momentum(&ext->fields, ext->level, ext->stream, err);
    };
    auto copy = [&]() -> int {
        for (int c = 0; c < NS_AXES; ++c) {
            CUDA_CHECK(cudaMemcpyAsync(ext->fields.residual[c], ext->fields.velocity[c], bytes,
                                       cudaMemcpyDeviceToDevice, ext->stream),
                       err);
        }
        return SWE_OK;
    };
    std::vector<float> milliseconds;
    int status = time_each(ext->stream, 3, kernel, milliseconds, err); /* warm-up */
    if (status == SWE_OK) {
        status = time_each(ext->stream, launches, kernel, milliseconds, err);
        *seconds = median_seconds(milliseconds);
    }
    if (status == SWE_OK) {
        status = time_each(ext->stream, launches + 1, copy, milliseconds, err);
        *copy_GBps = 2.0 * (double)(NS_AXES * bytes) / median_seconds(milliseconds) / 1e9;
    }
    /* The residuals hold the copy now: the kernel once more, so that the
     * state reads as it did. */
    return status == SWE_OK ? kernel() : status;
}
