/* The augmented Riemann solver (George 2008), for wet/dry fronts and
 * inundation. The jump between the two sides is taken in three quantities,
 * depth h, momentum hu and momentum flux phi = hu^2/h + g h^2/2, and split
 * into three waves:
 *   - two acoustic waves with Einfeldt's speeds s1 < s3, widened to the
 *     characteristic speeds of a middle state estimated from the
 *     two-rarefaction or two-shock solution, eigenvectors (1, s, s^2);
 *   - a corrector wave between them, eigenvector (0, 0, 1), that carries the
 *     part of the momentum-flux jump two waves cannot represent;
 * after the stationary wave of the bathymetry jump has been taken out of the
 * jumps in h and phi. That stationary wave is the steady solution across the
 * step (from the linearised Bernoulli relation, (u^2 - g h) dh = g h db),
 * bounded so that neither middle state turns negative; at rest it is exactly
 * -db in h and -g h db in phi, so a lake at rest produces no waves.
 * The h and hu parts of the two acoustic waves are the HLLE split, which
 * keeps depths positive next to dry cells and needs no entropy fix.
 * Dry cells: a dry bed above what the wet side's water can reach (the
 * middle depth of the wall problem) is a wall and reflects; a lower one is
 * flooded, with the momentum split HLL-style (see below); two dry cells
 * exchange nothing. */
#ifndef SWE_RIEMANN_AUGRIE_H
#define SWE_RIEMANN_AUGRIE_H

#include "numerics/riemann_common.h"

/* Depth between the two waves of a Riemann problem on a flat bed if both
 * are rarefactions (exact then); zero when they open a dry gap. */
SWE_INLINE real swe_augrie_rarefaction_depth(real u_l, real u_r, real c_l, real c_r)
{
    real c_middle = SWE_FMAX((real)0, (real)0.5 * (c_l + c_r) - (real)0.25 * (u_r - u_l));
    return c_middle * c_middle / SWE_GRAVITY;
}

/* Middle depth between two wet sides: the two-rarefaction depth where it
 * lies below both sides, otherwise the two-shock estimate built on it
 * (g_K = sqrt(g/2 (h0 + h_K) / (h0 h_K)) at h0 = the rarefaction depth). */
SWE_INLINE real swe_augrie_middle_depth(real h_l, real h_r, real u_l, real u_r, real c_l, real c_r)
{
    real h_rare = swe_augrie_rarefaction_depth(u_l, u_r, c_l, c_r);
    real h0 = SWE_FMAX(h_rare, SWE_DRY_TOLERANCE);
    real safe_l = SWE_FMAX(h_l, SWE_DRY_TOLERANCE);
    real safe_r = SWE_FMAX(h_r, SWE_DRY_TOLERANCE);
    real g_l = SWE_SQRT((real)0.5 * SWE_GRAVITY * (h0 + safe_l) / (h0 * safe_l));
    real g_r = SWE_SQRT((real)0.5 * SWE_GRAVITY * (h0 + safe_r) / (h0 * safe_r));
    real h_shock = SWE_FMAX((real)0, (g_l * h_l + g_r * h_r - (u_r - u_l)) / (g_l + g_r));
    return h_rare <= SWE_FMIN(h_l, h_r) ? h_rare : h_shock;
}

/* Velocity behind the wave that joins the middle depth h_m to a side
 * (h, u, c): a rarefaction or a shock, seen as a left-side wave (pass
 * -u and negate the result for the right side). */
SWE_INLINE real swe_augrie_middle_velocity(real h_m, real h, real u, real c)
{
    real c_m = SWE_SQRT(SWE_GRAVITY * h_m);
    real safe_m = SWE_FMAX(h_m, SWE_DRY_TOLERANCE);
    real safe_h = SWE_FMAX(h, SWE_DRY_TOLERANCE);
    real rarefaction = u + (real)2 * (c - c_m);
    real shock =
        u - (h_m - h) * SWE_SQRT((real)0.5 * SWE_GRAVITY * (safe_m + safe_h) / (safe_m * safe_h));
    return h_m <= h ? rarefaction : shock;
}

/* The stationary wave of the bathymetry jump db, as its jumps in h and in
 * phi = hu^2/h + g h^2/2 (the latter written as -g h_eff db). Near
 * critical flow the Bernoulli form is singular; there, and whenever the
 * waves already straddle a sonic point, the hydrostatic form (at rest
 * exactly -db and -g h_mean db) is taken. */
