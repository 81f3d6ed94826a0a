/* Wall-clock time for timings and progress. */
#ifndef SWE_TIMER_H
#define SWE_TIMER_H

/* Seconds since an arbitrary fixed point, from a monotonic clock. */
double swe_wall_seconds(void);

#endif
