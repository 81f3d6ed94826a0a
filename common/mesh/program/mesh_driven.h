/* A triangle run as a model of the run driver (run/model.h): the eight
 * verbs over a swe_mesh_model, its files and its checkpoints, so that
 * `shallows --mesh` gets snapshots, progress, checkpoints, restarts and
 * the invalid-state guard from swe_drive like every application. */
#ifndef SWE_MESH_DRIVEN_H
#define SWE_MESH_DRIVEN_H

#include "mesh/io/mesh_checkpoint.h"
#include "mesh/program/mesh_outputs.h"
#include "run/model.h"

typedef struct swe_mesh_driven {
    swe_mesh_model *model;       /* not owned */
    swe_mesh_output_plan plan;   /* formats 0: no files */
    const char *mesh_path;       /* for the files' attributes */
    swe_mesh_checkpoint_run run; /* what a checkpoint must match */
    double smallest_chi;         /* m, for the clock's wave speed */
    swe_mesh_outputs *outputs;
} swe_mesh_driven;

/* Sets driven up over model (created, at its initial state) with plan. */
int swe_mesh_driven_init(swe_mesh_driven *driven, swe_mesh_model *model,
                         const swe_mesh_output_plan *plan, const char *mesh_path, swe_error *err);

swe_model swe_mesh_driven_model(swe_mesh_driven *driven);

#endif
