/* The backend contract (common/cartesian/grid/backend.h) as the registry checks it,
 * and the contract of advance on every registered backend and level that
 * has one: it returns at the first step boundary at or past the pause it
 * is given, and pauses change no step (a run with them ends bit for bit as
 * one without). Levels with dt on the host have no advance at all, so the
 * driver steps them and reports progress at every step. */
#include "cartesian/grid/stepping.h"
#include "cartesian/program/options.h"
#include "tests/cartesian/backend_run.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;

static void test_registered_tables_keep_the_contract(void)
{
    CU_ASSERT(swe_registry_count(&swe_cartesian_models) >= 1);
    for (int index = 0; index < swe_registry_count(&swe_cartesian_models); ++index) {
        swe_error err = {{0}};
        const swe_cartesian_backend *backend = NULL;
        CU_ASSERT_EQUAL(
            swe_cartesian_backend_lookup(
                swe_registry_linked_at(&swe_cartesian_models, index)->model->name, &backend, &err),
            SWE_OK);
        CU_ASSERT_PTR_EQUAL(swe_cartesian_backend_at(index), backend);
        if (backend == NULL) {
            fprintf(stderr, "\n    %s", err.message);
        }
    }
}

/* Refused with SWE_ERROR_USAGE and a message naming the backend and
 * every word of what. */
