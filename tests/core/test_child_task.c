/* The pieces that make hostile files harmless, one by one: work in a
 * child process (a crash, a hang, a result larger than the memory
 * available each become one line), the classic NetCDF header judged
 * against the file's size, and the memory budget asked of the OS. */
#include "core/memory_budget.h"
#include "core/printable.h"
#include "io/child_task.h"
#include "io/classic_header.h"
#include "io/domain_extent.h"
#include "io/untrusted_file.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* count numbers in two sends: one of one number, one of the rest. */
static int send_numbers(void *context, swe_child_pipe *pipe, swe_error *err)
{
    const int *count = context;
    double *values = malloc((size_t)*count * sizeof *values);
    if (values == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory");
    }
    for (int k = 0; k < *count; ++k) {
        values[k] = k * 0.5;
    }
    int status = swe_child_announce(pipe, (double)*count * sizeof(double), err);
    if (status == SWE_OK) {
        status = swe_child_send(pipe, values, sizeof(double), err);
    }
    if (status == SWE_OK) {
        status = swe_child_send(pipe, values + 1, (size_t)(*count - 1) * sizeof(double), err);
    }
    free(values);
    return status;
}

static int crash(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)context;
    (void)pipe;
    (void)err;
    raise(SIGSEGV);
    return SWE_OK;
}

static int hang(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)context;
    (void)pipe;
    (void)err;
    for (;;) {
        pause();
    }
    return SWE_OK; /* never reached: the parent kills it */
}

static int announce_too_much(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)context;
    return swe_child_announce(pipe, 1.0e18, err);
}

static int refuse(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)context;
    (void)pipe;
    return swe_fail(err, SWE_ERROR_USAGE, "the file says no");
}

static int send_short(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)context;
    int status = swe_child_announce(pipe, 16, err);
    return status == SWE_OK ? swe_child_send(pipe, "eight by", 8, err) : status;
}

static const swe_child_task task = {.what = "reading test file 't.nc'",
                                    .fix = "give another",
                                    .failure_status = SWE_ERROR_USAGE,
                                    .seconds = 2.0};

static void test_child_results_and_failures(void)
{
    void *result = NULL;
    size_t size = 0;
    swe_error err = {{0}};
    int count = 300000; /* more than a pipe holds at once */
    CU_ASSERT_EQUAL(swe_child_run(&task, send_numbers, &count, &result, &size, &err), SWE_OK);
    CU_ASSERT_EQUAL(size, count * sizeof(double));
    CU_ASSERT(result != NULL && ((double *)result)[count - 1] == (count - 1) * 0.5);
    free(result);

    CU_ASSERT_EQUAL(swe_child_run(&task, crash, NULL, &result, &size, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "reading test file 't.nc' failed: its process "
                                               "crashed (Segmentation fault) (give another)"));
    CU_ASSERT_PTR_NULL(result);

    CU_ASSERT_EQUAL(swe_child_run(&task, hang, NULL, &result, &size, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "it took longer than 2 s"));

    CU_ASSERT_EQUAL(swe_child_run(&task, announce_too_much, NULL, &result, &size, &err),
                    SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "needs 1 EB of memory, more than the"));

    CU_ASSERT_EQUAL(swe_child_run(&task, refuse, NULL, &result, &size, &err), SWE_ERROR_USAGE);
    CU_ASSERT_STRING_EQUAL(err.message, "the file says no");

    CU_ASSERT_EQUAL(swe_child_run(&task, send_short, NULL, &result, &size, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "sent 8 of 16 bytes"));
}

/* Big-endian words of a classic header. */
static size_t put_word(unsigned char *at, unsigned value)
{
    at[0] = (unsigned char)(value >> 24);
    at[1] = (unsigned char)(value >> 16);
    at[2] = (unsigned char)(value >> 8);
    at[3] = (unsigned char)value;
    return 4;
}

/* CDF-1 with dimension x of `length` and one float variable over it whose
 * data begins at `begin`; the header's size. */
static size_t classic_file(unsigned char *data, unsigned length, unsigned begin, unsigned numrecs)
{
    size_t n = 0;
    memcpy(data, "CDF\x01", 4);
    n += 4;
    n += put_word(data + n, numrecs);
    n += put_word(data + n, 0x0A); /* dimensions: one, "x" */
    n += put_word(data + n, 1);
    n += put_word(data + n, 1);
    memcpy(data + n, "x\0\0\0", 4);
    n += 4;
    n += put_word(data + n, length);
    n += put_word(data + n, 0); /* no global attributes */
    n += put_word(data + n, 0);
    n += put_word(data + n, 0x0B); /* variables: one, "b" over x */
    n += put_word(data + n, 1);
    n += put_word(data + n, 1);
    memcpy(data + n, "b\0\0\0", 4);
    n += 4;
    n += put_word(data + n, 1);
    n += put_word(data + n, 0);
    n += put_word(data + n, 0); /* no attributes */
    n += put_word(data + n, 0);
    n += put_word(data + n, 5); /* NC_FLOAT */
    n += put_word(data + n, length * 4);
    n += put_word(data + n, begin);
    return n;
}

