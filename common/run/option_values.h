/* The values of command-line options, parsed and checked one at a time,
 * for every program and application: counts, numbers, the CFL rule, the
 * format list, a point, a colour range, an output name. Each refuses bad
 * input with SWE_ERROR_USAGE and one message naming the option, the same
 * message for the same mistake in every program. */
#ifndef SWE_OPTION_VALUES_H
#define SWE_OPTION_VALUES_H

#include "core/error.h"
#include "io/colour_range.h"

#include <stddef.h>

/* A whole number in [min, max]. */
int swe_parse_count(const char *text, const char *option, long min, long max, long *value,
                    swe_error *err);
/* The same into an int (max at most INT_MAX). */
int swe_parse_int(const char *text, const char *option, int min, int max, int *value,
                  swe_error *err);

/* A finite number. */
int swe_parse_number(const char *text, const char *option, double *value, swe_error *err);
/* A finite number above zero. */
int swe_parse_positive(const char *text, const char *option, double *value, swe_error *err);
/* A finite number in [low, high]. */
int swe_parse_within(const char *text, const char *option, double low, double high, double *value,
                     swe_error *err);

/* The CFL number: in (0, 1]. What is stable below 1 depends on the
 * application, which warns about its own limit. */
int swe_check_cfl(double cfl, swe_error *err);
int swe_parse_cfl(const char *text, double *cfl, swe_error *err);

/* A Manning coefficient in [0, 1] s/m^(1/3). */
int swe_parse_manning(const char *text, double *manning, swe_error *err);

/* A comma list of netcdf, vtk, png into enum swe_format flags. */
int swe_parse_formats(const char *text, unsigned *formats, swe_error *err);

/* "X,Y": a point of the domain, metres. */
int swe_parse_point(const char *text, const char *option, double *x, double *y, swe_error *err);

/* "snapshot", "run" or "LOW,HIGH" (metres, LOW < HIGH). */
int swe_parse_colour_range(const char *text, swe_range_choice *range, swe_error *err);

/* The output path without the extension of any file the programs write
 * (.nc, .pvd, .vtr, .pvtr, .vtu, .pvtu, .vti, .png), so that --output x.nc
 * writes x.nc, not x.nc.nc; copied into stem (size bytes). Refuses an
 * empty name, a folder and a name too long for stem. */
int swe_output_stem(const char *text, char *stem, size_t size, swe_error *err);

#endif
