/* Fault injection, output files: a file system too small for the run
 * (exit 1, one line, no temporary file left, no crash at exit), a folder
 * in the way of a file or of --output, links planted at every name a run
 * writes (never followed), and a second run on the same --output (refused
 * at once by the lock, the first one's files whole). */
#include "cartesian/io/netcdf_output.h"
#include "tests/fault_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char directory[512];

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "fault-outputs");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

/* Whether text (a listing, one name a line) names a temporary file. */
static int lists_temporary(const char *text)
{
    return strstr(text, ".tmp.") != NULL;
}

static void run_on_small_filesystem(long long bytes, const char *formats, int checkpoints)
{
    char mount_point[1024];
    swe_path_in(mount_point, sizeof mount_point, directory, "small");
    mkdir(mount_point, 0700);
    const char *args[] = {"--nx",      "60",      "--ny",
                          "60",        "--t-end", "2",
                          "--outputs", "4",       "--output",
                          "full",      "--quiet", "--compress",
                          "0", /* deflated, the snapshots would fit */
                          "--format",  formats,   checkpoints ? "--checkpoint-every" : NULL,
                          "0.4",       NULL};
    const swe_fault_limits limits = {
        .seconds = 60, .small_filesystem = mount_point, .small_bytes = bytes};
    swe_program_result result;
    swe_fault_run(directory, args, &limits, &result);
    char context[128];
    snprintf(context, sizeof context, "%s on %lld bytes (%s)", formats, bytes,
             swe_fault_small_filesystem_kind());
    CU_ASSERT(swe_fault_one_line(&result, 1, context));
    CU_ASSERT(strstr(result.err, "full") != NULL || strstr(result.err, "No space") != NULL ||
              strstr(result.err, "too large") != NULL);
    char listing_path[1024];
    swe_path_in(listing_path, sizeof listing_path, directory, ".listing");
    size_t size = 0;
    char *listing = swe_read_file(listing_path, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(listing);
    CU_ASSERT_FALSE(lists_temporary(listing));
    CU_ASSERT_PTR_NULL(strstr(listing, "full.nc\n"));
    CU_ASSERT_PTR_NULL(strstr(listing, "full.lock"));
    if (lists_temporary(listing)) {
        printf("\n    %s left: %s", context, listing);
    }
    free(listing);
    unlink(listing_path);
}

static void test_full_filesystem_is_one_line(void)
{
    printf(" (%s) ", swe_fault_small_filesystem_kind());
    run_on_small_filesystem(48 * 1024, "netcdf", 0);
    run_on_small_filesystem(400 * 1024, "netcdf", 1);
    run_on_small_filesystem(160 * 1024, "vtk,png", 0);
    run_on_small_filesystem(300 * 1024, "netcdf,vtk,png", 1);
}

static void run_small(const char *output, const char *formats, swe_program_result *result)
{
    const char *const args[] = {
        "--nx", "20",       "--ny", "20",       "--t-end", "1",       "--outputs",
        "2",    "--output", output, "--format", formats,   "--quiet", "--checkpoint-every",
        "0.4",  NULL};
    const swe_fault_limits limits = {.seconds = 60};
    swe_fault_run(directory, args, &limits, result);
}

static void test_folders_in_the_way_found_before_the_run(void)
{
    char path[1024];
    swe_path_in(path, sizeof path, directory, "taken.nc");
    CU_ASSERT_EQUAL_FATAL(mkdir(path, 0700), 0);
    swe_program_result result;
    run_small("taken", "netcdf,vtk", &result);
    CU_ASSERT(swe_fault_one_line(&result, 2, "PATH.nc a folder"));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "taken.nc' is a directory in the way"));
    swe_path_in(path, sizeof path, directory, "taken_0000.vtr");
    CU_ASSERT_FALSE(swe_file_exists(path)); /* refused before the first snapshot */

    swe_path_in(path, sizeof path, directory, "folder/");
    CU_ASSERT_EQUAL_FATAL(mkdir(path, 0700), 0);
    run_small(path, "netcdf", &result);
    CU_ASSERT(swe_fault_one_line(&result, 2, "--output folder/"));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "names a folder"));
    swe_path_in(path, sizeof path, directory, "nowhere/run");
    run_small(path, "netcdf", &result);
    CU_ASSERT(swe_fault_one_line(&result, 2, "--output nowhere/run"));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "does not exist"));
}

