/* The host's copy of a triangle run's arrays (numerics/mesh_arrays.h),
 * structure of arrays: the state the rest of the program reads and
 * writes, and the geometry in the solver's precision, converted from the
 * mesh's doubles once, here, for every backend. The work arrays (stage,
 * gradients, fluxes) are allocated only for backends that compute on the
 * host. */
#ifndef SWE_MESH_HOST_ARRAYS_H
#define SWE_MESH_HOST_ARRAYS_H

#include "core/error.h"
#include "mesh/geometry/mesh.h"
#include "mesh/numerics/mesh_arrays.h"
#include "mesh/solver/mesh_conditions.h"

/* State (zero), bed (zero), geometry and conditions of mesh. */
int swe_mesh_host_arrays_create(swe_mesh_arrays *arrays, const swe_mesh *mesh,
                                const swe_mesh_conditions *conditions, swe_error *err);

/* Allocates the work arrays (once; later calls do nothing). */
int swe_mesh_host_arrays_add_work(swe_mesh_arrays *arrays, swe_error *err);

/* Frees every array and zeroes arrays; safe on a zeroed struct. */
void swe_mesh_host_arrays_free(swe_mesh_arrays *arrays);

#endif
