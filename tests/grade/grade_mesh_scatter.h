/* What the graded scatters (exercise 16 on OpenMP threads, 18 on the GPU)
 * share: their random cases, the comparison of a scatter's accumulators
 * with the gather, and the outputs the grader compares. */
#ifndef SWE_GRADE_MESH_SCATTER_H
#define SWE_GRADE_MESH_SCATTER_H

#include "mesh/geometry/mesh_colouring.h"
#include "mesh/numerics/mesh_scatter.h"
#include "tests/grade/grade_mesh_cases.h"

/* Fluxes of at most 10 in size, three to a cell: the same sums in any
 * order of the additions lie within 2 * 30 ulps of each other; a lost
 * addition misses by a whole flux. */
#define GRADE_SCATTER_ULPS 128.0

/* Case case_number of test_id: random fluxes on a random square of
 * cells_a_side[0] to cells_a_side[1] cells a side, numbered at random. */
void grade_scatter_make_case(const char *test_id, int case_number, const int cells_a_side[2],
                             grade_mesh_case *c);

/* Three accumulators of cells values each, the which-th set in storage. */
swe_mesh_cell_sums grade_scatter_sums_in(real *storage, int cells, int which);

/* Every cell's gather (mesh_cell_kernels.h) into sums. */
void grade_scatter_gather(const swe_mesh_arrays *a, swe_mesh_cell_sums sums);

/* The coloured scatter's sums as the host adds them: zero, then every
 * colour's edges in turn. Within a colour a cell has one edge at most, so
 * the order of the additions into every cell is fixed: a coloured scatter
 * gives these bits exactly, on any number of threads. */
void grade_scatter_colour_order(const swe_mesh_arrays *a, const swe_mesh_colouring *colouring,
                                swe_mesh_cell_sums sums);

/* What the scatter under test is handed: a copy of a whose cells' own edge
 * lists (cell_edge_0..2, the way a gather finds a cell's edges) all name
 * edge 0, in cells ints of the caller's. A scatter goes through the edges
 * (edge_left, edge_right) and never reads them; a gather in its place adds
 * edge 0's fluxes three times into every cell. */
swe_mesh_arrays grade_scatter_hide_cell_edges(const swe_mesh_arrays *a, int *cells);

/* Cells whose accumulators differ from the gather beyond GRADE_SCATTER_ULPS. */
int grade_scatter_cells_off(const swe_mesh_arrays *a, swe_mesh_cell_sums sums);

/* Cells whose accumulators differ in any bit between two sets. */
int grade_scatter_cells_changed(int cells, swe_mesh_cell_sums a, swe_mesh_cell_sums b);

/* The three accumulators as fields of the case's cells, with hint. */
void grade_scatter_add_sums(grade_outputs *outputs, const grade_mesh_case *c,
                            swe_mesh_cell_sums sums, const char *hint);

/* One count as an output of its own, with hint. */
void grade_scatter_add_count(grade_outputs *outputs, const char *name, int count, const char *hint);

#endif
