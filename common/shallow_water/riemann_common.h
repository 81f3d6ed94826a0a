/* Pieces shared by the Riemann solvers: velocities of possibly dry cells,
 * the transport of momentum along an edge, and the hydrostatic
 * reconstruction that makes flux solvers well-balanced over bathymetry.
 * Everything is written with selects instead of branches (and flags are
 * combined with & and |, which do not branch) so that loops
 * over edges vectorise on CPUs and do not diverge on GPUs. */
#ifndef SWE_RIEMANN_COMMON_H
#define SWE_RIEMANN_COMMON_H

/* Velocity of a cell; zero where it is dry, so that a film of water below
 * the dry tolerance cannot create huge speeds. */
SWE_INLINE real swe_velocity(real h, real momentum)
{
    return h >= SWE_DRY_TOLERANCE ? swe_divide_positive(momentum, h) : (real)0;
}

/* Weight with which a wave of speed s goes to the left cell: all of it when
 * it moves left, none when it moves right, half when it stands still. */
SWE_INLINE real swe_left_share(real s)
{
    return s < (real)0 ? (real)1 : (s > (real)0 ? (real)0 : (real)0.5);
}

/* Momentum along the edge is carried by the mass flux through it, upwind:
 * flux ht = mass_flux * v of the cell the water comes from. */
SWE_INLINE void swe_transverse_updates(real mass_flux, real hn_l, real hn_r, real v_l, real v_r,
                                       swe_net_updates *updates)
{
    real flux_ht = mass_flux * (mass_flux > (real)0 ? v_l : v_r);
    updates->ht_left = flux_ht - hn_l * v_l;
    updates->ht_right = hn_r * v_r - flux_ht;
}

/* A dry cell acting as a wall keeps its own updates to itself (the wet
 * side met its mirror image), and two dry cells exchange nothing. */
