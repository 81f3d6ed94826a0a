#include "tests/cartesian/backend_run.h"

#include "cartesian/grid/stepping.h"
#include "tests/model_config.h"

#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

swe_cartesian_backend_config swe_test_config(const swe_cartesian_backend *backend,
                                             const swe_test_case *test_case)
{
    swe_cartesian_backend_config config = {.solver = test_case->solver,
                                           .manning = (real)test_case->manning};
    config.model =
        swe_test_model_config(backend != NULL ? backend->table.model : NULL, test_case->level, 0);
    return config;
}

int swe_test_try_start_block(swe_test_run *run, const swe_cartesian_backend *backend,
                             const swe_cartesian_backend_config *config, double cfl, swe_error *err)
{
    if (run == NULL || backend == NULL || config == NULL || !(cfl > 0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a test run needs a backend");
    }
    swe_block *block = &run->block;
    block->backend = backend;
    run->clock = (swe_clock){.cfl = cfl};
    int status = backend->init(block, config, err);
    if (status != SWE_OK) {
        return status;
    }
    status = backend->sync_after_write(block, err);
    if (status == SWE_OK) {
        status = backend->max_wave_speed(block, &run->clock.wave_speed, err);
    }
    if (status != SWE_OK) {
        backend->finalize(block);
    }
    return status;
}

void swe_test_start_block(swe_test_run *run, const swe_cartesian_backend *backend,
                          const swe_cartesian_backend_config *config, double cfl)
{
    swe_error err = {{0}};
    int status = swe_test_try_start_block(run, backend, config, cfl, &err);
    if (status != SWE_OK) {
        printf("\n  %s on a test block: %s\n",
               backend != NULL ? backend->table.model->name : "(no backend)", err.message);
    }
    CU_ASSERT_EQUAL_FATAL(status, SWE_OK);
}

int swe_test_try_start(swe_test_run *run, const swe_cartesian_backend *backend,
                       const swe_test_case *test_case, swe_error *err)
{
    if (run == NULL || test_case == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a test run needs a case");
    }
    const swe_scenario *scenario = swe_scenario_find(test_case->scenario);
    if (scenario == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "no scenario '%s'",
                        test_case->scenario != NULL ? test_case->scenario : "(none)");
    }
    int status =
        swe_scenario_create_block(scenario, test_case->nx, test_case->ny, &run->block, err);
    if (status != SWE_OK) {
        return status;
    }
    swe_cartesian_backend_config config = swe_test_config(backend, test_case);
    status = swe_test_try_start_block(run, backend, &config, scenario->default_cfl, err);
    if (status != SWE_OK) {
        swe_block_destroy(&run->block);
    }
    return status;
}

void swe_test_start(swe_test_run *run, const swe_cartesian_backend *backend,
                    const swe_test_case *test_case)
{
    swe_error err = {{0}};
    int status = swe_test_try_start(run, backend, test_case, &err);
    if (status != SWE_OK) {
        printf("\n  %s on %s: %s\n", backend != NULL ? backend->table.model->name : "(no backend)",
               test_case != NULL && test_case->scenario != NULL ? test_case->scenario : "(none)",
               err.message);
    }
    CU_ASSERT_EQUAL_FATAL(status, SWE_OK);
}

static void require_ok(int status, const char *what, const swe_test_run *run, const swe_error *err)
{
    if (status != SWE_OK) {
        printf("\n  %s on %s after %ld steps: %s\n", what, run->block.backend->table.model->name,
               run->clock.steps, err->message);
    }
    CU_ASSERT_EQUAL_FATAL(status, SWE_OK);
}

void swe_test_step(swe_test_run *run, double dt)
{
    swe_error err = {{0}};
    real next_speed = 0;
    require_ok(run->block.backend->step(&run->block, (real)dt, &next_speed, &err), "step", run,
               &err);
    run->clock.t += dt;
    run->clock.last_dt = dt;
    run->clock.wave_speed = next_speed;
    run->clock.steps += 1;
}

void swe_test_read(swe_test_run *run)
{
    swe_error err = {{0}};
    require_ok(run->block.backend->sync_before_read(&run->block, &err), "sync_before_read", run,
               &err);
}

void swe_test_take_steps(swe_test_run *run, int steps)
{
    for (int s = 0; s < steps; ++s) {
        swe_test_step(run, swe_time_step(&run->clock, run->block.dx, run->block.dy, 1.0e30));
    }
    swe_test_read(run);
}

void swe_test_advance_to(swe_test_run *run, double t_target)
{
    swe_error err = {{0}};
    require_ok(swe_advance(&run->block, &run->clock, t_target, &err), "advance", run, &err);
    swe_test_read(run);
}

int swe_test_try_advance_to(swe_test_run *run, double t_target, swe_error *err)
{
    int status = swe_advance(&run->block, &run->clock, t_target, err);
    if (status == SWE_OK) {
        swe_test_read(run);
    }
    return status;
}

void swe_test_stop(swe_test_run *run)
{
    if (run == NULL) {
        return;
    }
    if (run->block.backend != NULL) {
        run->block.backend->finalize(&run->block);
    }
    swe_block_destroy(&run->block);
}

/* The index in the scenario table of the index-th self-contained one. */
static const swe_scenario *self_contained_at(int index)
{
    for (int s = 0; s < swe_scenario_count(); ++s) {
        const swe_scenario *scenario = swe_scenario_at(s);
        if (!scenario->needs_input_files && index-- == 0) {
            return scenario;
        }
    }
    return NULL;
}

int swe_test_scenario_count(void)
{
    int count = 0;
    while (self_contained_at(count) != NULL) {
        ++count;
    }
    return count;
}

const char *swe_test_scenario_name(int index)
{
    const swe_scenario *scenario = self_contained_at(index);
    return scenario != NULL ? scenario->name : NULL;
}
