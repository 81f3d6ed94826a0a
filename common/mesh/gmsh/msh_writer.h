/* Writing a 2D triangle mesh as a GMSH 4.1 binary file: nodes, boundary
 * lines with their physical groups (named by raw->groups), triangles.
 * Written under PATH.tmp and renamed. The reader reads it back. */
#ifndef SWE_MSH_WRITER_H
#define SWE_MSH_WRITER_H

#include "core/error.h"
#include "mesh/gmsh/msh_raw.h"

int swe_msh_write_binary(const char *path, const swe_msh_raw *raw, swe_error *err);

/* A square of side metres cut into n x n cells, each split into two
 * triangles along a diagonal chosen at random; interior nodes moved at
 * random by up to a fifth of a cell in x and y; the boundary a "wall".
 * Rows of cells follow each other in the file, as in a structured grid
 * (the "gmsh" ordering then has phi about 2n). For benchmarks where gmsh
 * is not installed. */
int swe_msh_generate_square(int n, double side, unsigned long long seed, swe_msh_raw *raw,
                            swe_error *err);

#endif
