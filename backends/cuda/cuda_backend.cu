/* The CUDA backend's plumbing: device memory, transfers, the pipeline of
 * launches of each optimisation level, and the device-side clock of the
 * fused level. The kernels themselves are in solutions/cuda/ (the
 * exercise); this file only decides what runs when and checks every call.
 *   level 1: host arrays are the state, copied to the GPU and back around
 *            the net-update and update kernels of every step;
 *   level 2: the state stays on the GPU; after the kernels of level 1 a
 *            kernel reduces the wave speed per block, a one-block kernel
 *            finishes it, and only that speed crosses to the host;
 *   level 3: as 2, with one shared-memory tile kernel per step instead
 *            of edge arrays (two copies of the state, ping-pong);
 *   level 4: one fused kernel per step with dt computed on the device;
 *            steps run as a CUDA graph of FUSED_GRAPH_STEPS launches and
 *            the host looks at the clock (numerics/device_clock.h) only
 *            between graphs.
 * The kernels of level N are in solutions/cuda/levelN_*.cu. */
#include "cuda_backend.h"
#include "cuda_check.h"
#include "cuda_kernels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern "C" {
#include "core/timer.h"
#include "grid/boundary.h"
#include "grid/copy_layer.h"
#include "numerics/cell_update.h"
#include "numerics/edge_updates.h"
#include "serial_kernels.h"
}

enum { CUDA_LEVELS = 4 };
/* Fused steps per graph: a multiple of the clock's slots, so that every
 * graph starts at slot 0, large enough that the host's check between
 * graphs costs little, small enough that the no-op launches after
 * t_target cost nothing measurable. */
enum { FUSED_GRAPH_STEPS = 48 };
static_assert((int)FUSED_GRAPH_STEPS % (int)SWE_CLOCK_SLOTS == 0, "graphs start at clock slot 0");

/* What the host and the fused kernels exchange: the clock slots and the
 * time to stop at, in pinned host memory and its device mirror. */
typedef struct fused_clock {
    swe_clock_slot slots[SWE_CLOCK_SLOTS];
    swe_time t_target;
} fused_clock;

typedef struct cuda_fields {
    int level;
    enum swe_solver solver;
    swe_cuda_grid grid;
    size_t values; /* per array, ghost cells included */
    cudaStream_t stream;
    swe_cuda_state state[2]; /* state[1] for levels 3 and 4 only */
    real *b;
    int parity;                             /* state[parity] is current */
    real *edge_storage;                     /* levels 1 and 2: */
    real *vertical, *horizontal;            /* its two sets of edge planes */
    swe_speed_bits *block_max;              /* one per block of the cell-wise kernels */
    swe_speed_bits *speed;                  /* their max */
    fused_clock *device_clock, *host_clock; /* level 4 */
    cudaGraphExec_t graph;                  /* level 4, built at the first advance */
    real *layer;                            /* a packed layer on the device, for MPI */
    double graph_cfl;
} cuda_fields;

extern "C" int swe_cuda_device_available(void)
{
    int devices = 0;
    return cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0;
}

/* Cleared on the backend's stream: a plain cudaMemset runs on the legacy
 * default stream, which a non-blocking stream does not wait for, so it
 * could land after the first upload and wipe it. */
static int device_array(real **array, size_t values, cudaStream_t stream, swe_error *err)
{
    CUDA_CHECK(cudaMalloc((void **)array, values * sizeof(real)), err);
    CUDA_CHECK(cudaMemsetAsync(*array, 0, values * sizeof(real), stream), err);
    return SWE_OK;
}

static int allocate_state(swe_cuda_state *state, size_t values, cudaStream_t stream, swe_error *err)
{
    int status = device_array(&state->h, values, stream, err);
    if (status == SWE_OK) {
        status = device_array(&state->hu, values, stream, err);
    }
    return status == SWE_OK ? device_array(&state->hv, values, stream, err) : status;
}

/* The edge planes of levels 1 and 2, vertical then horizontal edges, in
 * one allocation. */
static int allocate_edges(cuda_fields *fields, swe_error *err)
{
    const size_t set = SWE_NET_UPDATE_PLANES * fields->values;
    int status = device_array(&fields->edge_storage, 2 * set, fields->stream, err);
    fields->vertical = fields->edge_storage;
    fields->horizontal = fields->edge_storage + set;
    return status;
}

