/* One triangle run as its backend sees it: the mesh in the run's
 * numbering, the host arrays, the physics switches and the backend's own
 * fields. */
#ifndef SWE_MESH_RUN_H
#define SWE_MESH_RUN_H

#include "mesh/geometry/mesh.h"
#include "mesh/numerics/mesh_arrays.h"

struct swe_mesh_backend;

typedef struct swe_mesh_run {
    swe_mesh mesh;        /* owned; renumbered by the run's ordering */
    swe_mesh_arrays host; /* owned: state, bed, geometry, conditions */
    int order;            /* 1: first order; 2: MUSCL and the two-stage step */
    const struct swe_mesh_backend *backend;
    void *ext; /* the backend's own fields */
} swe_mesh_run;

#endif
