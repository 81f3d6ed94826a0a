/* The CUDA backend of the triangle solver: every array in device memory
 * (allocated from the array list of mesh_arrays.h), the kernels of
 * solutions/cuda/mesh launched on one stream, and per step only the
 * smallest edge time step crossing to the host. That minimum takes two
 * launches of the reduction kernel: one over the edges with as many
 * blocks as the device holds at once (every multiprocessor streaming),
 * one block over their partial minima, which writes the result straight
 * into pinned host memory (no copy to wait for). With
 * MESH_CUDA_LAYOUT=aos the state is stored as (h, hu, hv) records and
 * converted on upload and download; the host always keeps structure of
 * arrays. */
#include "backends/cuda/cuda_model.h"
#include "backends/cuda/mesh/mesh_cuda_halo.h"
#include "backends/cuda/mesh/mesh_cuda_kernels.h"
#include "backends/cuda/mesh/mesh_cuda_spans.h"

#include <stdio.h>
#include <stdlib.h>

extern "C" {
#include "mesh/solver/mesh_backend.h"
}

typedef struct mesh_cuda_fields {
    cudaStream_t stream;
    swe_mesh_arrays device; /* device pointers, host counts and physics */
    real *state, *stage;    /* the state records when SWE_MESH_STATE_STRIDE is 3 */
    real *partial;          /* the reduction's partial minima, on the device */
    real *smallest;         /* their minimum: pinned host memory the device writes */
    real *device_smallest;  /* the same memory as the device addresses it */
    real *staging;          /* host records for AoS transfers */
    int reduction_blocks;
    swe_mesh_cuda_halo halo; /* of a part of shallows-mpi --mesh */
} mesh_cuda_fields;

static mesh_cuda_fields *fields_of(const swe_mesh_run *run)
{
    return (mesh_cuda_fields *)run->ext;
}

extern "C" int swe_mesh_cuda_device_available(void)
{
    int devices = 0;
    return cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0;
}

static int choose_device(int index, swe_error *err)
{
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "no CUDA device: the cuda backend needs an NVIDIA GPU (use serial, "
                        "openmp or opencl)");
    }
    CUDA_CHECK(cudaSetDevice(index % devices), err);
    return SWE_OK;
}

static int allocate(void **pointer, size_t count, size_t size, swe_error *err)
{
    CUDA_CHECK(cudaMalloc(pointer, (count > 0 ? count : 1) * size), err);
    return SWE_OK;
}

#define ALLOCATE(name, count)                                                                      \
    if (status == SWE_OK) {                                                                        \
        status = allocate((void **)&d->name, (count), sizeof *d->name, err);                       \
    }
#define ALLOCATE_CELL(name) ALLOCATE(name, cells)
#define ALLOCATE_EDGE(name) ALLOCATE(name, edges)
#define ALLOCATE_BOUNDARY(name) ALLOCATE(name, boundary)
#define ALLOCATE_CONDITION(name) ALLOCATE(name, conditions)

/* The state and the stage as SoA arrays or as one block of records each. */
static int allocate_state(mesh_cuda_fields *f, size_t cells, swe_error *err)
{
    swe_mesh_arrays *d = &f->device;
    int status = SWE_OK;
#if SWE_MESH_STATE_STRIDE == 1
    (void)f;
    SWE_MESH_STATE_ARRAYS(ALLOCATE_CELL)
    SWE_MESH_STAGE_ARRAYS(ALLOCATE_CELL)
#else
    status = allocate((void **)&f->state, 3 * cells, sizeof(real), err);
    if (status == SWE_OK) {
        status = allocate((void **)&f->stage, 3 * cells, sizeof(real), err);
    }
    d->h = f->state;
    d->hu = f->state + 1;
    d->hv = f->state + 2;
    d->h_stage = f->stage;
    d->hu_stage = f->stage + 1;
    d->hv_stage = f->stage + 2;
#endif
    return status;
}

/* Blocks of the first reduction launch: as many as the device holds at
 * once, so that every multiprocessor streams edge time steps, but no more
 * than give each thread a full round of loads. */
static int reduction_blocks(int edges, int *blocks, swe_error *err)
{
    int device = 0, multiprocessors = 0, threads = 0;
    CUDA_CHECK(cudaGetDevice(&device), err);
    CUDA_CHECK(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device),
               err);
    CUDA_CHECK(cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerMultiProcessor, device),
               err);
    long resident = (long)multiprocessors * (threads / SWE_MESH_CUDA_BLOCK);
    long per_block = (long)SWE_MESH_CUDA_BLOCK * SWE_MESH_CUDA_MIN_LOADS;
    long needed = ((long)edges + per_block - 1) / per_block;
    long chosen = needed < resident ? needed : resident;
    *blocks = chosen > 1 ? (int)chosen : 1;
    return SWE_OK;
}