static int allocate_fields(cuda_fields *fields, swe_error *err)
{
    CUDA_CHECK(cudaStreamCreateWithFlags(&fields->stream, cudaStreamNonBlocking), err);
    int status = allocate_state(&fields->state[0], fields->values, fields->stream, err);
    if (status == SWE_OK) {
        status = device_array(&fields->b, fields->values, fields->stream, err);
    }
    if (status == SWE_OK && fields->level >= 3) {
        status = allocate_state(&fields->state[1], fields->values, fields->stream, err);
    }
    if (status == SWE_OK && fields->level <= 2) {
        status = allocate_edges(fields, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    const size_t blocks = swe_cuda_block_count(fields->grid);
    CUDA_CHECK(cudaMalloc((void **)&fields->block_max, blocks * sizeof(swe_speed_bits)), err);
    CUDA_CHECK(cudaMalloc((void **)&fields->speed, sizeof(swe_speed_bits)), err);
    if (fields->level == 4) {
        CUDA_CHECK(cudaMalloc((void **)&fields->device_clock, sizeof(fused_clock)), err);
        CUDA_CHECK(cudaMallocHost((void **)&fields->host_clock, sizeof(fused_clock)), err);
    }
    return SWE_OK;
}

static void cuda_finalize(swe_block *block)
{
    if (block == NULL || block->ext == NULL) {
        return;
    }
    cuda_fields *fields = (cuda_fields *)block->ext;
    if (fields->graph != NULL) {
        CUDA_CHECK_WARN(cudaGraphExecDestroy(fields->graph));
    }
    real *arrays[] = {fields->state[0].h, fields->state[0].hu,  fields->state[0].hv,
                      fields->state[1].h, fields->state[1].hu,  fields->state[1].hv,
                      fields->b,          fields->edge_storage, fields->layer};
    for (size_t a = 0; a < sizeof arrays / sizeof arrays[0]; ++a) {
        CUDA_CHECK_WARN(cudaFree(arrays[a]));
    }
    CUDA_CHECK_WARN(cudaFree(fields->block_max));
    CUDA_CHECK_WARN(cudaFree(fields->speed));
    CUDA_CHECK_WARN(cudaFree(fields->device_clock));
    CUDA_CHECK_WARN(cudaFreeHost(fields->host_clock));
    if (fields->stream != NULL) {
        CUDA_CHECK_WARN(cudaStreamDestroy(fields->stream));
    }
    free(fields);
    block->ext = NULL;
}

static int cuda_init(swe_block *block, const swe_backend_config *config, swe_error *err)
{
    if (block == NULL || config == NULL || block->h == NULL || config->device < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda init without a block");
    }
    const int level = config->level == 0 ? CUDA_LEVELS : config->level;
    if (level < 1 || level > CUDA_LEVELS) {
        return swe_fail(err, SWE_ERROR_USAGE, "--level for backend 'cuda' must be 1 to %d",
                        CUDA_LEVELS);
    }
    int devices = 0;
    cudaError_t found = cudaGetDeviceCount(&devices);
    if (found != cudaSuccess || devices == 0) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "backend 'cuda' needs an NVIDIA GPU and none is usable here (%s); "
                        "run on a GPU machine or choose another --backend (see --list-backends)",
                        found != cudaSuccess ? cudaGetErrorString(found) : "no CUDA device");
    }
    /* MPI ranks on one node share its GPUs round robin by local rank. */
    CUDA_CHECK(cudaSetDevice(config->device % devices), err);
    cuda_fields *fields = (cuda_fields *)calloc(1, sizeof *fields);
    if (fields == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the CUDA backend's fields");
    }
    fields->level = level;
    fields->solver = config->solver;
    fields->grid.nx = block->nx;
    fields->grid.ny = block->ny;
    fields->grid.stride = block->stride;
    fields->grid.dx = block->dx;
    fields->grid.dy = block->dy;
    fields->grid.manning = config->manning;
    swe_boundary_masks(block, &fields->grid.wall_edges, &fields->grid.derived_edges);
    fields->values = swe_block_size(block);
    block->ext = fields;
    int status = allocate_fields(fields, err);
    if (status != SWE_OK) {
        cuda_finalize(block);
    }
    return status;
}

