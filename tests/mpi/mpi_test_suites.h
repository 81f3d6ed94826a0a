/* The CUnit suites of shallows-mpi-tests, run on every rank of one mpirun.
 * Each test is collective: every rank runs it, and a check counts only
 * once every rank agrees (swe_mpi_test_assert_all), so all ranks record
 * the same result and rank 0's report speaks for the job. */
#ifndef SWE_MPI_TEST_SUITES_H
#define SWE_MPI_TEST_SUITES_H

#include "grid/backend.h"
#include "grid/block.h"

#include <CUnit/CUnit.h>
#include <mpi.h>
#include <stddef.h>

void register_mpi_halo_tests(void);
void register_mpi_agreement_tests(void);
void register_mpi_checkpoint_tests(void);
void register_mpi_vtk_tests(void);
/* mpi+cuda and mpi+opencl against the same backend on the whole domain. */
void register_mpi_device_tests(void);
/* An unstable run ends alike on every rank (exit code 1, one message). */
void register_mpi_invalid_state_tests(void);

/* Asserts on every rank that local_ok holds on all ranks; a rank where it
 * does not prints what to stderr, labelled with its rank. Collective. */
#define SWE_MPI_ASSERT_ALL(local_ok, what)                                                         \
    swe_mpi_test_assert_all((local_ok), (what), __FILE__, __LINE__)
void swe_mpi_test_assert_all(int local_ok, const char *what, const char *file, int line);

/* Steps a block on every rank with a backend that fails on rank
 * failing_rank: the layer must end the whole job with that rank's message. */
void swe_mpi_test_fail_on_rank(int failing_rank);

/* Rank 0 makes a fresh directory under /tmp and every rank learns its
 * name; remove_directory removes it once every rank is done. Collective. */
void swe_mpi_test_directory(char *path, size_t size);
void swe_mpi_test_remove_directory(const char *path);

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

int swe_mpi_test_rank(void);
int swe_mpi_test_size(void);

/* Fails registration loudly (a suite not registered would pass by running
 * nothing). */
void swe_mpi_test_require(const void *pointer, const char *what);

#endif
