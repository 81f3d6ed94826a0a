#include "cartesian/grid/stepping.h"

#include "cartesian/grid/state_check.h"
#include "shallow_water/time_step.h"

#include <math.h>

double swe_time_step(const swe_clock *clock, real dx, real dy, double t_target)
{
    return swe_time_step_rule(clock->t, t_target, clock->wave_speed, clock->cfl, dx, dy);
}

int swe_block_has_advance(const swe_block *block)
{
    const swe_cartesian_backend *backend = block->backend;
    return backend->advance != NULL && (backend->advances == NULL || backend->advances(block));
}

static int take_step(swe_block *block, swe_clock *clock, double t_target, swe_error *err)
{
    double dt = swe_time_step(clock, block->dx, block->dy, t_target);
    real next_speed = 0;
    int status = block->backend->step(block, (real)dt, &next_speed, err);
    if (status == SWE_OK) {
        clock->t = swe_time_after_step(clock->t, dt, t_target);
        clock->last_dt = dt;
        clock->wave_speed = next_speed;
        clock->steps += 1;
    }
    return status;
}

static int check_arguments(const swe_block *block, const swe_clock *clock, swe_error *err)
{
    return block != NULL && block->backend != NULL && clock != NULL
               ? SWE_OK
               : swe_fail(err, SWE_ERROR_USAGE, "internal error: advance needs a block and clock");
}

int swe_block_advance(swe_block *block, swe_clock *clock, double t_target, double t_pause,
                      swe_error *err)
{
    int status = check_arguments(block, clock, err);
    if (status != SWE_OK || !(clock->t < t_target)) {
        return status;
    }
    return swe_block_has_advance(block)
               ? block->backend->advance(block, clock, t_target, t_pause, err)
               : take_step(block, clock, t_target, err);
}

int swe_block_describe_invalid(swe_block *block, int *found, char *where, size_t size,
                               swe_error *err)
{
    if (block == NULL || block->backend == NULL || found == NULL || where == NULL || size == 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nothing to describe");
    }
    int i, j;
    int status = block->backend->sync_before_read(block, err);
    *found = status == SWE_OK && swe_state_find_invalid(block, &i, &j);
    if (*found) {
        swe_state_describe_cell(block, i, j, where, size);
    } else {
        snprintf(where, size, "no single cell shows it");
    }
    return status;
}

/* The failure of a state whose wave speed stopped being finite. */
static int invalid_state(swe_block *block, const swe_clock *clock, swe_error *err)
{
    char where[256];
    int found;
    int status = swe_block_describe_invalid(block, &found, where, sizeof where, err);
    return status != SWE_OK ? status : swe_fail_invalid_state(err, clock, where);
}

/* Up to t_target, by_steps: never through the backend's advance. */
static int advance_to(swe_block *block, swe_clock *clock, double t_target, int by_steps,
                      swe_error *err)
{
    int status = check_arguments(block, clock, err);
    while (status == SWE_OK && clock->t < t_target) {
        status = by_steps ? take_step(block, clock, t_target, err)
                          : swe_block_advance(block, clock, t_target, INFINITY, err);
        if (status == SWE_OK && !isfinite(clock->wave_speed)) {
            status = invalid_state(block, clock, err);
        }
    }
    return status;
}

int swe_advance(swe_block *block, swe_clock *clock, double t_target, swe_error *err)
{
    return advance_to(block, clock, t_target, 0, err);
}

int swe_advance_by_steps(swe_block *block, swe_clock *clock, double t_target, swe_error *err)
{
    return advance_to(block, clock, t_target, 1, err);
}
