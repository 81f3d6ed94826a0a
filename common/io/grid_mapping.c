#include "io/grid_mapping.h"

#include <ctype.h>
#include <string.h>

int swe_grid_mapping_in_metres(const swe_grid_mapping *mapping)
{
    if (mapping == NULL) {
        return 0;
    }
    /* WKT 1 ends a projected CRS with UNIT["metre",1], WKT 2 with
     * LENGTHUNIT["metre",1]; either spelling, any case. */
    char lower[SWE_GRID_MAPPING_WKT];
    size_t k = 0;
    for (; k + 1 < sizeof lower && mapping->wkt[k] != '\0'; ++k) {
        lower[k] = (char)tolower((unsigned char)mapping->wkt[k]);
    }
    lower[k] = '\0';
    return strstr(lower, "unit[\"metre\"") != NULL || strstr(lower, "unit[\"meter\"") != NULL;
}
