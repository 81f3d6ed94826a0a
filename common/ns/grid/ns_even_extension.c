#include "ns/grid/ns_even_extension.h"

#include <math.h>

double ns_even_extension(const ns_grid *grid, int n_extended[NS_AXES], double *eigenvalues)
{
    const double pi = 3.14159265358979323846;
    if (grid == NULL || n_extended == NULL) {
        return 0.0; /* no grid, no scale */
    }
    double scale = 1.0;
    size_t at = 0;
    for (int axis = 0; axis < NS_AXES; ++axis) {
        int n = grid->n[axis] * (ns_grid_periodic(grid, axis) ? 1 : 2);
        n_extended[axis] = n;
        scale /= n;
        for (int m = 0; eigenvalues != NULL && m < n; ++m, ++at) {
            eigenvalues[at] = (2.0 - 2.0 * cos(2.0 * pi * m / n)) / (grid->h[axis] * grid->h[axis]);
        }
    }
    return scale;
}
