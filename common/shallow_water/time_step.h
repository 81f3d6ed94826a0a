/* The time-step rule of every backend, written once for the host driver
 * (simulation.c) and for the clocks that the fused GPU levels keep on the
 * device (device_clock.h), so that all take exactly the same steps.
 * Compiled as C, CUDA and OpenCL C. Time is kept in double (swe_time);
 * an OpenCL device without double precision compiles it in float, only
 * so that the program builds: the host runs no device clock there. */
#ifndef SWE_TIME_STEP_H
#define SWE_TIME_STEP_H

#include "core/real.h"

#if defined(__OPENCL_VERSION__) && !defined(SWE_DEVICE_HAS_FP64)
typedef float swe_time;
#else
#if defined(__OPENCL_VERSION__)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
typedef double swe_time;
#endif

/* dt = cfl * min(dx, dy) / wave_speed, never past t_target; an all-dry
 * domain (speed 0) jumps straight to t_target. */
SWE_INLINE swe_time swe_time_step_rule(swe_time t, swe_time t_target, real wave_speed, swe_time cfl,
                                       real dx, real dy)
{
    swe_time remaining = t_target - t;
    if (!(wave_speed > 0)) {
        return remaining;
    }
    swe_time dt = cfl * (swe_time)(dx < dy ? dx : dy) / (swe_time)wave_speed;
    return dt < remaining ? dt : remaining;
}

/* Time after a step of dt from t; lands exactly on t_target when the step
 * was clipped to it, so that round-off cannot leave a sliver. */
SWE_INLINE swe_time swe_time_after_step(swe_time t, swe_time dt, swe_time t_target)
{
    return dt < t_target - t ? t + dt : t_target;
}

#endif
