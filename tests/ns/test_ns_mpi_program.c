/* shallows-ns-mpi as a user runs it under mpirun: bad input refused with
 * one line from rank 0 (exit 2); --list-devices with each rank's place; a checkpoint of shallows-ns
 * continued on two ranks, and one of two ranks continued by shallows-ns, ending where the
 * uninterrupted run ends, to rounding (the bound of the slab suites). Built where shallows-ns-mpi
 * is (SWE_WITH_NS_MPI). */
#include "tests/ns/ns_test_support.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char directory[512];

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "ns-mpi-program");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

static void test_bad_input_from_rank_0(void)
{
    swe_program_result result;
    ns_test_run_mpi(3, directory,
                    (const char *[]){"--case", "cavity", "--resolution", "8", "--benchmark", NULL},
                    &result);
    CU_ASSERT_EQUAL(result.exit_code, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "cannot go to 3 processes"));
    const char *end = strchr(result.err, '\n'); /* one line, from rank 0 only */
    CU_ASSERT(end != NULL && end[1] == '\0');
}

/* A device model runs on the ranks: where this machine has no GPU, the
 * ranks stop with the device's own one line (exit 2), not a refusal of
 * the model. */
static void test_device_model_on_ranks(void)
{
    swe_program_result result;
    ns_test_run_mpi(2, directory,
                    (const char *[]){"--backend", "cuda", "--case", "cavity", "--resolution", "8",
                                     "--steps", "2", "--benchmark", "--quiet", NULL},
                    &result);
#ifdef SWE_WITH_CUDA
    int ran = result.exit_code == 0 && strstr(result.out, "summary") != NULL;
    int no_device = result.exit_code == 2 && strstr(result.err, "no CUDA device") != NULL &&
                    strchr(result.err, '\n') == strrchr(result.err, '\n');
    CU_ASSERT(ran || no_device);
#else
    CU_ASSERT_EQUAL(result.exit_code, 2); /* not built here: the model is unknown */
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "cuda"));
#endif
}

/* --list-devices under mpirun says where each rank runs, after the
 * models' devices, as shallows-mpi does; where the node has no GPU, after
 * the one line that says so (exit 2, as shallows-ns), on the host. */
static void test_list_devices_shows_every_rank(void)
{
    swe_program_result result;
    ns_test_run_mpi(2, directory, (const char *[]){"--list-devices", NULL}, &result);
    int listed = result.exit_code == 0;
    int no_device = result.exit_code == 2 && strstr(result.err, "no CUDA device") != NULL &&
                    strstr(result.out, "ranks on the host:\n") != NULL;
    CU_ASSERT(listed || no_device);
    const char *first = strstr(result.out, "rank 0: node ");
    CU_ASSERT_PTR_NOT_NULL_FATAL(first);
    CU_ASSERT_PTR_NOT_NULL(strstr(first, ", local rank 0 of 2, "));
    CU_ASSERT_PTR_NOT_NULL(strstr(first, "rank 1: node "));
    CU_ASSERT_PTR_NOT_NULL(strstr(first, ", local rank 1 of 2, "));
}

/* The largest relative difference of the figures of two checksums
 * ("u_l2=... v_l2=... w_l2=... p_l2=..."); 1 when one is missing. */
static double checksum_difference(const char *a, const char *b)
{
    const char *names[] = {"u_l2=", "v_l2=", "w_l2=", "p_l2="};
    double worst = 0.0;
    for (int f = 0; f < 4; ++f) {
        const char *x = strstr(a, names[f]), *y = strstr(b, names[f]);
        if (x == NULL || y == NULL) {
            return 1.0;
        }
        double u = strtod(x + 5, NULL), v = strtod(y + 5, NULL);
        worst = fmax(worst, fabs(u - v) / fmax(fabs(v), 1e-300));
    }
    return worst;
}

