/* The snapshots of a Navier-Stokes run: one CF NetCDF file with a time
 * axis (STEM.nc), VTK image data per snapshot (STEM_NNNN.vti, with
 * STEM.pvd listing them for ParaView) and PNG slices (STEM_NNNN.png), each
 * written to a temporary name and renamed when complete. */
#ifndef NS_OUTPUT_H
#define NS_OUTPUT_H

#include "staggered/ns_solver.h"

typedef struct ns_output ns_output;

/* Opens the output of a run (nothing when stem is NULL: *output = NULL)
 * and writes the initial snapshot; formats: ns_format bits of
 * staggered/cli/ns_cli_options.h (1 NetCDF, 2 VTK, 4 PNG). */
int ns_output_open(ns_output **output, const char *stem, int formats, const char *case_name,
                   ns_solver *solver, swe_error *err);

/* Writes a snapshot of the solver's state (syncs it to the host first). */
int ns_output_write(ns_output *output, ns_solver *solver, swe_error *err);

/* Completes the files (the .pvd series, the NetCDF file) and frees output. */
int ns_output_close(ns_output *output, swe_error *err);

#endif
