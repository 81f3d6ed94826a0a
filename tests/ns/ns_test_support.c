#include "tests/ns/ns_test_support.h"

#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <fcntl.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

ns_solver *ns_test_solver(const char *backend, const int n[NS_AXES], const char walls[NS_AXES],
                          double viscosity)
{
    ns_wall wall[NS_FACES] = {{0}};
    double length[NS_AXES];
    for (int axis = 0; axis < NS_AXES; ++axis) {
        enum ns_wall_kind kind = walls[axis] == 'n'   ? NS_NO_SLIP
                                 : walls[axis] == 'f' ? NS_FREE_SLIP
                                                      : NS_PERIODIC;
        wall[2 * axis].kind = wall[2 * axis + 1].kind = kind;
        length[axis] = 0.1 * n[axis] * (axis + 1); /* unequal cell sizes */
    }
    ns_grid grid;
    swe_error err;
    if (ns_grid_init(&grid, n, length, wall, &err) != SWE_OK) {
        CU_FAIL_FATAL("ns_grid_init failed");
    }
    ns_parameters parameters = {.viscosity = viscosity, .density = 1.0};
    ns_solver *solver = NULL;
    if (ns_solver_create(&grid, &parameters, backend, &solver, &err) != SWE_OK) {
        fprintf(stderr, "\n%s\n", err.message);
        CU_FAIL_FATAL("ns_solver_create failed");
    }
    return solver;
}

void ns_test_start(ns_solver *solver)
{
    swe_error err;
    if (ns_solver_start(solver, &err) != SWE_OK) {
        fprintf(stderr, "\n%s\n", err.message);
        CU_FAIL_FATAL("ns_solver_start failed");
    }
}

ns_solver *ns_test_case(const char *name, const char *backend, int resolution, double reynolds)
{
    ns_case_settings settings = {
        .resolution = resolution, .reynolds = reynolds, .backend = backend};
    ns_solver *solver = NULL;
    swe_error err;
    if (ns_case_create(name, &settings, &solver, &err) != SWE_OK) {
        fprintf(stderr, "\n%s\n", err.message);
        CU_FAIL_FATAL("ns_case_create failed");
    }
    return solver;
}

ns_solver *ns_test_stepped(const char *name, const ns_case_settings *settings, int steps)
{
    ns_solver *solver = NULL;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(ns_case_create(name, settings, &solver, &err), SWE_OK);
    for (int step = 0; step < steps; ++step) {
        int status = ns_solver_step(solver, 0.0, &err);
        if (status != SWE_OK) {
            fprintf(stderr, "\n%s\n", err.message);
        }
        CU_ASSERT_EQUAL_FATAL(status, SWE_OK);
    }
    CU_ASSERT_EQUAL_FATAL(ns_solver_sync(solver, &err), SWE_OK);
    return solver;
}

double ns_test_random(unsigned long *state)
{
    *state = *state * 6364136223846793005ul + 1442695040888963407ul;
    return (double)(*state >> 11) / 4503599627370496.0 - 1.0;
}

void ns_test_random_pressure(ns_solver *solver, unsigned long seed)
{
    const ns_grid *g = &solver->grid;
    double sum = 0.0;
    long fluid = 0;
    for (size_t cell = 0; cell < g->cells; ++cell) {
        solver->pressure[cell] = (real)0;
    }
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            for (int i = 0; i < g->n[0]; ++i) {
                size_t cell = ns_index(g, i, j, k);
                if (solver->fluid[cell]) {
                    solver->pressure[cell] = (real)ns_test_random(&seed);
                    sum += solver->pressure[cell];
                    fluid += 1;
                }
            }
        }
    }
    for (size_t cell = 0; cell < g->cells; ++cell) {
        if (solver->fluid[cell]) {
            solver->pressure[cell] -= (real)(sum / (double)fluid);
        }
    }
}

double ns_test_norm(ns_solver *solver, enum ns_vector x)
{
    double dot = -1.0;
    swe_error err;
    CU_ASSERT_EQUAL(solver->backend->dot(solver, x, x, &dot, &err), SWE_OK);
    return sqrt(dot);
}

