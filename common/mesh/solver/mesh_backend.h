/* The mesh application's backend interface: its table of verbs for a
 * programming model (run/models.h registers the models; each model's table
 * for meshes lives in backends/<model>/mesh/ as swe_mesh_<model>_backend).
 *
 * The algorithm lives in one place, the stepper (mesh_stepper.c), which
 * calls these verbs; a backend only maps the element kernels of
 * common/mesh/numerics onto its loops, threads or work-items and moves
 * data. A backend keeps its own fields (device arrays, queues) in
 * run->ext; run->host holds the host's arrays, the exchange format with
 * the rest of the program.
 *
 * Required verbs (the registry, swe_mesh_models, refuses a table missing
 * one, naming it, before its first use): init, finalize, upload, download,
 * gradients, edge_fluxes, min_time_step, update_cells. Optional:
 * gradients_span and edge_fluxes_span (both or neither; what shallows-mpi
 * --mesh --overlap needs), halo_cells, pack_halo and unpack_halo (all or
 * none; device ranks of shallows-mpi --mesh). Every verb returns SWE_OK or
 * an error status with a message in err. */
#ifndef SWE_MESH_BACKEND_H
#define SWE_MESH_BACKEND_H

#include "core/error.h"
#include "mesh/solver/mesh_run.h"
#include "run/models.h"

#include <stdio.h>

typedef struct swe_mesh_backend {
    /* The model, what the mesh does on it (run/models.h). */
    swe_model_table table;
    /* Sets up the backend's fields for run (whose host arrays hold the
     * geometry); SWE_ERROR_USAGE when it cannot run here (no device). */
    int (*init)(swe_mesh_run *run, const swe_model_config *config, swe_error *err);
    void (*finalize)(swe_mesh_run *run);
    /* Host state (h, hu, hv) and bed -> backend, after they were written. */
    int (*upload)(swe_mesh_run *run, swe_error *err);
    /* Backend state -> host state, before it is read. */
    int (*download)(swe_mesh_run *run, swe_error *err);
    /* Limited gradients of the current state, every cell. */
    int (*gradients)(swe_mesh_run *run, swe_error *err);
    /* swe_mesh_interior_edge and swe_mesh_boundary_edge on every edge. */
    int (*edge_fluxes)(swe_mesh_run *run, swe_mesh_launch launch, swe_error *err);
    /* The smallest edge_time_step, exact (a NaN if any is NaN). */
    int (*min_time_step)(swe_mesh_run *run, real *time_step, swe_error *err);
    /* swe_mesh_cell_update on every cell. */
    int (*update_cells)(swe_mesh_run *run, swe_mesh_launch launch, swe_error *err);
    /* Optional, both or neither: gradients of span's cells, and
     * swe_mesh_interior_edge and swe_mesh_boundary_edge on span's edges,
     * the same bits as the whole verbs give those elements. A backend
     * with these and without pack_halo computes on the host arrays. */
    int (*gradients_span)(swe_mesh_run *run, const swe_mesh_span *span, swe_error *err);
    int (*edge_fluxes_span)(swe_mesh_run *run, swe_mesh_launch launch, const swe_mesh_span *span,
                            swe_error *err);
    /* Optional, all three or none (device backends): the halo of a part
     * moved through compact buffers, so that only its bytes cross to the
     * host. halo_cells names, once, the run's cells to send and those to
     * receive; pack_halo writes h, hu, hv of each send cell in turn into
     * send_values (host memory, 3 * send_count); unpack_halo writes
     * receive_values into the receive cells. */
    int (*halo_cells)(swe_mesh_run *run, const int *send_cells, int send_count,
                      const int *receive_cells, int receive_count, swe_error *err);
    int (*pack_halo)(swe_mesh_run *run, real *send_values, swe_error *err);
    int (*unpack_halo)(swe_mesh_run *run, const real *receive_values, swe_error *err);
    /* Optional, with the halo verbs (a device whose MPI library may read
     * its memory): the device buffers pack_halo fills and unpack_halo
     * reads, 3 * send_count and 3 * receive_count reals, the backend's
     * until the next halo_cells or finalize. Given to pack_halo and
     * unpack_halo in place of host memory, the values never leave the
     * device; pack_halo returns once they are written. */
    int (*halo_device_buffers)(swe_mesh_run *run, real **send_values, real **receive_values,
                               swe_error *err);
} swe_mesh_backend;

/* The mesh tables of the models linked into this program. */
extern const swe_model_registry swe_mesh_models;

/* The table of the model called name: SWE_OK, or SWE_ERROR_USAGE when no
 * such model is built or its table breaks the contract (named). */
int swe_mesh_backend_lookup(const char *name, const swe_mesh_backend **backend, swe_error *err);
/* The table of the model called name, or NULL when it is not built or
 * breaks the contract. */
const swe_mesh_backend *swe_mesh_backend_find(const char *name);
/* The index-th table linked when it keeps the contract; NULL otherwise. */
const swe_mesh_backend *swe_mesh_backend_at(int index);
/* The model's name of a table. */
const char *swe_mesh_backend_name(const swe_mesh_backend *backend);

#endif