static void expect_refused(const swe_cartesian_backend *table, const char *what, const char *also)
{
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(swe_registry_check(&swe_cartesian_models, &(table)->table, &err),
                    SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "backend 'serial'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, what));
    CU_ASSERT(also == NULL || strstr(err.message, also) != NULL);
    if (strstr(err.message, what) == NULL) {
        fprintf(stderr, "\n    expected '%s' in: %s", what, err.message);
    }
}

static int every_block(const swe_block *block)
{
    (void)block;
    return 1;
}

/* Layer verbs that are never called: only their presence is checked. */
static int sync_nothing(swe_block *block, swe_error *err)
{
    (void)block;
    (void)err;
    return SWE_OK;
}

static int no_buffer(swe_block *block, size_t bytes, void **buffer, swe_error *err)
{
    (void)block;
    (void)bytes;
    (void)err;
    *buffer = NULL;
    return SWE_OK;
}

static void free_no_buffer(swe_block *block, void *buffer)
{
    (void)block;
    (void)buffer;
}

static void test_an_incomplete_table_is_refused_naming_the_verb(void)
{
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(
        swe_registry_check(&swe_cartesian_models, &(&swe_cartesian_serial_backend)->table, &err),
        SWE_OK);
    /* Each required verb, cleared in a copy of a complete table. */
    static const struct {
        const char *name;
        size_t offset;
    } required[] = {{"init", offsetof(swe_cartesian_backend, init)},
                    {"finalize", offsetof(swe_cartesian_backend, finalize)},
                    {"sync_after_write", offsetof(swe_cartesian_backend, sync_after_write)},
                    {"sync_before_read", offsetof(swe_cartesian_backend, sync_before_read)},
                    {"max_wave_speed", offsetof(swe_cartesian_backend, max_wave_speed)},
                    {"step", offsetof(swe_cartesian_backend, step)}};
    for (size_t v = 0; v < sizeof required / sizeof required[0]; ++v) {
        swe_cartesian_backend broken = swe_cartesian_serial_backend;
        memset((char *)&broken + required[v].offset, 0, sizeof broken.step);
        char quoted[32];
        snprintf(quoted, sizeof quoted, "no '%s'", required[v].name);
        expect_refused(&broken, quoted, "required");
    }
    swe_cartesian_backend half_pair = swe_cartesian_serial_backend;
    half_pair.unpack_ghost_layer = NULL;
    expect_refused(&half_pair, "'unpack_ghost_layer'", NULL);
    swe_cartesian_backend half_ring = swe_cartesian_serial_backend;
    half_ring.step_ring = NULL;
    expect_refused(&half_ring, "'step_ring'", NULL);
    swe_programming_model unknown_model = *swe_cartesian_serial_backend.table.model;
    unknown_model.agreement = (enum swe_serial_agreement)7;
    swe_cartesian_backend unknown_agreement = swe_cartesian_serial_backend;
    unknown_agreement.table.model = &unknown_model;
    expect_refused(&unknown_agreement, "neither bit for bit nor to rounding", NULL);
    swe_cartesian_backend predicate_alone = swe_cartesian_serial_backend;
    predicate_alone.advances = every_block;
    expect_refused(&predicate_alone, "'advances' without 'advance'", NULL);
    swe_cartesian_backend overlaps_alone = swe_cartesian_serial_backend;
    overlaps_alone.step_interior = NULL;
    overlaps_alone.step_ring = NULL;
    overlaps_alone.overlaps = every_block;
    expect_refused(&overlaps_alone, "'overlaps' without 'step_interior'", NULL);
    swe_cartesian_backend sync_alone = swe_cartesian_serial_backend;
    sync_alone.pack_copy_layer = NULL;
    sync_alone.unpack_ghost_layer = NULL;
    sync_alone.sync_layers = sync_nothing;
    expect_refused(&sync_alone, "'sync_layers' without 'pack_copy_layer'", NULL);
    swe_cartesian_backend half_buffers = swe_cartesian_serial_backend;
    half_buffers.sync_layers = sync_nothing;
    half_buffers.alloc_layer_buffer = no_buffer;
    expect_refused(&half_buffers, "'free_layer_buffer'", NULL);
    swe_cartesian_backend unsynced_buffers = swe_cartesian_serial_backend;
    unsynced_buffers.alloc_layer_buffer = no_buffer;
    unsynced_buffers.free_layer_buffer = free_no_buffer;
    expect_refused(&unsynced_buffers, "'alloc_layer_buffer' without 'sync_layers'", NULL);
    static const swe_model_option clash[] = {{.name = "a", .help = "a", .slot = 1},
                                             {.name = "b", .help = "b", .slot = 1}};
    swe_programming_model clash_model = *swe_cartesian_serial_backend.table.model;
    clash_model.options = clash;
    clash_model.option_count = 2;
    swe_cartesian_backend shared_slot = swe_cartesian_serial_backend;
    shared_slot.table.model = &clash_model;
    expect_refused(&shared_slot, "share a slot", NULL);
}

static void test_lookup_refuses_what_is_not_built(void)
{
    const swe_cartesian_backend *backend = &swe_cartesian_serial_backend;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(swe_cartesian_backend_lookup("cobol", &backend, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NULL(backend);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "backend 'cobol' is not built"));
    CU_ASSERT_PTR_NULL(swe_cartesian_backend_find("cobol"));
    CU_ASSERT_PTR_EQUAL(swe_cartesian_backend_find("serial"), &swe_cartesian_serial_backend);
}

/* A block of the radial dam break on backend at level, or 0 (a backend
 * without a device here). */
static int start(const swe_cartesian_backend *backend, int level, swe_test_run *run)
{
    const swe_test_case c = {"radial-dam-break", 41, 29, SWE_SOLVER_FWAVE, level, 0};
    swe_error err = {{0}};
    int status = swe_test_try_start(run, backend, &c, &err);
    if (status == SWE_ERROR_USAGE) {
        printf(" (%s skipped: %.60s...)", backend->table.model->name, err.message);
        return 0;
    }
    CU_ASSERT_EQUAL_FATAL(status, SWE_OK);
    return 1;
}

/* Advances to t_end with a pause at every multiple of every (INFINITY:
 * none); a return at or past a pause must be the first boundary there. */
static long run_with_pauses(swe_block *block, swe_clock *clock, double t_end, double every)
{
    swe_error err = {{0}};
    double pause = isfinite(every) ? every : INFINITY;
    long late_returns = 0;
    while (clock->t < t_end) {
        CU_ASSERT_EQUAL_FATAL(swe_block_advance(block, clock, t_end, pause, &err), SWE_OK);
        if (clock->t >= pause) {
            late_returns += clock->t - clock->last_dt >= pause * (1 + 1e-12);
            pause = (floor(clock->t / every) + 1) * every;
        }
    }
    CU_ASSERT_EQUAL(late_returns, 0);
    CU_ASSERT_EQUAL_FATAL(block->backend->sync_before_read(block, &err), SWE_OK);
    return late_returns;
}

/* 0 when the backend cannot run here. */
static int check_advance_of_level(const swe_cartesian_backend *backend, int level)
{
    swe_test_run with, without;
    if (!start(backend, level, &without)) {
        return 0;
    }
    CU_ASSERT_FATAL(start(backend, level, &with));
    if (swe_block_has_advance(&with.block)) {
        printf(" (%s level %d: advance)", backend->table.model->name, level);
    }
    /* Steps of about 1 s; a pause every 3 steps or so. */
    const double t_end = 60.0;
    run_with_pauses(&without.block, &without.clock, t_end, INFINITY);
    run_with_pauses(&with.block, &with.clock, t_end, 2.9);
    CU_ASSERT_EQUAL(with.clock.steps, without.clock.steps);
    CU_ASSERT(with.clock.t == without.clock.t);
    CU_ASSERT(swe_block_interiors_equal(&with.block, &without.block));
    CU_ASSERT(with.clock.steps > 40); /* pauses between steps, not after each */
    swe_test_stop(&with);
    swe_test_stop(&without);
    return 1;
}

static void test_advance_stops_at_pauses_without_changing_steps(void)
{
    for (int index = 0; index < swe_registry_count(&swe_cartesian_models); ++index) {
        const swe_cartesian_backend *backend = swe_cartesian_backend_at(index);
        CU_ASSERT_PTR_NOT_NULL_FATAL(backend);
        int runs_here = 1;
        for (int level = backend->table.levels > 0 ? 1 : 0;
             runs_here && level <= backend->table.levels; ++level) {
            runs_here = check_advance_of_level(backend, level);
        }
    }
}

void register_backend_contract_tests(void)
{
    CU_pSuite suite = CU_add_suite("backend-contract", NULL, NULL);
    swe_test_require_registered(suite, "suite backend-contract");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"registered tables keep the contract", test_registered_tables_keep_the_contract},
        {"an incomplete table is refused naming the verb",
         test_an_incomplete_table_is_refused_naming_the_verb},
        {"lookup refuses what is not built", test_lookup_refuses_what_is_not_built},
        {"advance stops at pauses without changing steps",
         test_advance_stops_at_pauses_without_changing_steps},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
