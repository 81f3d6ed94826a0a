/* Progress of a run on stderr: on a terminal one line that updates in
 * place about twice a second (from within the stepping loop), otherwise
 * one line per snapshot, so that logs stay readable. The line fits 80
 * columns: simulated time, percent done, step, cell updates per second
 * and the time left as h:mm:ss. */
#ifndef SWE_PROGRESS_H
#define SWE_PROGRESS_H

#include <stdio.h>

/* Seconds between updates of the terminal line. */
#define SWE_PROGRESS_INTERVAL 0.5
/* The width of the terminal the line fits: it takes one column less. */
enum { SWE_PROGRESS_COLUMNS = 80 };

typedef struct swe_progress {
    FILE *stream; /* NULL: quiet */
    int is_terminal;
    double t_start, t_end; /* simulated seconds: where this run starts and ends */
    long steps_start;      /* steps already taken when this run started (restart) */
    double cells;          /* interior cells per step */
    double start_wall;     /* wall clock at the start of the run */
    double last_print;     /* wall clock of the last terminal update */
} swe_progress;

/* A run from simulated time t_start (after steps_start steps) to t_end. */
void swe_progress_start(swe_progress *progress, int quiet, double t_start, long steps_start,
                        double t_end, double cells);
/* Called after time steps: updates the terminal line when the last update
 * is SWE_PROGRESS_INTERVAL old; prints nothing elsewhere. */
void swe_progress_step(swe_progress *progress, double t, long steps, double stepping_seconds);
/* Called after each snapshot: the terminal line updates in place; other
 * streams get a line of their own. */
void swe_progress_snapshot(swe_progress *progress, double t, long steps, double stepping_seconds);
/* Ends the terminal line. */
void swe_progress_finish(swe_progress *progress);

#endif
