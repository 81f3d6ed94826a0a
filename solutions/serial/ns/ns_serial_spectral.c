/* Exercise 13, the serial part: the FFT preconditioner's eigenvalues of
 * minus the 1D Laplacian and the divide by their sum in the transformed
 * space (backends/serial/ns/ns_fftw_poisson.c transforms with FFTW and
 * calls them). */
#include "backends/serial/ns/ns_serial_kernels.h"

#include <math.h>

double ns_serial_eigenvalue(int periodic, int m, int n, double h)
{
    /* BEGIN SOLUTION: the eigenvalue of minus the 1D Laplacian (-p[i-1] + 2 p[i] - p[i+1]) / h^2
     * for mode m of n cells: (2 - 2 cos(theta)) / h^2, with theta = 2 pi m / n on a periodic axis
     * (the DFT; halfcomplex slots m and n - m hold the same frequency, and the cosine is the same
     * for both) and theta = pi m / n between walls (the cosine transform DCT-II, whose modes
     * cos(pi m (i + 1/2) / n) have zero slope at the walls).
     * | stub: SWE_TODO("the eigenvalue of minus the 1D Laplacian"); return 1.0; */
    const double pi = 3.14159265358979323846;
    double theta = periodic ? 2.0 * pi * m / n : pi * m / n;
    return (2.0 - 2.0 * cos(theta)) / (h * h);
    /* END SOLUTION */
}

void ns_serial_spectral_divide_plane(real *plane, int nx, int ny, const double *eigenvalue_x,
                                     const double *eigenvalue_y, double eigenvalue_z,
                                     int with_mean_mode, double scale)
{
    for (int j = 0; j < ny; ++j) {
        real *row = plane + (size_t)j * (size_t)nx;
        for (int i = 0; i < nx; ++i) {
            /* BEGIN SOLUTION: the divide by the eigenvalues. In the transformed space minus the
             * Laplacian is diagonal: divide row[i] by the sum of the three axis eigenvalues and
             * multiply by scale (the transforms are not normalised). The mean mode (i = j = 0 in
             * the plane with with_mean_mode) has eigenvalue 0: set it to 0, which fixes the
             * pressure's mean. */
            double eigenvalue = eigenvalue_x[i] + eigenvalue_y[j] + eigenvalue_z;
            row[i] = with_mean_mode && i == 0 && j == 0 ? (real)0
                                                        : (real)(row[i] * (scale / eigenvalue));
            /* END SOLUTION */
        }
    }
}
