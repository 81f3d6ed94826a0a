/* Where a run stands in time, for every application: the clock the
 * driver owns and a model advances, and the position a checkpoint
 * records. */
#ifndef SWE_CLOCK_H
#define SWE_CLOCK_H

#include "core/error.h"
#include "core/real.h"

typedef struct swe_clock {
    double t;        /* simulated time, seconds */
    long steps;      /* time steps taken */
    double last_dt;  /* the last step's dt, seconds */
    double cfl;      /* the CFL number of the time-step rule */
    real wave_speed; /* the fastest signal of the current state, m/s */
} swe_clock;

/* Where a run stands: its clock and the snapshot it writes next; what a
 * checkpoint records and a restart continues from. */
typedef struct swe_checkpoint_position {
    swe_clock clock;
    int next_snapshot;
} swe_checkpoint_position;

/* The one message of every application for a state that stopped being
 * physical: the step, the time and where (e.g. the first bad cell).
 * Returns SWE_ERROR_RUNTIME. */
int swe_fail_invalid_state(swe_error *err, const swe_clock *clock, const char *where);

#endif
