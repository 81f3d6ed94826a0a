/* The f-wave solver (Bale, LeVeque, Mitran, Rossmanith 2002; George 2008):
 * the jump in the flux, less the bathymetry source, is split into two
 * waves with Einfeldt's speeds. The source enters as g * h_mean * jump of
 * b, next to the pressure term g * h_mean * jump of h, so that water at
 * rest (a flat surface) produces exactly no waves: well-balanced, at any
 * depth, since a cell below the dry tolerance keeps its depth here (only
 * its velocity is dropped).
 * A dry cell whose bed lies above the neighbour's surface is a wall: it
 * is replaced by the mirror image of the wet cell, and its own updates are
 * dropped. The f-wave split alone does not keep depths positive: where one
 * of its middle depths would be negative (a wet cell next to a dry or thin
 * one, a strong rarefaction) and in transonic rarefactions (its entropy
 * fix), the waves are split HLL-style from the jumps in state and flux,
 * with the hydrostatic step of the bed taken out of the depth jump and
 * bounded as in George's augmented solver, so that both middle depths are
 * non-negative and rest stays exact. Hence depths never go negative under
 * the time-step rule, and the update never has to clip water into being. */
#ifndef SWE_RIEMANN_FWAVE_H
#define SWE_RIEMANN_FWAVE_H

/* One side of an edge with what the solver derives from that cell alone:
 * its velocities and the square roots. A kernel that meets each cell at
 * four edges builds this once per cell (swe_fwave_side_of) and calls
 * swe_fwave_sides; swe_fwave builds both sides itself. */
typedef struct swe_fwave_side {
    real h, hn, ht, b; /* depth, momentum normal to and along the edge, bed */
    real u, v;         /* velocities normal to and along the edge, 0 when dry */
    real c, root;      /* celerity sqrt(g h) and sqrt(h) */
} swe_fwave_side;

SWE_INLINE swe_fwave_side swe_fwave_side_of(real h, real hn, real ht, real b)
{
    swe_fwave_side side;
    side.h = h;
    side.hn = hn;
    side.ht = ht;
    side.b = b;
    side.u = swe_velocity(h, hn);
    side.v = swe_velocity(h, ht);
    side.c = SWE_SQRT(SWE_GRAVITY * h);
    side.root = SWE_SQRT(h);
    return side;
}

/* The same cell as its horizontal edges see it: hv is then the normal
 * momentum and hu the one along the edge, so the two swap, with their
 * velocities. */
SWE_INLINE swe_fwave_side swe_fwave_transposed(swe_fwave_side side)
{
    swe_fwave_side turned = side;
    turned.hn = side.ht;
    turned.ht = side.hn;
    turned.u = side.v;
    turned.v = side.u;
    return turned;
}

/* A wet side as the dry wall next to it sees it: mirrored, normal
 * momentum and velocity negated (exactly: division is odd in its
 * numerator), all else the same. */
SWE_INLINE swe_fwave_side swe_fwave_select_mirror(int wall, swe_fwave_side own, swe_fwave_side wet)
{
    own.h = wall ? wet.h : own.h;
    own.hn = wall ? -wet.hn : own.hn;
    own.ht = wall ? wet.ht : own.ht;
    own.b = wall ? wet.b : own.b;
    own.u = wall ? -wet.u : own.u;
    own.v = wall ? wet.v : own.v;
    own.c = wall ? wet.c : own.c;
    own.root = wall ? wet.root : own.root;
    return own;
}

/* The solver between two sides. known_wet: 1, a constant, where the caller
 * knows both sides to be wet (the GPU's fused step checks a whole warp),
 * so that the compiler drops the dry and wall cases; the result is the
 * same as with 0. defer: 1, a constant, leaves out the rare HLL fallback
 * below and sets *fallback to 1 where it is needed (the updates returned
 * are then not the edge's), else to 0: a vectorised CPU loop computes
 * both sides of a branch for every lane, and the fallback's four
 * divisions cost it about 40 % of its time; such a loop solves the
 * flagged edges again with defer 0 (swe_riemann_sides_deferred). */
