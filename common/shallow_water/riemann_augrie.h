/* The augmented Riemann solver of George (2008, J. Comput. Phys. 227,
 * "Augmented Riemann solvers for the shallow water equations over variable
 * topography with steady states and inundation"), for wet/dry fronts and
 * inundation. The jump between the two sides is taken in depth h, momentum
 * hu and momentum flux phi = hu^2/h + g h^2/2 and split into three waves
 * after the stationary wave of the bed step has been taken out:
 *   - two acoustic waves with Einfeldt's speeds s1 < s3 (Roe averages and
 *     the sides' characteristic speeds; next to a dry bed the front speed
 *     u -+ 2c of the rarefaction into it), eigenvectors (1, s, s^2). Their
 *     h and hu parts are the HLLE split, so every middle depth is
 *     non-negative and no entropy fix is needed;
 *   - a corrector wave at (s1 + s3) / 2, eigenvector (0, 0, 1), carrying the
 *     part of the momentum-flux jump that two waves cannot represent;
 *   - the steady wave of the bed step (linearised Bernoulli:
 *     (u^2 - g h) dh = g h db), bounded so that neither middle depth of the
 *     split turns negative. At rest it is exactly -db in h and -g h db in
 *     phi, so a lake at rest makes no waves.
 * Dry sides as in the paper: a dry bed above what the wet side's water can
 * reach against a wall (the middle depth of the mirrored problem) is a
 * wall and reflects; a lower one is flooded, with its bed lowered to the
 * wet side's surface where it stands above it; two dry sides exchange
 * nothing. Unlike GeoClaw, which zeroes depths below the dry tolerance,
 * a dry side keeps its depth in the jumps (only its velocity and its share
 * in the wave speeds are dropped), so that a film or shallow shoal at rest
 * beside deep water stays exactly at rest (docs/VALIDATION.md). */
#ifndef SWE_RIEMANN_AUGRIE_H
#define SWE_RIEMANN_AUGRIE_H

#include "shallow_water/riemann_common.h"

/* Velocity jump across the wave that joins a side of depth h (celerity c)
 * to the middle depth h_m, and its derivative in h_m: a shock where the
 * water deepens, a rarefaction where it shallows (Toro's depth function). */
SWE_INLINE real swe_augrie_wave_function(real h_m, real h, real c, real *slope)
{
    real c_m = SWE_SQRT(SWE_GRAVITY * h_m);
    real safe_m = SWE_FMAX(h_m, SWE_DRY_TOLERANCE);
    real safe_h = SWE_FMAX(h, SWE_DRY_TOLERANCE);
    real shock_factor = SWE_SQRT((real)0.5 * SWE_GRAVITY * (safe_m + safe_h) / (safe_m * safe_h));
    const int shock = h_m > h;
    *slope =
        shock ? shock_factor - SWE_GRAVITY * (h_m - h) / ((real)4 * safe_m * safe_m * shock_factor)
              : SWE_GRAVITY / SWE_FMAX(c_m, (real)1e-30);
    return shock ? (h_m - h) * shock_factor : (real)2 * (c_m - c);
}

/* One Newton step on the depth function f(h) = f_l(h) + f_r(h) + u_r - u_l
 * from h_m, kept above the shallower side's depth. */
SWE_INLINE real swe_augrie_newton_step(real h_m, real h_l, real h_r, real u_l, real u_r, real c_l,
                                       real c_r)
{
    real slope_l, slope_r;
    real f = swe_augrie_wave_function(h_m, h_l, c_l, &slope_l) +
             swe_augrie_wave_function(h_m, h_r, c_r, &slope_r) + (u_r - u_l);
    return SWE_FMAX(h_m - f / (slope_l + slope_r), SWE_FMIN(h_l, h_r));
}

/* The middle state between the two waves of the Riemann problem on a flat
 * bed, which the solver uses to type the waves: its depth and the speeds
 * u_m - c_m and u_m + c_m of its characteristics. Two rarefactions give it
 * exactly; with a shock, Newton's method on the depth function from the
 * two-rarefaction depth. Next to a dry side both speeds are the front
 * speed of the rarefaction into the dry bed. */
