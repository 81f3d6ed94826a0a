/* Whole runs on every rank count: the final state equals one process's
 * (shallows-ns with the serial backend) within the round-off of the
 * transforms (RESULTS-navier-stokes.md states the bound); a run restarted
 * from its checkpoint ends bit for bit as the uninterrupted one. */
#include "backends/mpi/mpi_check.h"
#include "backends/mpi/ns/ns_mpi_run.h"
#include "tests/ns/mpi/ns_mpi_tests.h"
#include "tests/test_suites.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The bound: the largest difference of the velocity relative to the
 * largest speed, and of the pressure relative to its largest value. The
 * only difference from one process is the distributed transform's
 * rounding (the sums over slabs are one process's bit for bit): in double
 * precision about 20 eps in u and 300 eps in p (measured: 3.7e-15, 6.3e-14
 * on Kelvin-Helmholtz at 8^3); in single precision the two pressure solves
 * also stop at different points within the CG tolerance of 1e-6 (measured:
 * 3.9e-5, 3.0e-4). The bounds leave a factor of 10 or more. */
#ifdef SWE_PRECISION_DOUBLE
#define NS_MPI_VELOCITY_BOUND 1e-13
#define NS_MPI_PRESSURE_BOUND 1e-12
#else
#define NS_MPI_VELOCITY_BOUND 4e-4
#define NS_MPI_PRESSURE_BOUND 4e-3
#endif

/* A timing run of kase (no files) on backend as the command line makes it. */
static ns_options options_of(const char *kase, int resolution, double t_end, const char *backend)
{
    char resolution_text[16], t_end_text[32];
    snprintf(resolution_text, sizeof resolution_text, "%d", resolution);
    snprintf(t_end_text, sizeof t_end_text, "%.17g", t_end);
    char *argv[] = {"shallows-ns-mpi-tests",
                    "--case",
                    (char *)kase,
                    "--resolution",
                    resolution_text,
                    "--t-end",
                    t_end_text,
                    "--outputs",
                    "1",
                    "--benchmark",
                    "--quiet",
                    "--backend",
                    (char *)backend,
                    NULL};
    ns_options o;
    swe_error err = {{0}};
    int status = ns_options_parse(13, argv, &o, &err);
    NS_MPI_ASSERT_ALL(status == SWE_OK, err.message);
    return o;
}

static double largest_difference(const real *a, const real *b, const ns_grid *g, double *scale)
{
    double difference = 0.0;
    *scale = 0.0;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            for (int i = 0; i < g->n[0]; ++i) {
                size_t cell = ns_index(g, i, j, k);
                double d = fabs((double)a[cell] - (double)b[cell]);
                difference = d > difference || d != d ? d : difference;
                *scale = fmax(*scale, fabs((double)b[cell]));
            }
        }
    }
    return difference;
}

void ns_mpi_test_compare_with_one_process(const char *kase, int resolution, double t_end,
                                          const char *backend, double velocity_bound,
                                          double pressure_bound)
{
    ns_options options = options_of(kase, resolution, t_end, backend);
    ns_mpi_run run;
    ns_run_report report;
    swe_error err;
    int status = ns_mpi_run_create(&run, MPI_COMM_WORLD, &options, &err);
    if (status == SWE_OK) {
        status = ns_mpi_run_drive(&run, &options, &report, &err);
    }
    NS_MPI_ASSERT_ALL(status == SWE_OK, err.message);
    int close = 1;
    if (status == SWE_OK && run.whole != NULL) {
        ns_solver *one = NULL;
        CU_ASSERT_EQUAL_FATAL(ns_case_create(kase, &options.settings, &one, &err), SWE_OK);
        CU_ASSERT_EQUAL_FATAL(ns_solver_advance(one, t_end, &err), SWE_OK);
        CU_ASSERT_EQUAL_FATAL(ns_solver_sync(one, &err), SWE_OK);
        double velocity = 0.0, pressure = 0.0, scale = 0.0;
        for (int c = 0; c <= NS_AXES; ++c) {
            const real *mine = c < NS_AXES ? run.whole->velocity[c] : run.whole->pressure;
            const real *theirs = c < NS_AXES ? one->velocity[c] : one->pressure;
            double d = largest_difference(mine, theirs, &one->grid, &scale);
            double *worst = c < NS_AXES ? &velocity : &pressure;
            *worst = fmax(*worst, scale > 0.0 ? d / scale : d);
        }
        printf("\n  %s at %d on %s: %d ranks against one process: %ld steps each (%ld), CG "
               "iterations %ld (%ld), largest difference of u, v, w %.2e, of p %.2e (of their "
               "largest values)",
               kase, resolution, backend, ns_mpi_test_size(), report.summary.steps, one->steps,
               run.solver->cg_iterations_total, one->cg_iterations_total, velocity, pressure);
        /* The same preconditioner converges in the same iterations, to a
         * solve's rounding at the tolerance: at most one a step apart (a
         * wrong one still converges, in many more). */
        long iterations = run.solver->cg_iterations_total - one->cg_iterations_total;
        close = velocity <= velocity_bound && pressure <= pressure_bound &&
                report.summary.steps == one->steps && labs(iterations) <= one->steps;
        ns_solver_destroy(one);
    }
    NS_MPI_ASSERT_ALL(close, "the ranks' final state is one process's to rounding");
    ns_mpi_run_destroy(&run);
}