SWE_INLINE swe_net_updates swe_fwave_split(swe_fwave_side l, swe_fwave_side r, int known_wet,
                                           int defer, real *fallback)
{
    const int dry_l = !known_wet & (l.h < SWE_DRY_TOLERANCE);
    const int dry_r = !known_wet & (r.h < SWE_DRY_TOLERANCE);
    const int wall_l = dry_l & !dry_r & (l.b >= r.h + r.b);
    const int wall_r = dry_r & !dry_l & (r.b >= l.h + l.b);

    /* Mirror the wet side into a dry wall (at most one side is a wall). */
    const swe_fwave_side wet_l = l;
    l = swe_fwave_select_mirror(wall_l, l, r);
    r = swe_fwave_select_mirror(wall_r, r, wet_l);

    /* A bed above the other side's surface enters at that surface, as in
     * the augmented solver: only the part of the step under the lower
     * water holds it back. With the whole step, g h_mean db (h_mean half
     * the deep side's depth) drives a film on the ledge out at the deep
     * side's wave speed, a speed that takes its mass and leaves its
     * momentum: its velocity doubled every step (Thacker's bowl on 7 x 5
     * cells: 6 to 68 m/s in seven steps, each setting dt). At rest both
     * surfaces are equal and no bed moves. */
    l.b = dry_r ? l.b : SWE_FMIN(l.b, r.h + r.b);
    r.b = dry_l ? r.b : SWE_FMIN(r.b, l.h + l.b);

    real s_slow, s_fast;
    swe_einfeldt_speeds_with_roots(l.h, r.h, l.u, r.u, l.c, r.c, l.root, r.root, &s_slow, &s_fast);

    real h_mean = (real)0.5 * (l.h + r.h);
    real flux_jump_h = r.hn - l.hn;
    real flux_jump_hn =
        (r.hn * r.u - l.hn * l.u) + SWE_GRAVITY * h_mean * ((r.h - l.h) + (r.b - l.b));
    real spread = s_fast - s_slow;
    spread = spread > (real)0 ? spread : (real)1; /* only when both sides are dry */
    real beta_slow = swe_divide_positive(s_fast * flux_jump_h - flux_jump_hn, spread);
    real beta_fast = swe_divide_positive(flux_jump_hn - s_slow * flux_jump_h, spread);

    real left_slow = swe_left_share(s_slow);
    real left_fast = swe_left_share(s_fast);
    swe_net_updates updates;
    updates.h_left = left_slow * beta_slow + left_fast * beta_fast;
    updates.hn_left = left_slow * beta_slow * s_slow + left_fast * beta_fast * s_fast;

    /* Where a rarefaction spans zero speed, the f-wave split alone leaves a
     * standing, entropy-violating jump; where a middle depth of the split,
     * h_l + beta_slow / s_slow or h_r - beta_fast / s_fast, is negative, it
     * would drain a cell below zero. There the HLL split takes over. Rare,
     * so a branch: a GPU warp pays for it only where a lane needs it (a
     * vectorised CPU loop would compute it for every lane: it defers it). */
    const int transonic = ((l.u - l.c < (real)0) & (r.u - r.c > (real)0)) |
                          ((l.u + l.c < (real)0) & (r.u + r.c > (real)0));
    const int drains = ((s_slow < (real)0) & (beta_slow > -s_slow * l.h)) |
                       ((s_fast > (real)0) & (beta_fast > s_fast * r.h));
    const int flooding = (dry_l != dry_r) & !wall_l & !wall_r;
    const int needs_fallback = flooding | transonic | drains;
    if (defer) {
        *fallback = needs_fallback ? (real)1 : (real)0;
    } else if (needs_fallback) {
        real step = swe_bounded_bed_step(l.h, r.h, l.hn, r.hn, r.b - l.b, s_slow, s_fast);
        updates.h_left = swe_hll_left_update(s_slow, s_fast, (r.h - l.h) - step, flux_jump_h);
        updates.hn_left = swe_hll_left_update(s_slow, s_fast, r.hn - l.hn, flux_jump_hn);
    }
    updates.h_right = flux_jump_h - updates.h_left;
    updates.hn_right = flux_jump_hn - updates.hn_left;
    swe_transverse_updates(l.hn + updates.h_left, l.hn, r.hn, l.v, r.v, &updates);
    updates.max_speed = SWE_FMAX(SWE_FABS(s_slow), SWE_FABS(s_fast));

    return swe_silence_dry_sides(updates, wall_l, wall_r, dry_l, dry_r);
}

SWE_INLINE swe_net_updates swe_fwave_sides_known_wet(swe_fwave_side l, swe_fwave_side r,
                                                     int known_wet)
{
    real unused;
    return swe_fwave_split(l, r, known_wet, 0, &unused);
}

SWE_INLINE swe_net_updates swe_fwave_sides(swe_fwave_side l, swe_fwave_side r)
{
    return swe_fwave_sides_known_wet(l, r, 0);
}

SWE_INLINE swe_net_updates swe_fwave(real h_l, real h_r, real hn_l, real hn_r, real ht_l, real ht_r,
                                     real b_l, real b_r)
{
    return swe_fwave_sides(swe_fwave_side_of(h_l, hn_l, ht_l, b_l),
                           swe_fwave_side_of(h_r, hn_r, ht_r, b_r));
}

#endif
