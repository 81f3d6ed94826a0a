/* The state a shallow-water run can go on from, for both applications:
 * what a checkpoint must stay within to be continued from (a forged or
 * damaged one whose checksum was made to fit is refused by these). */
#ifndef SWE_STATE_LIMITS_H
#define SWE_STATE_LIMITS_H

#include "shallow_water/cell_update.h"

#include <math.h>

/* Beyond these no state of a shallow-water run lies: 1000 km of water (the
 * input files' bound on elevations) and 100 km/s. */
#define SWE_STATE_MAX_DEPTH 1.0e6
#define SWE_STATE_MAX_SPEED 1.0e5

/* Whether one cell's state lies within them: finite, a depth from 0 to
 * SWE_STATE_MAX_DEPTH and a wave speed (the time-step rule's) of at most
 * SWE_STATE_MAX_SPEED. */
static inline int swe_cell_plausible(real h, real hu, real hv)
{
    real speed = swe_cell_wave_speed(h, hu, hv);
    return isfinite(h) && isfinite(hu) && isfinite(hv) && h >= 0 && h <= SWE_STATE_MAX_DEPTH &&
           speed <= SWE_STATE_MAX_SPEED;
}

#endif