/* ||A M^-1 b - b|| / ||b|| for random b (zero mean) on a grid. */
double ns_test_inverse_error(const char *backend, const int n[NS_AXES], const char walls[NS_AXES])
{
    ns_solver *solver = ns_test_solver(backend, n, walls, 0.0);
    ns_test_random_pressure(solver, 7);
    ns_test_start(solver);
    swe_error err;
    const ns_backend *b = solver->backend;
    CU_ASSERT_EQUAL(b->upload(solver, &err), SWE_OK);
    CU_ASSERT_EQUAL(b->precondition(solver, NS_PRESSURE, NS_PRECONDITIONED, &err), SWE_OK);
    CU_ASSERT_EQUAL(b->laplacian(solver, NS_PRECONDITIONED, NS_PRODUCT, &err), SWE_OK);
    double norm = ns_test_norm(solver, NS_PRESSURE);
    CU_ASSERT_EQUAL(b->axpy(solver, (real)-1, NS_PRESSURE, NS_PRODUCT, &err), SWE_OK);
    double error = ns_test_norm(solver, NS_PRODUCT) / norm;
    ns_solver_destroy(solver);
    return error;
}

/* argv of program (beside the program under test) with args. */
static void program_argv(const char *program, const char *const *args, char *path, size_t size,
                         const char *argv[42])
{
    char copy[4096];
    snprintf(copy, sizeof copy, "%s", swe_test_program());
    snprintf(path, size, "%s/%s", dirname(copy), program);
    argv[0] = path;
    int a = 0;
    for (; args[a] != NULL && a < 40; ++a) {
        argv[a + 1] = args[a];
    }
    argv[a + 1] = NULL;
}

void ns_test_run_program(const char *program, const char *directory, const char *const *args,
                         swe_program_result *result)
{
    char path[4200];
    const char *argv[42];
    program_argv(program, args, path, sizeof path, argv);
    /* A run that hangs ends (exit 124, or 137 after SIGKILL) instead of
     * stalling the suite. */
    const char *limited[46] = {"/usr/bin/timeout", "-k", "5", "120"};
    for (int a = 0; argv[a] != NULL && a < 41; ++a) {
        limited[4 + a] = argv[a];
    }
    swe_command_run(directory, limited, result);
}

void ns_test_run_mpi(int ranks, const char *directory, const char *const *args,
                     swe_program_result *result)
{
    char path[4200], count[16];
    const char *program_args[42];
    program_argv("shallows-ns-mpi", args, path, sizeof path, program_args);
    snprintf(count, sizeof count, "%d", ranks);
    /* A job that hangs ends with exit code 124 instead of stalling the suite. */
    const char *argv[56] = {"/usr/bin/env",
                            "OMPI_ALLOW_RUN_AS_ROOT=1",
                            "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1",
                            "timeout",
                            "120",
                            "mpirun",
                            "-q",
                            "--oversubscribe",
                            "-np",
                            count};
    for (int a = 0; program_args[a] != NULL && a < 41; ++a) {
        argv[10 + a] = program_args[a];
    }
    swe_command_run(directory, argv, result);
}

pid_t ns_test_start_program(const char *program, const char *const *args)
{
    char path[4200];
    const char *argv[42];
    program_argv(program, args, path, sizeof path, argv);
    pid_t child = fork();
    if (child == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0) {
            _exit(127);
        }
        execv(path, (char *const *)argv);
        _exit(127);
    }
    return child;
}

void ns_test_summary_checksum(const char *out, char *checksum, size_t size)
{
    const char *line = strstr(out, "summary: ");
    const char *from = line != NULL ? strstr(line, " u_l2=") : NULL;
    snprintf(checksum, size, "%.*s", from != NULL ? (int)strcspn(from + 1, "\n") : 0,
             from != NULL ? from + 1 : "");
}

double ns_test_face_difference(const ns_grid *g, real *const expected[NS_AXES],
                               real *const actual[NS_AXES])
{
    double difference = 0.0, largest = 0.0;
    for (int c = 0; c < NS_AXES; ++c) {
        for (int k = 0; k < g->n[2]; ++k) {
            for (int j = 0; j < g->n[1]; ++j) {
                for (int i = 0; i < g->n[0]; ++i) {
                    size_t cell = ns_index(g, i, j, k);
                    double d = fabs((double)expected[c][cell] - (double)actual[c][cell]);
                    difference = d > difference || d != d ? d : difference;
                    largest = fmax(largest, fabs((double)expected[c][cell]));
                }
            }
        }
    }
    return largest > 0.0 ? difference / largest : difference;
}

double ns_test_velocity_difference(const ns_solver *a, const ns_solver *b)
{
    return ns_test_face_difference(&a->grid, a->velocity, b->velocity);
}