static void test_classic_header_judged(void)
{
    unsigned char data[4096] = {0};
    char problem[256];
    size_t header = classic_file(data, 10, 128, 0);
    CU_ASSERT_EQUAL(swe_classic_judge(data, 168, 168, problem, sizeof problem),
                    SWE_CLASSIC_COMPLETE);
    CU_ASSERT_EQUAL(swe_classic_judge(data, 167, 167, problem, sizeof problem),
                    SWE_CLASSIC_TRUNCATED);
    CU_ASSERT_PTR_NOT_NULL(strstr(problem, "variable 'b' needs 168 bytes, the file has 167"));
    /* 4e9 values declared in a file of a few hundred bytes. */
    classic_file(data, 0xEE6B2800u, 128, 0);
    CU_ASSERT_EQUAL(swe_classic_judge(data, 400, 400, problem, sizeof problem),
                    SWE_CLASSIC_TRUNCATED);
    /* A header cut inside itself, counts beyond the bytes there are. */
    CU_ASSERT_EQUAL(swe_classic_judge(data, header - 3, header - 3, problem, sizeof problem),
                    SWE_CLASSIC_DAMAGED_HEADER);
    put_word(data + 12, 0x7fffffff); /* a billion dimensions */
    CU_ASSERT_EQUAL(swe_classic_judge(data, 400, 400, problem, sizeof problem),
                    SWE_CLASSIC_DAMAGED_HEADER);
    CU_ASSERT_EQUAL(
        swe_classic_judge((const unsigned char *)"\x89HDF\r\n", 6, 6, problem, sizeof problem),
        SWE_CLASSIC_NOT_CLASSIC);
    CU_ASSERT_EQUAL(swe_classic_judge(data, 2, 2, problem, sizeof problem),
                    SWE_CLASSIC_NOT_CLASSIC);
}

static void test_memory_budget(void)
{
    double available = swe_memory_available();
    CU_ASSERT(available > 0);
    swe_error err;
    CU_ASSERT_EQUAL(swe_memory_check("a small grid", 1024.0, "fix", &err), SWE_OK);
    CU_ASSERT_EQUAL(swe_memory_check("a grid of 65536 x 65536 cells", 1.0e20, "fix", &err),
                    SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "a grid of 65536 x 65536 cells needs 100 EB"));
    CU_ASSERT_EQUAL(swe_memory_check("NaN bytes", NAN, "fix", &err), SWE_ERROR_USAGE);
    char text[32];
    swe_format_bytes(16.2e9, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "16.2 GB");
    swe_format_bytes(512, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "512 bytes");
}

/* Bytes of a file quoted in a message: printable ASCII as it is, the rest
 * (ESC, BEL, bytes above 126) and the backslash escaped; too long, cut
 * with "...", never past the buffer. */
static void test_file_bytes_quoted_printable(void)
{
    char text[64];
    const char hostile[] = "\x1b]0;owned\x07 a\\b \xff";
    swe_printable(hostile, sizeof hostile - 1, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "\\x1b]0;owned\\x07 a\\\\b \\xff");
    swe_printable("abcdefghij", 10, text, 8);
    CU_ASSERT_STRING_EQUAL(text, "abcd...");
    swe_printable("\x01\x02\x03", 3, text, 9);
    CU_ASSERT_STRING_EQUAL(text, "\\x01...");
    swe_printable("abc", 3, text, 4);
    CU_ASSERT_STRING_EQUAL(text, "abc");
    swe_printable(NULL, 3, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "");
}

/* The domain limits shared by every reader of coordinates. */
static void test_domain_extents(void)
{
    swe_error err;
    CU_ASSERT_EQUAL(swe_domain_extent_check("the mesh 'm'", "x", -500, 500, "fix", &err), SWE_OK);
    CU_ASSERT_EQUAL(swe_domain_extent_check("the mesh 'm'", "x", 0, 1e-3, "fix", &err), SWE_OK);
    const double bad[][2] = {{0, 1e150}, {0, 1e-150}, {2e9, 2e9 + 1}, {0, NAN}, {0, INFINITY}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        CU_ASSERT_EQUAL(
            swe_domain_extent_check("the mesh 'm'", "y", bad[k][0], bad[k][1], "fix", &err),
            SWE_ERROR_USAGE);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "the mesh 'm' spans y = "));
        CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "not a domain of 1 mm to 100 000 km (fix)"));
    }
}

/* An untrusted file opened for reading is the file that was checked; what
 * is no regular file is refused as by the check. */
static void test_untrusted_file_opened(void)
{
    double bytes = 0;
    swe_error err;
    FILE *file = swe_untrusted_file_open("mesh", "tests/mesh/data/unit_square_22_ascii.msh", "fix",
                                         &bytes, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    char start[12] = {0};
    CU_ASSERT_EQUAL(fread(start, 1, 11, file), 11);
    CU_ASSERT_STRING_EQUAL(start, "$MeshFormat");
    CU_ASSERT(bytes > 11);
    fclose(file);
    CU_ASSERT_PTR_NULL(swe_untrusted_file_open("mesh", "/dev/null", "fix", &bytes, &err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "mesh '/dev/null' is a character device, not a "
                                               "regular file (fix)"));
    CU_ASSERT_PTR_NULL(swe_untrusted_file_open("mesh", "tests", "fix", &bytes, &err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "is a directory"));
    CU_ASSERT_PTR_NULL(swe_untrusted_file_open(NULL, "tests", "fix", &bytes, &err));
}

void register_child_task_tests(void)
{
    CU_pSuite suite = CU_add_suite("child-task", NULL, NULL);
    swe_test_require_registered(suite, "suite child-task");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"work in a child: results, crashes, hangs, too much memory",
         test_child_results_and_failures},
        {"classic headers judged against the file size", test_classic_header_judged},
        {"the memory budget refuses with the figures", test_memory_budget},
        {"bytes of a file quoted printable", test_file_bytes_quoted_printable},
        {"the domain limits of input coordinates", test_domain_extents},
        {"untrusted files opened as checked", test_untrusted_file_opened},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