typedef struct swe_augrie_steady_wave {
    real h_jump; /* jump in h across the bathymetry wave */
    real h_eff;  /* depth with which the step enters the momentum flux */
} swe_augrie_steady_wave;

SWE_INLINE swe_augrie_steady_wave swe_augrie_steady(real h_l, real h_r, real u_l, real u_r,
                                                    real c_l, real c_r, real db, real s1, real s3,
                                                    real h_hll)
{
    const real critical = SWE_FMAX(SWE_DRY_TOLERANCE * SWE_GRAVITY, (real)1e-6);
    const real critical_root = SWE_SQRT(critical);
    real h_mean = (real)0.5 * (h_l + h_r);
    real g_h_mean = SWE_GRAVITY * h_mean;
    real u_mean = (real)0.5 * (u_l + u_r);
    /* Products of the two characteristic speeds: from the mean state, and
     * with the flow speed estimated from both sides. */
    real speeds_bar = u_mean * u_mean - g_h_mean;
    real speeds_tilde = SWE_FMAX((real)0, u_l * u_r) - g_h_mean;
    const int sonic = (SWE_FABS(speeds_bar) <= critical) |
                      (speeds_bar * speeds_tilde <= critical * critical) |
                      (speeds_bar * s1 * s3 <= critical * critical) |
                      (SWE_FMIN(SWE_FABS(s1), SWE_FABS(s3)) < critical_root) |
                      ((u_l + c_l) * (u_r + c_r) < (real)0) | ((u_l - c_l) * (u_r - c_r) < (real)0);
    real safe_bar = sonic ? (real)-1 : speeds_bar;
    /* Ratios first: at rest they are exactly -1 and 1, so the step cancels
     * the depth jump bit for bit. */
    real h_jump = sonic ? -db : db * (g_h_mean / safe_bar);
    real h_eff = sonic ? h_mean : h_mean * (speeds_tilde / safe_bar);

    /* Bounds that keep both middle states h_hll - s3 dh / (s3 - s1) and
     * h_hll - s1 dh / (s3 - s1) of the split non-negative. */
    real spread = s3 - s1;
    real safe_s1 = SWE_FABS(s1) > (real)0 ? s1 : (real)-1;
    real safe_s3 = SWE_FABS(s3) > (real)0 ? s3 : (real)1;
    real upper_subcritical = h_hll * spread / safe_s3;
    real lower_subcritical = h_hll * spread / safe_s1;
    const int subcritical = (s1 < -critical) & (s3 > critical);
    const int right_going = s1 >= critical;
    const int left_going = s3 <= -critical;
    real upper = subcritical
                     ? upper_subcritical
                     : (right_going ? h_hll * spread / safe_s1 : (left_going ? h_r : h_jump));
    real lower = subcritical
                     ? lower_subcritical
                     : (right_going ? -h_l : (left_going ? h_hll * spread / safe_s3 : h_jump));
    h_jump = SWE_FMAX(SWE_FMIN(h_jump, upper), lower);

    swe_augrie_steady_wave steady;
    steady.h_jump = h_jump;
    steady.h_eff = SWE_FMAX(SWE_FMIN(h_eff, SWE_FMAX(h_l, h_r)), SWE_FMIN(h_l, h_r));
    return steady;
}