/* Host arrays <-> one device copy of the state. */
static int copy_state(cuda_fields *fields, swe_block *block, const swe_cuda_state *state,
                      cudaMemcpyKind kind, swe_error *err)
{
    const size_t bytes = fields->values * sizeof(real);
    real *host[] = {block->h, block->hu, block->hv};
    real *device[] = {state->h, state->hu, state->hv};
    for (int a = 0; a < 3; ++a) {
        void *to = kind == cudaMemcpyHostToDevice ? (void *)device[a] : (void *)host[a];
        const void *from = kind == cudaMemcpyHostToDevice ? (void *)host[a] : (void *)device[a];
        CUDA_CHECK(cudaMemcpyAsync(to, from, bytes, kind, fields->stream), err);
    }
    CUDA_CHECK(cudaStreamSynchronize(fields->stream), err);
    return SWE_OK;
}

static int cuda_sync_after_write(swe_block *block, swe_error *err)
{
    if (block == NULL || block->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda sync without init");
    }
    cuda_fields *fields = (cuda_fields *)block->ext;
    CUDA_CHECK(cudaMemcpyAsync(fields->b, block->b, fields->values * sizeof(real),
                               cudaMemcpyHostToDevice, fields->stream),
               err);
    int status =
        copy_state(fields, block, &fields->state[fields->parity], cudaMemcpyHostToDevice, err);
    if (status != SWE_OK) {
        return status;
    }
    /* The ghost layers, the bed's included, before the first step. */
    CUDA_CHECK(swe_cuda_launch_ghost_layers(&fields->grid, fields->state[fields->parity], fields->b,
                                            fields->stream),
               err);
    CUDA_CHECK(cudaStreamSynchronize(fields->stream), err);
    return SWE_OK;
}

static int cuda_sync_before_read(swe_block *block, swe_error *err)
{
    if (block == NULL || block->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda sync without init");
    }
    cuda_fields *fields = (cuda_fields *)block->ext;
    if (fields->level == 1) {
        return SWE_OK; /* the host arrays are the state */
    }
    return copy_state(fields, block, &fields->state[fields->parity], cudaMemcpyDeviceToHost, err);
}

/* The max of the per-block maxima, reduced on the device; one value
 * crosses to the host. */
static int finish_speed(cuda_fields *fields, real *speed, swe_error *err)
{
    CUDA_CHECK(swe_cuda_launch_final_max(fields->block_max, swe_cuda_block_count(fields->grid),
                                         fields->speed, fields->stream),
               err);
    swe_speed_bits bits = 0;
    CUDA_CHECK(
        cudaMemcpyAsync(&bits, fields->speed, sizeof bits, cudaMemcpyDeviceToHost, fields->stream),
        err);
    CUDA_CHECK(cudaStreamSynchronize(fields->stream), err);
    *speed = swe_speed_from_bits(bits);
    return SWE_OK;
}

static real host_wave_speed(const swe_block *block)
{
    real max_speed = 0;
    for (int j = 1; j <= block->ny; ++j) {
        max_speed = swe_max_speed(max_speed, swe_serial_row_wave_speed(block, j));
    }
    return max_speed;
}

static int cuda_max_wave_speed(swe_block *block, real *speed, swe_error *err)
{
    if (block == NULL || block->ext == NULL || speed == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda max_wave_speed arguments");
    }
    cuda_fields *fields = (cuda_fields *)block->ext;
    if (fields->level == 1) {
        *speed = host_wave_speed(block);
        return SWE_OK;
    }
    CUDA_CHECK(swe_cuda_launch_block_wave_speeds(&fields->grid, fields->state[fields->parity],
                                                 fields->block_max, fields->stream),
               err);
    return finish_speed(fields, speed, err);
}

/* Levels 1 and 2: ghost layers, net updates into the edge arrays, update
 * in place. */
static int edge_array_step(cuda_fields *fields, real dt, swe_error *err)
{
    const swe_cuda_state state = fields->state[0];
    CUDA_CHECK(swe_cuda_launch_ghost_layers(&fields->grid, state, fields->b, fields->stream), err);
    CUDA_CHECK(swe_cuda_launch_net_updates(fields->solver, &fields->grid, state, fields->b,
                                           fields->vertical, fields->horizontal, fields->stream),
               err);
    CUDA_CHECK(swe_cuda_launch_update(&fields->grid, state, dt, fields->vertical,
                                      fields->horizontal, fields->stream),
               err);
    return SWE_OK;
}

static int level1_step(swe_block *block, cuda_fields *fields, real dt, real *next_speed,
                       swe_error *err)
{
    int status = copy_state(fields, block, &fields->state[0], cudaMemcpyHostToDevice, err);
    if (status == SWE_OK) {
        status = edge_array_step(fields, dt, err);
    }
    if (status == SWE_OK) {
        status = copy_state(fields, block, &fields->state[0], cudaMemcpyDeviceToHost, err);
    }
    if (status == SWE_OK) {
        *next_speed = host_wave_speed(block);
    }
    return status;
}

