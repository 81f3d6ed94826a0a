/* The kernels of the triangle solver's OpenMP target backend, the part
 * students write (solutions/omptarget/mesh/mesh_omptarget_kernels.c): the
 * OpenMP backend's sweeps over edges and cells as `target teams distribute
 * parallel for` loops. `arrays` holds the addresses of the device's copies
 * (mesh_omptarget_backend.c puts every array there at init); each kernel
 * takes it firstprivate, so that only the struct of addresses travels with
 * a launch. Without a device the runtime runs them on the host arrays,
 * with the serial bits. */
#ifndef SWE_MESH_OMPTARGET_KERNELS_H
#define SWE_MESH_OMPTARGET_KERNELS_H

#include "mesh/numerics/mesh_arrays.h"
#include "mesh/solver/mesh_run.h"

/* The gradients of span's cells (its boundary cells again with their
 * ghosts), and the fluxes of span's edges: the same bits as a sweep over
 * every element gives those elements. */
void swe_mesh_omptarget_gradients(const swe_mesh_arrays *arrays, swe_mesh_span span, int device);
void swe_mesh_omptarget_edge_fluxes(const swe_mesh_arrays *arrays, swe_mesh_launch launch,
                                    swe_mesh_span span, int device);
/* The smallest edge time step (a NaN if any is a NaN). */
real swe_mesh_omptarget_min_time_step(const swe_mesh_arrays *arrays, int device);
void swe_mesh_omptarget_update_cells(const swe_mesh_arrays *arrays, swe_mesh_launch launch,
                                     int device);

/* h, hu, hv of cells[k] (a device array of count cells) into values[3k ..
 * 3k + 2] on the host, and back. */
void swe_mesh_omptarget_pack_halo(const swe_mesh_arrays *arrays, const int *cells, int count,
                                  real *values, int device);
void swe_mesh_omptarget_unpack_halo(const swe_mesh_arrays *arrays, const int *cells, int count,
                                    const real *values, int device);

#endif
