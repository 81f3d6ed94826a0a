/* The clock that the fused step keeps on the device (CUDA level 4, OpenCL
 * levels 4 and 5), so that the host launches steps without reading any of
 * them back: each launch takes its dt from the wave speed that the launch
 * before it reduced, by the rule of every backend (time_step.h), and a
 * launch that finds t at t_target changes nothing, so the host may launch
 * more steps than it needs (a CUDA graph, an OpenCL batch). Compiled as C
 * (the hosts write and read slots), CUDA and OpenCL C.
 *
 * SWE_CLOCK_SLOTS slots rotate. Launch k reads slot k % 3: every block
 * takes dt from its speed. The blocks reduce the new state's speed into
 * slot (k + 1) % 3 with an atomic max, and one thread writes that slot's
 * time, steps and state copy. Launch k + 1 reduces into slot (k + 2) % 3,
 * which must be zero when it starts: launch k clears it, the one slot that
 * no block of launch k reads or writes. Two slots cannot do this: the slot
 * to clear would be the one that launch k's blocks are still reading. */
#ifndef SWE_DEVICE_CLOCK_H
#define SWE_DEVICE_CLOCK_H

#include "shallow_water/speed_bits.h"
#include "shallow_water/time_step.h"

enum { SWE_CLOCK_SLOTS = 3 };

#if defined(__OPENCL_VERSION__)
typedef long swe_step_count;
#elif defined(__CUDACC__)
typedef long long swe_step_count;
#else
typedef int64_t swe_step_count;
#endif

/* One slot: where the simulation stands after a launch. Host and device
 * see the same layout (natural alignment, largest members first). */
typedef struct swe_clock_slot {
    swe_time t, last_dt;
    swe_step_count steps;
    int parity;                /* which of the two state copies holds the state at t */
    swe_speed_bits speed_bits; /* max wave speed of that state */
} swe_clock_slot;

/* The slot that launch number `launch` reads. */
SWE_INLINE int swe_clock_slot_of(long launch)
{
    return (int)(launch % SWE_CLOCK_SLOTS);
}

/* The slot a launch reading `slot` reduces into and fills. */
SWE_INLINE int swe_clock_next(int slot)
{
    return (slot + 1) % SWE_CLOCK_SLOTS;
}

/* The slot a launch reading `slot` clears for the launch after it. */
SWE_INLINE int swe_clock_spare(int slot)
{
    return (slot + 2) % SWE_CLOCK_SLOTS;
}

/* Whether a launch steps at all: the same answer in every block. A state
 * whose wave speed is NaN takes no further step (the time-step rule would
 * take one to t_target); the host reads the NaN back and stops. */
SWE_INLINE int swe_clock_running(swe_clock_slot now, swe_time t_target)
{
    return now.t < t_target && !swe_speed_bits_nan(now.speed_bits);
}

/* The dt of a launch: forced_dt when it is positive (the step verb, with
 * the host's dt), else the time-step rule on the slot's wave speed. */
SWE_INLINE swe_time swe_clock_dt(swe_clock_slot now, swe_time t_target, swe_time cfl, real dx,
                                 real dy, real forced_dt)
{
    if (forced_dt > 0) {
        return (swe_time)forced_dt;
    }
    return swe_time_step_rule(now.t, t_target, swe_speed_from_bits(now.speed_bits), cfl, dx, dy);
}

/* What one thread of the launch that read `slot` writes at its end: the
 * next slot's time, steps and state copy (its speed is what the blocks
 * reduce into, unless the launch did not step: then the slot is carried
 * over whole), and the cleared speed of the spare slot. */
SWE_INLINE void swe_clock_close(SWE_GLOBAL swe_clock_slot *slots, int slot, swe_clock_slot now,
                                int stepped, swe_time dt, swe_time t_target)
{
    SWE_GLOBAL swe_clock_slot *next = slots + swe_clock_next(slot);
    next->t = stepped ? swe_time_after_step(now.t, dt, t_target) : now.t;
    next->last_dt = stepped ? dt : now.last_dt;
    next->steps = now.steps + (stepped ? 1 : 0);
    next->parity = stepped ? !now.parity : now.parity;
    if (!stepped) {
        next->speed_bits = now.speed_bits;
    }
    slots[swe_clock_spare(slot)].speed_bits = 0;
}

#endif
