/* The verbs that the host backends of the triangle solver (serial,
 * OpenMP) share: they compute on the run's host arrays, so there is
 * nothing to move and nothing of their own to free. */
#ifndef SWE_MESH_HOST_VERBS_H
#define SWE_MESH_HOST_VERBS_H

#include "mesh/solver/mesh_run.h"

#include "core/error.h"

/* Allocates the host work arrays. */
int swe_mesh_host_init(swe_mesh_run *run, swe_error *err);

/* upload and download: the host arrays are the backend's arrays. */
int swe_mesh_host_in_place(swe_mesh_run *run, swe_error *err);

/* finalize: the work arrays go with the host arrays. */
void swe_mesh_host_finalize(swe_mesh_run *run);

#endif
