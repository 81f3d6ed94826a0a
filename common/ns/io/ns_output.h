/* The snapshots of a Navier-Stokes run: one CF NetCDF file with a time
 * axis (STEM.nc: u, v, w, p and the vorticity magnitude at the cell
 * centres), VTK image data per snapshot (STEM_NNNN.vti, listed with their
 * times in STEM.pvd for ParaView) and a PNG of the vorticity magnitude in
 * the middle plane normal to the case's slice axis (STEM_NNNN.png). Every
 * file is written to a temporary name and renamed when complete; STEM.nc
 * is a sealed series (io/netcdf_sealed.h). A run that restarts at
 * snapshot k takes STEM.nc's earlier snapshots over, lists the earlier
 * .vti files that exist in its .pvd, and draws its pictures with the
 * colour bar of the first run. */
#ifndef NS_OUTPUT_H
#define NS_OUTPUT_H

#include "io/formats.h"
#include "ns/solver/ns_solver.h"

typedef struct ns_output_plan {
    const char *path_stem;
    int formats;     /* enum swe_format bits */
    int outputs;     /* snapshots after the initial one, up to t_end */
    int compression; /* deflate (NetCDF) and zlib (VTK) level 0..9 */
    double t_end;    /* s */
    const char *case_name, *backend_name;
    const char *case_description; /* for the title */
    const char *history;          /* CF history: date and command line */
    const char *restart_path;     /* the checkpoint a restart continues, or NULL */
    int slice_axis;               /* the normal of the pictures' plane */
    double vorticity_top;         /* the top of the pictures' colour bar, 1/s; 0: each its own */
} ns_output_plan;

typedef struct ns_output ns_output;

/* Prepares the files of plan for the grid of whole (the whole domain) for
 * snapshots first_snapshot on. */
int ns_output_open(ns_output **output, const ns_output_plan *plan, const ns_solver *whole,
                   int first_snapshot, swe_error *err);

/* Writes snapshot number snapshot at time from the host state of whole
 * (current, ghosts filled). */
int ns_output_write(ns_output *output, const ns_solver *whole, int snapshot, double time,
                    swe_error *err);

/* Before a checkpoint: seals the NetCDF snapshots written so far; NULL
 * is fine. */
int ns_output_seal(ns_output *output, swe_error *err);

/* Completes the files (keep: the NetCDF snapshots are joined into place;
 * else only the sealed ones are kept) and frees output; NULL is fine. */
int ns_output_close(ns_output *output, int keep, swe_error *err);

/* The largest vorticity magnitude of whole's host state (ghosts filled):
 * the colour bar's top, from the initial state; larger values later are
 * drawn clipped, and shown so. 0 where the state has none (a fluid at
 * rest): each picture then takes its own plane's largest. */
double ns_output_vorticity_top(const ns_solver *whole);

#endif
