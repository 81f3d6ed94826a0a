/* The run driver over a model of its own (a clock that steps by a fixed
 * dt, in batches), so that what the driver promises every application is
 * checked apart from any numerics: checkpoints at the first step boundary
 * past each multiple of --checkpoint-every, whatever the batches; the
 * guard's message; restarts; a model that takes no step. Also the model
 * interface as an application engineer meets it (docs/ARCHITECTURE.md). */
#include "run/driver.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { MAX_RECORDS = 32 };

/* A model whose state is its clock: steps of DT (clipped at t_target),
 * up to `batch` per advance, stopping at the first boundary past a pause
 * as the contract asks. It goes wrong (wave speed NaN) at step nan_step. */
static const double DT = 0.375; /* 3/8: every time below is exact in binary */

typedef struct toy_model {
    int batch;
    long nan_step;     /* 0: never */
    int finds_cell;    /* check_state names a place once the state went wrong */
    int ignores_pause; /* breaks the contract: batches run through pauses */
    int takes_no_step; /* breaks the contract: returns without a step */
    swe_checkpoint_position restored;
    int checkpoints, snapshots, opened_at, closed_keeping;
    swe_checkpoint_position checkpoint[MAX_RECORDS];
    double snapshot_time[MAX_RECORDS];
    int broken;
} toy_model;

static int toy_start(void *self, swe_clock *clock, swe_error *err)
{
    (void)self;
    (void)err;
    clock->wave_speed = 1;
    return SWE_OK;
}

static int toy_advance(void *self, swe_clock *clock, double t_target, double t_pause,
                       swe_error *err)
{
    (void)err;
    toy_model *toy = self;
    for (int s = 0; s < toy->batch && !toy->takes_no_step; ++s) {
        double dt = DT < t_target - clock->t ? DT : t_target - clock->t;
        clock->t = dt < t_target - clock->t ? clock->t + dt : t_target;
        clock->last_dt = dt;
        clock->steps += 1;
        toy->broken = toy->broken || clock->steps == toy->nan_step;
        clock->wave_speed = toy->broken ? NAN : 1;
        if (!(clock->t < t_target) || !isfinite(clock->wave_speed) ||
            (!toy->ignores_pause && clock->t >= t_pause)) {
            break;
        }
    }
    return SWE_OK;
}

static int toy_check_state(void *self, const swe_clock *clock, swe_error *err)
{
    const toy_model *toy = self;
    return toy->broken && toy->finds_cell ? swe_fail_invalid_state(err, clock, "value 7 is nan")
                                          : SWE_OK;
}

static int toy_restore(void *self, const char *path, swe_checkpoint_position *position,
                       swe_error *err)
{
    (void)path;
    (void)err;
    *position = ((const toy_model *)self)->restored;
    return SWE_OK;
}

static int toy_open_outputs(void *self, int first_snapshot, swe_error *err)
{
    (void)err;
    ((toy_model *)self)->opened_at = first_snapshot;
    return SWE_OK;
}

static int toy_write_snapshot(void *self, int snapshot, double time, swe_error *err)
{
    (void)snapshot;
    (void)err;
    toy_model *toy = self;
    if (toy->snapshots < MAX_RECORDS) {
        toy->snapshot_time[toy->snapshots++] = time;
    }
    return SWE_OK;
}

static int toy_write_checkpoint(void *self, const char *path,
                                const swe_checkpoint_position *position, swe_error *err)
{
    (void)path;
    (void)err;
    toy_model *toy = self;
    if (toy->checkpoints < MAX_RECORDS) {
        toy->checkpoint[toy->checkpoints++] = *position;
    }
    return SWE_OK;
}

static int toy_close_outputs(void *self, int keep, swe_error *err)
{
    (void)err;
    ((toy_model *)self)->closed_keeping = keep;
    return SWE_OK;
}

static const swe_model_verbs toy_verbs = {.start = toy_start,
                                          .advance = toy_advance,
                                          .check_state = toy_check_state,
                                          .restore = toy_restore,
                                          .open_outputs = toy_open_outputs,
                                          .write_snapshot = toy_write_snapshot,
                                          .write_checkpoint = toy_write_checkpoint,
                                          .close_outputs = toy_close_outputs};

/* t_end 3 s in 2 snapshots, a checkpoint every second. */
static int drive_toy(toy_model *toy, const char *restart, swe_run_result *result, swe_error *err)
{
    const swe_drive_settings settings = {.t_end = 3.0,
                                         .outputs = 2,
                                         .cfl = 0.5,
                                         .writes_files = 1,
                                         .quiet = 1,
                                         .checkpoint_every = 1.0,
                                         .checkpoint_path = "toy.checkpoint",
                                         .restart_path = restart};
    const swe_model model = {.verbs = &toy_verbs, .self = toy};
    memset(result, 0, sizeof *result);
    return swe_drive(&settings, &model, NULL, result, err);
}

/* Steps at 0.375 s: the first boundaries at or past 1 s and 2 s are
 * 1.125 s (step 3) and 2.25 s (step 6); none at the end. */
