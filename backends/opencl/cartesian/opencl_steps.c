/* Time stepping of the OpenCL backend: the launches of each level and the
 * host's share of the work (the state's transfers at level 1, finishing
 * the reductions at levels 2 and 3, enqueuing batches of fused steps and
 * reading the device clock at levels 4 and 5). */
#include "backends/opencl/cartesian/opencl_fields.h"
#include "backends/opencl/cl_check.h"
#include "cartesian/grid/stepping.h"
#include "cartesian/numerics/device_clock.h"
#include "core/timer.h"
#include "shallow_water/cell_update.h"

#include <math.h>
#include <stddef.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;

/* Sets the kernel's arguments from index 0 on, in order. */
#define SET_ARGS(kernel, err, ...)                                                                 \
    set_args((kernel), (err), (const kernel_arg[]){__VA_ARGS__},                                   \
             sizeof((const kernel_arg[]){__VA_ARGS__}) / sizeof(kernel_arg))

typedef struct kernel_arg {
    size_t size;
    const void *value;
} kernel_arg;

#define ARG(value)                                                                                 \
    {                                                                                              \
        sizeof(value), &(value)                                                                    \
    }

static int set_args(cl_kernel kernel, swe_error *err, const kernel_arg *args, size_t count)
{
    int status = SWE_OK;
    for (size_t a = 0; status == SWE_OK && a < count; ++a) {
        status = CL_CHECK(clSetKernelArg(kernel, (cl_uint)a, args[a].size, args[a].value), err);
    }
    return status;
}

/* Global size: count rounded up to a whole number of groups. */
static size_t round_up(size_t count, size_t group)
{
    return (count + group - 1) / group * group;
}

/* Launches work items over count_x x count_y, each taking per_item
 * consecutive x positions. */
static int launch_2d(const opencl_fields *fields, cl_kernel kernel, size_t count_x, size_t count_y,
                     size_t per_item, swe_error *err)
{
    const size_t local[2] = {SWE_CL_TILE_X, SWE_CL_TILE_Y};
    const size_t items_x = (count_x + per_item - 1) / per_item;
    const size_t global[2] = {round_up(items_x, local[0]), round_up(count_y, local[1])};
    return CL_CHECK(
        clEnqueueNDRangeKernel(fields->queue, kernel, 2, NULL, global, local, 0, NULL, NULL), err);
}

/* The max of the first `count` per-group maxima, finished on the host. */
static int finish_group_maxima(opencl_fields *fields, size_t count, real *speed, swe_error *err)
{
    int status =
        CL_CHECK(clEnqueueReadBuffer(fields->queue, fields->group_max, CL_TRUE, 0,
                                     count * sizeof(real), fields->host_group_max, 0, NULL, NULL),
                 err);
    real fastest = 0;
    for (size_t g = 0; status == SWE_OK && g < count; ++g) {
        fastest = swe_max_speed(fastest, fields->host_group_max[g]);
    }
    *speed = fastest;
    return status;
}

int swe_opencl_max_wave_speed(swe_block *block, real *speed, swe_error *err)
{
    if (block == NULL || block->ext == NULL || speed == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenCL max speed without init");
    }
    opencl_fields *fields = block->ext;
    if (fields->level == SWE_CL_LEVEL_TRANSFERS) {
        return swe_cartesian_serial_backend.max_wave_speed(block, speed,
                                                           err); /* the host arrays' */
    }
    const int c = fields->current;
    int status =
        SET_ARGS(fields->max_wave_speed, err, ARG(block->nx), ARG(block->ny), ARG(block->stride),
                 ARG(fields->h[c]), ARG(fields->hu[c]), ARG(fields->hv[c]), ARG(fields->group_max));
    const size_t local = SWE_CL_REDUCTION_GROUP;
    const size_t global = fields->reduction_groups * local;
    if (status == SWE_OK) {
        status = CL_CHECK(clEnqueueNDRangeKernel(fields->queue, fields->max_wave_speed, 1, NULL,
                                                 &global, &local, 0, NULL, NULL),
                          err);
    }
    return status == SWE_OK ? finish_group_maxima(fields, fields->reduction_groups, speed, err)
                            : status;
}

/* Ghost layers of WALL and OUTFLOW edges in state set `set`. */
static int set_ghost_layers(swe_block *block, opencl_fields *fields, int set, swe_error *err)
{
    const size_t longest = (size_t)(block->nx > block->ny ? block->nx : block->ny);
    const size_t global = round_up(longest, SWE_CL_REDUCTION_GROUP);
    int status =
        SET_ARGS(fields->set_ghost_layers, err, ARG(block->nx), ARG(block->ny), ARG(block->stride),
                 ARG(fields->wall_edges), ARG(fields->derived_edges), ARG(fields->h[set]),
                 ARG(fields->hu[set]), ARG(fields->hv[set]), ARG(fields->b));
    return status == SWE_OK
               ? CL_CHECK(clEnqueueNDRangeKernel(fields->queue, fields->set_ghost_layers, 1, NULL,
                                                 &global, NULL, 0, NULL, NULL),
                          err)
               : status;
}