static int allocate_arrays(mesh_cuda_fields *f, const swe_mesh_arrays *host, swe_error *err)
{
    swe_mesh_arrays *d = &f->device;
    size_t cells = (size_t)host->cell_count, edges = (size_t)host->edge_count;
    size_t boundary = edges - (size_t)host->interior_edge_count;
    size_t conditions = (size_t)host->condition_count;
    int status = allocate_state(f, cells, err);
    /* Every other array (SWE_MESH_ARRAYS_BY_LENGTH less the state and stage). */
    SWE_MESH_CELL_REALS(ALLOCATE_CELL)
    SWE_MESH_GRADIENT_ARRAYS(ALLOCATE_CELL)
    SWE_MESH_CELL_INTS(ALLOCATE_CELL)
    SWE_MESH_EDGE_REALS(ALLOCATE_EDGE)
    SWE_MESH_FLUX_ARRAYS(ALLOCATE_EDGE)
    SWE_MESH_EDGE_INTS(ALLOCATE_EDGE)
    SWE_MESH_BOUNDARY_INTS(ALLOCATE_BOUNDARY)
    SWE_MESH_CONDITION_INTS(ALLOCATE_CONDITION)
    SWE_MESH_CONDITION_REALS(ALLOCATE_CONDITION)
    if (status == SWE_OK) {
        status = reduction_blocks(host->edge_count, &f->reduction_blocks, err);
    }
    if (status == SWE_OK) {
        status = allocate((void **)&f->partial, (size_t)f->reduction_blocks, sizeof(real), err);
    }
    if (status == SWE_OK) {
        CUDA_CHECK(cudaHostAlloc((void **)&f->smallest, sizeof(real), cudaHostAllocMapped), err);
        CUDA_CHECK(cudaHostGetDevicePointer((void **)&f->device_smallest, f->smallest, 0), err);
    }
    return status;
}

static int copy_in(void *device, const void *host, size_t bytes, cudaStream_t stream,
                   swe_error *err)
{
    if (bytes > 0) {
        CUDA_CHECK(cudaMemcpyAsync(device, host, bytes, cudaMemcpyHostToDevice, stream), err);
    }
    return SWE_OK;
}

#define UPLOAD(name, count)                                                                        \
    if (status == SWE_OK) {                                                                        \
        status =                                                                                   \
            copy_in(f->device.name, host->name, (count) * sizeof *host->name, f->stream, err);     \
    }
#define UPLOAD_CELL(name) UPLOAD(name, cells)
#define UPLOAD_EDGE(name) UPLOAD(name, edges)
#define UPLOAD_BOUNDARY(name) UPLOAD(name, boundary)
#define UPLOAD_CONDITION(name) UPLOAD(name, conditions)

/* Everything that stays the same during a run except the bed (upload). */
static int upload_geometry(mesh_cuda_fields *f, const swe_mesh_arrays *host, swe_error *err)
{
    size_t cells = (size_t)host->cell_count, edges = (size_t)host->edge_count;
    size_t boundary = edges - (size_t)host->interior_edge_count;
    size_t conditions = (size_t)host->condition_count;
    int status = SWE_OK;
    SWE_MESH_GEOMETRY_BY_LENGTH(UPLOAD_CELL, UPLOAD_EDGE, UPLOAD_BOUNDARY, UPLOAD_CONDITION)
    if (status == SWE_OK) {
        CUDA_CHECK(cudaStreamSynchronize(f->stream), err);
    }
    return status;
}

#define FREE_DEVICE(name) CUDA_CHECK_WARN(cudaFree(d->name));

static void release(mesh_cuda_fields *f)
{
    swe_mesh_arrays *d = &f->device;
#if SWE_MESH_STATE_STRIDE == 1
    SWE_MESH_STATE_ARRAYS(FREE_DEVICE)
    SWE_MESH_STAGE_ARRAYS(FREE_DEVICE)
#else
    CUDA_CHECK_WARN(cudaFree(f->state));
    CUDA_CHECK_WARN(cudaFree(f->stage));
#endif
    SWE_MESH_CELL_REALS(FREE_DEVICE)
    SWE_MESH_GRADIENT_ARRAYS(FREE_DEVICE)
    SWE_MESH_CELL_INTS(FREE_DEVICE)
    SWE_MESH_EDGE_REALS(FREE_DEVICE)
    SWE_MESH_FLUX_ARRAYS(FREE_DEVICE)
    SWE_MESH_EDGE_INTS(FREE_DEVICE)
    SWE_MESH_BOUNDARY_INTS(FREE_DEVICE)
    SWE_MESH_CONDITION_INTS(FREE_DEVICE)
    SWE_MESH_CONDITION_REALS(FREE_DEVICE)
    swe_mesh_cuda_halo_release(&f->halo);
    CUDA_CHECK_WARN(cudaFree(f->partial));
    CUDA_CHECK_WARN(cudaFreeHost(f->smallest));
    if (f->stream != NULL) {
        CUDA_CHECK_WARN(cudaStreamDestroy(f->stream));
    }
    free(f->staging);
    free(f);
}