SWE_INLINE swe_net_updates swe_silence_dry_sides(swe_net_updates updates, int wall_l, int wall_r,
                                                 int dry_l, int dry_r)
{
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

/* Hydrostatic reconstruction: both sides seen at the higher bed level, so
 * that water at rest produces no flux and dry high ground acts as a wall. */
typedef struct swe_reconstructed_edge {
    real h_l, h_r;   /* depths above max(b_l, b_r), never negative */
    real hn_l, hn_r; /* normal momenta with the cells' velocities */
    real u_l, u_r;   /* normal velocities of the original cells */
} swe_reconstructed_edge;

SWE_INLINE swe_reconstructed_edge swe_reconstruct(real h_l, real h_r, real hn_l, real hn_r,
                                                  real b_l, real b_r)
{
    swe_reconstructed_edge edge;
    real b_edge = SWE_FMAX(b_l, b_r);
    edge.u_l = swe_velocity(h_l, hn_l);
    edge.u_r = swe_velocity(h_r, hn_r);
    edge.h_l = SWE_FMAX((real)0, h_l + b_l - b_edge);
    edge.h_r = SWE_FMAX((real)0, h_r + b_r - b_edge);
    edge.hn_l = edge.h_l * edge.u_l;
    edge.hn_r = edge.h_r * edge.u_r;
    return edge;
}

/* Net updates of a flux solver from its numerical flux (flux_h, flux_hn)
 * on the reconstructed states: each side receives the flux plus the
 * pressure difference that the reconstruction took away, minus the
 * physical flux of its own cell. */
SWE_INLINE swe_net_updates swe_flux_net_updates(real flux_h, real flux_hn, real h_l, real h_r,
                                                real hn_l, real hn_r, real ht_l, real ht_r,
                                                swe_reconstructed_edge edge, real max_speed)
{
    const real half_g = (real)0.5 * SWE_GRAVITY;
    swe_net_updates updates;
    updates.h_left = flux_h - hn_l;
    updates.h_right = hn_r - flux_h;
    updates.hn_left = flux_hn + half_g * (h_l * h_l - edge.h_l * edge.h_l) -
                      (hn_l * edge.u_l + half_g * h_l * h_l);
    updates.hn_right = (hn_r * edge.u_r + half_g * h_r * h_r) -
                       (flux_hn + half_g * (h_r * h_r - edge.h_r * edge.h_r));
    swe_transverse_updates(flux_h, hn_l, hn_r, swe_velocity(h_l, ht_l), swe_velocity(h_r, ht_r),
                           &updates);
    updates.max_speed = max_speed;
    return updates;
}

/* Einfeldt's bounds for the slowest and fastest waves, with the dry-bed
 * front speeds u -+ 2c where one side is dry; c_l and c_r are the
 * celerities sqrt(g h), root_l and root_r the square roots of the depths
 * (passed in, so that a kernel that visits a cell from four edges takes
 * them once per cell). */
SWE_INLINE void swe_einfeldt_speeds_with_roots(real h_l, real h_r, real u_l, real u_r, real c_l,
                                               real c_r, real root_l, real root_r, real *s_slow,
                                               real *s_fast)
{
    real roots = root_l + root_r;
    real u_roe =
        swe_divide_positive(u_l * root_l + u_r * root_r, roots > (real)0 ? roots : (real)1);
    real c_roe = SWE_SQRT(SWE_GRAVITY * (real)0.5 * (h_l + h_r));
    real slow = SWE_FMIN(u_l - c_l, u_roe - c_roe);
    real fast = SWE_FMAX(u_r + c_r, u_roe + c_roe);
    *s_slow = h_l < SWE_DRY_TOLERANCE ? u_r - (real)2 * c_r : slow;
    *s_fast = h_r < SWE_DRY_TOLERANCE ? u_l + (real)2 * c_l : fast;
}

SWE_INLINE void swe_einfeldt_speeds(real h_l, real h_r, real u_l, real u_r, real c_l, real c_r,
                                    real *s_slow, real *s_fast)
{
    swe_einfeldt_speeds_with_roots(h_l, h_r, u_l, u_r, c_l, c_r, SWE_SQRT(h_l), SWE_SQRT(h_r),
                                   s_slow, s_fast);
}

/* Left-going part of an HLL-type solution, F_hll - F_l, from the jumps in
 * the state and the flux: zero when every wave moves right, the whole flux
 * jump when every wave moves left, written without cancellation so that
 * equal states give exactly zero. */
SWE_INLINE real swe_hll_left_update(real s_slow, real s_fast, real state_jump, real flux_jump)
{
    real slow = SWE_FMIN(s_slow, (real)0);
    real fast = SWE_FMAX(s_fast, (real)0);
    real spread = fast - slow;
    spread = spread > (real)0 ? spread : (real)1; /* both zero: nothing moves */
    return swe_divide_positive(slow * (fast * state_jump - flux_jump), spread);
}

/* The depth jump of the stationary wave at a bed step db for an HLL-type
 * split with speeds s_slow < 0 < s_fast: the hydrostatic -db (exact for
 * water at rest), bounded as in George's augmented solver so that both
 * middle depths h_hll - s_fast * step / spread (left of the step) and
 * h_hll - s_slow * step / spread (right of it) stay non-negative, h_hll
 * being the HLL middle depth. Flows with every wave on one side do not
 * need it: their split does not depend on the depth jump. */
SWE_INLINE real swe_bounded_bed_step(real h_l, real h_r, real hn_l, real hn_r, real db, real s_slow,
                                     real s_fast)
{
    real hll_times_spread = SWE_FMAX((real)0, hn_l - hn_r + s_fast * h_r - s_slow * h_l);
    real upper = hll_times_spread / (s_fast > (real)0 ? s_fast : (real)1);
    real lower = hll_times_spread / (s_slow < (real)0 ? s_slow : (real)-1);
    return SWE_FMAX(SWE_FMIN(-db, upper), lower);
}

#endif
