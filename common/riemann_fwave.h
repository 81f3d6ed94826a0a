/* The f-wave solver (Bale, LeVeque, Mitran, Rossmanith 2002; George 2008):
 * the jump in the flux, less the bathymetry source, is split into two
 * waves with Einfeldt's speeds. The source enters as g * h_mean * jump of
 * b, next to the pressure term g * h_mean * jump of h, so that water at
 * rest (a flat surface) produces exactly no waves: well-balanced.
 * A dry cell whose bed lies above the neighbour's surface is a wall: it
 * is replaced by the mirror image of the wet cell, and its own updates are
 * dropped. Between a wet and a lower dry cell the flux jump alone can drain
 * the dry side below zero, so there the waves are split HLL-style, from the
 * jumps in state and flux, which keeps both depths positive; the same split
 * serves as the entropy fix in transonic rarefactions. */
#ifndef SWE_RIEMANN_FWAVE_H
#define SWE_RIEMANN_FWAVE_H

SWE_INLINE swe_net_updates swe_fwave(real h_l, real h_r, real hn_l, real hn_r, real ht_l, real ht_r,
                                     real b_l, real b_r)
{
    const int dry_l = h_l < SWE_DRY_TOLERANCE;
    const int dry_r = h_r < SWE_DRY_TOLERANCE;
    const int wall_l = dry_l & !dry_r & (b_l >= h_r + b_r);
    const int wall_r = dry_r & !dry_l & (b_r >= h_l + b_l);

    /* Mirror the wet side into a dry wall. */
    h_l = wall_l ? h_r : h_l;
    hn_l = wall_l ? -hn_r : hn_l;
    ht_l = wall_l ? ht_r : ht_l;
    b_l = wall_l ? b_r : b_l;
    h_r = wall_r ? h_l : h_r;
    hn_r = wall_r ? -hn_l : hn_r;
    ht_r = wall_r ? ht_l : ht_r;
    b_r = wall_r ? b_l : b_r;

    real u_l = swe_velocity(h_l, hn_l);
    real u_r = swe_velocity(h_r, hn_r);
    real c_l = SWE_SQRT(SWE_GRAVITY * h_l);
    real c_r = SWE_SQRT(SWE_GRAVITY * h_r);
    real s_slow, s_fast;
    swe_einfeldt_speeds(h_l, h_r, u_l, u_r, c_l, c_r, &s_slow, &s_fast);

    real h_mean = (real)0.5 * (h_l + h_r);
    real flux_jump_h = hn_r - hn_l;
    real flux_jump_hn =
        (hn_r * u_r - hn_l * u_l) + SWE_GRAVITY * h_mean * ((h_r - h_l) + (b_r - b_l));
    real spread = s_fast - s_slow;
    spread = spread > (real)0 ? spread : (real)1; /* only when both sides are dry */
    real beta_slow = (s_fast * flux_jump_h - flux_jump_hn) / spread;
    real beta_fast = (flux_jump_hn - s_slow * flux_jump_h) / spread;

    real left_slow = swe_left_share(s_slow);
    real left_fast = swe_left_share(s_fast);
    swe_net_updates updates;
    updates.h_left = left_slow * beta_slow + left_fast * beta_fast;
    updates.hn_left = left_slow * beta_slow * s_slow + left_fast * beta_fast * s_fast;

    /* Where a rarefaction spans zero speed, the f-wave split alone leaves a
     * standing, entropy-violating jump; the HLL split diffuses it. */
    const int transonic = ((u_l - c_l < (real)0) & (u_r - c_r > (real)0)) |
                          ((u_l + c_l < (real)0) & (u_r + c_r > (real)0));
    const int flooding = (dry_l != dry_r) & !wall_l & !wall_r;
    real hll_h = swe_hll_left_update(s_slow, s_fast, h_r - h_l, flux_jump_h);
    real hll_hn = swe_hll_left_update(s_slow, s_fast, hn_r - hn_l, flux_jump_hn);
    updates.h_left = (flooding | transonic) ? hll_h : updates.h_left;
    updates.hn_left = (flooding | transonic) ? hll_hn : updates.hn_left;
    updates.h_right = flux_jump_h - updates.h_left;
    updates.hn_right = flux_jump_hn - updates.hn_left;
    swe_transverse_updates(hn_l + updates.h_left, hn_l, hn_r, swe_velocity(h_l, ht_l),
                           swe_velocity(h_r, ht_r), &updates);
    updates.max_speed = SWE_FMAX(SWE_FABS(s_slow), SWE_FABS(s_fast));

    /* A wall keeps its own updates to itself; two dry cells exchange nothing. */
    const int silent_l = wall_l | (dry_l & dry_r);
    const int silent_r = wall_r | (dry_l & dry_r);
    updates.h_left = silent_l ? (real)0 : updates.h_left;
    updates.hn_left = silent_l ? (real)0 : updates.hn_left;
    updates.ht_left = silent_l ? (real)0 : updates.ht_left;
    updates.h_right = silent_r ? (real)0 : updates.h_right;
    updates.hn_right = silent_r ? (real)0 : updates.hn_right;
    updates.ht_right = silent_r ? (real)0 : updates.ht_right;
    updates.max_speed = (dry_l & dry_r) ? (real)0 : updates.max_speed;
    return updates;
}

#endif
