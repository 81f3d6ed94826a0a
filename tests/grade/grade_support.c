/* The machinery of the graded suites (see grade_support.h). */
#include "tests/grade/grade_support.h"

#include "cartesian/grid/stepping.h"
#include "cartesian/program/options.h"
#include "cartesian/scenarios/scenario.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The configuration of this grading process: set once in main() before
 * the tests run, read by every test (a test takes no arguments). */
static struct grade_state {
    enum grade_role role;
    uint64_t seed;
    FILE *output;
} state;

void grade_configure(enum grade_role role, uint64_t seed, FILE *output)
{
    state.role = role;
    state.seed = seed;
    state.output = output;
}

enum grade_role grade_role(void)
{
    return state.role;
}

_Noreturn void grade_harness_failure(const char *what)
{
    fprintf(stderr, "shallows-grade: %s\n", what);
    exit(3);
}

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

grade_rng grade_case_rng(const char *test_id, int case_number)
{
    uint64_t hash = 1469598103934665603ULL; /* FNV-1a of the test id */
    for (const char *c = test_id; c != NULL && *c != '\0'; ++c) {
        hash = (hash ^ (unsigned char)*c) * 1099511628211ULL;
    }
    grade_rng rng = {state.seed ^ hash ^ ((uint64_t)case_number << 32)};
    splitmix64(&rng.state);
    return rng;
}

double grade_uniform(grade_rng *rng, double low, double high)
{
    double unit = (double)(splitmix64(&rng->state) >> 11) * 0x1.0p-53;
    return low + (high - low) * unit;
}

int grade_integer(grade_rng *rng, int low, int high)
{
    uint64_t span = (uint64_t)(high - low) + 1;
    return low + (int)(splitmix64(&rng->state) % span);
}

void grade_random_state(grade_rng *rng, swe_block *block)
{
    const double dry = SWE_DRY_TOLERANCE;
    for (size_t c = 0; c < swe_block_size(block); ++c) {
        double kind = grade_uniform(rng, 0, 1);
        double h = kind < 0.12   ? 0
                   : kind < 0.22 ? grade_uniform(rng, 0, 2 * dry)
                                 : grade_uniform(rng, 0.05, 10);
        block->h[c] = (real)h;
        block->hu[c] = (real)(h * grade_uniform(rng, -3, 3));
        block->hv[c] = (real)(h * grade_uniform(rng, -3, 3));
        block->b[c] = (real)grade_uniform(rng, -8, 0);
    }
}

void grade_random_moving_state(grade_rng *rng, swe_block *block)
{
    if (block == NULL || (long)block->nx * block->ny < 2) {
        grade_harness_failure("internal error: a moving state needs two interior cells");
    }
    grade_random_state(rng, block);
    int along_x = block->nx > 1 && (block->ny == 1 || grade_uniform(rng, 0, 1) < 0.5);
    int i = grade_integer(rng, 1, block->nx - (along_x ? 1 : 0));
    int j = grade_integer(rng, 1, block->ny - (along_x ? 0 : 1));
    size_t deep = SWE_INDEX(block, i, j);
    size_t shallow = SWE_INDEX(block, i + along_x, j + !along_x);
    block->h[deep] = (real)grade_uniform(rng, 2, 10);
    block->h[shallow] = (real)grade_uniform(rng, 0.05, 1);
}

static grade_field *add_field(grade_outputs *outputs, const char *name, size_t count, char type,
                              enum grade_layout layout, const int numbers[GRADE_LAYOUT_NUMBERS])
{
    if (outputs == NULL || name == NULL || outputs->count >= GRADE_MAX_FIELDS) {
        grade_harness_failure("internal error: too many output fields");
    }
    size_t size = type == 'd' ? sizeof(double) : sizeof(real);
    grade_field *field = &outputs->fields[outputs->count];
    memset(field, 0, sizeof *field);
    field->values = malloc((count > 0 ? count : 1) * size);
    if (field->values == NULL) {
        grade_harness_failure("out of memory for the outputs of a case");
    }
    snprintf(field->name, sizeof field->name, "%s", name);
    field->count = count;
    field->type = type;
    field->layout = layout;
    for (int n = 0; numbers != NULL && n < GRADE_LAYOUT_NUMBERS; ++n) {
        field->numbers[n] = numbers[n];
    }
    outputs->count++;
    return field;
}

real *grade_add_field(grade_outputs *outputs, const char *name, size_t count,
                      enum grade_layout layout, const int numbers[GRADE_LAYOUT_NUMBERS])
{
    real *values = add_field(outputs, name, count, 'r', layout, numbers)->values;
    for (size_t v = 0; v < count; ++v) {
        values[v] = (real)NAN;
    }
    return values;
}

