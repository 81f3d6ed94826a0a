/* --profile on the CPU backends: the momentum kernel alone over every
 * plane through the backend's runner (the ghosts as they are), and the
 * runner's copy of the three velocity fields into the three residual
 * fields beside it (bytes read plus written), each the median of
 * `launches` wall-clock timings after a warm-up. */
#include "backends/serial/ns/ns_cpu_backend.h"

#include "core/timer.h"

#include <stdlib.h>
#include <string.h>

typedef struct measure_task {
    ns_cpu_arrays *arrays;
    size_t plane_bytes;
} measure_task;

static void momentum_body(void *context, int k)
{
    ns_serial_momentum_plane(((measure_task *)context)->arrays, k);
}

static void copy_body(void *context, int k)
{
    measure_task *task = context;
    size_t offset = (size_t)(k + NS_GHOST) * task->plane_bytes;
    for (int c = 0; c < NS_AXES; ++c) {
        memcpy((char *)task->arrays->residual[c] + offset,
               (const char *)task->arrays->velocity[c] + offset, task->plane_bytes);
    }
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of `launches` timings of body over the planes (one warm-up). */
static double median_seconds(ns_solver *solver, ns_plane_body *body, measure_task *task,
                             int launches, double *times)
{
    ns_cpu_ext *ext = solver->ext;
    ext->run(solver->grid.n[2], body, task, ext->threads);
    for (int r = 0; r < launches; ++r) {
        double start = swe_wall_seconds();
        ext->run(solver->grid.n[2], body, task, ext->threads);
        times[r] = swe_wall_seconds() - start;
    }
    qsort(times, (size_t)launches, sizeof *times, by_value);
    return times[launches / 2];
}

int ns_cpu_measure_momentum(ns_solver *solver, int launches, double *seconds, double *copy_GBps,
                            swe_error *err)
{
    if (solver == NULL || solver->ext == NULL || launches < 1 || seconds == NULL ||
        copy_GBps == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: measure a started solver");
    }
    double *times = malloc((size_t)launches * sizeof *times);
    if (times == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the timings");
    }
    ns_cpu_ext *ext = solver->ext;
    measure_task task = {.arrays = &ext->arrays,
                         .plane_bytes = solver->grid.stride[2] * sizeof(real)};
    *seconds = median_seconds(solver, momentum_body, &task, launches, times);
    double copy = median_seconds(solver, copy_body, &task, launches, times);
    *copy_GBps = 2.0 * (double)(NS_AXES * task.plane_bytes) * solver->grid.n[2] / copy / 1e9;
    free(times);
    /* The residuals hold the copy now: the kernel once more. */
    ext->run(solver->grid.n[2], momentum_body, &task, ext->threads);
    return SWE_OK;
}