static void test_equals_one_process(void)
{
    ns_mpi_test_compare_with_one_process("kelvin-helmholtz", 8, 0.2, "serial",
                                         NS_MPI_VELOCITY_BOUND, NS_MPI_PRESSURE_BOUND);
    ns_mpi_test_compare_with_one_process("channel-obstacle", 16, 0.5, "serial",
                                         NS_MPI_VELOCITY_BOUND, NS_MPI_PRESSURE_BOUND);
}

#ifndef SWE_WITHOUT_NETCDF
/* Files into path (a stem): what --output PATH --format FORMATS give. */
static void write_files(ns_options *options, const char *path, unsigned formats)
{
    options->run.benchmark = 0;
    options->run.formats = formats;
    options->run.output_path = path;
    snprintf(options->run.output_stem, sizeof options->run.output_stem, "%s", path);
}

/* A run of options on the ranks; its summary checksum on rank 0. */
static int run_ranks(const ns_options *options, char *checksum, size_t size)
{
    ns_mpi_run run;
    ns_run_report report;
    swe_error err;
    int status = ns_mpi_run_create(&run, MPI_COMM_WORLD, options, &err);
    if (status == SWE_OK) {
        status = ns_mpi_run_drive(&run, options, &report, &err);
    }
    if (status != SWE_OK && ns_mpi_test_rank() == 0) {
        printf("\n  %s", err.message);
    }
    snprintf(checksum, size, "%s", status == SWE_OK ? report.summary.checksum : "");
    ns_mpi_run_destroy(&run);
    return status;
}

/* A run that checkpoints, and its restart from the last checkpoint: the
 * same final state, bit for bit (checkpoints are NetCDF files). */
static void test_restart_is_bit_for_bit(void)
{
    char directory[64] = "/tmp/shallows-ns-mpi-XXXXXX";
    int made = ns_mpi_test_rank() != 0 || mkdtemp(directory) != NULL;
    MPI_CHECK(MPI_Bcast(directory, sizeof directory, MPI_CHAR, 0, MPI_COMM_WORLD));
    NS_MPI_ASSERT_ALL(made, "a directory for the checkpoints");
    char first[128], second[128], checkpoint[128];
    snprintf(first, sizeof first, "%s/first", directory);
    snprintf(second, sizeof second, "%s/second", directory);
    snprintf(checkpoint, sizeof checkpoint, "%s/first.checkpoint.nc", directory);
    ns_options options = options_of("kelvin-helmholtz", 8, 0.2, "serial");
    options.run.outputs = 2;
    write_files(&options, first, SWE_FORMAT_VTK);
    options.run.checkpoint_every = 0.07;
    char whole[256], again[256];
    int status = run_ranks(&options, whole, sizeof whole);
    write_files(&options, second, SWE_FORMAT_VTK);
    options.run.checkpoint_every = 0.0;
    options.run.restart_path = checkpoint;
    if (status == SWE_OK) {
        status = run_ranks(&options, again, sizeof again);
    }
    NS_MPI_ASSERT_ALL(status == SWE_OK, "both runs end");
    NS_MPI_ASSERT_ALL(ns_mpi_test_rank() != 0 || strcmp(whole, again) == 0,
                      "the restart ends where the whole run did, bit for bit");
    MPI_CHECK(MPI_Barrier(MPI_COMM_WORLD));
    if (ns_mpi_test_rank() == 0) {
        char command[128];
        snprintf(command, sizeof command, "rm -rf '%s'", directory);
        if (system(command) != 0) {
            fprintf(stderr, "\n    cannot remove %s\n", directory);
        }
    }
}
#endif

void register_ns_mpi_run_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_mpi_runs", NULL, NULL);
    if (suite == NULL || CU_add_test(suite, "the ranks equal one process to rounding",
                                     test_equals_one_process) == NULL) {
        swe_mpi_abort("cannot register the ns_mpi_runs suite", 1);
    }
#ifndef SWE_WITHOUT_NETCDF
    if (CU_add_test(suite, "a restart is bit for bit", test_restart_is_bit_for_bit) == NULL) {
        swe_mpi_abort("cannot register the ns_mpi_runs suite", 1);
    }
#endif
}
