/* Time stepping of the OpenCL backend: the launches of each level and the
 * host's share of the work (finishing the reduction at level 1, enqueuing
 * batches of fused steps and reading the device clock at level 2). */
#include "cl_check.h"
#include "core/timer.h"
#include "grid/stepping.h"
#include "numerics/cell_update.h"
#include "opencl_fields.h"

#include <math.h>
#include <stdint.h>

#ifdef SWE_PRECISION_DOUBLE
typedef cl_ulong speed_bits;
#else
typedef cl_uint speed_bits;
#endif

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

int swe_opencl_max_wave_speed(swe_block *block, real *speed, swe_error *err)
{
    if (block == NULL || block->ext == NULL || speed == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenCL max speed without init");
    }
    opencl_fields *fields = block->ext;
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
    if (status == SWE_OK) {
        status = CL_CHECK(clEnqueueReadBuffer(fields->queue, fields->group_max, CL_TRUE, 0,
                                              fields->reduction_groups * sizeof(real),
                                              fields->host_group_max, 0, NULL, NULL),
                          err);
    }
    if (status != SWE_OK) {
        return status;
    }
    real fastest = 0;
    for (size_t g = 0; g < fields->reduction_groups; ++g) {
        fastest = swe_max_speed(fastest, fields->host_group_max[g]);
    }
    *speed = fastest;
    return SWE_OK;
}

/* Level 1: ghost layers, net updates on both edge sets, the update in
 * place, then the reduction for the next dt. */
