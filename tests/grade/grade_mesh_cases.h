/* Random cases of the triangle solver for the graded mesh exercises (15,
 * 16): a small random mesh (a jittered square of 8 to 72 triangles), its
 * boundary cut into groups of random conditions, a random numbering, and a
 * random state with dry cells, drawn in the file's triangle order so that
 * the same case in two numberings is the same water. Both builds draw the
 * same case from the seed; only the kernels under test differ. */
#ifndef SWE_GRADE_MESH_CASES_H
#define SWE_GRADE_MESH_CASES_H

#include "mesh/geometry/mesh_ordering.h"
#include "mesh/solver/mesh_backend.h"
#include "mesh/solver/mesh_stepper.h"
#include "tests/grade/grade_support.h"

/* Let the case's draw pick the numbering. */
#define GRADE_MESH_ANY_ORDERING (-1)

typedef struct grade_mesh_case {
    swe_mesh_run run; /* mesh, host arrays (with work arrays), order 1 or 2 */
    enum swe_mesh_ordering ordering;
    char description[160];
} grade_mesh_case;

/* Case case_number of test_id in the numbering given (or drawn); order
 * 0 draws first or second order, else that order. Work arrays NaN. */
void grade_mesh_make_case(const char *test_id, int case_number, int ordering, int order,
                          grade_mesh_case *c);
/* The same on a square of cells_a_side[0] to cells_a_side[1] cells a side. */
void grade_mesh_make_sized_case(const char *test_id, int case_number, int ordering, int order,
                                const int cells_a_side[2], grade_mesh_case *c);
void grade_mesh_free_case(grade_mesh_case *c);

/* Fills every flux array with random values in -10..10, drawn from the
 * case's own generator named draw. */
void grade_mesh_random_fluxes(grade_mesh_case *c, const char *draw, int case_number);

/* Fills the per-edge flux arrays with NaN, so that an edge the kernel
 * under test does not write cannot match. */
void grade_mesh_poison_fluxes(grade_mesh_case *c);

/* A field of one value per cell, in the file's triangle order, from a
 * cell array in the case's numbering. */
void grade_mesh_add_cells(grade_outputs *outputs, const char *name, const grade_mesh_case *c,
                          const real *values, const char *hint);
/* A field of one value per edge (count edges from the first), by the
 * case's edge numbering. */
void grade_mesh_add_edges(grade_outputs *outputs, const char *name, const grade_mesh_case *c,
                          const real *values, int count, const char *hint);

/* Steps of the run with backend (its verbs: the kernels of this build),
 * at a CFL number of 0.45; the dt of each step into dts (may be NULL).
 * A failure (an unstable state) leaves the remaining dts NaN. */
void grade_mesh_steps(grade_mesh_case *c, const swe_mesh_backend *backend, int steps, double *dts);

#endif
