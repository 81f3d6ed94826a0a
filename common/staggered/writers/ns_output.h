/* The snapshots of a Navier-Stokes run: one CF NetCDF file with a time
 * axis (STEM.nc: u, v, w, p and the vorticity magnitude at the cell
 * centres), VTK image data per snapshot (STEM_NNNN.vti, listed with their
 * times in STEM.pvd for ParaView) and a PNG of the vorticity magnitude in
 * the middle plane normal to slice_axis (STEM_NNNN.png). Every file is
 * written to a temporary name and renamed when complete. */
#ifndef NS_OUTPUT_H
#define NS_OUTPUT_H

#include "staggered/ns_solver.h"

enum ns_format { NS_FORMAT_NETCDF = 1, NS_FORMAT_VTK = 2, NS_FORMAT_PNG = 4 };

typedef struct ns_output ns_output;

/* Opens the output of a run and writes the initial snapshot; nothing
 * when stem is NULL (*output = NULL). formats: ns_format bits. */
int ns_output_open(ns_output **output, const char *stem, int formats, const char *case_name,
                   int slice_axis, ns_solver *solver, swe_error *err);

/* Writes a snapshot of the solver's state (syncs it to the host first). */
int ns_output_write(ns_output *output, ns_solver *solver, swe_error *err);

/* Completes the files (renames the NetCDF file into place) and frees
 * output; NULL is fine. */
int ns_output_close(ns_output *output, swe_error *err);

#endif
