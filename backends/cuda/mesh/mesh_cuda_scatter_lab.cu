/* The scatter lab on the GPU (mesh_cuda_scatter_lab.h): a device copy of
 * every host array, the colouring's edges, the accumulators, a stream and
 * two events; the variants are the launchers of
 * solutions/cuda/mesh/mesh_cuda_scatter.cu. The lab runs on the state as
 * structure of arrays only (make MESH_CUDA_LAYOUT=soa, the default). */
#include "backends/cuda/mesh/mesh_cuda_scatter.h"
#include "backends/cuda/mesh/mesh_cuda_scatter_lab.h"

#include <stdio.h>
#include <stdlib.h>

struct swe_mesh_cuda_scatter_lab {
    swe_mesh_arrays device;       /* device pointers, host counts */
    swe_mesh_colouring colouring; /* edges on the device */
    swe_mesh_cell_sums sums;      /* device accumulators */
    real *sum_storage;
    cudaStream_t stream;
    cudaEvent_t start, stop;
};

extern "C" int swe_mesh_cuda_scatter_lab_available(void)
{
    int devices = 0;
    return cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0;
}

/* A device copy of count elements of host at *device. */
template <typename T> static int mirror(T **device, const T *host, size_t count, swe_error *err)
{
    CUDA_CHECK(cudaMalloc((void **)device, (count > 0 ? count : 1) * sizeof(T)), err);
    if (count > 0) {
        CUDA_CHECK(cudaMemcpy(*device, host, count * sizeof(T), cudaMemcpyHostToDevice), err);
    }
    return SWE_OK;
}

#define MIRROR(name, count)                                                                        \
    if (status == SWE_OK) {                                                                        \
        status = mirror(&d->name, host->name, (count), err);                                       \
    }
#define MIRROR_CELL(name) MIRROR(name, cells)
#define MIRROR_EDGE(name) MIRROR(name, edges)
#define MIRROR_BOUNDARY(name) MIRROR(name, boundary)
#define MIRROR_CONDITION(name) MIRROR(name, conditions)

static int mirror_arrays(swe_mesh_cuda_scatter_lab *lab, const swe_mesh_arrays *host,
                         const int *coloured_edges, swe_error *err)
{
    swe_mesh_arrays *d = &lab->device;
    size_t cells = (size_t)host->cell_count, edges = (size_t)host->edge_count;
    size_t boundary = edges - (size_t)host->interior_edge_count;
    size_t conditions = (size_t)host->condition_count;
    int status = SWE_OK;
    SWE_MESH_ARRAYS_BY_LENGTH(MIRROR_CELL, MIRROR_EDGE, MIRROR_BOUNDARY, MIRROR_CONDITION)
    if (status == SWE_OK) {
        status = mirror(&lab->colouring.edges, coloured_edges, edges, err);
    }
    if (status == SWE_OK) {
        CUDA_CHECK(
            cudaMalloc((void **)&lab->sum_storage, 3 * (cells > 0 ? cells : 1) * sizeof(real)),
            err);
        lab->sums.h = lab->sum_storage;
        lab->sums.hu = lab->sum_storage + cells;
        lab->sums.hv = lab->sum_storage + 2 * cells;
    }
    return status;
}

#define FREE_DEVICE(name) CUDA_CHECK_WARN(cudaFree(d->name));

extern "C" void swe_mesh_cuda_scatter_lab_free(swe_mesh_cuda_scatter_lab *lab)
{
    if (lab == NULL) {
        return;
    }
    swe_mesh_arrays *d = &lab->device;
    SWE_MESH_ARRAY_LIST(FREE_DEVICE, FREE_DEVICE)
    CUDA_CHECK_WARN(cudaFree(lab->colouring.edges));
    CUDA_CHECK_WARN(cudaFree(lab->sum_storage));
    if (lab->start != NULL) {
        CUDA_CHECK_WARN(cudaEventDestroy(lab->start));
    }
    if (lab->stop != NULL) {
        CUDA_CHECK_WARN(cudaEventDestroy(lab->stop));
    }
    if (lab->stream != NULL) {
        CUDA_CHECK_WARN(cudaStreamDestroy(lab->stream));
    }
    free(lab);
}

#define NO_POINTER(name) d->name = NULL;

static int start_lab(swe_mesh_cuda_scatter_lab *lab, const swe_mesh_arrays *host,
                     const swe_mesh_colouring *colouring, swe_error *err)
{
    swe_mesh_arrays *d = &lab->device;
    *d = *host; /* counts and physics; every pointer is replaced */
    SWE_MESH_ARRAY_LIST(NO_POINTER, NO_POINTER)
    lab->colouring = *colouring;
    lab->colouring.edges = NULL;
    CUDA_CHECK(cudaStreamCreate(&lab->stream), err);
    CUDA_CHECK(cudaEventCreate(&lab->start), err);
    CUDA_CHECK(cudaEventCreate(&lab->stop), err);
    return mirror_arrays(lab, host, colouring->edges, err);
}