/* One run's checksum: shallows-ns (ranks 0) or shallows-ns-mpi. */
static void run(int ranks, const char *stem, const char *extra, const char *value, char *checksum,
                size_t size)
{
    char output[1024];
    swe_path_in(output, sizeof output, directory, stem);
    const char *args[] = {"--case",       "kelvin-helmholtz",
                          "--resolution", "8",
                          "--t-end",      "0.2",
                          "--outputs",    "2",
                          "--quiet",      "--format",
                          "vtk",          "--output",
                          output,         extra,
                          value,          NULL};
    swe_program_result result;
    if (ranks == 0) {
        ns_test_run_program("shallows-ns", directory, args, &result);
    } else {
        ns_test_run_mpi(ranks, directory, args, &result);
    }
    if (result.exit_code != 0) {
        printf("\n  %s: exit %d: %s", stem, result.exit_code, result.err);
    }
    CU_ASSERT_EQUAL(result.exit_code, 0);
    ns_test_summary_checksum(result.out, checksum, size);
}

static void test_checkpoints_cross_programs(void)
{
    char whole[256], continued[256], checkpoint[1024];
    run(0, "single", "--checkpoint-every", "0.07", whole, sizeof whole);
    swe_path_in(checkpoint, sizeof checkpoint, directory, "single.checkpoint.nc");
    run(2, "on-ranks", "--restart", checkpoint, continued, sizeof continued);
    double ranks_after_one = checksum_difference(continued, whole);
    run(2, "ranks", "--checkpoint-every", "0.07", continued, sizeof continued);
    swe_path_in(checkpoint, sizeof checkpoint, directory, "ranks.checkpoint.nc");
    run(0, "back", "--restart", checkpoint, continued, sizeof continued);
    double one_after_ranks = checksum_difference(continued, whole);
    printf("\n  checksum differences: 2 ranks after shallows-ns %.2e, shallows-ns after 2 ranks "
           "%.2e",
           ranks_after_one, one_after_ranks);
    double bound = 1e3 * SWE_TEST_EPSILON; /* the figures are sums: rounding averages out */
    CU_ASSERT(ranks_after_one <= bound);
    CU_ASSERT(one_after_ranks <= bound);
}

/* Whether two files hold the same bytes. */
static int same_bytes(const char *a, const char *b)
{
    FILE *x = fopen(a, "rb"), *y = fopen(b, "rb");
    int same = x != NULL && y != NULL;
    while (same) {
        int c = fgetc(x), d = fgetc(y);
        same = c == d;
        if (c == EOF || d == EOF) {
            break;
        }
    }
    if (x != NULL) {
        fclose(x);
    }
    if (y != NULL) {
        fclose(y);
    }
    return same;
}

/* The first snapshot (t = 0) of 2 and 3 ranks is serial's, bit for bit:
 * the solver as started (its walls' faces closed), not the case's state
 * before the start, which differed in the top plane of w. */
static void test_first_snapshot_as_serial(void)
{
    char checksum[256], serial[1024], ranks[1024];
    run(0, "first-serial", "--compress", "1", checksum, sizeof checksum);
    swe_path_in(serial, sizeof serial, directory, "first-serial_0000.vti");
    for (int count = 2; count <= 3; ++count) {
        char stem[32];
        snprintf(stem, sizeof stem, "first-%d", count);
        run(count, stem, "--compress", "1", checksum, sizeof checksum);
        snprintf(stem, sizeof stem, "first-%d_0000.vti", count);
        swe_path_in(ranks, sizeof ranks, directory, stem);
        CU_ASSERT(same_bytes(ranks, serial));
    }
}

void register_ns_mpi_program_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_mpi_program", set_up, tear_down);
    swe_test_require_registered(suite, "suite ns_mpi_program");
    swe_test_require_registered(
        CU_add_test(suite, "bad input: one line from rank 0", test_bad_input_from_rank_0),
        "ns_mpi_program test");
    swe_test_require_registered(
        CU_add_test(suite, "a device model runs on the ranks", test_device_model_on_ranks),
        "ns_mpi_program test");
    swe_test_require_registered(
        CU_add_test(suite, "--list-devices shows every rank", test_list_devices_shows_every_rank),
        "ns_mpi_program test");
    swe_test_require_registered(CU_add_test(suite, "the first snapshot on ranks is serial's",
                                            test_first_snapshot_as_serial),
                                "ns_mpi_program test");
    swe_test_require_registered(CU_add_test(suite, "checkpoints cross programs and rank counts",
                                            test_checkpoints_cross_programs),
                                "ns_mpi_program test");
}
