/* The Cartesian suites of shallows-mpi-tests (tests/mpi/mpi_test_main.c
 * runs them on every rank of one mpirun) and the helpers they share. */
#ifndef SWE_MPI_TEST_SUITES_H
#define SWE_MPI_TEST_SUITES_H

#include "cartesian/grid/backend.h"
#include "cartesian/grid/block.h"

#include "tests/mpi/mpi_test_support.h"

void register_mpi_halo_tests(void);
void register_mpi_agreement_tests(void);
void register_mpi_checkpoint_tests(void);
void register_mpi_vtk_tests(void);
/* mpi+cuda and mpi+opencl against the same backend on the whole domain. */
void register_mpi_device_tests(void);
/* An unstable run ends alike on every rank (exit code 1, one message). */
void register_mpi_invalid_state_tests(void);

/* Steps a block on every rank with a backend that fails on rank
 * failing_rank: the layer must end the whole job with that rank's message. */
void swe_mpi_test_fail_on_rank(int failing_rank);

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
void swe_mpi_test_parts_against_whole(const swe_mpi_test_case *c, const swe_backend *backend,
                                      const swe_backend_config *config, int overlap);

#endif