typedef struct swe_augrie_middle {
    real h;        /* middle depth */
    real s_1, s_2; /* u_m - c_m and u_m + c_m */
} swe_augrie_middle;

SWE_INLINE swe_augrie_middle swe_augrie_middle_state(real h_l, real h_r, real u_l, real u_r,
                                                     real c_l, real c_r)
{
    swe_augrie_middle middle;
    real c_rare = SWE_FMAX((real)0, (real)0.5 * (c_l + c_r) - (real)0.25 * (u_r - u_l));
    real h_m = c_rare * c_rare / SWE_GRAVITY;
    const int shocks = h_m > SWE_FMIN(h_l, h_r);
    /* Three steps, written out: a loop here would keep compilers from
     * vectorising the edge loops that inline this solver. */
    h_m = shocks ? swe_augrie_newton_step(h_m, h_l, h_r, u_l, u_r, c_l, c_r) : h_m;
    h_m = shocks ? swe_augrie_newton_step(h_m, h_l, h_r, u_l, u_r, c_l, c_r) : h_m;
    h_m = shocks ? swe_augrie_newton_step(h_m, h_l, h_r, u_l, u_r, c_l, c_r) : h_m;
    real slope;
    real c_m = SWE_SQRT(SWE_GRAVITY * h_m);
    real u_m_l = u_l - swe_augrie_wave_function(h_m, h_l, c_l, &slope);
    real u_m_r = u_r + swe_augrie_wave_function(h_m, h_r, c_r, &slope);
    const int dry = SWE_FMIN(h_l, h_r) < SWE_DRY_TOLERANCE;
    real front = u_l + u_r + (real)2 * (c_l - c_r);
    middle.h = dry ? (real)0 : h_m;
    middle.s_1 = dry ? front : u_m_l - c_m;
    middle.s_2 = dry ? front : u_m_r + c_m;
    return middle;
}

/* The stationary wave of the bed step db as its jump in h and the depth
 * h_eff with which the step enters the momentum flux (jump -g h_eff db).
 * Where the flow is near critical the Bernoulli form is singular; there
 * the hydrostatic form (-db, the mean depth) is taken. The depth jump is
 * bounded so that both middle depths h_hll - s3 dh / (s3 - s1) and
 * h_hll - s1 dh / (s3 - s1) of the split stay non-negative. */
typedef struct swe_augrie_steady_wave {
    real h_jump; /* jump in h across the bed step */
    real h_eff;  /* depth with which the step enters the momentum flux */
} swe_augrie_steady_wave;

SWE_INLINE int swe_augrie_near_critical(real u_l, real u_r, real c_l, real c_r, real s1, real s3,
                                        swe_augrie_middle middle, real speeds_bar,
                                        real speeds_tilde, real critical)
{
    const real root = SWE_SQRT(critical);
    return (SWE_FABS(speeds_bar) <= critical) | (speeds_bar * speeds_tilde <= critical * critical) |
           (speeds_bar * s1 * s3 <= critical * critical) |
           (SWE_FMIN(SWE_FABS(s1), SWE_FABS(s3)) < root) | ((s1 < root) & (middle.s_1 > -root)) |
           ((s3 > -root) & (middle.s_2 < root)) | ((u_l + c_l) * (u_r + c_r) < (real)0) |
           ((u_l - c_l) * (u_r - c_r) < (real)0);
}

