/* The suites of shallows-ns-mpi-tests (mpirun -np N): every rank runs
 * every test; an assertion holds only where it holds on every rank. */
#ifndef NS_MPI_TESTS_H
#define NS_MPI_TESTS_H

#include <CUnit/CUnit.h>
#include <mpi.h>

/* One CUnit assertion, true when ok is nonzero on every rank; a rank
 * where it is not says so on stderr. Collective. */
void ns_mpi_assert_all(int ok, const char *what, const char *file, int line);
#define NS_MPI_ASSERT_ALL(ok, what) ns_mpi_assert_all((ok), (what), __FILE__, __LINE__)

int ns_mpi_test_rank(void);
int ns_mpi_test_size(void);

void register_ns_mpi_slab_tests(void);
void register_ns_mpi_run_tests(void);

#endif
