/* shallows-grade: the graded suites behind `make grade`. tools/teaching/grade.py
 * runs it once per test: from the grader's own build for the expected
 * outputs, and from the student's build, in a sandbox, for the actual
 * ones; it compares them itself (grade_support.h).
 *
 *   shallows-grade --list
 *   shallows-grade --expected EXERCISE/TEST --seed N [--output FILE]
 *   shallows-grade --actual EXERCISE/TEST --seed N [--output FILE]
 *
 * The stream (grade_stream.h) goes to FILE, a pipe the grader made, or to
 * standard output. */
#include "tests/grade/grade_support.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(const char *problem)
{
    fprintf(stderr,
            "shallows-grade: %s\nusage: shallows-grade --list | --expected EXERCISE/TEST --seed N "
            "[--output FILE] | --actual EXERCISE/TEST --seed N [--output FILE]\n",
            problem);
    return 2;
}

/* exercise, test id, points, cases, name, and "launched" for tests whose
 * cases run as MPI jobs of their own. */
static void list_tests(void)
{
    for (int e = 0; e < grade_exercise_count(); ++e) {
        const grade_exercise *exercise = grade_exercise_at(e);
        for (int t = 0; t < exercise->test_count; ++t) {
            const grade_test *test = &exercise->tests[t];
            printf("%s\t%s\t%g\t%d\t%s\t%s\n", exercise->name, test->id, test->points, test->cases,
                   test->name, test->launched ? "launched" : "");
        }
    }
}

static const grade_test *find_test(const char *path)
{
    const char *slash = strchr(path, '/');
    for (int e = 0; slash != NULL && e < grade_exercise_count(); ++e) {
        const grade_exercise *exercise = grade_exercise_at(e);
        size_t length = strlen(exercise->name);
        if ((size_t)(slash - path) != length || strncmp(path, exercise->name, length) != 0) {
            continue;
        }
        for (int t = 0; t < exercise->test_count; ++t) {
            if (strcmp(exercise->tests[t].id, slash + 1) == 0) {
                return &exercise->tests[t];
            }
        }
    }
    return NULL;
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

typedef struct arguments {
    int list, have_seed;
    enum grade_role role;
    const char *test, *output;
    uint64_t seed;
} arguments;

static int parse(int argc, char **argv, arguments *args)
{
    for (int a = 1; a < argc; ++a) {
        const char *option = argv[a], *value = a + 1 < argc ? argv[a + 1] : NULL;
        if (strcmp(option, "--list") == 0) {
            args->list = 1;
            continue;
        }
        if (value == NULL) {
            return usage("unknown option, or one without its value");
        }
        if (strcmp(option, "--expected") == 0 || strcmp(option, "--actual") == 0) {
            args->role = option[2] == 'e' ? GRADE_EXPECTED : GRADE_ACTUAL;
            args->test = value;
        } else if (strcmp(option, "--output") == 0) {
            args->output = value;
        } else if (strcmp(option, "--seed") == 0) {
            if (!parse_seed(value, &args->seed)) {
                return usage("--seed needs a non-negative integer");
            }
            args->have_seed = 1;
        } else {
            return usage("unknown option (see usage)");
        }
        ++a;
    }
    if (!args->list && (args->test == NULL || !args->have_seed)) {
        return usage("give --list, or --expected or --actual with --seed");
    }
    return 0;
}

int main(int argc, char **argv)
{
    arguments args = {0};
    int status = parse(argc, argv, &args);
    if (status != 0) {
        return status;
    }
    if (args.list) {
        list_tests();
        return 0;
    }
    const grade_test *test = find_test(args.test);
    if (test == NULL) {
        return usage("no such test (see --list)");
    }
    FILE *output = stdout;
    if (args.output != NULL && strcmp(args.output, "-") != 0) {
        output = fopen(args.output, "wb");
        if (output == NULL) {
            fprintf(stderr, "shallows-grade: cannot write %s: %s\n", args.output, strerror(errno));
            return 2;
        }
    }
    grade_configure(args.role, args.seed, output);
    grade_stream_header(output);
    test->run();
    if (fclose(output) != 0) {
        fprintf(stderr, "shallows-grade: cannot finish the outputs: %s\n", strerror(errno));
        return 1;
    }
    return 0;
}
