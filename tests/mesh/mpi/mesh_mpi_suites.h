/* The suites of triangle meshes over MPI ranks (backends/mpi/mesh/), run
 * by shallows-mpi-tests on every rank count of make check-mpi. */
#ifndef SWE_MESH_MPI_SUITES_H
#define SWE_MESH_MPI_SUITES_H

/* Partitions and parts: METIS against random, halo layers, geometry. */
void register_mesh_partition_tests(void);
/* A partitioned run against one process, bit for bit. */
void register_mesh_mpi_agreement_tests(void);

#endif
