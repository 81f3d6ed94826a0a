/* Units without udunits2: the lengths input files use most. */
#include "io/library_versions.h"
#include "io/units.h"

#include "io/units_degrees.h"

const char *swe_units_library(void)
{
    return "built-in (m, cm, mm, km; install libudunits2-dev for all units)";
}

enum swe_units_kind swe_units_classify(const char *units, double *to_metres)
{
    static const struct {
        const char *name;
        double factor;
    } lengths[] = {{"m", 1.0},
                   {"metre", 1.0},
                   {"metres", 1.0},
                   {"meter", 1.0},
                   {"meters", 1.0},
                   {"km", 1000.0},
                   {"kilometre", 1000.0},
                   {"kilometres", 1000.0},
                   {"kilometer", 1000.0},
                   {"kilometers", 1000.0},
                   {"cm", 0.01},
                   {"mm", 0.001}};
    *to_metres = 0.0;
    if (units == 0 || units[0] == '\0') {
        return SWE_UNITS_OTHER;
    }
    enum swe_units_kind degrees = swe_units_degree_kind(units);
    if (degrees != SWE_UNITS_OTHER) {
        return degrees;
    }
    for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; ++k) {
        if (strcmp(units, lengths[k].name) == 0) {
            *to_metres = lengths[k].factor;
            return SWE_UNITS_LENGTH;
        }
    }
    return SWE_UNITS_OTHER;
}
