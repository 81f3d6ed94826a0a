/* The kernels of the triangle solver's OpenMP backend, the part students
 * write (solutions/openmp/mesh/): the serial sweeps, shared among threads. */
#ifndef SWE_MESH_OPENMP_KERNELS_H
#define SWE_MESH_OPENMP_KERNELS_H

#include "mesh/numerics/mesh_arrays.h"

/* As their serial namesakes (mesh_serial_kernels.h), on `threads`
 * threads (0: the runtime's default), with the same bits for any count. */
void swe_mesh_openmp_gradients(const swe_mesh_arrays *arrays, int threads);
void swe_mesh_openmp_edge_fluxes(const swe_mesh_arrays *arrays, swe_mesh_launch launch,
                                 int threads);
real swe_mesh_openmp_min_time_step(const swe_mesh_arrays *arrays, int threads);
void swe_mesh_openmp_update_cells(const swe_mesh_arrays *arrays, swe_mesh_launch launch,
                                  int threads);

#endif
