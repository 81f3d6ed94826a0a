/* The domain an input file may describe, for every application that reads
 * coordinates from a file (a bathymetry's axes, a mesh's nodes): beyond
 * these limits cell sizes overflow to infinity or shrink until no time
 * step ends, and the run fails at its first step with a message about the
 * CFL number instead of one about the file. */
#ifndef SWE_DOMAIN_EXTENT_H
#define SWE_DOMAIN_EXTENT_H

#include "core/error.h"

/* Coordinates within 10^9 (a million kilometres, or degrees) and an extent
 * from a millimetre to 100 000 km. */
#define SWE_DOMAIN_MAX_COORDINATE 1.0e9
#define SWE_DOMAIN_MIN_EXTENT 1.0e-3
#define SWE_DOMAIN_MAX_EXTENT 1.0e8

/* SWE_OK when low .. high along axis ("x") lies within the limits; else
 * SWE_ERROR_USAGE with "<what> spans x = low to high, not a domain of 1 mm
 * to 100 000 km (<fix>)". */
int swe_domain_extent_check(const char *what, const char *axis, double low, double high,
                            const char *fix, swe_error *err);

#endif
