/* The values of the command line's options, parsed and checked one at a
 * time (cartesian/program/options.c calls them): counts, numbers, the format list, a
 * gauge's position, a colour range, an output name. Each refuses bad
 * input with SWE_ERROR_USAGE and a message naming the option. */
#ifndef SWE_OPTION_VALUES_H
#define SWE_OPTION_VALUES_H

#include "core/error.h"
#include "io/colour_range.h"

#include <stddef.h>

/* A whole number in [min, max]. */
int swe_parse_count(const char *text, const char *option, int min, int max, int *value,
                    swe_error *err);

/* A finite number. */
int swe_parse_number(const char *text, const char *option, double *value, swe_error *err);

/* A Manning coefficient in [0, 1] s/m^(1/3); seconds between checkpoints
 * (positive); seconds between gauge samples (0: every step, or positive). */
int swe_parse_manning(const char *text, double *manning, swe_error *err);
int swe_parse_checkpoint_every(const char *text, double *every, swe_error *err);
int swe_parse_sample_every(const char *text, double *every, swe_error *err);

/* A comma list of netcdf, vtk, png into enum swe_format flags. */
int swe_parse_formats(const char *text, unsigned *formats, swe_error *err);

/* "X,Y": a point of the domain, metres. */
int swe_parse_point(const char *text, const char *option, double *x, double *y, swe_error *err);

/* "snapshot", "run" or "LOW,HIGH" (metres, LOW < HIGH). */
int swe_parse_colour_range(const char *text, swe_range_choice *range, swe_error *err);

/* The output path without an extension of shallows's files (.nc, .pvd,
 * .vtr, .pvtr, .png), so that --output x.nc writes x.nc, not x.nc.nc;
 * copied into stem (size bytes). Refuses an empty name or a directory. */
int swe_output_stem(const char *text, char *stem, size_t size, swe_error *err);

#endif
