/* The scatter alternative to the gather (exercise 16): each edge adds its
 * fluxes into its two cells' accumulators, instead of each cell reading
 * its three edges. Two edges of one cell running on two threads at once
 * race on that cell's accumulator; the variants below are the naive
 * scatter (the race, for the lab), atomics, and an edge colouring. None of
 * them is the reference path: the solver gathers (mesh_cell_kernels.h),
 * which needs neither, and whose sums do not depend on the numbering. */
#ifndef SWE_MESH_OPENMP_SCATTER_H
#define SWE_MESH_OPENMP_SCATTER_H

#include "mesh/geometry/mesh_colouring.h"
#include "mesh/numerics/mesh_arrays.h"
#include "mesh/numerics/mesh_scatter.h"

/* Sets every accumulator to zero. */
void swe_mesh_openmp_sums_zero(const swe_mesh_arrays *arrays, swe_mesh_cell_sums sums, int threads);

/* Every edge adds into its cells with plain additions on `threads`
 * threads: wrong whenever two threads update one cell at once. */
void swe_mesh_openmp_scatter_naive(const swe_mesh_arrays *arrays, swe_mesh_cell_sums sums,
                                   int threads);

/* The same with atomic additions: right, but in an order that changes
 * from run to run (not the same bits every time). */
void swe_mesh_openmp_scatter_atomic(const swe_mesh_arrays *arrays, swe_mesh_cell_sums sums,
                                    int threads);

/* One colour after the other, the edges of a colour in parallel with
 * plain additions: right, and the same bits for any thread count. */
void swe_mesh_openmp_scatter_coloured(const swe_mesh_arrays *arrays,
                                      const swe_mesh_colouring *colouring, swe_mesh_cell_sums sums,
                                      int threads);

/* swe_mesh_cell_apply of every cell's accumulated sum. */
void swe_mesh_openmp_apply_sums(const swe_mesh_arrays *arrays, swe_mesh_launch launch,
                                swe_mesh_cell_sums sums, int threads);

#endif
