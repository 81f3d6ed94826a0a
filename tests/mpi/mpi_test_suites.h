/* The suites of shallows-mpi-tests, every application's, which
 * tests/mpi/mpi_test_main.c runs on every rank of one mpirun. */
#ifndef SWE_MPI_TEST_SUITES_H
#define SWE_MPI_TEST_SUITES_H

/* The layer all applications share (tests/mpi/): ranks on nodes and
 * devices, the timing line. */
void register_mpi_node_tests(void);

/* Cartesian blocks (tests/cartesian/mpi/). */
void register_mpi_halo_tests(void);
void register_mpi_agreement_tests(void);
void register_mpi_checkpoint_tests(void);
void register_mpi_vtk_tests(void);
void register_mpi_device_tests(void);
void register_mpi_invalid_state_tests(void);
/* `shallows-mpi-tests --fail-on-rank R`: steps a block whose backend
 * fails on rank R only (the mpi-cli suite checks the job ends with that
 * rank's message instead of hanging). */
void swe_mpi_test_fail_on_rank(int failing_rank);

/* Triangle meshes (tests/mesh/mpi/): partitions and parts (METIS against
 * random, halo layers, geometry); a partitioned run against one process,
 * bit for bit. */
void register_mesh_partition_tests(void);
void register_mesh_mpi_agreement_tests(void);

#endif