static int separate_step(swe_block *block, opencl_fields *fields, real dt, swe_error *err)
{
    const real dt_dx = dt / block->dx, dt_dy = dt / block->dy;
    const size_t nx = (size_t)block->nx, ny = (size_t)block->ny;
    const size_t ghosts = nx > ny ? nx : ny;
    const size_t ghost_global = round_up(ghosts, SWE_CL_REDUCTION_GROUP);
    int status =
        SET_ARGS(fields->set_ghost_layers, err, ARG(block->nx), ARG(block->ny), ARG(block->stride),
                 ARG(fields->wall_edges), ARG(fields->derived_edges), ARG(fields->h[0]),
                 ARG(fields->hu[0]), ARG(fields->hv[0]), ARG(fields->b));
    if (status == SWE_OK) {
        status = CL_CHECK(clEnqueueNDRangeKernel(fields->queue, fields->set_ghost_layers, 1, NULL,
                                                 &ghost_global, NULL, 0, NULL, NULL),
                          err);
    }
    cl_kernel edge_kernels[] = {fields->vertical_net_updates, fields->horizontal_net_updates};
    cl_mem edge_buffers[] = {fields->vertical_edges, fields->horizontal_edges};
    const size_t edge_counts[2][2] = {{nx + 1, ny}, {nx, ny + 1}};
    for (int k = 0; status == SWE_OK && k < 2; ++k) {
        status = SET_ARGS(edge_kernels[k], err, ARG(block->nx), ARG(block->ny), ARG(block->stride),
                          ARG(fields->h[0]), ARG(fields->hu[0]), ARG(fields->hv[0]), ARG(fields->b),
                          ARG(edge_buffers[k]));
        if (status == SWE_OK) {
            status = launch_2d(fields, edge_kernels[k], edge_counts[k][0], edge_counts[k][1],
                               (size_t)(size_t)fields->cells_per_item, err);
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

/* The device clock holds cl_double or cl_float values. */
typedef union clock_value {
    cl_double as_double;
    cl_float as_float;
} clock_value;

static clock_value to_clock(const opencl_fields *fields, double value)
{
    clock_value clock;
    if (fields->clock_is_double) {
        clock.as_double = value;
    } else {
        clock.as_float = (cl_float)value;
    }
    return clock;
}

static double from_clock(const opencl_fields *fields, clock_value clock)
{
    return fields->clock_is_double ? clock.as_double : (double)clock.as_float;
}

static size_t clock_size(const opencl_fields *fields)
{
    return fields->clock_is_double ? sizeof(cl_double) : sizeof(cl_float);
}

/* Where a simulation stands, as one slot of the device clock holds it. */
typedef struct clock_slot {
    double t, dt;
    cl_int steps;
    real speed;
} clock_slot;

static int write_slot(opencl_fields *fields, int slot, const clock_slot *values, swe_error *err)
{
    clock_value t = to_clock(fields, values->t), dt = to_clock(fields, values->dt);
    const speed_bits zero = 0;
    const int next = (slot + 1) % 3;
    struct {
        cl_mem buffer;
        size_t size;
        int slot;
        const void *value;
    } writes[] = {{fields->clock_time, clock_size(fields), slot, &t},
                  {fields->clock_dt, clock_size(fields), slot, &dt},
                  {fields->clock_steps, sizeof(cl_int), slot, &values->steps},
                  {fields->clock_speed, sizeof(real), slot, &values->speed},
                  {fields->clock_speed, sizeof(real), next, &zero}};
    int status = SWE_OK;
    for (size_t w = 0; status == SWE_OK && w < sizeof writes / sizeof writes[0]; ++w) {
        /* Blocking: the values live on this stack frame. */
        status = CL_CHECK(clEnqueueWriteBuffer(fields->queue, writes[w].buffer, CL_TRUE,
                                               (size_t)writes[w].slot * writes[w].size,
                                               writes[w].size, writes[w].value, 0, NULL, NULL),
                          err);
    }
    return status;
}

static int read_slot(opencl_fields *fields, int slot, clock_slot *values, swe_error *err)
{
    clock_value t, dt;
    struct {
        cl_mem buffer;
        size_t size;
        void *value;
    } reads[] = {{fields->clock_time, clock_size(fields), &t},
                 {fields->clock_dt, clock_size(fields), &dt},
                 {fields->clock_steps, sizeof(cl_int), &values->steps},
                 {fields->clock_speed, sizeof(real), &values->speed}};
    int status = SWE_OK;
    for (size_t r = 0; status == SWE_OK && r < sizeof reads / sizeof reads[0]; ++r) {
        status = CL_CHECK(clEnqueueReadBuffer(fields->queue, reads[r].buffer, CL_TRUE,
                                              (size_t)slot * reads[r].size, reads[r].size,
                                              reads[r].value, 0, NULL, NULL),
                          err);
    }
    values->t = from_clock(fields, t);
    values->dt = from_clock(fields, dt);
    return status;
}

/* The fused kernel of the level: tiles (2), strips of rows per work
 * group (3) or per work item (4). */
static cl_kernel fused_kernel(const opencl_fields *fields)
{
    return fields->level == SWE_CL_LEVEL_ROWS     ? fields->fused_rows_step
           : fields->level == SWE_CL_LEVEL_STRIPS ? fields->fused_strips_step
                                                  : fields->fused_step;
}

/* Sets the fused kernel's arguments for steps counted from first_step,
 * reading the current set first; the slot is set per launch. */
static int set_fused_args(swe_block *block, opencl_fields *fields, double cfl, double t_target,
                          double fixed_dt, cl_int first_step, swe_error *err)
{
    const int c = fields->current, o = 1 - c;
    clock_value cfl_value = to_clock(fields, cfl), target = to_clock(fields, t_target);
    clock_value fixed = to_clock(fields, fixed_dt);
    const size_t clock_bytes = clock_size(fields);
    const cl_int slot = 0; /* set again before each launch */
    return SET_ARGS(fused_kernel(fields), err, ARG(block->nx), ARG(block->ny), ARG(block->stride),
                    ARG(block->dx), ARG(block->dy), ARG(fields->manning), {clock_bytes, &cfl_value},
                    {clock_bytes, &target}, {clock_bytes, &fixed}, ARG(slot), ARG(first_step),
                    ARG(fields->wall_edges), ARG(fields->derived_edges), ARG(fields->h[c]),
                    ARG(fields->hu[c]), ARG(fields->hv[c]), ARG(fields->h[o]), ARG(fields->hu[o]),
                    ARG(fields->hv[o]), ARG(fields->b), ARG(fields->clock_time),
                    ARG(fields->clock_dt), ARG(fields->clock_steps), ARG(fields->clock_speed));
}

enum { FUSED_SLOT_ARG = 9 };

/* One launch of the fused kernel: a work group per tile (level 2), per
 * strip of rows of SWE_CL_STRIP_LANES - 2 columns (level 3), a work item
 * per strip of rows of a column chunk (level 4). */
static int launch_fused(const swe_block *block, const opencl_fields *fields, swe_error *err)
{
    const size_t nx = (size_t)block->nx, ny = (size_t)block->ny;
    if (fields->level == SWE_CL_LEVEL_TILES) {
        return launch_2d(fields, fields->fused_step, nx, ny, 1, err);
    }
    size_t global[2], local[2] = {1, 1};
    if (fields->level == SWE_CL_LEVEL_STRIPS) {
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
        const cl_int slot = (cl_int)(fields->launches % 3);
        status =
            CL_CHECK(clSetKernelArg(fused_kernel(fields), FUSED_SLOT_ARG, sizeof slot, &slot), err);
        if (status == SWE_OK) {
            status = launch_fused(block, fields, err);
        }
        fields->launches += status == SWE_OK;
    }
    return status;
}

/* Levels 2 to 4, one step with the host's dt (the step verb). */
static int fused_single_step(swe_block *block, opencl_fields *fields, real dt, real *next_speed,
                             swe_error *err)
{
    const int slot = (int)(fields->launches % 3);
    clock_slot start = {.t = 0.0, .dt = 0.0, .steps = 0, .speed = 0};
    int status = write_slot(fields, slot, &start, err);
    if (status == SWE_OK) {
        status = set_fused_args(block, fields, 1.0, INFINITY, (double)dt, 0, err);
    }
    if (status == SWE_OK) {
        status = enqueue_fused_steps(block, fields, 1, err);
    }
    clock_slot end;
    if (status == SWE_OK) {
        status = read_slot(fields, (slot + 1) % 3, &end, err);
    }
    if (status == SWE_OK) {
        fields->current = 1 - fields->current;
        *next_speed = end.speed;
    }
    return status;
}

int swe_opencl_step(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    if (block == NULL || block->ext == NULL || next_speed == NULL || !(dt >= 0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenCL step without init or dt");
    }
    opencl_fields *fields = block->ext;
    if (swe_opencl_is_fused(fields->level)) {
        /* dt = 0 changes nothing; the fused kernel reads 0 as "choose dt". */
        return dt > 0 ? fused_single_step(block, fields, dt, next_speed, err)
                      : swe_opencl_max_wave_speed(block, next_speed, err);
    }
    int status = separate_step(block, fields, dt, err);
    return status == SWE_OK ? swe_opencl_max_wave_speed(block, next_speed, err) : status;
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

/* Levels 2 to 4: the device keeps the clock; the host enqueues batches of
 * fused steps and reads the clock back once per batch, and returns after
 * SWE_ADVANCE_REPORT_SECONDS for progress. Before a pause the batches are
 * single steps, so that the advance stops at the first step boundary past
 * it (a longer batch could overshoot). */
static int fused_advance(swe_block *block, opencl_fields *fields, swe_clock *clock, double t_target,
                         double t_pause, swe_error *err)
{
    if (clock->steps > INT32_MAX / 2) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "too many steps for the OpenCL device clock");
    }
    const cl_int first_step = (cl_int)clock->steps;
    clock_slot now = {
        .t = clock->t, .dt = clock->last_dt, .steps = first_step, .speed = clock->wave_speed};
    int status = write_slot(fields, (int)(fields->launches % 3), &now, err);
    if (status == SWE_OK) {
        status = set_fused_args(block, fields, clock->cfl, t_target, 0.0, first_step, err);
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
            status = read_slot(fields, (int)(fields->launches % 3), &now, err);
        }
        if (status != SWE_OK) {
            break;
        }
        clock->t = now.t;
        clock->last_dt = now.dt;
        clock->steps = now.steps;
        clock->wave_speed = now.speed;
        if (!(clock->t < t_target) || (pausing && clock->t >= t_pause) ||
            !isfinite(clock->wave_speed) ||
            swe_wall_seconds() - started >= SWE_ADVANCE_REPORT_SECONDS) {
            break;
        }
    }
    if ((clock->steps - first_step) % 2 != 0) {
        fields->current = 1 - fields->current;
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
