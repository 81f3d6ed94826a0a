#include "tools/validate/radial_reference.h"

#include <math.h>
#include <stdlib.h>

#define GRAVITY 9.81

/* HLL flux of (h, hu) through a face between two wet states, with
 * Einfeldt's speed bounds. */
static void hll_flux(double h_l, double hu_l, double h_r, double hu_r, double *flux_h,
                     double *flux_hu, double *speed)
{
    double u_l = hu_l / h_l, u_r = hu_r / h_r;
    double c_l = sqrt(GRAVITY * h_l), c_r = sqrt(GRAVITY * h_r);
    double roots = sqrt(h_l) + sqrt(h_r);
    double u_roe = (u_l * sqrt(h_l) + u_r * sqrt(h_r)) / roots;
    double c_roe = sqrt(0.5 * GRAVITY * (h_l + h_r));
    double s_l = fmin(u_l - c_l, u_roe - c_roe), s_r = fmax(u_r + c_r, u_roe + c_roe);
    double f_l[2] = {hu_l, hu_l * u_l + 0.5 * GRAVITY * h_l * h_l};
    double f_r[2] = {hu_r, hu_r * u_r + 0.5 * GRAVITY * h_r * h_r};
    double q_l[2] = {h_l, hu_l}, q_r[2] = {h_r, hu_r};
    double flux[2];
    for (int k = 0; k < 2; ++k) {
        if (s_l >= 0) {
            flux[k] = f_l[k];
        } else if (s_r <= 0) {
            flux[k] = f_r[k];
        } else {
            flux[k] = (s_r * f_l[k] - s_l * f_r[k] + s_l * s_r * (q_r[k] - q_l[k])) / (s_r - s_l);
        }
    }
    *flux_h = flux[0];
    *flux_hu = flux[1];
    *speed = fmax(fabs(s_l), fabs(s_r));
}

int swe_radial_reference_solve(swe_radial_reference *reference, double radius, double h_inside,
                               double h_outside, double outer_radius, int cells, double t_end,
                               swe_error *err)
{
    if (reference == NULL || !(radius > 0) || !(h_inside > 0) || !(h_outside > 0) ||
        !(outer_radius > radius) || cells < 10 || !(t_end > 0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "radial reference: bad parameters");
    }
    double *h = calloc((size_t)cells, sizeof *h);
    double *hu = calloc((size_t)cells, sizeof *hu);
    double *flux_h = calloc((size_t)cells + 1, sizeof *flux_h);
    double *flux_hu = calloc((size_t)cells + 1, sizeof *flux_hu);
    if (h == NULL || hu == NULL || flux_h == NULL || flux_hu == NULL) {
        free(h), free(hu), free(flux_h), free(flux_hu);
        return swe_fail(err, SWE_ERROR_RUNTIME, "radial reference: out of memory");
    }
    double dr = outer_radius / cells;
    for (int i = 0; i < cells; ++i) {
        h[i] = (i + 0.5) * dr < radius ? h_inside : h_outside;
    }
    double t = 0;
    while (t < t_end) {
        double max_speed = 0;
        /* Face i lies at r = i dr; face 0 (the axis) carries nothing, the
         * outer face lets water out as if the state went on unchanged. */
        flux_h[0] = flux_hu[0] = 0;
        for (int i = 1; i <= cells; ++i) {
            int right = i < cells ? i : cells - 1;
            double speed;
            hll_flux(h[i - 1], hu[i - 1], h[right], hu[right], &flux_h[i], &flux_hu[i], &speed);
            max_speed = fmax(max_speed, speed);
        }
        double dt = fmin(0.45 * dr / max_speed, t_end - t);
        for (int i = 0; i < cells; ++i) {
            double r_in = i * dr, r_out = (i + 1) * dr, r = (i + 0.5) * dr;
            double scale = dt / (r * dr);
            /* Area-weighted fluxes; the pressure acting on the annulus's
             * side walls, g h^2 / 2 / r, balances the area growth at rest. */
            double pressure = 0.5 * GRAVITY * h[i] * h[i];
            h[i] -= scale * (r_out * flux_h[i + 1] - r_in * flux_h[i]);
            hu[i] -= scale * (r_out * flux_hu[i + 1] - r_in * flux_hu[i]) - dt * pressure / r;
        }
        t += dt;
    }
    free(hu), free(flux_h), free(flux_hu);
    *reference = (swe_radial_reference){.cells = cells, .dr = dr, .h = h};
    return SWE_OK;
}

double swe_radial_reference_depth(double r, const void *data)
{
    const swe_radial_reference *reference = data;
    double position = r / reference->dr - 0.5;
    if (position <= 0) {
        return reference->h[0];
    }
    int i = (int)position;
    if (i >= reference->cells - 1) {
        return reference->h[reference->cells - 1];
    }
    double weight = position - i;
    return (1 - weight) * reference->h[i] + weight * reference->h[i + 1];
}

void swe_radial_reference_free(swe_radial_reference *reference)
{
    if (reference != NULL) {
        free(reference->h);
        reference->h = NULL;
    }
}