/* Levels 1 and 2: ghost layers, net updates on both edge sets, the update
 * of set 0 in place. */
static int edge_planes_step(swe_block *block, opencl_fields *fields, real dt, swe_error *err)
{
    const real dt_dx = dt / block->dx, dt_dy = dt / block->dy;
    const size_t nx = (size_t)block->nx, ny = (size_t)block->ny;
    int status = set_ghost_layers(block, fields, 0, err);
    cl_kernel edge_kernels[] = {fields->vertical_net_updates, fields->horizontal_net_updates};
    cl_mem edge_buffers[] = {fields->vertical_edges, fields->horizontal_edges};
    const size_t edge_counts[2][2] = {{nx + 1, ny}, {nx, ny + 1}};
    for (int k = 0; status == SWE_OK && k < 2; ++k) {
        status = SET_ARGS(edge_kernels[k], err, ARG(block->nx), ARG(block->ny), ARG(block->stride),
                          ARG(fields->h[0]), ARG(fields->hu[0]), ARG(fields->hv[0]), ARG(fields->b),
                          ARG(edge_buffers[k]));
        if (status == SWE_OK) {
            status = launch_2d(fields, edge_kernels[k], edge_counts[k][0], edge_counts[k][1],
                               (size_t)fields->cells_per_item, err);
        }
    }
    if (status == SWE_OK) {
        status = SET_ARGS(fields->update_cells, err, ARG(block->nx), ARG(block->ny),
                          ARG(block->stride), ARG(dt), ARG(dt_dx), ARG(dt_dy), ARG(fields->manning),
                          ARG(fields->h[0]), ARG(fields->hu[0]), ARG(fields->hv[0]),
                          ARG(fields->vertical_edges), ARG(fields->horizontal_edges));
    }
    return status == SWE_OK ? launch_2d(fields, fields->update_cells, nx, ny,
                                        (size_t)fields->cells_per_item, err)
                            : status;
}

/* Level 1: the host arrays are the state; they cross to the device and
 * back around the kernels, and the host takes the wave speed. */
static int transfers_step(swe_block *block, opencl_fields *fields, real dt, real *next_speed,
                          swe_error *err)
{
    int status = swe_opencl_copy_state(block, fields, 0, 1, err);
    if (status == SWE_OK) {
        status = edge_planes_step(block, fields, dt, err);
    }
    if (status == SWE_OK) {
        status = swe_opencl_copy_state(block, fields, 0, 0, err);
    }
    return status == SWE_OK ? swe_opencl_max_wave_speed(block, next_speed, err) : status;
}

/* Level 3: ghost layers of the current set, one tile step into the other
 * set, then the max of the tiles' maxima. */
