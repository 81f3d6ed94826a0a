/* The Rusanov (local Lax-Friedrichs) solver: the mean of the two fluxes
 * with diffusion scaled by the fastest local wave. The simplest robust
 * choice; bathymetry through the hydrostatic reconstruction. */
#ifndef SWE_RIEMANN_RUSANOV_H
#define SWE_RIEMANN_RUSANOV_H

SWE_INLINE swe_net_updates swe_rusanov(real h_l, real h_r, real hn_l, real hn_r, real ht_l,
                                       real ht_r, real b_l, real b_r)
{
    const real half_g = (real)0.5 * SWE_GRAVITY;
    swe_reconstructed_edge edge = swe_reconstruct(h_l, h_r, hn_l, hn_r, b_l, b_r);
    real speed_l = SWE_FABS(edge.u_l) + SWE_SQRT(SWE_GRAVITY * edge.h_l);
    real speed_r = SWE_FABS(edge.u_r) + SWE_SQRT(SWE_GRAVITY * edge.h_r);
    real max_speed = SWE_FMAX(speed_l, speed_r);

    real flux_h =
        (real)0.5 * (edge.hn_l + edge.hn_r) - (real)0.5 * max_speed * (edge.h_r - edge.h_l);
    real flux_hn = (real)0.5 * (edge.hn_l * edge.u_l + half_g * edge.h_l * edge.h_l +
                                edge.hn_r * edge.u_r + half_g * edge.h_r * edge.h_r) -
                   (real)0.5 * max_speed * (edge.hn_r - edge.hn_l);
    return swe_flux_net_updates(flux_h, flux_hn, h_l, h_r, hn_l, hn_r, ht_l, ht_r, edge, max_speed);
}

#endif