SWE_INLINE swe_augrie_steady_wave swe_augrie_steady(real h_l, real h_r, real u_l, real u_r,
                                                    real c_l, real c_r, real db, real s1, real s3,
                                                    swe_augrie_middle middle, real h_hll)
{
    const real critical = SWE_FMAX(SWE_DRY_TOLERANCE * SWE_GRAVITY, (real)1e-6);
    real h_mean = (real)0.5 * (h_l + h_r);
    real g_h_mean = SWE_GRAVITY * h_mean;
    real u_mean = (real)0.5 * (u_l + u_r);
    /* Products of the two characteristic speeds: from the mean state, and
     * with the flow speed estimated from both sides. */
    real speeds_bar = u_mean * u_mean - g_h_mean;
    real speeds_tilde = SWE_FMAX((real)0, u_l * u_r) - g_h_mean;
    const int sonic = swe_augrie_near_critical(u_l, u_r, c_l, c_r, s1, s3, middle, speeds_bar,
                                               speeds_tilde, critical);
    real safe_bar = sonic ? (real)-1 : speeds_bar;
    /* Ratios first: at rest they are exactly -1 and 1, so the step cancels
     * the depth jump bit for bit. */
    real h_jump = sonic ? -db : db * (g_h_mean / safe_bar);
    real h_eff = sonic ? h_mean : h_mean * (speeds_tilde / safe_bar);

    real spread = s3 - s1;
    real safe_s1 = s1 != (real)0 ? s1 : (real)-1;
    real safe_s3 = s3 != (real)0 ? s3 : (real)1;
    const int subcritical = (s1 < -critical) & (s3 > critical);
    const int right_going = s1 >= critical;
    const int left_going = s3 <= -critical;
    real bound_s1 = h_hll * spread / safe_s1;
    real bound_s3 = h_hll * spread / safe_s3;
    real upper = subcritical ? bound_s3 : (right_going ? bound_s1 : (left_going ? h_r : h_jump));
    real lower = subcritical ? bound_s1 : (right_going ? -h_l : (left_going ? bound_s3 : h_jump));
    h_jump = SWE_FMAX(SWE_FMIN(h_jump, upper), lower);

    swe_augrie_steady_wave steady;
    steady.h_jump = h_jump;
    steady.h_eff = SWE_FMAX(SWE_FMIN(h_eff, SWE_FMAX(h_l, h_r)), SWE_FMIN(h_l, h_r));
    return steady;
}

/* Whether a dry bed at b_dry stands as a wall before the wet side (depth
 * h, velocity u towards the dry side, bed b): it does when it is at or
 * above the surface that this water piles up to against a wall (the
 * middle depth of the mirrored problem), so that fast water still
 * overtops a low step. */
SWE_INLINE int swe_augrie_dry_bed_is_wall(real h, real u_towards, real b, real b_dry)
{
    real c = SWE_SQRT(SWE_GRAVITY * h);
    swe_augrie_middle piled = swe_augrie_middle_state(h, h, u_towards, -u_towards, c, c);
    return b_dry >= SWE_FMAX(h, piled.h) + b;
}

/* The three waves and their fluctuations for sides with velocities u
 * (normal) and v (along the edge); dry_l and dry_r mark the sides that
 * count as dry bed in the wave speeds. */