/* An --output whose longest derived name (a rank's piece under its
 * temporary name, STEM_NNNN_pRRRR.vtu.tmp.XXXXXX) would not fit a file
 * name is refused before the run writes anything; once it was found at
 * the first checkpoint, a part of PATH.nc already written. */
static void test_too_long_output_refused_before_the_run(void)
{
    char base[241];
    memset(base, 'r', sizeof base - 1);
    base[sizeof base - 1] = '\0';
    char stem[1024];
    swe_path_in(stem, sizeof stem, directory, base);
    swe_program_result result;
    run_small(stem, "netcdf", &result);
    CU_ASSERT(swe_fault_one_line(&result, 2, "--output of 240 characters"));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "is too long"));
    CU_ASSERT_EQUAL(swe_count_entries_with(directory, base), 0);
    /* A long name that leaves room for every derived one still runs. */
    base[200] = '\0';
    swe_path_in(stem, sizeof stem, directory, base);
    run_small(stem, "netcdf,vtk", &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
}

static void test_planted_links_are_never_followed(void)
{
    char victim[1024];
    swe_path_in(victim, sizeof victim, directory, "victim");
    FILE *file = fopen(victim, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    fputs("precious\n", file);
    fclose(file);
    const char *const names[] = {
        "s.nc",       "s.nc.tmp",       "s.pvd",           "s_0000.vtr",
        "s_0001.png", "s.nc.part-0000", "s.checkpoint.nc", "s.nc.tmp.AAAAAA"};
    for (size_t n = 0; n < sizeof names / sizeof names[0]; ++n) {
        char link_path[1024];
        swe_path_in(link_path, sizeof link_path, directory, names[n]);
        CU_ASSERT_EQUAL(symlink(victim, link_path), 0);
    }
    swe_program_result result;
    run_small("s", "netcdf,vtk,png", &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    char lock[1024];
    swe_path_in(lock, sizeof lock, directory, "s.lock");
    CU_ASSERT_EQUAL(symlink(victim, lock), 0);
    run_small("s", "netcdf,vtk,png", &result);
    CU_ASSERT(swe_fault_one_line(&result, 2, "a link at the lock"));
    size_t size = 0;
    char *kept = swe_read_file(victim, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(kept);
    CU_ASSERT_STRING_EQUAL(kept, "precious\n");
    free(kept);
}

static void test_second_run_on_one_output_refused(void)
{
    char stem[1024], lock[1024];
    swe_path_in(stem, sizeof stem, directory, "shared");
    swe_path_in(lock, sizeof lock, directory, "shared.lock");
    const char *const first[] = {"--nx",     "250", "--ny",     "250",        "--t-end", "6",
                                 "--output", stem,  "--format", "netcdf,vtk", "--quiet", NULL};
    pid_t running = swe_fault_start(directory, first);
    CU_ASSERT_FATAL(running > 0);
    for (int wait = 0; wait < 20000 && !swe_file_exists(lock); ++wait) {
        swe_fault_sleep(0.001);
    }
    swe_program_result result;
    run_small(stem, "netcdf,vtk", &result);
    int finished = swe_fault_wait(running, 120);
    CU_ASSERT(swe_fault_one_line(&result, 2, "second run"));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "another run is writing --output"));
    CU_ASSERT_EQUAL(finished, 0); /* the first run was not disturbed */
    char path[1024];
    swe_path_in(path, sizeof path, directory, "shared.nc");
    swe_error err;
    CU_ASSERT_EQUAL(swe_netcdf_snapshot_count(path, &err), 11);
    CU_ASSERT_FALSE(swe_file_exists(lock));
    CU_ASSERT_EQUAL(swe_count_entries_with(directory, ".tmp."), 0);
}

void register_fault_output_tests(void)
{
    CU_pSuite suite = CU_add_suite("fault-outputs", set_up, tear_down);
    swe_test_require_registered(suite, "suite fault-outputs");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"a full file system ends the run with one line and no leftovers",
         test_full_filesystem_is_one_line},
        {"folders in the way are found before the run",
         test_folders_in_the_way_found_before_the_run},
        {"an --output too long for the names a run derives is refused before it",
         test_too_long_output_refused_before_the_run},
        {"links planted at the run's file names are never followed",
         test_planted_links_are_never_followed},
        {"a second run on one --output is refused", test_second_run_on_one_output_refused},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
