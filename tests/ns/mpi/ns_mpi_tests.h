/* The suites of shallows-ns-mpi-tests (mpirun -np N): every rank runs
 * every test; an assertion holds only where it holds on every rank. */
#ifndef NS_MPI_TESTS_H
#define NS_MPI_TESTS_H

#include "ns/grid/ns_slab_transpose.h"

#include <CUnit/CUnit.h>
#include <mpi.h>

/* One CUnit assertion, true when ok is nonzero on every rank; a rank
 * where it is not says so on stderr. Collective. */
void ns_mpi_assert_all(int ok, const char *what, const char *file, int line);
#define NS_MPI_ASSERT_ALL(ok, what) ns_mpi_assert_all((ok), (what), __FILE__, __LINE__)

int ns_mpi_test_rank(void);
int ns_mpi_test_size(void);

/* kase at resolution run to t_end with backend on the ranks and, on rank
 * 0, one process's run of it: asserts the same steps, CG iterations at
 * most one a step apart in all (the same preconditioner), and the largest
 * difference of u, v, w (relative to the largest speed) and of p
 * (relative to its largest value) within the bounds. Collective. */
void ns_mpi_test_compare_with_one_process(const char *kase, int resolution, double t_end,
                                          const char *backend, double velocity_bound,
                                          double pressure_bound);

/* One 2D copy of the slabs' transpose on the host, as cudaMemcpy2D makes
 * it on a GPU; swapped: from target to source (the way back). */
void ns_mpi_test_copy_2d(const ns_copy_2d *copy, const char *source, char *target, int swapped);

void register_ns_mpi_slab_tests(void);
void register_ns_mpi_run_tests(void);
void register_ns_mpi_transpose_tests(void);
void register_ns_mpi_slab_fft_tests(void);
void register_ns_mpi_cuda_tests(void); /* only with SWE_WITH_CUDA */

#endif