static int cuda_init(swe_mesh_run *run, const swe_model_config *config, swe_error *err)
{
    int device = 0;
    int status = swe_cuda_device_choice(config, &device, err);
    if (status == SWE_OK) {
        status = choose_device(device, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    mesh_cuda_fields *f = (mesh_cuda_fields *)calloc(1, sizeof *f);
    size_t cells = (size_t)run->host.cell_count;
    real *staging = (real *)malloc(3 * (cells > 0 ? cells : 1) * sizeof(real));
    if (f == NULL || staging == NULL) {
        free(f);
        free(staging);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the CUDA backend");
    }
    f->staging = staging;
    f->device = run->host; /* counts and physics; every pointer is replaced */
    cudaError_t created = cudaStreamCreate(&f->stream);
    status = created == cudaSuccess
                 ? allocate_arrays(f, &run->host, err)
                 : swe_fail(err, SWE_ERROR_RUNTIME, "CUDA call cudaStreamCreate failed: %s",
                            cudaGetErrorString(created));
    if (status == SWE_OK) {
        status = upload_geometry(f, &run->host, err);
    }
    if (status != SWE_OK) {
        release(f);
        return status;
    }
    run->ext = f;
    return SWE_OK;
}

static void cuda_finalize(swe_mesh_run *run)
{
    if (run->ext != NULL) {
        release(fields_of(run));
        run->ext = NULL;
    }
}

#if SWE_MESH_STATE_STRIDE == 1
/* Host h, hu, hv <-> device state, array by array. */
static int move_state(mesh_cuda_fields *f, swe_mesh_arrays *host, int to_device, swe_error *err)
{
    size_t bytes = (size_t)host->cell_count * sizeof(real);
    real *fields[3] = {host->h, host->hu, host->hv};
    real *device[3] = {f->device.h, f->device.hu, f->device.hv};
    cudaMemcpyKind kind = to_device ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
    for (int k = 0; k < 3; ++k) {
        CUDA_CHECK(cudaMemcpyAsync(to_device ? device[k] : fields[k],
                                   to_device ? fields[k] : device[k], bytes, kind, f->stream),
                   err);
    }
    CUDA_CHECK(cudaStreamSynchronize(f->stream), err);
    return SWE_OK;
}
#else
/* Host h, hu, hv <-> device records, through the staging buffer. */
static int move_state(mesh_cuda_fields *f, swe_mesh_arrays *host, int to_device, swe_error *err)
{
    size_t cells = (size_t)host->cell_count, bytes = 3 * cells * sizeof(real);
    real *fields[3] = {host->h, host->hu, host->hv};
    if (to_device) {
        for (size_t c = 0; c < cells; ++c) {
            for (int k = 0; k < 3; ++k) {
                f->staging[3 * c + k] = fields[k][c];
            }
        }
        CUDA_CHECK(cudaMemcpyAsync(f->state, f->staging, bytes, cudaMemcpyHostToDevice, f->stream),
                   err);
        CUDA_CHECK(cudaStreamSynchronize(f->stream), err);
        return SWE_OK;
    }
    CUDA_CHECK(cudaMemcpyAsync(f->staging, f->state, bytes, cudaMemcpyDeviceToHost, f->stream),
               err);
    CUDA_CHECK(cudaStreamSynchronize(f->stream), err);
    for (size_t c = 0; c < cells; ++c) {
        for (int k = 0; k < 3; ++k) {
            fields[k][c] = f->staging[3 * c + k];
        }
    }
    return SWE_OK;
}
#endif

static int cuda_upload(swe_mesh_run *run, swe_error *err)
{
    mesh_cuda_fields *f = fields_of(run);
    int status = move_state(f, &run->host, 1, err);
    if (status == SWE_OK) {
        status = copy_in(f->device.bed, run->host.bed, (size_t)run->host.cell_count * sizeof(real),
                         f->stream, err);
    }
    if (status == SWE_OK) {
        CUDA_CHECK(cudaStreamSynchronize(f->stream), err);
    }
    return status;
}

static int cuda_download(swe_mesh_run *run, swe_error *err)
{
    return move_state(fields_of(run), &run->host, 0, err);
}

static int cuda_gradients(swe_mesh_run *run, swe_error *err)
{
    mesh_cuda_fields *f = fields_of(run);
    return swe_mesh_cuda_gradients(f->device, f->stream, err);
}

static int cuda_edge_fluxes(swe_mesh_run *run, swe_mesh_launch launch, swe_error *err)
{
    mesh_cuda_fields *f = fields_of(run);
    return swe_mesh_cuda_edge_fluxes(f->device, launch, f->stream, err);
}

static int cuda_min_time_step(swe_mesh_run *run, real *time_step, swe_error *err)
{
    mesh_cuda_fields *f = fields_of(run);
    int status =
        swe_mesh_cuda_min_steps(f->device, f->partial, f->reduction_blocks, f->stream, err);
    if (status == SWE_OK) { /* the same kernel, one block, over the partial minima */
        swe_mesh_arrays partials = f->device;
        partials.edge_time_step = f->partial;
        partials.edge_count = f->reduction_blocks;
        status = swe_mesh_cuda_min_steps(partials, f->device_smallest, 1, f->stream, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    CUDA_CHECK(cudaStreamSynchronize(f->stream), err);
    *time_step = *(volatile real *)f->smallest;
    return SWE_OK;
}

static int cuda_update_cells(swe_mesh_run *run, swe_mesh_launch launch, swe_error *err)
{
    mesh_cuda_fields *f = fields_of(run);
    return swe_mesh_cuda_update_cells(f->device, launch, f->stream, err);
}

static int cuda_gradients_span(swe_mesh_run *run, const swe_mesh_span *span, swe_error *err)
{
    mesh_cuda_fields *f = fields_of(run);
    return swe_mesh_cuda_gradients_span(f->device, span, f->stream, err);
}

static int cuda_edge_fluxes_span(swe_mesh_run *run, swe_mesh_launch launch,
                                 const swe_mesh_span *span, swe_error *err)
{
    mesh_cuda_fields *f = fields_of(run);
    return swe_mesh_cuda_edge_fluxes_span(f->device, launch, span, f->stream, err);
}

static int cuda_halo_cells(swe_mesh_run *run, const int *send_cells, int send_count,
                           const int *receive_cells, int receive_count, swe_error *err)
{
    mesh_cuda_fields *f = fields_of(run);
    return swe_mesh_cuda_halo_set(&f->halo, send_cells, send_count, receive_cells, receive_count,
                                  f->stream, err);
}

static int cuda_pack_halo(swe_mesh_run *run, real *send_values, swe_error *err)
{
    mesh_cuda_fields *f = fields_of(run);
    return swe_mesh_cuda_halo_pack(&f->halo, f->device, f->stream, send_values, err);
}

static int cuda_unpack_halo(swe_mesh_run *run, const real *receive_values, swe_error *err)
{
    mesh_cuda_fields *f = fields_of(run);
    return swe_mesh_cuda_halo_unpack(&f->halo, f->device, f->stream, receive_values, err);
}

static int cuda_halo_device_buffers(swe_mesh_run *run, real **send_values, real **receive_values,
                                    swe_error *err)
{
    mesh_cuda_fields *f = fields_of(run);
    if (send_values == NULL || receive_values == NULL || f->halo.send_values == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no halo on the device yet");
    }
    *send_values = f->halo.send_values;
    *receive_values = f->halo.receive_values;
    return SWE_OK;
}

extern "C" const swe_mesh_backend swe_mesh_cuda_backend = {
    .table = {&swe_cuda_model,
              SWE_MESH_STATE_STRIDE == 1
                  ? "an NVIDIA GPU: one thread per edge or cell, state as structure of arrays"
                  : "an NVIDIA GPU: one thread per edge or cell, state as (h, hu, hv) records",
              0},
    .init = cuda_init,
    .finalize = cuda_finalize,
    .upload = cuda_upload,
    .download = cuda_download,
    .gradients = cuda_gradients,
    .edge_fluxes = cuda_edge_fluxes,
    .min_time_step = cuda_min_time_step,
    .update_cells = cuda_update_cells,
    .gradients_span = cuda_gradients_span,
    .edge_fluxes_span = cuda_edge_fluxes_span,
    .halo_cells = cuda_halo_cells,
    .pack_halo = cuda_pack_halo,
    .unpack_halo = cuda_unpack_halo,
    .halo_device_buffers = cuda_halo_device_buffers,
};
