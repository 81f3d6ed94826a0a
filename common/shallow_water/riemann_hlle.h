/* The HLLE solver (Harten, Lax, van Leer; Einfeldt 1988): one averaged
 * state between the slowest and fastest waves, with Einfeldt's speed
 * bounds, which keep depths positive next to dry cells. Bathymetry enters
 * through the hydrostatic reconstruction (Audusse et al. 2004), which sees
 * every depth, however thin, so that water at rest stays at rest. */
#ifndef SWE_RIEMANN_HLLE_H
#define SWE_RIEMANN_HLLE_H

SWE_INLINE swe_net_updates swe_hlle(real h_l, real h_r, real hn_l, real hn_r, real ht_l, real ht_r,
                                    real b_l, real b_r)
{
    const real half_g = (real)0.5 * SWE_GRAVITY;
    swe_reconstructed_edge edge = swe_reconstruct(h_l, h_r, hn_l, hn_r, b_l, b_r);
    real s_slow, s_fast;
    swe_einfeldt_speeds(edge.h_l, edge.h_r, edge.u_l, edge.u_r, SWE_SQRT(SWE_GRAVITY * edge.h_l),
                        SWE_SQRT(SWE_GRAVITY * edge.h_r), &s_slow, &s_fast);

    real flux_l_hn = edge.hn_l * edge.u_l + half_g * edge.h_l * edge.h_l;
    real flux_r_hn = edge.hn_r * edge.u_r + half_g * edge.h_r * edge.h_r;
    real flux_h =
        edge.hn_l + swe_hll_left_update(s_slow, s_fast, edge.h_r - edge.h_l, edge.hn_r - edge.hn_l);
    real flux_hn = flux_l_hn + swe_hll_left_update(s_slow, s_fast, edge.hn_r - edge.hn_l,
                                                   flux_r_hn - flux_l_hn);

    real max_speed = SWE_FMAX(SWE_FABS(s_slow), SWE_FABS(s_fast));
    return swe_flux_net_updates(flux_h, flux_hn, h_l, h_r, hn_l, hn_r, ht_l, ht_r, edge, max_speed);
}

#endif
