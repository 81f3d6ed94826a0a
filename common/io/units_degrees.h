/* The spellings CF allows for degrees of longitude and latitude (CF 4.1
 * and 4.2), which UDUNITS takes for plain angles; shared by both units
 * back ends (units_udunits.c, units_builtin.c). */
#ifndef SWE_UNITS_DEGREES_H
#define SWE_UNITS_DEGREES_H

#include "io/units.h"

#include <string.h>

/* SWE_UNITS_DEGREES_EAST / _NORTH / _DEGREES for a CF degree spelling,
 * SWE_UNITS_OTHER for anything else. */
static inline enum swe_units_kind swe_units_degree_kind(const char *units)
{
    static const char *const east[] = {"degrees_east", "degree_east", "degree_E",
                                       "degrees_E",    "degreeE",     "degreesE"};
    static const char *const north[] = {"degrees_north", "degree_north", "degree_N",
                                        "degrees_N",     "degreeN",      "degreesN"};
    static const char *const plain[] = {"degrees", "degree", "deg", "arc_degree"};
    for (size_t k = 0; k < sizeof east / sizeof east[0]; ++k) {
        if (strcmp(units, east[k]) == 0) {
            return SWE_UNITS_DEGREES_EAST;
        }
        if (strcmp(units, north[k]) == 0) {
            return SWE_UNITS_DEGREES_NORTH;
        }
    }
    for (size_t k = 0; k < sizeof plain / sizeof plain[0]; ++k) {
        if (strcmp(units, plain[k]) == 0) {
            return SWE_UNITS_DEGREES;
        }
    }
    return SWE_UNITS_OTHER;
}

#endif
