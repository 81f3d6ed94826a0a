/* shallows-mpi --mesh FILE.msh [options]: the triangle solver over the
 * ranks of MPI_COMM_WORLD, with the options of shallows --mesh and its
 * summary line, plus --partition. Every rank parses (bad input is found
 * alike everywhere); rank 0 prints. Returns the exit status: 0, 1 for a
 * run that failed, 2 for bad input. */
#ifndef SWE_MESH_MPI_PROGRAM_H
#define SWE_MESH_MPI_PROGRAM_H

int swe_mesh_mpi_program_main(int argc, char **argv);

#endif