static int level3_step(cuda_fields *fields, real dt, real *next_speed, swe_error *err)
{
    const swe_cuda_state from = fields->state[fields->parity];
    const swe_cuda_state to = fields->state[1 - fields->parity];
    CUDA_CHECK(swe_cuda_launch_ghost_layers(&fields->grid, from, fields->b, fields->stream), err);
    CUDA_CHECK(swe_cuda_launch_tile_step(fields->solver, &fields->grid, from, fields->b, to, dt,
                                         fields->block_max, fields->stream),
               err);
    fields->parity = 1 - fields->parity;
    return finish_speed(fields, next_speed, err);
}

/* One fused launch (index `launch`) of a graph, or of a single step with
 * the host's dt when forced_dt is positive. */
static cudaError_t launch_fused(cuda_fields *fields, int launch, double cfl, real forced_dt)
{
    return swe_cuda_launch_fused_step(fields->solver, &fields->grid, fields->state[0],
                                      fields->state[1], fields->b, fields->device_clock->slots,
                                      launch, &fields->device_clock->t_target, cfl, forced_dt,
                                      fields->stream);
}

/* Starts the device clock at the host's clock (slot 0) with a cleared
 * slot 1 for the first launch to reduce its wave speed into. */
static int upload_clock(cuda_fields *fields, const swe_clock *clock, double t_target,
                        swe_error *err)
{
    fused_clock *host = fields->host_clock;
    memset(host, 0, sizeof *host);
    host->slots[0].t = clock->t;
    host->slots[0].last_dt = clock->last_dt;
    host->slots[0].steps = clock->steps;
    host->slots[0].parity = fields->parity;
    host->slots[0].speed_bits = swe_speed_to_bits(clock->wave_speed);
    host->t_target = t_target;
    CUDA_CHECK(cudaMemcpyAsync(fields->device_clock, host, sizeof *host, cudaMemcpyHostToDevice,
                               fields->stream),
               err);
    return SWE_OK;
}

/* Reads slot `slot` of the device clock into the host's (synchronises). */
static int download_slot(cuda_fields *fields, int slot, swe_error *err)
{
    CUDA_CHECK(cudaMemcpyAsync(&fields->host_clock->slots[slot], &fields->device_clock->slots[slot],
                               sizeof(swe_clock_slot), cudaMemcpyDeviceToHost, fields->stream),
               err);
    CUDA_CHECK(cudaStreamSynchronize(fields->stream), err);
    return SWE_OK;
}

/* Level 4, one step with the host's dt: a clock from t = 0 with no end,
 * one launch. dt = 0 changes nothing (the kernel would read it as "choose
 * dt"): only the speed is taken. */
static int level4_step(swe_block *block, cuda_fields *fields, real dt, real *next_speed,
                       swe_error *err)
{
    if (!(dt > 0)) {
        return cuda_max_wave_speed(block, next_speed, err);
    }
    swe_clock clock = {0.0, 0, 0.0, 0.0, 0};
    int status = upload_clock(fields, &clock, HUGE_VAL, err);
    if (status != SWE_OK) {
        return status;
    }
    CUDA_CHECK(launch_fused(fields, 0, 0.0, dt), err);
    const int next = swe_clock_next(0);
    status = download_slot(fields, next, err);
    if (status == SWE_OK) {
        fields->parity = fields->host_clock->slots[next].parity;
        *next_speed = swe_speed_from_bits(fields->host_clock->slots[next].speed_bits);
    }
    return status;
}

static int cuda_step(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    if (block == NULL || block->ext == NULL || next_speed == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda step arguments");
    }
    cuda_fields *fields = (cuda_fields *)block->ext;
    switch (fields->level) {
    case 1:
        return level1_step(block, fields, dt, next_speed, err);
    case 2: {
        int status = edge_array_step(fields, dt, err);
        return status == SWE_OK ? cuda_max_wave_speed(block, next_speed, err) : status;
    }
    case 3:
        return level3_step(fields, dt, next_speed, err);
    default:
        return level4_step(block, fields, dt, next_speed, err);
    }
}

/* The fields of block for the layer verbs, with the device buffer for one
 * packed layer (allocated at the first use: only MPI runs need it). */