SWE_INLINE swe_net_updates swe_augrie(real h_l, real h_r, real hn_l, real hn_r, real ht_l,
                                      real ht_r, real b_l, real b_r)
{
    const int dry_l = h_l < SWE_DRY_TOLERANCE;
    const int dry_r = h_r < SWE_DRY_TOLERANCE;

    /* A dry bed is a wall when it lies above the depth that the wet side
     * would pile up against a wall (the middle depth of the mirrored
     * problem), so that fast water still overtops a low step. */
    real wet_h = dry_l ? h_r : h_l;
    real wet_u = dry_l ? -swe_velocity(h_r, hn_r) : swe_velocity(h_l, hn_l);
    real wet_c = SWE_SQRT(SWE_GRAVITY * wet_h);
    real wall_depth =
        SWE_FMAX(wet_h, swe_augrie_middle_depth(wet_h, wet_h, wet_u, -wet_u, wet_c, wet_c));
    const int wall_l = dry_l & !dry_r & (b_l >= wall_depth + b_r);
    const int wall_r = dry_r & !dry_l & (b_r >= wall_depth + b_l);

    /* Mirror the wet side into a wall. */
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
    hn_l = h_l * u_l; /* a film below the dry tolerance carries no momentum */
    hn_r = h_r * u_r;
    real c_l = SWE_SQRT(SWE_GRAVITY * h_l);
    real c_r = SWE_SQRT(SWE_GRAVITY * h_r);

    /* Wave speeds: Einfeldt's, widened between two wet sides to the
     * characteristic speeds of the estimated middle state (next to a dry
     * side Einfeldt's front speed u -+ 2c is already the right bound). */
    real s1, s3;
    swe_einfeldt_speeds(h_l, h_r, u_l, u_r, c_l, c_r, &s1, &s3);
    real h_m = swe_augrie_middle_depth(h_l, h_r, u_l, u_r, c_l, c_r);
    real u_m = (real)0.5 * (swe_augrie_middle_velocity(h_m, h_l, u_l, c_l) -
                            swe_augrie_middle_velocity(h_m, h_r, -u_r, c_r));
    real c_m = SWE_SQRT(SWE_GRAVITY * h_m);
    const int flooding = (dry_l != dry_r) & !wall_l & !wall_r;
    const int widen = !flooding & (h_m >= SWE_DRY_TOLERANCE);
    s1 = widen ? SWE_FMIN(s1, u_m - c_m) : s1;
    s3 = widen ? SWE_FMAX(s3, u_m + c_m) : s3;
    real spread = s3 - s1;
    spread = spread > (real)0 ? spread : (real)1; /* only when both sides are dry */

    /* Jumps, with the stationary bathymetry wave taken out. Two
     * rarefactions that open a dry gap leave no steady wave between them. */
    real db = b_r - b_l;
    real dh = h_r - h_l;
    real h_hll = SWE_FMAX((real)0, (hn_l - hn_r + s3 * h_r - s1 * h_l) / spread);
    swe_augrie_steady_wave steady =
        swe_augrie_steady(h_l, h_r, u_l, u_r, c_l, c_r, db, s1, s3, h_hll);
    const int dry_gap = swe_augrie_rarefaction_depth(u_l, u_r, c_l, c_r) < SWE_DRY_TOLERANCE;
    real h_jump = dry_gap ? (real)0 : steady.h_jump;
    real h_eff = dry_gap ? (real)0 : steady.h_eff;
    real h_mean = (real)0.5 * (h_l + h_r);
    real delta_h = dh - h_jump;
    real delta_hn = hn_r - hn_l;
    /* phi jump minus the steady wave's -g h_eff db, arranged so that at
     * rest (h_eff == h_mean) it is g h_mean (dh + db), as in the f-wave
     * solver, and vanishes exactly for a flat surface. */
    real pressure_and_step =
        dry_gap ? (real)0.5 * (h_r * h_r - h_l * h_l) : h_mean * (dh + db) + (h_eff - h_mean) * db;
    real delta_phi = (hn_r * u_r - hn_l * u_l) + SWE_GRAVITY * pressure_and_step;

    /* Wave strengths: beta1 + beta3 = delta_h, s1 beta1 + s3 beta3 = delta_hn,
     * s1^2 beta1 + beta2 + s3^2 beta3 = delta_phi. */
    real beta1 = (s3 * delta_h - delta_hn) / spread;
    real beta3 = (delta_hn - s1 * delta_h) / spread;
    real beta2 = delta_phi - s1 * s1 * beta1 - s3 * s3 * beta3;
    real s2 = (real)0.5 * (s1 + s3);

    real left1 = swe_left_share(s1);
    real left2 = swe_left_share(s2);
    real left3 = swe_left_share(s3);
    swe_net_updates updates;
    updates.h_left = left1 * beta1 * s1 + left3 * beta3 * s3;
    updates.hn_left = left1 * beta1 * s1 * s1 + left2 * beta2 + left3 * beta3 * s3 * s3;
    /* Into a dry cell the Riemann fan is one rarefaction, which the three
     * waves fit so poorly that the corrector would push the new water
     * against the flow; there the momentum-flux jump is split HLL-style
     * between the two acoustic waves instead (mass stays as above). */
    updates.hn_left = flooding ? swe_hll_left_update(s1, s3, delta_hn, delta_phi) : updates.hn_left;
    updates.h_right = delta_hn - updates.h_left;
    updates.hn_right = delta_phi - updates.hn_left;
    swe_transverse_updates(hn_l + updates.h_left, hn_l, hn_r, swe_velocity(h_l, ht_l),
                           swe_velocity(h_r, ht_r), &updates);
    updates.max_speed = SWE_FMAX(SWE_FABS(s1), SWE_FABS(s3));

    return swe_silence_dry_sides(updates, wall_l, wall_r, dry_l, dry_r);
}

#endif
