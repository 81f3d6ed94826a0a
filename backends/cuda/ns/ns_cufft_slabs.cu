#include "backends/cuda/ns/ns_cufft_slabs.h"

#include "backends/cuda/cuda_check.h"
#include "backends/cuda/cuda_model.h"
#include "backends/cuda/ns/ns_cufft.h"

extern "C" {
#include "ns/grid/ns_even_extension.h"
}

#include <cstdio>
#include <vector>

namespace
{

const int threads = 256;

int blocks_for(long points)
{
    return (int)((points + threads - 1) / threads);
}

/* The even extension along z of the columns, where z has walls: plane
 * 2 nz - 1 - z is plane z (the xy transforms commute with it). */
__global__ void mirror_columns(long plane, int nz, ns_cufft_complex *columns)
{
    long point = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (point >= plane * nz) {
        return;
    }
    long z = point / plane, at = point % plane;
    columns[(2 * nz - 1 - z) * plane + at] = columns[point];
}

/* The divide of one process's solve (ns_cuda_spectral_divide) on a block
 * of ky rows: the row's eigenvalue is that of its whole-domain index, and
 * the mean mode (0, 0, 0) lies only in the block that starts at row 0. */
struct column_block {
    int n[NS_AXES]; /* extended, of the whole domain */
    int half, rows, first_row;
};

__global__ void divide_columns(column_block b, const double *eigenvalues, ns_cufft_complex *columns,
                               double scale)
{
    long point = (long)blockIdx.x * blockDim.x + threadIdx.x;
    int m0 = (int)(point % b.half), m1 = b.first_row + (int)(point / b.half % b.rows);
    long m2 = point / ((long)b.half * b.rows);
    if (m2 >= b.n[2]) {
        return;
    }
    double factor = ns_even_extension_factor(b.n, eigenvalues, m0, m1, m2, scale);
    columns[point].x = (real)(columns[point].x * factor);
    columns[point].y = (real)(columns[point].y * factor);
}

int allocate_device(void **buffer, size_t bytes, swe_error *err)
{
    if (cudaMalloc(buffer, bytes > 0 ? bytes : 1) != cudaSuccess) {
        cudaGetLastError();
        *buffer = nullptr;
        return swe_fail(err, SWE_ERROR_USAGE,
                        "the slab's FFT buffers do not fit in the GPU's memory (%.2f GiB more)",
                        (double)bytes / 1073741824.0);
    }
    return SWE_OK;
}

int allocate_pinned(void **buffer, size_t bytes, swe_error *err)
{
    *buffer = swe_cuda_alloc_staging(bytes > 0 ? bytes : 1);
    return *buffer != nullptr ? SWE_OK
                              : swe_fail(err, SWE_ERROR_USAGE,
                                         "the pinned staging of the slab's FFT (%.2f GiB) cannot "
                                         "be allocated",
                                         (double)bytes / 1073741824.0);
}

int plan(ns_cufft_slabs *p, cudaStream_t stream, swe_error *err)
{
    /* cuFFT's last dimension is the fastest: y, x of every plane. */
    int xy[2] = {p->n_extended[1], p->n_extended[0]};
    CUFFT_CHECK(cufftPlanMany(&p->planes_forward, 2, xy, nullptr, 1, 0, nullptr, 1, 0,
                              NS_CUFFT_FORWARD, p->planes),
                err);
    p->have_planes_forward = true;
    CUFFT_CHECK(cufftPlanMany(&p->planes_backward, 2, xy, nullptr, 1, 0, nullptr, 1, 0,
                              NS_CUFFT_BACKWARD, p->planes),
                err);
    p->have_planes_backward = true;
    CUFFT_CHECK(cufftSetStream(p->planes_forward, stream), err);
    CUFFT_CHECK(cufftSetStream(p->planes_backward, stream), err);
    /* Along z: one line per mode of the block, mode after mode in memory. */
    int lines = p->transpose.own_rows * (p->n_extended[0] / 2 + 1);
    if (lines == 0) {
        return SWE_OK; /* a slab without ky rows only sends and receives */
    }
    int z[1] = {p->n_extended[2]};
    CUFFT_CHECK(cufftPlanMany(&p->along_z, 1, z, z, lines, 1, z, lines, 1, NS_CUFFT_COMPLEX, lines),
                err);
    p->have_along_z = true;
    CUFFT_CHECK(cufftSetStream(p->along_z, stream), err);
    return SWE_OK;
}

/* The slab's spectra packed by destination, then one all-to-all: every
 * slab's columns on its device. */
int transpose_forward(ns_cufft_slabs *p, const ns_slabs *slabs, cudaStream_t stream, swe_error *err)
{
    const ns_slab_transpose *t = &p->transpose;
    char *packed = static_cast<char *>(p->packed);
    const char *spectrum = static_cast<const char *>(p->spectrum);
    for (int r = 0; r < t->slabs; ++r) {
        ns_copy_2d copy = ns_slab_transpose_pack(t, r);
        if (copy.width > 0) {
            CUDA_CHECK(cudaMemcpy2DAsync(packed + copy.target_offset, copy.target_pitch,
                                         spectrum + copy.source_offset, copy.source_pitch,
                                         copy.width, copy.height, cudaMemcpyDefault, stream),
                       err);
        }
    }
    CUDA_CHECK(cudaStreamSynchronize(stream), err);
    void *columns = p->device_pointers ? p->columns : p->staged_columns;
    int status = slabs->all_to_all(slabs->context, p->packed, t->send_counts, t->send_offsets,
                                   columns, t->receive_counts, t->receive_offsets, err);
    if (status == SWE_OK && !p->device_pointers && t->column_bytes > 0) {
        CUDA_CHECK(cudaMemcpyAsync(p->columns, p->staged_columns, t->column_bytes,
                                   cudaMemcpyHostToDevice, stream),
                   err);
    }
    return status;
}

/* The columns' first nz planes back to the slabs they came from, unpacked
 * into the slab's spectra. */
int transpose_backward(ns_cufft_slabs *p, const ns_slabs *slabs, cudaStream_t stream,
                       swe_error *err)
{
    const ns_slab_transpose *t = &p->transpose;
    if (!p->device_pointers && t->column_bytes > 0) {
        CUDA_CHECK(cudaMemcpyAsync(p->staged_columns, p->columns, t->column_bytes,
                                   cudaMemcpyDeviceToHost, stream),
                   err);
    }
    CUDA_CHECK(cudaStreamSynchronize(stream), err);
    void *columns = p->device_pointers ? p->columns : p->staged_columns;
    int status = slabs->all_to_all(slabs->context, columns, t->receive_counts, t->receive_offsets,
                                   p->packed, t->send_counts, t->send_offsets, err);
    if (status != SWE_OK) {
        return status;
    }
    const char *packed = static_cast<const char *>(p->packed);
    char *spectrum = static_cast<char *>(p->spectrum);
    for (int r = 0; r < t->slabs; ++r) {
        ns_copy_2d copy = ns_slab_transpose_pack(t, r);
        if (copy.width > 0) {
            CUDA_CHECK(cudaMemcpy2DAsync(spectrum + copy.source_offset, copy.source_pitch,
                                         packed + copy.target_offset, copy.target_pitch, copy.width,
                                         copy.height, cudaMemcpyDefault, stream),
                       err);
        }
    }
    return SWE_OK;
}

/* Along z on the slab's block of rows: mirrored where z has walls, the
 * forward transform, the divide, the inverse. */
int solve_columns(ns_cufft_slabs *p, cudaStream_t stream, swe_error *err)
{
    const ns_slab_transpose *t = &p->transpose;
    if (!p->have_along_z) {
        return SWE_OK;
    }
    int half = p->n_extended[0] / 2 + 1;
    long plane = (long)t->own_rows * half;
    ns_cufft_complex *columns = static_cast<ns_cufft_complex *>(p->columns);
    if (p->n_extended[2] != t->nz) {
        mirror_columns<<<blocks_for(plane * t->nz), threads, 0, stream>>>(plane, t->nz, columns);
        CUDA_CHECK(cudaGetLastError(), err);
    }
    CUFFT_CHECK(NS_CUFFT_EXEC_COMPLEX(p->along_z, columns, columns, CUFFT_FORWARD), err);
    column_block b = {
        {p->n_extended[0], p->n_extended[1], p->n_extended[2]}, half, t->own_rows, t->first_row};
    divide_columns<<<blocks_for(plane * p->n_extended[2]), threads, 0, stream>>>(b, p->eigenvalues,
                                                                                 columns, p->scale);
    CUDA_CHECK(cudaGetLastError(), err);
    CUFFT_CHECK(NS_CUFFT_EXEC_COMPLEX(p->along_z, columns, columns, CUFFT_INVERSE), err);
    return SWE_OK;
}

} // namespace