double *grade_add_doubles(grade_outputs *outputs, const char *name, size_t count,
                          enum grade_layout layout, const int numbers[GRADE_LAYOUT_NUMBERS])
{
    double *values = add_field(outputs, name, count, 'd', layout, numbers)->values;
    for (size_t v = 0; v < count; ++v) {
        values[v] = NAN;
    }
    return values;
}

real *grade_add_value(grade_outputs *outputs, const char *name)
{
    return grade_add_field(outputs, name, 1, GRADE_LIST, NULL);
}

real *grade_add_cells(grade_outputs *outputs, const char *name, int nx, int ny)
{
    const int numbers[GRADE_LAYOUT_NUMBERS] = {nx, ny};
    return grade_add_field(outputs, name, (size_t)nx * (size_t)ny, GRADE_CELLS, numbers);
}

real *grade_add_block(grade_outputs *outputs, const char *name, int nx, int ny)
{
    const int numbers[GRADE_LAYOUT_NUMBERS] = {nx, ny};
    return grade_add_field(outputs, name, (size_t)(nx + 2) * (size_t)(ny + 2), GRADE_BLOCK,
                           numbers);
}

void grade_hint(grade_outputs *outputs, const char *hint)
{
    if (outputs != NULL && outputs->count > 0) {
        outputs->fields[outputs->count - 1].hint = hint;
    }
}

void grade_scale_tolerance(grade_outputs *outputs, double scale)
{
    if (outputs != NULL && outputs->count > 0 && scale >= 1 && isfinite(scale)) {
        outputs->fields[outputs->count - 1].tolerance_scale = scale;
    }
}

void grade_free_outputs(grade_outputs *outputs)
{
    for (int f = 0; outputs != NULL && f < outputs->count; ++f) {
        free(outputs->fields[f].values);
    }
    if (outputs != NULL) {
        outputs->count = 0;
    }
}

static void write_case(const grade_case *a_case, const grade_outputs *outputs, int ranks,
                       const char *arguments)
{
    grade_stream_case(state.output, a_case->number, a_case->cases, a_case->tolerance_ulps,
                      a_case->description);
    if (arguments != NULL) {
        grade_stream_launch(state.output, ranks, arguments);
    }
    for (int f = 0; f < outputs->count; ++f) {
        grade_stream_field(state.output, &outputs->fields[f]);
    }
    if (fflush(state.output) != 0) {
        grade_harness_failure("cannot write the outputs (the grader stopped reading)");
    }
}

void grade_emit_case(const grade_case *a_case, grade_side actual, grade_side expected,
                     const void *input)
{
    grade_side side = state.role == GRADE_EXPECTED ? expected : actual;
    if (side.compute == NULL) {
        grade_harness_failure("internal error: a case without a way to compute it");
    }
    grade_outputs outputs = {0};
    side.compute(side.kernels, input, &outputs);
    write_case(a_case, &outputs, 0, NULL);
    grade_free_outputs(&outputs);
}

void grade_emit_launched_case(const grade_case *a_case, int ranks, const char *arguments,
                              grade_outputs *expected)
{
    if (state.role != GRADE_EXPECTED) {
        grade_harness_failure(
            "this test runs as MPI jobs, one per case, started by tools/teaching/grade.py");
    }
    write_case(a_case, expected, ranks, arguments);
}

void grade_run_outputs(const swe_cartesian_backend *backend, const grade_run *run,
                       grade_outputs *outputs)
{
    real *h = grade_add_cells(outputs, "h", run->nx, run->ny);
    real *hu = grade_add_cells(outputs, "hu", run->nx, run->ny);
    real *hv = grade_add_cells(outputs, "hv", run->nx, run->ny);
    real *speed = grade_add_value(outputs, "wave_speed");
    const swe_scenario *scenario = swe_scenario_find(run->scenario);
    swe_block block;
    swe_error err;
    if (backend == NULL || scenario == NULL ||
        swe_scenario_create_block(scenario, run->nx, run->ny, &block, &err)) {
        return;
    }
    block.backend = backend;
    swe_cartesian_backend_config config = {.solver = run->solver, .model.level = run->level};
    config.model.option_values[0] = run->model_option;
    swe_clock clock = {.cfl = scenario->default_cfl};
    int status = backend->init(&block, &config, &err);
    if (status == SWE_OK) {
        status = backend->sync_after_write(&block, &err);
        status = status ? status : backend->max_wave_speed(&block, &clock.wave_speed, &err);
        for (int s = 0; status == SWE_OK && s < run->steps; ++s) {
            double dt = swe_time_step(&clock, block.dx, block.dy, 1.0e30);
            status = backend->step(&block, (real)dt, &clock.wave_speed, &err);
        }
        status = status ? status : backend->sync_before_read(&block, &err);
        backend->finalize(&block);
    }
    if (status == SWE_OK) {
        grade_copy_interior(&block, h, hu, hv);
        *speed = clock.wave_speed;
    } else {
        fprintf(stderr, "%s\n", err.message);
    }
    swe_block_destroy(&block);
}
