/* The kernels of the triangle solver's serial backend, the part students
 * write (solutions/serial/mesh/): loops that run the element kernels of
 * common/mesh/numerics over every edge or cell. */
#ifndef SWE_MESH_SERIAL_KERNELS_H
#define SWE_MESH_SERIAL_KERNELS_H

#include "mesh/numerics/mesh_cell_kernels.h"

/* swe_mesh_gradient on every cell (or loops with its bits). */
void swe_mesh_serial_gradients(const swe_mesh_arrays *arrays);

/* swe_mesh_interior_edge on edges 0..interior_edge_count-1, then
 * swe_mesh_boundary_edge on the rest (or loops with their bits). */
void swe_mesh_serial_edge_fluxes(const swe_mesh_arrays *arrays, swe_mesh_launch launch);

/* The smallest edge_time_step (swe_mesh_min_step keeps a NaN). */
real swe_mesh_serial_min_time_step(const swe_mesh_arrays *arrays);

/* The sum of cell c's three edge fluxes, in its listed edge order (what
 * swe_mesh_cell_gather computes for the other backends). */
swe_mesh_flux_sum swe_mesh_serial_gather(const swe_mesh_arrays *arrays, int c);

/* swe_mesh_cell_apply of swe_mesh_serial_gather on every cell. */
void swe_mesh_serial_update_cells(const swe_mesh_arrays *arrays, swe_mesh_launch launch);

#endif