static int layer_fields(swe_block *block, enum swe_edge edge, const real *buffer,
                        cuda_fields **fields, swe_error *err)
{
    int status = swe_check_layer_arguments(block, edge, buffer, err);
    if (status != SWE_OK) {
        return status;
    }
    if (block->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda layer copy without init");
    }
    *fields = (cuda_fields *)block->ext;
    if ((*fields)->layer == NULL) {
        const int longest = block->nx > block->ny ? block->nx : block->ny;
        CUDA_CHECK(cudaMalloc((void **)&(*fields)->layer,
                              (size_t)SWE_COPY_LAYER_FIELDS * (size_t)longest * sizeof(real)),
                   err);
    }
    return SWE_OK;
}

/* Packs on the device; only the layer crosses to the host. */
static int cuda_pack_copy_layer(swe_block *block, enum swe_edge edge, real *buffer, swe_error *err)
{
    cuda_fields *fields = NULL;
    int status = layer_fields(block, edge, buffer, &fields, err);
    if (status != SWE_OK || fields->level == 1) { /* level 1: the host arrays are the state */
        return status == SWE_OK ? swe_host_pack_copy_layer(block, edge, buffer, err) : status;
    }
    const swe_layer_position layer = swe_layer_position_of(block, edge, SWE_COPY_LAYER_DEPTH);
    const size_t bytes = (size_t)SWE_COPY_LAYER_FIELDS * (size_t)layer.length * sizeof(real);
    CUDA_CHECK(swe_cuda_launch_pack_layer(fields->state[fields->parity], fields->b, layer.first,
                                          layer.step, layer.length, fields->layer, fields->stream),
               err);
    CUDA_CHECK(
        cudaMemcpyAsync(buffer, fields->layer, bytes, cudaMemcpyDeviceToHost, fields->stream), err);
    CUDA_CHECK(cudaStreamSynchronize(fields->stream), err);
    return SWE_OK;
}