int ns_cufft_slabs_create(ns_cufft_slabs *p, const ns_solver *solver, cudaStream_t stream,
                          swe_error *err)
{
    *p = ns_cufft_slabs{};
    const ns_slabs *slabs = solver != nullptr ? solver->slabs : nullptr;
    if (slabs == nullptr || slabs->whole == nullptr || slabs->all_to_all == nullptr) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: the slabs' FFT preconditioner without slabs");
    }
    p->scale = ns_even_extension(slabs->whole, p->n_extended, nullptr);
    std::vector<double> eigenvalues((size_t)p->n_extended[0] + p->n_extended[1] + p->n_extended[2]);
    ns_even_extension(slabs->whole, p->n_extended, eigenvalues.data());
    p->planes = solver->grid.n[2];
    p->device_pointers = slabs->device_pointers != 0;
    int half = p->n_extended[0] / 2 + 1;
    int status =
        ns_slab_transpose_create(&p->transpose, slabs->planes, slabs->count, slabs->self,
                                 p->n_extended[1], (size_t)half * sizeof(ns_cufft_complex), err);
    if (status != SWE_OK) {
        return status;
    }
    const ns_slab_transpose *t = &p->transpose;
    size_t points = (size_t)p->n_extended[0] * p->n_extended[1] * p->planes;
    size_t columns = (size_t)p->n_extended[2] * t->own_rows * half * sizeof(ns_cufft_complex);
    status = allocate_device(reinterpret_cast<void **>(&p->extended), points * sizeof(real), err);
    if (status == SWE_OK) {
        status = allocate_device(&p->spectrum, t->slab_bytes, err);
    }
    if (status == SWE_OK) {
        status = allocate_device(&p->columns, columns, err);
    }
    if (status == SWE_OK) {
        status = p->device_pointers ? allocate_device(&p->packed, t->slab_bytes, err)
                                    : allocate_pinned(&p->packed, t->slab_bytes, err);
    }
    if (status == SWE_OK && !p->device_pointers) {
        status = allocate_pinned(&p->staged_columns, t->column_bytes, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    CUDA_CHECK(cudaMalloc(&p->eigenvalues, eigenvalues.size() * sizeof(double)), err);
    CUDA_CHECK(cudaMemcpy(p->eigenvalues, eigenvalues.data(), eigenvalues.size() * sizeof(double),
                          cudaMemcpyHostToDevice),
               err);
    return plan(p, stream, err);
}

void ns_cufft_slabs_destroy(ns_cufft_slabs *p)
{
    cufftHandle *plans[] = {&p->planes_forward, &p->planes_backward, &p->along_z};
    bool have[] = {p->have_planes_forward, p->have_planes_backward, p->have_along_z};
    for (int k = 0; k < 3; ++k) {
        if (have[k] && cufftDestroy(*plans[k]) != CUFFT_SUCCESS) {
            fprintf(stderr, "shallows: warning: cufftDestroy failed\n");
        }
    }
    CUDA_CHECK_WARN(cudaFree(p->extended));
    CUDA_CHECK_WARN(cudaFree(p->spectrum));
    CUDA_CHECK_WARN(cudaFree(p->columns));
    CUDA_CHECK_WARN(cudaFree(p->eigenvalues));
    if (p->device_pointers) {
        CUDA_CHECK_WARN(cudaFree(p->packed));
    } else {
        swe_cuda_free_staging(p->packed);
        swe_cuda_free_staging(p->staged_columns);
    }
    ns_slab_transpose_destroy(&p->transpose);
    *p = ns_cufft_slabs{};
}

int ns_cufft_slabs_apply(ns_cufft_slabs *p, const ns_solver *solver, const ns_device_fields *fields,
                         const real *in, real *out, cudaStream_t stream, swe_error *err)
{
    /* The slab's planes as planes of one process's extended grid: x and y
     * mirrored, z as it is. */
    int slab[NS_AXES] = {p->n_extended[0], p->n_extended[1], p->planes};
    int status = ns_cuda_extend(fields, slab, in, p->extended, stream, err);
    if (status != SWE_OK) {
        return status;
    }
    CUFFT_CHECK(NS_CUFFT_EXEC_FORWARD(p->planes_forward, p->extended, p->spectrum), err);
    status = transpose_forward(p, solver->slabs, stream, err);
    if (status == SWE_OK) {
        status = solve_columns(p, stream, err);
    }
    if (status == SWE_OK) {
        status = transpose_backward(p, solver->slabs, stream, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    CUFFT_CHECK(NS_CUFFT_EXEC_BACKWARD(p->planes_backward, p->spectrum, p->extended), err);
    return ns_cuda_restrict(fields, slab, p->extended, out, stream, err);
}
