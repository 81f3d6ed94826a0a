#include "tests/cartesian/vtk_extent.h"

#include <stdio.h>
#include <string.h>

const char *swe_vtk_read_extent(const char *from, const char *attribute, swe_vtk_extent *extent)
{
    char key[64];
    snprintf(key, sizeof key, " %s=\"", attribute);
    const char *start = from != NULL ? strstr(from, key) : NULL;
    int k0 = -1, k1 = -1, consumed = 0;
    if (start == NULL ||
        sscanf(start + strlen(key), "%d %d %d %d %d %d\"%n", &extent->i_begin, &extent->i_end,
               &extent->j_begin, &extent->j_end, &k0, &k1, &consumed) != 6 ||
        k0 != 0 || k1 != 0 || consumed == 0) {
        return NULL;
    }
    return start + strlen(key) + consumed;
}