SWE_INLINE swe_net_updates swe_augrie_waves(real h_l, real h_r, real u_l, real u_r, real v_l,
                                            real v_r, real b_l, real b_r, int dry_l, int dry_r)
{
    real hn_l = h_l * u_l, hn_r = h_r * u_r;
    real wet_h_l = dry_l ? (real)0 : h_l, wet_h_r = dry_r ? (real)0 : h_r;
    real c_l = SWE_SQRT(SWE_GRAVITY * wet_h_l), c_r = SWE_SQRT(SWE_GRAVITY * wet_h_r);
    real root_l = SWE_SQRT(wet_h_l), root_r = SWE_SQRT(wet_h_r);
    real roots = root_l + root_r;
    real u_roe = (root_l * u_l + root_r * u_r) / (roots > (real)0 ? roots : (real)1);
    real c_roe = SWE_SQRT(SWE_GRAVITY * (real)0.5 * (wet_h_l + wet_h_r));
    /* Einfeldt's speeds, and next to a dry bed the front speed. */
    swe_augrie_middle middle = swe_augrie_middle_state(wet_h_l, wet_h_r, u_l, u_r, c_l, c_r);
    real s1 = SWE_FMIN(SWE_FMIN(u_l - c_l, u_roe - c_roe), middle.s_2);
    real s3 = SWE_FMAX(SWE_FMAX(u_r + c_r, u_roe + c_roe), middle.s_1);
    real spread = s3 - s1;
    spread = spread > (real)0 ? spread : (real)1; /* only when both sides are dry */

    real db = b_r - b_l;
    real dh = h_r - h_l;
    real h_hll = SWE_FMAX((real)0, (hn_l - hn_r + s3 * h_r - s1 * h_l) / spread);
    swe_augrie_steady_wave steady =
        swe_augrie_steady(h_l, h_r, u_l, u_r, c_l, c_r, db, s1, s3, middle, h_hll);
    real h_mean = (real)0.5 * (h_l + h_r);
    real delta_h = dh - steady.h_jump;
    real delta_hn = hn_r - hn_l;
    /* phi jump less the steady wave's -g h_eff db, arranged so that at rest
     * (h_eff == h_mean) it is g h_mean (dh + db), zero for a flat surface. */
    real delta_phi = (hn_r * u_r - hn_l * u_l) +
                     SWE_GRAVITY * (h_mean * (dh + db) + (steady.h_eff - h_mean) * db);

    /* beta1 + beta3 = delta_h, s1 beta1 + s3 beta3 = delta_hn,
     * s1^2 beta1 + beta2 + s3^2 beta3 = delta_phi. */
    real beta1 = (s3 * delta_h - delta_hn) / spread;
    real beta3 = (delta_hn - s1 * delta_h) / spread;
    real beta2 = delta_phi - s1 * s1 * beta1 - s3 * s3 * beta3;
    real left1 = swe_left_share(s1);
    real left2 = swe_left_share((real)0.5 * (s1 + s3));
    real left3 = swe_left_share(s3);
    swe_net_updates updates;
    updates.h_left = left1 * beta1 * s1 + left3 * beta3 * s3;
    updates.hn_left = left1 * beta1 * s1 * s1 + left2 * beta2 + left3 * beta3 * s3 * s3;
    updates.h_right = delta_hn - updates.h_left;
    updates.hn_right = delta_phi - updates.hn_left;
    swe_transverse_updates(hn_l + updates.h_left, hn_l, hn_r, v_l, v_r, &updates);
    updates.max_speed = SWE_FMAX(SWE_FABS(s1), SWE_FABS(s3));
    return updates;
}

SWE_INLINE swe_net_updates swe_augrie(real h_l, real h_r, real hn_l, real hn_r, real ht_l,
                                      real ht_r, real b_l, real b_r)
{
    const int dry_l = h_l < SWE_DRY_TOLERANCE;
    const int dry_r = h_r < SWE_DRY_TOLERANCE;
    real u_l = swe_velocity(h_l, hn_l), u_r = swe_velocity(h_r, hn_r);
    real v_l = swe_velocity(h_l, ht_l), v_r = swe_velocity(h_r, ht_r);
    const int wall_l = dry_l & !dry_r & swe_augrie_dry_bed_is_wall(h_r, -u_r, b_r, b_l);
    const int wall_r = dry_r & !dry_l & swe_augrie_dry_bed_is_wall(h_l, u_l, b_l, b_r);
    /* A bed above the other side's surface enters at that surface: only
     * the part of the step under that water holds it back, and only that
     * part pushes back. Whether the ledge is dry or carries a film: with
     * the whole step, the lower water's depth times the step's height
     * lands in a film's momentum (a 3 um film beside 8 cm of water on the
     * Thacker bowl's 7 x 5 grid left one step at 1600 m/s), the film's
     * speed then sets dt, and it is the ratio of two cancellations that
     * one rounding moves (tests/cartesian/test_augrie.c). */
    b_l = !dry_r ? SWE_FMIN(b_l, h_r + b_r) : b_l;
    b_r = !dry_l ? SWE_FMIN(b_r, h_l + b_l) : b_r;

    /* Mirror the wet side into a wall (at most one side is one). */
    h_l = wall_l ? h_r : h_l;
    u_l = wall_l ? -u_r : u_l;
    v_l = wall_l ? v_r : v_l;
    b_l = wall_l ? b_r : b_l;
    h_r = wall_r ? h_l : h_r;
    u_r = wall_r ? -u_l : u_r;
    v_r = wall_r ? v_l : v_r;
    b_r = wall_r ? b_l : b_r;

    swe_net_updates updates =
        swe_augrie_waves(h_l, h_r, u_l, u_r, v_l, v_r, b_l, b_r, dry_l & !wall_l, dry_r & !wall_r);
    return swe_silence_dry_sides(updates, wall_l, wall_r, dry_l, dry_r);
}

#endif
