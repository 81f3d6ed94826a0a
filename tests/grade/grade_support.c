/* The machinery of the graded suites (see grade_support.h). */
#include "grade_support.h"

#include "grid/stepping.h"
#include "run/options.h"
#include "scenarios/scenario.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SWE_PRECISION_DOUBLE
#define GRADE_EPSILON 2.2e-16
#else
#define GRADE_EPSILON 1.2e-7
#endif

/* One recorded or loaded expected array, keyed "test/case/field". */
typedef struct grade_entry {
    char *key;
    real *values;
    size_t count;
} grade_entry;

/* The configuration of this grading process: set once in main() before
 * the tests run, read by every test (CUnit tests take no arguments). */
static struct grade_state {
    enum grade_mode mode;
    uint64_t seed;
    grade_entry *entries;
    size_t entry_count, entry_capacity;
} state;

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

real *grade_add_field(grade_outputs *outputs, const char *name, size_t count)
{
    if (outputs == NULL || name == NULL || outputs->count >= GRADE_MAX_FIELDS) {
        fprintf(stderr, "grade: internal error: too many output fields\n");
        abort();
    }
    real *values = malloc((count > 0 ? count : 1) * sizeof *values);
    if (values == NULL) {
        fprintf(stderr, "grade: out of memory\n");
        abort();
    }
    for (size_t v = 0; v < count; ++v) {
        values[v] = (real)NAN;
    }
    outputs->fields[outputs->count++] = (grade_field){name, values, count};
    return values;
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

static void same_layout(grade_outputs *copy, const grade_outputs *outputs)
{
    copy->count = 0;
    for (int f = 0; f < outputs->count; ++f) {
        grade_add_field(copy, outputs->fields[f].name, outputs->fields[f].count);
    }
}

static void key_of(char *key, size_t size, const char *test_id, int case_number, const char *field)
{
    snprintf(key, size, "%s/%d/%s", test_id, case_number, field);
}

static const grade_entry *find_entry(const char *key)
{
    for (size_t e = 0; e < state.entry_count; ++e) {
        if (strcmp(state.entries[e].key, key) == 0) {
            return &state.entries[e];
        }
    }
    return NULL;
}

static int add_entry(char *key, real *values, size_t count)
{
    if (state.entry_count == state.entry_capacity) {
        size_t capacity = state.entry_capacity ? 2 * state.entry_capacity : 64;
        grade_entry *grown = realloc(state.entries, capacity * sizeof *grown);
        if (grown == NULL) {
            return 0;
        }
        state.entries = grown;
        state.entry_capacity = capacity;
    }
    state.entries[state.entry_count++] = (grade_entry){key, values, count};
    return 1;
}

static int record(const char *key, const real *values, size_t count)
{
    char *copy_key = malloc(strlen(key) + 1);
    real *copy = malloc((count > 0 ? count : 1) * sizeof *copy);
    if (copy_key == NULL || copy == NULL) {
        free(copy_key);
        free(copy);
        return 0;
    }
    strcpy(copy_key, key);
    memcpy(copy, values, count * sizeof *copy);
    if (!add_entry(copy_key, copy, count)) {
        free(copy_key);
        free(copy);
        return 0;
    }
    return 1;
}

/* Fills expected: the reference kernels' outputs (recorded when writing
 * data), or the shipped data laid out like actual. */
static int expected_outputs(const char *test_id, int case_number, grade_compute compute,
                            const void *reference_kernels, const void *input,
                            const grade_outputs *actual, grade_outputs *expected, char *message,
                            size_t message_size)
{
    char key[160];
    if (state.mode != GRADE_AGAINST_DATA) {
        if (reference_kernels == NULL) {
            snprintf(message, message_size, "no reference kernels in this build");
            return 0;
        }
        compute(reference_kernels, input, expected);
        for (int f = 0; state.mode == GRADE_WRITING_DATA && f < expected->count; ++f) {
            key_of(key, sizeof key, test_id, case_number, expected->fields[f].name);
            if (!record(key, expected->fields[f].values, expected->fields[f].count)) {
                snprintf(message, message_size, "out of memory recording reference data");
                return 0;
            }
        }
        return 1;
    }
    same_layout(expected, actual);
    for (int f = 0; f < expected->count; ++f) {
        key_of(key, sizeof key, test_id, case_number, expected->fields[f].name);
        const grade_entry *entry = find_entry(key);
        if (entry == NULL || entry->count != expected->fields[f].count) {
            snprintf(message, message_size,
                     "the reference data has no %s: regenerate it with make student-release", key);
            return 0;
        }
        memcpy(expected->fields[f].values, entry->values, entry->count * sizeof(real));
    }
    return 1;
}

static int outputs_match(const grade_outputs *actual, const grade_outputs *expected,
                         const char *source, double tolerance_ulps, char *message,
                         size_t message_size)
{
    if (actual->count != expected->count) {
        snprintf(message, message_size, "internal error: the outputs differ in layout");
        return 0;
    }
    for (int f = 0; f < expected->count; ++f) {
        const grade_field *want = &expected->fields[f], *got = &actual->fields[f];
        if (got->count != want->count) {
            snprintf(message, message_size, "internal error: %s differs in length", want->name);
            return 0;
        }
        for (size_t v = 0; v < want->count; ++v) {
            double difference = fabs((double)got->values[v] - (double)want->values[v]);
            double tolerance = tolerance_ulps * GRADE_EPSILON * (1 + fabs((double)want->values[v]));
            if (!(difference <= tolerance)) { /* also catches NaN */
                const char *hint = isnan((double)got->values[v]) ? " (never written)" : "";
                snprintf(message, message_size, "%s[%zu] = %.9g%s but %s gives %.9g", want->name, v,
                         (double)got->values[v], hint, source, (double)want->values[v]);
                return 0;
            }
        }
    }
    return 1;
}

void grade_check_case(const char *test_id, int case_number, int cases, const char *description,
                      grade_compute compute, const void *student_kernels,
                      const void *reference_kernels, const void *input, double tolerance_ulps,
                      const char *file, int line)
{
    grade_outputs actual = {0}, expected = {0};
    compute(student_kernels, input, &actual);
    char message[512] = "";
    int passed =
        expected_outputs(test_id, case_number, compute, reference_kernels, input, &actual,
                         &expected, message, sizeof message) &&
        outputs_match(&actual, &expected, "the reference", tolerance_ulps, message, sizeof message);
    grade_free_outputs(&actual);
    grade_free_outputs(&expected);
    grade_record_case(passed, case_number, cases, description,
                      passed ? "matches the reference" : message, file, line);
}

void grade_check_outputs(int case_number, int cases, const char *description, grade_outputs *actual,
                         grade_outputs *expected, const char *source, double tolerance_ulps,
                         const char *file, int line)
{
    char message[512] = "";
    int passed = outputs_match(actual, expected, source, tolerance_ulps, message, sizeof message);
    grade_free_outputs(actual);
    grade_free_outputs(expected);
    grade_record_case(passed, case_number, cases, description, passed ? "matches" : message, file,
                      line);
}

void grade_record_case(int passed, int case_number, int cases, const char *description,
                       const char *outcome, const char *file, int line)
{
    char text[1024];
    snprintf(text, sizeof text, "case %d/%d (%s): %s", case_number, cases, description, outcome);
    CU_assertImplementation(passed ? CU_TRUE : CU_FALSE, (unsigned)line, text, file, "", CU_FALSE);
}

void grade_run_outputs(const swe_backend *backend, const grade_run *run, grade_outputs *outputs)
{
    size_t cells = (size_t)run->nx * (size_t)run->ny;
    real *h = grade_add_field(outputs, "h", cells);
    real *hu = grade_add_field(outputs, "hu", cells);
    real *hv = grade_add_field(outputs, "hv", cells);
    real *speed = grade_add_field(outputs, "wave_speed", 1);
    const swe_scenario *scenario = swe_scenario_find(run->scenario);
    swe_block block;
    swe_error err;
    if (backend == NULL || scenario == NULL ||
        swe_scenario_create_block(scenario, run->nx, run->ny, &block, &err)) {
        return;
    }
    block.backend = backend;
    swe_backend_config config = {.solver = run->solver, .level = run->level};
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

/* Reference data file: a header line, then one line per array:
 * "key count value..." with values as exact hexadecimal floats. */
static const char DATA_MAGIC[] = "shallows-grade-data";

int grade_write_data(const char *path, swe_error *err)
{
    char temporary[4096];
    snprintf(temporary, sizeof temporary, "%s.tmp", path);
    FILE *file = fopen(temporary, "w");
    if (file == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "cannot write %s: %s", temporary, strerror(errno));
    }
    fprintf(file, "%s 1 %s %llu\n", DATA_MAGIC, SWE_PRECISION_NAME, (unsigned long long)state.seed);
    for (size_t e = 0; e < state.entry_count; ++e) {
        fprintf(file, "%s %zu", state.entries[e].key, state.entries[e].count);
        for (size_t v = 0; v < state.entries[e].count; ++v) {
            fprintf(file, " %a", (double)state.entries[e].values[v]);
        }
        fputc('\n', file);
    }
    if (fclose(file) != 0 || rename(temporary, path) != 0) {
        remove(temporary);
        return swe_fail(err, SWE_ERROR_RUNTIME, "cannot write %s: %s", path, strerror(errno));
    }
    return SWE_OK;
}

static int read_entries(FILE *file, const char *path, swe_error *err)
{
    char key[160];
    size_t count;
    while (fscanf(file, "%159s %zu", key, &count) == 2) {
        real *values = malloc((count > 0 ? count : 1) * sizeof *values);
        char *copy_key = malloc(strlen(key) + 1);
        if (values == NULL || copy_key == NULL) {
            free(values);
            free(copy_key);
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory reading %s", path);
        }
        strcpy(copy_key, key);
        for (size_t v = 0; v < count; ++v) {
            double value;
            if (fscanf(file, "%la", &value) != 1) {
                free(values);
                free(copy_key);
                return swe_fail(err, SWE_ERROR_USAGE, "%s is truncated at %s", path, key);
            }
            values[v] = (real)value;
        }
        if (!add_entry(copy_key, values, count)) {
            free(values);
            free(copy_key);
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory reading %s", path);
        }
    }
    if (!feof(file)) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s is malformed after %zu arrays", path,
                        state.entry_count);
    }
    return SWE_OK;
}

