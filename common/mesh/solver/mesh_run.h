/* One triangle run as its backend sees it: the mesh in the run's
 * numbering, the host arrays, the physics switches and the backend's own
 * fields. */
#ifndef SWE_MESH_RUN_H
#define SWE_MESH_RUN_H

#include "mesh/geometry/mesh.h"
#include "mesh/numerics/mesh_arrays.h"

struct swe_mesh_backend;
struct swe_mesh_run;

/* A stretch of a run's numbering for the span verbs (mesh_backend.h):
 * cells [cell_begin, cell_end), interior edges [interior_begin,
 * interior_end) and boundary edges [boundary_begin, boundary_end). */
typedef struct swe_mesh_span {
    int cell_begin, cell_end;
    int interior_begin, interior_end;
    int boundary_begin, boundary_end;
} swe_mesh_span;

/* Whether span lies inside the numbering of a's cells and edges. */
static inline int swe_mesh_span_inside(const swe_mesh_arrays *a, const swe_mesh_span *span)
{
    return span != NULL && 0 <= span->cell_begin && span->cell_begin <= span->cell_end &&
           span->cell_end <= a->cell_count && 0 <= span->interior_begin &&
           span->interior_begin <= span->interior_end &&
           span->interior_end <= a->interior_edge_count &&
           a->interior_edge_count <= span->boundary_begin &&
           span->boundary_begin <= span->boundary_end && span->boundary_end <= a->edge_count;
}

/* What couples a run to the other parts of a partitioned mesh (the MPI
 * ranks, backends/mpi/mesh/): the stepper calls before_step first in
 * every step (the halo exchange) and hands the step's smallest edge time
 * step of this part to reduce_time_step (the global minimum).
 *
 * Overlapped (finish_exchange not NULL): before_step only starts the
 * exchange; the stepper computes the gradients and edge fluxes of
 * inner, which read no halo cell, calls finish_exchange, then computes
 * those of outer. inner and outer together cover every cell and edge. */
typedef struct swe_mesh_coupling {
    int (*before_step)(void *context, struct swe_mesh_run *run, swe_error *err);
    int (*finish_exchange)(void *context, struct swe_mesh_run *run, swe_error *err);
    int (*reduce_time_step)(void *context, real *edge_step, swe_error *err);
    void *context;
    swe_mesh_span inner, outer;
} swe_mesh_coupling;

typedef struct swe_mesh_run {
    swe_mesh mesh;        /* owned; renumbered by the run's ordering */
    swe_mesh_arrays host; /* owned: state, bed, geometry, conditions */
    int order;            /* 1: first order; 2: MUSCL and the two-stage step */
    const struct swe_mesh_backend *backend;
    void *ext;                         /* the backend's own fields */
    const swe_mesh_coupling *coupling; /* NULL: the run is the whole mesh */
} swe_mesh_run;

#endif