static int tiles_step(swe_block *block, opencl_fields *fields, real dt, real *next_speed,
                      swe_error *err)
{
    const real dt_dx = dt / block->dx, dt_dy = dt / block->dy;
    const int c = fields->current, o = 1 - c;
    const size_t nx = (size_t)block->nx, ny = (size_t)block->ny;
    int status = set_ghost_layers(block, fields, c, err);
    if (status == SWE_OK) {
        status =
            SET_ARGS(fields->tile_step, err, ARG(block->nx), ARG(block->ny), ARG(block->stride),
                     ARG(dt), ARG(dt_dx), ARG(dt_dy), ARG(fields->manning), ARG(fields->h[c]),
                     ARG(fields->hu[c]), ARG(fields->hv[c]), ARG(fields->b), ARG(fields->h[o]),
                     ARG(fields->hu[o]), ARG(fields->hv[o]), ARG(fields->group_max));
    }
    if (status == SWE_OK) {
        status = launch_2d(fields, fields->tile_step, nx, ny, 1, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    fields->current = o;
    const size_t tiles =
        (nx + SWE_CL_TILE_X - 1) / SWE_CL_TILE_X * ((ny + SWE_CL_TILE_Y - 1) / SWE_CL_TILE_Y);
    return finish_group_maxima(fields, tiles, next_speed, err);
}

/* Writes clock slot `slot` and clears the speed of the slot after it,
 * which the first launch reduces into. Blocking: the values live on the
 * caller's stack. */
static int write_slot(opencl_fields *fields, int slot, const swe_clock_slot *value, swe_error *err)
{
    const swe_speed_bits zero = 0;
    const size_t next_speed = (size_t)swe_clock_next(slot) * sizeof(swe_clock_slot) +
                              offsetof(swe_clock_slot, speed_bits);
    int status = CL_CHECK(clEnqueueWriteBuffer(fields->queue, fields->clock, CL_TRUE,
                                               (size_t)slot * sizeof *value, sizeof *value, value,
                                               0, NULL, NULL),
                          err);
    return status == SWE_OK
               ? CL_CHECK(clEnqueueWriteBuffer(fields->queue, fields->clock, CL_TRUE, next_speed,
                                               sizeof zero, &zero, 0, NULL, NULL),
                          err)
               : status;
}

static int read_slot(opencl_fields *fields, int slot, swe_clock_slot *value, swe_error *err)
{
    return CL_CHECK(clEnqueueReadBuffer(fields->queue, fields->clock, CL_TRUE,
                                        (size_t)slot * sizeof *value, sizeof *value, value, 0, NULL,
                                        NULL),
                    err);
}

/* The fused kernel of the level: strips of rows per work group (4) or
 * per work item (5). */
static cl_kernel fused_kernel(const opencl_fields *fields)
{
    return fields->level == SWE_CL_LEVEL_CPU_ROWS ? fields->fused_rows_step
                                                  : fields->fused_strips_step;
}

/* Sets the fused kernel's arguments; the clock slot is set per launch. */
static int set_fused_args(swe_block *block, opencl_fields *fields, swe_time cfl, swe_time t_target,
                          real forced_dt, swe_error *err)
{
    const cl_int slot = 0;
    return SET_ARGS(fused_kernel(fields), err, ARG(block->nx), ARG(block->ny), ARG(block->stride),
                    ARG(block->dx), ARG(block->dy), ARG(fields->manning), ARG(cfl), ARG(t_target),
                    ARG(forced_dt), ARG(slot), ARG(fields->wall_edges), ARG(fields->derived_edges),
                    ARG(fields->h[0]), ARG(fields->hu[0]), ARG(fields->hv[0]), ARG(fields->h[1]),
                    ARG(fields->hu[1]), ARG(fields->hv[1]), ARG(fields->b), ARG(fields->clock));
}

enum { FUSED_SLOT_ARG = 9 };

/* One launch of the fused kernel: a work group per strip of rows of
 * SWE_CL_STRIP_LANES - 2 columns (level 4), a work item per strip of rows
 * of a column chunk (level 5). */
static int launch_fused(const swe_block *block, const opencl_fields *fields, swe_error *err)
{
    const size_t nx = (size_t)block->nx, ny = (size_t)block->ny;
    size_t global[2], local[2] = {1, 1};
    if (fields->level == SWE_CL_LEVEL_FUSED) {
        const size_t owned = SWE_CL_STRIP_LANES - 2;
        local[0] = SWE_CL_STRIP_LANES;
        global[0] = (nx + owned - 1) / owned * local[0];
        global[1] = (ny + SWE_CL_STRIP_ROWS - 1) / SWE_CL_STRIP_ROWS;
    } else {
        const size_t chunk = (size_t)fields->row_chunk;
        global[0] = (nx + chunk - 1) / chunk;
        global[1] = (ny + SWE_CL_ROWS_PER_ITEM - 1) / SWE_CL_ROWS_PER_ITEM;
    }
    return CL_CHECK(clEnqueueNDRangeKernel(fields->queue, fused_kernel(fields), 2, NULL, global,
                                           local, 0, NULL, NULL),
                    err);
}

/* Enqueues fused steps without waiting for them. */
static int enqueue_fused_steps(swe_block *block, opencl_fields *fields, long count, swe_error *err)
{
    int status = SWE_OK;
    for (long s = 0; status == SWE_OK && s < count; ++s) {
        const cl_int slot = swe_clock_slot_of(fields->launches);
        status =
            CL_CHECK(clSetKernelArg(fused_kernel(fields), FUSED_SLOT_ARG, sizeof slot, &slot), err);
        if (status == SWE_OK) {
            status = launch_fused(block, fields, err);
        }
        fields->launches += status == SWE_OK;
    }
    return status;
}

/* Levels 4 and 5, one step with the host's dt (the step verb): a clock
 * from t = 0 with no end, one launch. dt = 0 changes nothing (the kernel
 * would read it as "choose dt"): only the speed is taken. */
static int fused_single_step(swe_block *block, opencl_fields *fields, real dt, real *next_speed,
                             swe_error *err)
{
    if (!(dt > 0)) {
        return swe_opencl_max_wave_speed(block, next_speed, err);
    }
    const int slot = swe_clock_slot_of(fields->launches);
    const swe_clock_slot start = {.parity = fields->current};
    int status = write_slot(fields, slot, &start, err);
    if (status == SWE_OK) {
        status = set_fused_args(block, fields, 1.0, INFINITY, dt, err);
    }
    if (status == SWE_OK) {
        status = enqueue_fused_steps(block, fields, 1, err);
    }
    swe_clock_slot end;
    if (status == SWE_OK) {
        status = read_slot(fields, swe_clock_next(slot), &end, err);
    }
    if (status == SWE_OK) {
        fields->current = end.parity;
        *next_speed = swe_speed_from_bits(end.speed_bits);
    }
    return status;
}

int swe_opencl_step(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    if (block == NULL || block->ext == NULL || next_speed == NULL || !(dt >= 0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenCL step without init or dt");
    }
    opencl_fields *fields = block->ext;
    switch (fields->level) {
    case SWE_CL_LEVEL_TRANSFERS:
        return transfers_step(block, fields, dt, next_speed, err);
    case SWE_CL_LEVEL_ON_DEVICE: {
        int status = edge_planes_step(block, fields, dt, err);
        return status == SWE_OK ? swe_opencl_max_wave_speed(block, next_speed, err) : status;
    }
    case SWE_CL_LEVEL_TILES:
        return tiles_step(block, fields, dt, next_speed, err);
    default:
        return fused_single_step(block, fields, dt, next_speed, err);
    }
}

/* Steps the next batch is likely to need: the time left over the last
 * dt (or the dt the current speed gives), capped so that a fast-changing
 * state is looked at now and then. Steps enqueued beyond t_target cost an
 * empty launch each. */
static long batch_size(const swe_clock *clock, const swe_block *block, double t_target)
{
    enum { MAX_BATCH = 1000 };
    double remaining = t_target - clock->t;
    double dt = swe_time_step(clock, block->dx, block->dy, t_target);
    double estimate = dt > 0 ? ceil(remaining / dt) : 1.0;
    return estimate < 1.0 ? 1 : (estimate > MAX_BATCH ? MAX_BATCH : (long)estimate);
}

/* Levels 4 and 5: the device keeps the clock; the host enqueues batches
 * of fused steps and reads the clock back once per batch, and returns
 * after SWE_ADVANCE_REPORT_SECONDS for progress. Before a pause the
 * batches are single steps, so that the advance stops at the first step
 * boundary past it (a longer batch could overshoot). */
static int fused_advance(swe_block *block, opencl_fields *fields, swe_clock *clock, double t_target,
                         double t_pause, swe_error *err)
{
    swe_clock_slot now = {.t = clock->t,
                          .last_dt = clock->last_dt,
                          .steps = clock->steps,
                          .parity = fields->current,
                          .speed_bits = swe_speed_to_bits(clock->wave_speed)};
    int status = write_slot(fields, swe_clock_slot_of(fields->launches), &now, err);
    if (status == SWE_OK) {
        status = set_fused_args(block, fields, clock->cfl, t_target, 0, err);
    }
    const int pausing = t_pause < t_target;
    const double started = swe_wall_seconds();
    /* Batches grow from one step, so that a slow device still returns
     * within the report interval. */
    long batch = 1;
    while (status == SWE_OK) {
        const long wanted = pausing ? 1 : batch_size(clock, block, t_target);
        batch = batch < wanted ? batch : wanted;
        status = enqueue_fused_steps(block, fields, batch, err);
        batch *= 2;
        if (status == SWE_OK) {
            status = read_slot(fields, swe_clock_slot_of(fields->launches), &now, err);
        }
        if (status != SWE_OK) {
            break;
        }
        clock->t = now.t;
        clock->last_dt = now.last_dt;
        clock->steps = (long)now.steps;
        clock->wave_speed = swe_speed_from_bits(now.speed_bits);
        fields->current = now.parity;
        if (!(clock->t < t_target) || (pausing && clock->t >= t_pause) ||
            !isfinite(clock->wave_speed) ||
            swe_wall_seconds() - started >= SWE_ADVANCE_REPORT_SECONDS) {
            break;
        }
    }
    return status;
}

int swe_opencl_advance(swe_block *block, swe_clock *clock, double t_target, double t_pause,
                       swe_error *err)
{
    if (block == NULL || block->ext == NULL || clock == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenCL advance without init");
    }
    opencl_fields *fields = block->ext;
    if (!swe_opencl_is_fused(fields->level)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenCL level %d has no advance",
                        fields->level);
    }
    if (!(clock->t < t_target)) {
        return SWE_OK;
    }
    return fused_advance(block, fields, clock, t_target, t_pause, err);
}

int swe_opencl_advances(const swe_block *block)
{
    return block != NULL && block->ext != NULL &&
           swe_opencl_is_fused(((const opencl_fields *)block->ext)->level);
}
