/* The files of a triangle run: per snapshot a .vtu (listed in a .pvd), a
 * PNG picture, a record of the UGRID NetCDF file, whichever were asked
 * for, under one path stem; a restart appends. */
#ifndef SWE_MESH_OUTPUTS_H
#define SWE_MESH_OUTPUTS_H

#include "core/error.h"
#include "io/colour_range.h"
#include "io/formats.h"
#include "mesh/solver/mesh_model.h"

typedef struct swe_mesh_output_plan {
    unsigned formats; /* enum swe_format flags */
    const char *path_stem;
    int outputs;     /* snapshots after the initial one */
    int compression; /* deflate/zlib level 0..9 (--compress) */
    double t_end;
    swe_range_choice colour_range; /* the pictures' (--colour-range) */
    const char *history;           /* the files' CF history (date, command line) */
    const char *backend_prefix;    /* before the model's name in the files: "mpi+", "" */
    const char *restart_path; /* the checkpoint a restart continues (PATH.checkpoint), or NULL */
} swe_mesh_output_plan;

typedef struct swe_mesh_outputs swe_mesh_outputs; /* opaque */

/* Opens the files of plan for model (whose state is the initial one or
 * the restored one). A run restarting at first_snapshot > 0 appends to
 * the files it left, its NetCDF file taking the earlier snapshots over
 * (io/netcdf_sealed.h). */
int swe_mesh_outputs_open(swe_mesh_outputs **outputs, const swe_mesh_output_plan *plan,
                          const char *mesh_path, swe_mesh_model *model, int first_snapshot,
                          swe_error *err);

/* Writes snapshot number snapshot (the model synchronised). */
int swe_mesh_outputs_write(swe_mesh_outputs *outputs, swe_mesh_model *model, int snapshot,
                           double time, swe_error *err);

/* Before a checkpoint: seals the NetCDF snapshots written so far. */
int swe_mesh_outputs_seal(swe_mesh_outputs *outputs, swe_error *err);

/* Closes: keep joins the NetCDF snapshots into place, else keeps only
 * the sealed ones. Frees outputs; safe with NULL. */
int swe_mesh_outputs_close(swe_mesh_outputs *outputs, int keep, swe_error *err);

#endif
