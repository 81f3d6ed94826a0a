/* shallows-mpi-tests shares the triangle suites' helpers
 * (tests/mesh/mesh_test_support.c), which register through the hook of
 * tests/test_suites.h: here it ends the whole job when CUnit refuses. */
#include "tests/mpi/mpi_test_support.h"
#include "tests/test_suites.h"

void swe_test_require_registered(const void *pointer, const char *what)
{
    swe_mpi_test_require(pointer, what);
}
