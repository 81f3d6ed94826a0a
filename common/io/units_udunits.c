/* Units through udunits2: any length UDUNITS knows converts to metres. */
#include "io/units.h"
#include "io/library_versions.h"

#include "io/units_degrees.h"

#include <udunits2.h>

#ifndef SWE_UDUNITS_VERSION
#define SWE_UDUNITS_VERSION ""
#endif

const char *swe_units_library(void)
{
    return "udunits2 " SWE_UDUNITS_VERSION;
}

/* The factor from unit to metres, or 0 when unit is no length. */
static double factor_to_metres(ut_system *system, ut_unit *unit)
{
    ut_unit *metre = ut_get_unit_by_name(system, "metre");
    double factor = 0.0;
    if (metre != NULL && ut_are_convertible(unit, metre)) {
        cv_converter *converter = ut_get_converter(unit, metre);
        if (converter != NULL) {
            /* A length has no offset: one value gives the factor. */
            factor = cv_convert_double(converter, 1.0);
            cv_free(converter);
        }
    }
    ut_free(metre);
    return factor;
}

enum swe_units_kind swe_units_classify(const char *units, double *to_metres)
{
    *to_metres = 0.0;
    if (units == NULL || units[0] == '\0') {
        return SWE_UNITS_OTHER;
    }
    enum swe_units_kind degrees = swe_units_degree_kind(units);
    if (degrees != SWE_UNITS_OTHER) {
        return degrees;
    }
    /* The database prints warnings about its own redefinitions. */
    ut_error_message_handler previous = ut_set_error_message_handler(ut_ignore);
    ut_system *system = ut_read_xml(NULL);
    ut_unit *unit = system != NULL ? ut_parse(system, units, UT_UTF8) : NULL;
    if (unit != NULL) {
        *to_metres = factor_to_metres(system, unit);
    }
    ut_free(unit);
    ut_free_system(system);
    ut_set_error_message_handler(previous);
    return *to_metres > 0.0 ? SWE_UNITS_LENGTH : SWE_UNITS_OTHER;
}
