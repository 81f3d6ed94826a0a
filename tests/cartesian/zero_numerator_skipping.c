/* See zero_numerator_skipping.h: this file must set the switch before any
 * header of the numerics is read. */
#define SWE_DIVIDE_SKIPS_ZERO 1

#include "tests/cartesian/zero_numerator_skipping.h"

#include "cartesian/numerics/solver_sides.h"
#include "shallow_water/friction.h"

real skipping_divide_positive(real numerator, real denominator)
{
    return swe_divide_positive(numerator, denominator);
}

swe_net_updates skipping_riemann(int solver, real h_l, real h_r, real hn_l, real hn_r, real ht_l,
                                 real ht_r, real b_l, real b_r)
{
    return swe_riemann(solver, h_l, h_r, hn_l, hn_r, ht_l, ht_r, b_l, b_r);
}

swe_net_updates skipping_fwave_known_wet(real h_l, real h_r, real hn_l, real hn_r, real ht_l,
                                         real ht_r, real b_l, real b_r)
{
    return swe_riemann_sides_known_wet(SWE_SOLVER_FWAVE, swe_fwave_side_of(h_l, hn_l, ht_l, b_l),
                                       swe_fwave_side_of(h_r, hn_r, ht_r, b_r), 1);
}

real skipping_cell_wave_speed(real h, real hu, real hv)
{
    return swe_cell_wave_speed(h, hu, hv);
}

swe_cell skipping_manning_friction(swe_cell cell, real dt, real manning)
{
    return swe_manning_friction(cell, dt, manning);
}