static int cuda_unpack_ghost_layer(swe_block *block, enum swe_edge edge, const real *buffer,
                                   swe_error *err)
{
    cuda_fields *fields = NULL;
    int status = layer_fields(block, edge, buffer, &fields, err);
    /* Level 1 steps from the host arrays but keeps the bed on the device:
     * the layer goes to both. */
    if (status == SWE_OK && fields->level == 1) {
        status = swe_host_unpack_ghost_layer(block, edge, buffer, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    const swe_layer_position layer = swe_layer_position_of(block, edge, SWE_GHOST_LAYER_DEPTH);
    const size_t bytes = (size_t)SWE_COPY_LAYER_FIELDS * (size_t)layer.length * sizeof(real);
    CUDA_CHECK(
        cudaMemcpyAsync(fields->layer, buffer, bytes, cudaMemcpyHostToDevice, fields->stream), err);
    CUDA_CHECK(swe_cuda_launch_unpack_layer(fields->state[fields->parity], fields->b, layer.first,
                                            layer.step, layer.length, fields->layer,
                                            fields->stream),
               err);
    CUDA_CHECK(cudaStreamSynchronize(fields->stream), err);
    return SWE_OK;
}

/* Captures FUSED_GRAPH_STEPS fused launches as one graph; they read the
 * clock and t_target from device memory, so one graph serves every
 * advance with the same cfl. */
static int build_graph(cuda_fields *fields, double cfl, swe_error *err)
{
    if (fields->graph != NULL) {
        CUDA_CHECK(cudaGraphExecDestroy(fields->graph), err);
        fields->graph = NULL;
    }
    CUDA_CHECK(cudaStreamBeginCapture(fields->stream, cudaStreamCaptureModeThreadLocal), err);
    cudaError_t launched = cudaSuccess;
    for (int launch = 0; launch < FUSED_GRAPH_STEPS && launched == cudaSuccess; ++launch) {
        launched = launch_fused(fields, launch, cfl, 0);
    }
    cudaGraph_t graph = NULL;
    CUDA_CHECK(cudaStreamEndCapture(fields->stream, &graph), err);
    CUDA_CHECK(launched, err);
    cudaError_t instantiated = cudaGraphInstantiate(&fields->graph, graph, 0);
    CUDA_CHECK(cudaGraphDestroy(graph), err);
    CUDA_CHECK(instantiated, err);
    fields->graph_cfl = cfl;
    return SWE_OK;
}

/* The host's clock from slot `slot` of the device clock. */
static void take_clock(cuda_fields *fields, int slot, swe_clock *clock)
{
    const swe_clock_slot *now = &fields->host_clock->slots[slot];
    clock->t = now->t;
    clock->last_dt = now->last_dt;
    clock->steps = (long)now->steps;
    clock->wave_speed = swe_speed_from_bits(now->speed_bits);
    fields->parity = now->parity;
}

/* One fused step with dt chosen on the device, as a graph's launches
 * choose it: for the steps up to a pause, which a graph could overshoot. */
static int fused_single_step(cuda_fields *fields, swe_clock *clock, double t_target, swe_error *err)
{
    int status = upload_clock(fields, clock, t_target, err);
    if (status == SWE_OK) {
        CUDA_CHECK(launch_fused(fields, 0, clock->cfl, 0), err);
        status = download_slot(fields, swe_clock_next(0), err);
    }
    if (status == SWE_OK) {
        take_clock(fields, swe_clock_next(0), clock);
    }
    return status;
}

/* Graphs of FUSED_GRAPH_STEPS fused steps; the host reads the clock once
 * per graph and returns after SWE_ADVANCE_REPORT_SECONDS for progress. */
static int fused_graphs(cuda_fields *fields, swe_clock *clock, double t_target, swe_error *err)
{
    int status = fields->graph == NULL || fields->graph_cfl != clock->cfl
                     ? build_graph(fields, clock->cfl, err)
                     : SWE_OK;
    if (status == SWE_OK) {
        status = upload_clock(fields, clock, t_target, err);
    }
    const swe_clock_slot *now = &fields->host_clock->slots[0];
    const double started = swe_wall_seconds();
    while (status == SWE_OK) {
        CUDA_CHECK(cudaGraphLaunch(fields->graph, fields->stream), err);
        status = download_slot(fields, 0, err);
        if (status != SWE_OK || !(now->t < t_target) ||
            !isfinite(swe_speed_from_bits(now->speed_bits)) ||
            swe_wall_seconds() - started >= SWE_ADVANCE_REPORT_SECONDS) {
            break;
        }
    }
    if (status == SWE_OK) {
        take_clock(fields, 0, clock);
    }
    return status;
}

/* Level 4 only (cuda_advances): dt on the device. The steps before a
 * pause go one launch at a time, so that the advance stops at the first
 * step boundary past it; the others in graphs. A wave speed that is no
 * longer finite ends it (dt would be 0 or undefined), and the caller
 * reports it. */
static int cuda_advance(swe_block *block, swe_clock *clock, double t_target, double t_pause,
                        swe_error *err)
{
    if (block == NULL || block->ext == NULL || clock == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda advance arguments");
    }
    cuda_fields *fields = (cuda_fields *)block->ext;
    if (fields->level < 4) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda level %d has no advance",
                        fields->level);
    }
    if (!(clock->t < t_target)) {
        return SWE_OK;
    }
    if (!(t_pause < t_target)) {
        return fused_graphs(fields, clock, t_target, err);
    }
    const double started = swe_wall_seconds();
    int status = SWE_OK;
    do {
        status = fused_single_step(fields, clock, t_target, err);
    } while (status == SWE_OK && clock->t < t_pause && isfinite(clock->wave_speed) &&
             swe_wall_seconds() - started < SWE_ADVANCE_REPORT_SECONDS);
    return status;
}

/* Only the fused level keeps dt on the device. */
static int cuda_advances(const swe_block *block)
{
    return block != NULL && block->ext != NULL && ((const cuda_fields *)block->ext)->level >= 4;
}

extern "C" const swe_backend swe_cuda_backend = {
    .name = "cuda",
    .description = "NVIDIA GPU; --level 1 copies every step, 2 stays on the GPU, "
                   "3 shared-memory tiles, 4 one fused kernel per step (default)",
    .levels = CUDA_LEVELS,
    .agreement = SWE_AGREES_TO_ROUNDING,
    .init = cuda_init,
    .finalize = cuda_finalize,
    .sync_after_write = cuda_sync_after_write,
    .sync_before_read = cuda_sync_before_read,
    .max_wave_speed = cuda_max_wave_speed,
    .step = cuda_step,
    .advance = cuda_advance,
    .advances = cuda_advances,
    .pack_copy_layer = cuda_pack_copy_layer,
    .unpack_ghost_layer = cuda_unpack_ghost_layer,
    .step_interior = NULL,
    .step_ring = NULL,
    .options = NULL,
    .option_count = 0,
};