static int read_data(const char *path, swe_error *err)
{
    FILE *file = fopen(path, "r");
    if (file == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "cannot read the reference data %s: %s", path,
                        strerror(errno));
    }
    char magic[32], precision[16];
    int version;
    unsigned long long seed;
    int status = SWE_OK;
    if (fscanf(file, "%31s %d %15s %llu", magic, &version, precision, &seed) != 4 ||
        strcmp(magic, DATA_MAGIC) != 0 || version != 1) {
        status = swe_fail(err, SWE_ERROR_USAGE, "%s is not shallows reference data", path);
    } else if (strcmp(precision, SWE_PRECISION_NAME) != 0) {
        status = swe_fail(err, SWE_ERROR_USAGE, "%s holds %s precision data, this build is %s",
                          path, precision, SWE_PRECISION_NAME);
    } else {
        state.seed = seed;
        status = read_entries(file, path, err);
    }
    fclose(file);
    return status;
}

int grade_configure(enum grade_mode mode, uint64_t seed, const char *data_path, swe_error *err)
{
    state.mode = mode;
    state.seed = seed;
    if (mode == GRADE_AGAINST_DATA) {
        if (data_path == NULL) {
            return swe_fail(err, SWE_ERROR_USAGE, "grading against data needs --data FILE");
        }
        return read_data(data_path, err);
    }
    return SWE_OK;
}

void grade_cleanup(void)
{
    for (size_t e = 0; e < state.entry_count; ++e) {
        free(state.entries[e].key);
        free(state.entries[e].values);
    }
    free(state.entries);
    state.entries = NULL;
    state.entry_count = state.entry_capacity = 0;
}

void grade_copy_interior(const swe_block *block, real *h, real *hu, real *hv)
{
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            size_t out = (size_t)(j - 1) * (size_t)block->nx + (size_t)(i - 1);
            h[out] = block->h[SWE_INDEX(block, i, j)];
            hu[out] = block->hu[SWE_INDEX(block, i, j)];
            hv[out] = block->hv[SWE_INDEX(block, i, j)];
        }
    }
}
