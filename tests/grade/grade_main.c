/* shallows-grade: the graded suites behind `make grade` (tools/grade.py
 * drives it, one test per process, and turns CUnit's XML into reports).
 *
 *   shallows-grade --list
 *   shallows-grade --run EXERCISE/TEST --xml PREFIX [--seed N | --data FILE]
 *   shallows-grade --write-data FILE --seed N      (builds with the reference)
 */
#include "grade_support.h"

#include <CUnit/Automated.h>
#include <CUnit/TestRun.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(const char *problem)
{
    fprintf(stderr,
            "shallows-grade: %s\nusage: shallows-grade --list | --run EXERCISE/TEST --xml PREFIX "
            "[--seed N | --data FILE] | --write-data FILE --seed N\n",
            problem);
    return 2;
}

static void list_tests(void)
{
    for (int e = 0; e < grade_exercise_count(); ++e) {
        const grade_exercise *exercise = grade_exercise_at(e);
        for (int t = 0; t < exercise->test_count; ++t) {
            const grade_test *test = &exercise->tests[t];
            printf("%s\t%s\t%g\t%d\t%s\n", exercise->name, test->id, test->points, test->cases,
                   test->name);
        }
    }
}

static const grade_test *find_test(const char *path, const grade_exercise **exercise)
{
    const char *slash = strchr(path, '/');
    for (int e = 0; slash != NULL && e < grade_exercise_count(); ++e) {
        *exercise = grade_exercise_at(e);
        size_t length = strlen((*exercise)->name);
        if ((size_t)(slash - path) != length || strncmp(path, (*exercise)->name, length) != 0) {
            continue;
        }
        for (int t = 0; t < (*exercise)->test_count; ++t) {
            if (strcmp((*exercise)->tests[t].id, slash + 1) == 0) {
                return &(*exercise)->tests[t];
            }
        }
    }
    return NULL;
}

static int register_test(const grade_exercise *exercise, const grade_test *test)
{
    CU_pSuite suite = CU_get_suite(exercise->name);
    if (suite == NULL) {
        suite = CU_add_suite(exercise->name, NULL, NULL);
    }
    return suite != NULL && CU_add_test(suite, test->name, test->function) != NULL;
}

/* One test, reported by CUnit's automated mode in PREFIX-Results.xml. */
static int run_one(const char *path, const char *prefix)
{
    const grade_exercise *exercise = NULL;
    const grade_test *test = find_test(path, &exercise);
    if (test == NULL) {
        return usage("no such test (see --list)");
    }
    if (!register_test(exercise, test)) {
        fprintf(stderr, "shallows-grade: cannot register %s: %s\n", path, CU_get_error_msg());
        return 1;
    }
    CU_set_output_filename(prefix);
    CU_automated_run_tests();
    return CU_get_error() == CUE_SUCCESS ? 0 : 1;
}

/* Runs every test with the reference kernels, recording their outputs.
 * The kernels of this build must match them, except those of an exercise
 * whose device is missing here: they cannot run, but the reference's
 * outputs are recorded all the same. */
static int write_data(const char *path)
{
    for (int e = 0; e < grade_exercise_count(); ++e) {
        const grade_exercise *exercise = grade_exercise_at(e);
        for (int t = 0; t < exercise->test_count; ++t) {
            if (!register_test(exercise, &exercise->tests[t])) {
                fprintf(stderr, "shallows-grade: cannot register: %s\n", CU_get_error_msg());
                return 1;
            }
        }
        CU_run_suite(CU_get_suite(exercise->name));
        int runnable = exercise->device_available == NULL || exercise->device_available();
        if (runnable && CU_get_number_of_failures() > 0) {
            fprintf(stderr,
                    "shallows-grade: the kernels of this build do not match the reference in %s; "
                    "build it with the solutions to write reference data\n",
                    exercise->name);
            return 1;
        }
    }
    swe_error err;
    if (grade_write_data(path, &err) != SWE_OK) {
        fprintf(stderr, "shallows-grade: %s\n", err.message);
        return 1;
    }
    return 0;
}

static int parse_seed(const char *text, uint64_t *seed)
{
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || text[0] == '-') {
        return 0;
    }
    *seed = value;
    return 1;
}

int main(int argc, char **argv)
{
    const char *run = NULL, *prefix = NULL, *data = NULL, *write = NULL;
    int list = 0, have_seed = 0;
    uint64_t seed = 0;
    for (int a = 1; a < argc; ++a) {
        const char *option = argv[a];
        const char *value = a + 1 < argc ? argv[a + 1] : NULL;
        if (strcmp(option, "--list") == 0) {
            list = 1;
            continue;
        }
        const char *const valued[] = {"--run", "--xml", "--data", "--write-data", "--seed"};
        int known = 0;
        for (size_t v = 0; v < sizeof valued / sizeof valued[0]; ++v) {
            known |= strcmp(option, valued[v]) == 0;
        }
        if (!known) {
            return usage("unknown option (see usage)");
        }
        if (value == NULL) {
            return usage("missing value after an option");
        }
        if (strcmp(option, "--run") == 0) {
            run = value;
        } else if (strcmp(option, "--xml") == 0) {
            prefix = value;
        } else if (strcmp(option, "--data") == 0) {
            data = value;
        } else if (strcmp(option, "--write-data") == 0) {
            write = value;
        } else if (strcmp(option, "--seed") == 0) {
            if (!parse_seed(value, &seed)) {
                return usage("--seed needs a non-negative integer");
            }
            have_seed = 1;
        }
        ++a;
    }
    if (list) {
        list_tests();
        return 0;
    }
#ifndef SWE_GRADE_WITH_REFERENCE
    if (data == NULL) {
        return usage("this build has no reference kernels: grade against --data FILE");
    }
#endif
    enum grade_mode mode = write != NULL  ? GRADE_WRITING_DATA
                           : data != NULL ? GRADE_AGAINST_DATA
                                          : GRADE_AGAINST_REFERENCE;
    if ((run == NULL) == (write == NULL) || (run != NULL && prefix == NULL) ||
        (mode != GRADE_AGAINST_DATA && !have_seed)) {
        return usage("give --run with --xml, or --write-data, and --seed unless --data");
    }
    swe_error err;
    if (grade_configure(mode, seed, data, &err) != SWE_OK) {
        fprintf(stderr, "shallows-grade: %s\n", err.message);
        return 2;
    }
    if (CU_initialize_registry() != CUE_SUCCESS) {
        fprintf(stderr, "shallows-grade: cannot initialise CUnit: %s\n", CU_get_error_msg());
        return 1;
    }
    int status = write != NULL ? write_data(write) : run_one(run, prefix);
    CU_cleanup_registry();
    grade_cleanup();
    return status;
}