static void assert_checkpoints_of_a_whole_run(const toy_model *toy)
{
    CU_ASSERT_EQUAL_FATAL(toy->checkpoints, 2);
    CU_ASSERT_DOUBLE_EQUAL(toy->checkpoint[0].clock.t, 1.125, 0);
    CU_ASSERT_EQUAL(toy->checkpoint[0].clock.steps, 3);
    CU_ASSERT_EQUAL(toy->checkpoint[0].next_snapshot, 1);
    CU_ASSERT_DOUBLE_EQUAL(toy->checkpoint[1].clock.t, 2.25, 0);
    CU_ASSERT_EQUAL(toy->checkpoint[1].clock.steps, 6);
    CU_ASSERT_EQUAL(toy->checkpoint[1].next_snapshot, 2);
}

static void test_checkpoints_at_the_first_boundary_past_each_multiple(void)
{
    for (int batch = 1; batch <= 7; ++batch) {
        toy_model toy = {.batch = batch};
        swe_run_result result;
        swe_error err = {{0}};
        CU_ASSERT_EQUAL_FATAL(drive_toy(&toy, NULL, &result, &err), SWE_OK);
        assert_checkpoints_of_a_whole_run(&toy);
        CU_ASSERT_EQUAL(result.steps, 8);
        CU_ASSERT_EQUAL(toy.snapshots, 3);
        CU_ASSERT_DOUBLE_EQUAL(toy.snapshot_time[1], 1.5, 0);
        CU_ASSERT_DOUBLE_EQUAL(toy.snapshot_time[2], 3.0, 0);
        CU_ASSERT_EQUAL(toy.closed_keeping, 1);
    }
    /* The check can fail: a model that runs through the pause puts its
     * checkpoint at a later boundary. */
    toy_model careless = {.batch = 5, .ignores_pause = 1};
    swe_run_result result;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(drive_toy(&careless, NULL, &result, &err), SWE_OK);
    CU_ASSERT(careless.checkpoints >= 1 && careless.checkpoint[0].clock.steps != 3);
}

static void test_restart_continues_from_the_position(void)
{
    toy_model toy = {
        .batch = 2,
        .restored = {.clock = {.t = 1.125, .steps = 3, .last_dt = DT, .cfl = 0.5, .wave_speed = 1},
                     .next_snapshot = 1}};
    swe_run_result result;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(drive_toy(&toy, "toy.checkpoint", &result, &err), SWE_OK);
    CU_ASSERT_EQUAL(toy.opened_at, 1);
    CU_ASSERT_EQUAL(result.steps, 8); /* as the run that never stopped */
    CU_ASSERT_EQUAL_FATAL(toy.checkpoints, 1);
    CU_ASSERT_DOUBLE_EQUAL(toy.checkpoint[0].clock.t, 2.25, 0);
    CU_ASSERT_EQUAL(toy.snapshots, 2); /* 1 and 2: snapshot 0 was written before */
}

static void test_invalid_state_stops_the_run_and_keeps_the_files(void)
{
    toy_model toy = {.batch = 3, .nan_step = 5, .finds_cell = 1};
    swe_run_result result;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(drive_toy(&toy, NULL, &result, &err), SWE_ERROR_RUNTIME);
    CU_ASSERT_STRING_EQUAL(err.message,
                           "step 5 at t = 1.875 s made the state invalid (NaN, infinite or "
                           "unphysical values): value 7 is nan (try a smaller --cfl)");
    CU_ASSERT_EQUAL(toy.closed_keeping, 1);
    CU_ASSERT_EQUAL(toy.snapshots, 2); /* 0 s and 1.5 s */
    CU_ASSERT_EQUAL(result.steps, 5);

    toy_model nowhere = {.batch = 1, .nan_step = 2};
    CU_ASSERT_EQUAL(drive_toy(&nowhere, NULL, &result, &err), SWE_ERROR_RUNTIME);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "step 2 at t = 0.75 s made the state invalid"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "no single cell shows it (try a smaller --cfl)"));
}

static void test_an_advance_without_a_step_is_an_error(void)
{
    toy_model stuck = {.batch = 1, .takes_no_step = 1};
    swe_run_result result;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(drive_toy(&stuck, NULL, &result, &err), SWE_ERROR_RUNTIME);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "took no step"));
    CU_ASSERT_EQUAL(stuck.closed_keeping, 0);
}

static void test_a_model_without_a_verb_is_refused(void)
{
    swe_model_verbs partial = toy_verbs;
    partial.write_checkpoint = NULL;
    toy_model toy = {.batch = 1};
    const swe_model model = {.verbs = &partial, .self = &toy};
    const swe_drive_settings settings = {.t_end = 1, .outputs = 1, .cfl = 0.5};
    swe_run_result result;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(swe_drive(&settings, &model, NULL, &result, &err), SWE_ERROR_USAGE);
    CU_ASSERT_EQUAL(toy.snapshots, 0);
}

void register_driver_tests(void)
{
    CU_pSuite suite = CU_add_suite("driver", NULL, NULL);
    swe_test_require_registered(suite, "suite driver");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"checkpoints at the first boundary past each multiple",
         test_checkpoints_at_the_first_boundary_past_each_multiple},
        {"a restart continues from its position", test_restart_continues_from_the_position},
        {"an invalid state stops the run, files kept",
         test_invalid_state_stops_the_run_and_keeps_the_files},
        {"an advance without a step is an error", test_an_advance_without_a_step_is_an_error},
        {"a model without a verb is refused", test_a_model_without_a_verb_is_refused},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
