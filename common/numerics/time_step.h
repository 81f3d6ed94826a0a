/* The time-step rule of every backend, written once for the host driver
 * (simulation.c) and for device-side clocks (the fused CUDA level), so
 * that both take exactly the same steps. C and CUDA only: it computes in
 * double, which OpenCL devices need not have. */
#ifndef SWE_TIME_STEP_H
#define SWE_TIME_STEP_H

#include "core/real.h"

/* dt = cfl * min(dx, dy) / wave_speed, never past t_target; an all-dry
 * domain (speed 0) jumps straight to t_target. */
SWE_INLINE double swe_time_step_rule(double t, double t_target, real wave_speed, double cfl,
                                     real dx, real dy)
{
    double remaining = t_target - t;
    if (!(wave_speed > 0)) {
        return remaining;
    }
    double dt = cfl * (double)(dx < dy ? dx : dy) / (double)wave_speed;
    return dt < remaining ? dt : remaining;
}

/* Time after a step of dt from t; lands exactly on t_target when the step
 * was clipped to it, so that round-off cannot leave a sliver. */
SWE_INLINE double swe_time_after_step(double t, double dt, double t_target)
{
    return dt < t_target - t ? t + dt : t_target;
}

#endif
