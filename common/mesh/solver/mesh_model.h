/* A triangle run as a driver uses it: created from options, advanced to
 * a time, read back for snapshots, checksummed, saved and restored for
 * checkpoints. This is the whole public face of the triangle solver; the
 * mesh, the backend and the stepper stay behind it.
 *
 * Cell arrays that leave or enter the model (state_in_file_order,
 * restore, checksum) are in the order of the triangles in the .msh file,
 * whatever the run's ordering: a checkpoint or a checksum does not depend
 * on how the run numbered its cells. */
#ifndef SWE_MESH_MODEL_H
#define SWE_MESH_MODEL_H

#include "core/error.h"
#include "mesh/geometry/mesh_ordering.h"
#include "mesh/scenarios/mesh_scenario.h"
#include "mesh/solver/mesh_backend.h"
#include "mesh/solver/mesh_stepper.h"

#include <stddef.h>
#include <stdint.h>

typedef struct swe_mesh_model_options {
    const char *mesh_path;             /* the .msh file */
    const swe_mesh_scenario *scenario; /* initial state, conditions, defaults */
    const char *backend;               /* NULL: serial */
    enum swe_mesh_ordering ordering;
    unsigned long long seed; /* of the random ordering */
    int order;               /* 1 or 2; 0: the scenario's */
    double cfl;              /* in (0, 1]; 0: the scenario's */
    double manning;          /* >= 0; < 0: the scenario's */
    double viscosity;        /* >= 0; < 0: the scenario's */
    swe_model_config config; /* the level, the device, the model's own options */
} swe_mesh_model_options;

typedef struct swe_mesh_model {
    swe_mesh_run run;
    swe_mesh_clock clock;
    swe_mesh_scenario scenario; /* a copy, with the run's parameters */
    enum swe_mesh_ordering ordering;
    int *run_of_file; /* the run's number of each file triangle */
    int backend_started;
} swe_mesh_model;

/* Options with the scenario's defaults and the gmsh ordering. */
swe_mesh_model_options swe_mesh_model_defaults(const swe_mesh_scenario *scenario,
                                               const char *mesh_path);

/* Reads the mesh, numbers it, sets the scenario's initial state and
 * conditions and starts the backend. Bad options, a bad mesh or a backend
 * that is not built or has no device: SWE_ERROR_USAGE. */
int swe_mesh_model_create(const swe_mesh_model_options *options, swe_mesh_model **model,
                          swe_error *err);

/* The same from a mesh already built (a rank's part of a partitioned
 * mesh, backends/mpi/mesh/), which the model takes over (and frees, also
 * on failure); options->mesh_path only names it. Its cell_file_index
 * numbers the cells 0..cell_count-1: "file order" is that order. */
int swe_mesh_model_create_from_mesh(const swe_mesh_model_options *options, swe_mesh *mesh,
                                    swe_mesh_model **model, swe_error *err);

/* One step towards t_target; steps until t_target. */
int swe_mesh_model_step(swe_mesh_model *model, double t_target, swe_error *err);
int swe_mesh_model_advance(swe_mesh_model *model, double t_target, swe_error *err);

/* Brings the host arrays up to date (before reading them). */
int swe_mesh_model_sync(swe_mesh_model *model, swe_error *err);

/* The state in file order (arrays of mesh cell_count values); syncs. */
int swe_mesh_model_state_in_file_order(swe_mesh_model *model, real *h, real *hu, real *hv,
                                       swe_error *err);

/* Replaces the state (file order) and the clock, as a restart does. */
int swe_mesh_model_restore(swe_mesh_model *model, double t, long steps, const real *h,
                           const real *hu, const real *hv, swe_error *err);

/* FNV-1a over h, hu and hv in file order: equal for equal states, in any
 * ordering and on any backend that computes the same bits; syncs. */
int swe_mesh_model_checksum(swe_mesh_model *model, uint64_t *checksum, swe_error *err);

/* Total water volume sum(h * area), m^3, in double; syncs. */
int swe_mesh_model_volume(swe_mesh_model *model, double *volume, swe_error *err);

/* The figures of the summary line, as the Cartesian runs report them
 * (sums over the cells in file order, in double): "mass=M h_l2=N
 * momentum_l2=P state=FNV", 17 digits each; syncs. */
int swe_mesh_model_figures(swe_mesh_model *model, char *text, size_t size, swe_error *err);

void swe_mesh_model_free(swe_mesh_model *model);

#endif
