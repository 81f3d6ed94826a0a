/* What the Cartesian suites of shallows-mpi-tests share. */
#ifndef SWE_MPI_CARTESIAN_SUPPORT_H
#define SWE_MPI_CARTESIAN_SUPPORT_H

#include "cartesian/grid/backend.h"
#include "cartesian/grid/block.h"

#include "tests/mpi/mpi_test_suites.h"
#include "tests/mpi/mpi_test_support.h"

/* Values of the part (h, hu, hv, and b when with_bed) that differ in
 * their bits from the same cells of the whole block; the first one is
 * printed to stderr with its rank, field and global cell. */
long swe_mpi_test_differing_values(const swe_block *part, const swe_block *whole, int with_bed);

/* A scenario on nx x ny cells, run to t_end. */
typedef struct swe_mpi_test_case {
    const char *scenario;
    int nx, ny;
    double t_end;
} swe_mpi_test_case;

/* Runs c on the whole domain in this process and as this rank's part of
 * it through the MPI layer (overlapped when overlap), both with backend
 * and config, and asserts on every rank that the parts took the same steps
 * and times and hold every cell bit for bit as the whole. Collective. */
void swe_mpi_test_parts_against_whole(const swe_mpi_test_case *c,
                                      const swe_cartesian_backend *backend,
                                      const swe_cartesian_backend_config *config, int overlap);

#endif
