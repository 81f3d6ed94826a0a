/* Helpers of the Navier-Stokes suites (tests/ns/). */
#ifndef NS_TEST_SUPPORT_H
#define NS_TEST_SUPPORT_H

#include "ns/cases/ns_cases.h"
#include "ns/solver/ns_solver.h"

#include <stddef.h>
#include <sys/types.h>

/* Walls: 'p' periodic, 'n' no-slip, 'f' free-slip, one letter per axis. */
ns_solver *ns_test_solver(const char *backend, const int n[NS_AXES], const char walls[NS_AXES],
                          double viscosity);

/* A started solver of a case, or NULL after a failed assertion. */
ns_solver *ns_test_case(const char *name, const char *backend, int resolution, double reynolds);

/* A case created with settings, stepped `steps` times and synced. */
ns_solver *ns_test_stepped(const char *name, const ns_case_settings *settings, int steps);

/* Starts a solver made by ns_test_solver after its host state was set. */
void ns_test_start(ns_solver *solver);

/* How closely a model that agrees to rounding (a GPU) matches serial:
 * double 1e-10 of the largest velocity; single 1e-4, since the CG stops at
 * a relative residual of 1e-6 and the GPU's reductions and fused
 * multiply-adds round differently, so the two pressure solves stop at
 * different points within that tolerance. */
#ifdef SWE_PRECISION_DOUBLE
#define NS_TEST_DEVICE_AGREEMENT 1e-10
#else
#define NS_TEST_DEVICE_AGREEMENT 1e-4
#endif

/* The largest difference of the three velocity components over the
 * interior faces, relative to the largest speed of a. */
double ns_test_velocity_difference(const ns_solver *a, const ns_solver *b);
/* The largest difference of two face fields over the interior faces,
 * relative to the largest of expected (a NaN shows as NaN). */
double ns_test_face_difference(const ns_grid *g, real *const expected[NS_AXES],
                               real *const actual[NS_AXES]);

/* A reproducible number in [-1, 1]. */
double ns_test_random(unsigned long *state);

/* Host pressure = random values with zero mean over the fluid cells. */
void ns_test_random_pressure(ns_solver *solver, unsigned long seed);

/* sqrt(x . x) through the backend's dot verb. */
double ns_test_norm(ns_solver *solver, enum ns_vector x);

/* ||A M^-1 b - b|| / ||b|| for a random b of zero mean, through the
 * backend's verbs, on a grid with walls as in ns_test_solver. */
double ns_test_inverse_error(const char *backend, const int n[NS_AXES], const char walls[NS_AXES]);

/* One fractional step through the verbs (dt 1e-3, forward Euler),
 * returning the L2 norms of div u* (before the projection) and div u. */
void ns_test_projected_step(ns_solver *solver, double *before, double *after);

/* Runs program (shallows-ns, shallows-ns-mpi: beside the program under
 * test) with args (NULL-terminated, at most 40) in directory, under a
 * time limit of 120 s (exit 124 or 137: it hung). */
struct swe_program_result;
void ns_test_run_program(const char *program, const char *directory, const char *const *args,
                         struct swe_program_result *result);

/* Runs shallows-ns-mpi on ranks processes under mpirun, as
 * ns_test_run_program does (exit code 124: the job hung). */
void ns_test_run_mpi(int ranks, const char *directory, const char *const *args,
                     struct swe_program_result *result);

/* Starts program with args, its output to /dev/null; its process id
 * (-1 on failure), not waited for. */
pid_t ns_test_start_program(const char *program, const char *const *args);

/* The checksum of the summary line in out (from "u_l2=" to the end of the
 * line) into checksum; "" when there is none. */
void ns_test_summary_checksum(const char *out, char *checksum, size_t size);

void register_ns_stencil_tests(void);
void register_ns_poisson_tests(void);
void register_ns_flow_tests(void);
void register_ns_backend_tests(void);
void register_ns_input_tests(void);
void register_ns_png_tests(void);
void register_ns_program_tests(void);
void register_ns_restart_tests(void);
void register_ns_cuda_host_tests(void);
void register_ns_mpi_program_tests(void); /* only with SWE_WITH_NS_MPI */
void register_ns_cuda_tests(void);        /* only with SWE_WITH_CUDA */
void register_ns_agreement_tests(void);
void register_ns_opencl_tests(void); /* only with NS_WITH_CLFFT (OpenCL and clFFT) */

#endif
