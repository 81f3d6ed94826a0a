/* The units attribute of an input variable, read as CF asks (UDUNITS
 * syntax): lengths are converted to metres, longitudes and latitudes in
 * the forms CF allows ("degrees_east", "degree_E", ...) are recognised as
 * such. With udunits2 every length UDUNITS knows converts ("km", "ft",
 * "fathom", "100 m"); without it (units_builtin.c) only m, cm, mm and km
 * and their spelled-out names do, and the message says how to get more. */
#ifndef SWE_UNITS_H
#define SWE_UNITS_H

#include "core/error.h"

enum swe_units_kind {
    SWE_UNITS_LENGTH,        /* converts to metres */
    SWE_UNITS_DEGREES_EAST,  /* a longitude */
    SWE_UNITS_DEGREES_NORTH, /* a latitude */
    SWE_UNITS_DEGREES,       /* plain degrees: which axis, the attributes must say */
    SWE_UNITS_OTHER          /* anything else, or unknown */
};

/* What units are, and for a length the factor to metres (metres =
 * value * *to_metres). *to_metres is 0 for any other kind. */
enum swe_units_kind swe_units_classify(const char *units, double *to_metres);

#endif
