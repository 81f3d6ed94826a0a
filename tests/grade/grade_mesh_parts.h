/* What both sides of exercise 17's cases (exercises/17-mesh-mpi-halo-exchange)
 * build alike: the grader's expected outputs (grade_mesh_mpi.c, no MPI)
 * and the student's MPI job (mpi/grade_mpi_mesh.c). A case is a jittered
 * square of n x n cells (2 n^2 triangles) dealt out to the ranks at random
 * (equal counts, the same split in every build: METIS's could differ
 * between a grader's machine and a student's), each rank's part with 1 or
 * 3 halo layers. The coded pattern: h, hu, hv of triangle T (the whole
 * mesh's file order) hold a code of field, T and exchange; halo cells
 * start as NEVER_WRITTEN. Exact in single precision for fewer than 65536
 * triangles (tools/teaching/grading/compare.py decodes them for messages). */
#ifndef SWE_GRADE_MESH_PARTS_H
#define SWE_GRADE_MESH_PARTS_H

#include "core/real.h"
#include "mesh/gmsh/msh_raw.h"
#include "mesh/partition/mesh_partition.h"

enum { GRADE_MESH_HALO_FIELDS = 3, GRADE_MESH_HALO_EXCHANGES = 2 };
#define GRADE_MESH_HALO_NEVER_WRITTEN ((real)-7.25)

static inline real grade_mesh_halo_code(int field, int triangle, int exchange)
{
    return (real)(field * 65536 + triangle) + (real)0.5 + (real)0.25 * exchange;
}

typedef struct grade_mesh_parts {
    swe_mesh whole; /* cell c is file triangle c */
    swe_mesh_dual_graph graph;
    int *part; /* per cell: the rank that owns it */
} grade_mesh_parts;

/* Element tags as a file would give them (1, 2, ... lines first), for
 * the messages of swe_mesh_build. */
int grade_mesh_number_elements(swe_msh_raw *raw, swe_error *err);

/* The whole mesh of a case and its split into `ranks` parts. */
int grade_mesh_parts_create(int n, unsigned long long seed, int ranks, grade_mesh_parts *parts,
                            swe_error *err);
void grade_mesh_parts_free(grade_mesh_parts *parts);

#endif