extern "C" int swe_mesh_cuda_scatter_lab_create(const swe_mesh_arrays *host,
                                                const swe_mesh_colouring *colouring,
                                                swe_mesh_cuda_scatter_lab **lab, swe_error *err)
{
    if (host == NULL || colouring == NULL || lab == NULL || host->cell_count < 1) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "the CUDA scatter lab needs a mesh and its colouring");
    }
    int status = swe_mesh_colouring_check(host->cell_count, host->edge_count, host->edge_left,
                                          host->edge_right, colouring, err);
    if (status != SWE_OK) {
        return status;
    }
    if (SWE_MESH_STATE_STRIDE != 1) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "the CUDA scatter lab runs on structure of arrays (MESH_CUDA_LAYOUT=soa)");
    }
    if (!swe_mesh_cuda_scatter_lab_available()) {
        return swe_fail(err, SWE_ERROR_USAGE, "no CUDA device: the CUDA scatter lab needs a GPU");
    }
    swe_mesh_cuda_scatter_lab *made = (swe_mesh_cuda_scatter_lab *)calloc(1, sizeof *made);
    if (made == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the CUDA scatter lab");
    }
    status = start_lab(made, host, colouring, err);
    if (status != SWE_OK) {
        swe_mesh_cuda_scatter_lab_free(made);
        return status;
    }
    *lab = made;
    return SWE_OK;
}

/* The accumulators of one variant, on the device. */
static int sums_of(swe_mesh_cuda_scatter_lab *lab, enum swe_mesh_scatter_variant variant,
                   swe_error *err)
{
    const swe_mesh_arrays &d = lab->device;
    if (variant == SWE_MESH_GATHER) {
        return swe_mesh_cuda_gather_sums(d, lab->sums, lab->stream, err);
    }
    CUDA_CHECK(
        cudaMemsetAsync(lab->sum_storage, 0, 3 * (size_t)d.cell_count * sizeof(real), lab->stream),
        err);
    switch (variant) {
    case SWE_MESH_SCATTER_NAIVE:
        return swe_mesh_cuda_scatter_naive(d, lab->sums, lab->stream, err);
    case SWE_MESH_SCATTER_ATOMIC:
        return swe_mesh_cuda_scatter_atomic(d, lab->sums, lab->stream, err);
    case SWE_MESH_SCATTER_COLOURED:
        return swe_mesh_cuda_scatter_coloured(d, lab->colouring, lab->sums, lab->stream, err);
    default:
        return swe_fail(err, SWE_ERROR_USAGE, "no scatter variant %d", (int)variant);
    }
}

extern "C" int swe_mesh_cuda_scatter_lab_sums(swe_mesh_cuda_scatter_lab *lab,
                                              enum swe_mesh_scatter_variant variant,
                                              swe_mesh_cell_sums sums, swe_error *err)
{
    if (lab == NULL || sums.h == NULL || sums.hu == NULL || sums.hv == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "the scatter lab's sums need a lab and three arrays");
    }
    int status = sums_of(lab, variant, err);
    if (status != SWE_OK) {
        return status;
    }
    size_t bytes = (size_t)lab->device.cell_count * sizeof(real);
    real *host[3] = {sums.h, sums.hu, sums.hv};
    real *device[3] = {lab->sums.h, lab->sums.hu, lab->sums.hv};
    for (int k = 0; k < 3; ++k) {
        CUDA_CHECK(cudaMemcpyAsync(host[k], device[k], bytes, cudaMemcpyDeviceToHost, lab->stream),
                   err);
    }
    CUDA_CHECK(cudaStreamSynchronize(lab->stream), err);
    return SWE_OK;
}

/* One cell pass of a variant: a first-order update of the current state
 * (repeats move it on by the same fluxes, a hundredth of a second each). */
static int cell_pass(swe_mesh_cuda_scatter_lab *lab, enum swe_mesh_scatter_variant variant,
                     swe_error *err)
{
    swe_mesh_launch launch = {0, 0, SWE_MESH_ONE_STAGE, (real)0.01, (real)0};
    if (variant == SWE_MESH_GATHER) {
        return swe_mesh_cuda_gather_update(lab->device, launch, lab->stream, err);
    }
    int status = sums_of(lab, variant, err);
    return status == SWE_OK
               ? swe_mesh_cuda_apply_sums(lab->device, launch, lab->sums, lab->stream, err)
               : status;
}

extern "C" int swe_mesh_cuda_scatter_lab_time(swe_mesh_cuda_scatter_lab *lab,
                                              enum swe_mesh_scatter_variant variant, int repeat,
                                              double *seconds, swe_error *err)
{
    if (lab == NULL || seconds == NULL || repeat < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "the scatter lab's timing needs repeat >= 1");
    }
    int status = cell_pass(lab, variant, err); /* the first launch loads the module */
    CUDA_CHECK(cudaEventRecord(lab->start, lab->stream), err);
    for (int r = 0; r < repeat && status == SWE_OK; ++r) {
        status = cell_pass(lab, variant, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    CUDA_CHECK(cudaEventRecord(lab->stop, lab->stream), err);
    CUDA_CHECK(cudaEventSynchronize(lab->stop), err);
    float milliseconds = 0;
    CUDA_CHECK(cudaEventElapsedTime(&milliseconds, lab->start, lab->stop), err);
    *seconds = 1e-3 * milliseconds / repeat;
    return SWE_OK;
}
