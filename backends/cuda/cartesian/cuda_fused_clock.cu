/* Level 4: one fused kernel per step with dt chosen on the device. The
 * host uploads its clock (cartesian/numerics/device_clock.h), launches graphs of
 * FUSED_GRAPH_STEPS steps, and reads the clock back only between graphs;
 * single launches serve the steps before a pause and the host's own dt. */
#include "backends/cuda/cartesian/cuda_fields.cuh"
#include "backends/cuda/cuda_check.h"

#include <math.h>
#include <string.h>

extern "C" {
#include "core/timer.h"
}

/* Fused steps per graph: a multiple of the clock's slots, so that every
 * graph starts at slot 0, large enough that the host's check between
 * graphs costs little, small enough that the no-op launches after
 * t_target cost nothing measurable. */
enum { FUSED_GRAPH_STEPS = 48 };
static_assert((int)FUSED_GRAPH_STEPS % (int)SWE_CLOCK_SLOTS == 0, "graphs start at clock slot 0");

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

/* Level 4, one step with the host's dt, in parts: cuda_level4_begin starts
 * a clock from t = 0 with no end, cuda_level4_launch_part queues the
 * fused kernel on a part of the block (every part reads the same clock
 * slot, so each takes the same dt and the parts' wave speeds meet in one
 * max), cuda_level4_end reads the new state's speed back. */
int cuda_level4_begin(cuda_fields *fields, swe_error *err)
{
    const swe_clock clock = {0.0, 0, 0.0, 0.0, 0};
    return upload_clock(fields, &clock, HUGE_VAL, err);
}

cudaError_t cuda_level4_launch_part(cuda_fields *fields, const cuda_part *part, real dt)
{
    const swe_cuda_state *whole = fields->state;
    const swe_cuda_state state0 = {whole[0].h + part->offset, whole[0].hu + part->offset,
                                   whole[0].hv + part->offset};
    const swe_cuda_state state1 = {whole[1].h + part->offset, whole[1].hu + part->offset,
                                   whole[1].hv + part->offset};
    return swe_cuda_launch_fused_step(fields->solver, &part->grid, state0, state1,
                                      fields->b + part->offset, fields->device_clock->slots, 0,
                                      &fields->device_clock->t_target, 0.0, dt, fields->stream);
}

int cuda_level4_end(cuda_fields *fields, real *next_speed, swe_error *err)
{
    const int next = swe_clock_next(0);
    int status = download_slot(fields, next, err);
    if (status == SWE_OK) {
        fields->parity = fields->host_clock->slots[next].parity;
        *next_speed = swe_speed_from_bits(fields->host_clock->slots[next].speed_bits);
    }
    return status;
}

/* dt = 0 changes nothing (the kernel would read it as "choose dt"): only
 * the speed is taken. */
int cuda_level4_step(swe_block *block, cuda_fields *fields, real dt, real *next_speed,
                     swe_error *err)
{
    if (!(dt > 0)) {
        return cuda_max_wave_speed(block, next_speed, err);
    }
    const cuda_part whole = {fields->grid, 0};
    int status = cuda_level4_begin(fields, err);
    if (status == SWE_OK) {
        CUDA_CHECK(cuda_level4_launch_part(fields, &whole, dt), err);
        status = cuda_level4_end(fields, next_speed, err);
    }
    return status;
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
int cuda_advance(swe_block *block, swe_clock *clock, double t_target, double t_pause,
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
int cuda_advances(const swe_block *block)
{
    return block != NULL && block->ext != NULL && ((const cuda_fields *)block->ext)->level >= 4;
}
