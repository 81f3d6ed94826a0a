#include "shallow_water/cell_values.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void swe_describe_cell_values(char *text, size_t size, double h, double hu, double hv)
{
    if (text == NULL || size == 0) {
        return;
    }
    const char *names[3] = {"h", "hu", "hv"};
    const double values[3] = {h, hu, hv};
    char bad[32] = "";
    for (int f = 0; f < 3; ++f) {
        if (!isfinite(values[f])) {
            snprintf(bad + strlen(bad), sizeof bad - strlen(bad), "%s%s", bad[0] ? ", " : "",
                     names[f]);
        }
    }
    snprintf(text, size, "h = %g, hu = %g, hv = %g%s%s%s", h, hu, hv,
             bad[0] ? " (not finite: " : (h < 0 ? " (negative depth)" : ""), bad,
             bad[0] ? ")" : "");
}
