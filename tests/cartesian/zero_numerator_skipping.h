/* The numerics as a GPU compiles them in double precision: every division
 * of a zero numerator skipped (SWE_DIVIDE_SKIPS_ZERO, core/real.h),
 * compiled in a translation unit of their own (zero_numerator_skipping.c)
 * so that tests/cartesian/test_zero_numerator.c can hold them against the CPU's
 * plain divisions. */
#ifndef SWE_ZERO_NUMERATOR_SKIPPING_H
#define SWE_ZERO_NUMERATOR_SKIPPING_H

#include "shallow_water/cell_update.h"
#include "shallow_water/riemann.h"

real skipping_divide_positive(real numerator, real denominator);
swe_net_updates skipping_riemann(int solver, real h_l, real h_r, real hn_l, real hn_r, real ht_l,
                                 real ht_r, real b_l, real b_r);
/* The f-wave solver from per-cell sides, told both sides are wet. */
swe_net_updates skipping_fwave_known_wet(real h_l, real h_r, real hn_l, real hn_r, real ht_l,
                                         real ht_r, real b_l, real b_r);
real skipping_cell_wave_speed(real h, real hu, real hv);
swe_cell skipping_manning_friction(swe_cell cell, real dt, real manning);

#endif
