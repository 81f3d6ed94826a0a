/* Progress of a run on stderr: on a terminal one line that updates in
 * place, otherwise one line per snapshot, so that logs stay readable. */
#ifndef SWE_PROGRESS_H
#define SWE_PROGRESS_H

#include <stdio.h>

typedef struct swe_progress {
    FILE *stream; /* NULL: quiet */
    int is_terminal;
    double t_end;      /* simulated seconds */
    double cells;      /* interior cells per step */
    double start_wall; /* wall clock at the start of the run */
} swe_progress;

void swe_progress_start(swe_progress *progress, int quiet, double t_end, double cells);
/* Called after each snapshot: the terminal line updates in place; other
 * streams get a line of their own. */
void swe_progress_snapshot(swe_progress *progress, double t, long steps, double stepping_seconds);
/* Ends the terminal line. */
void swe_progress_finish(swe_progress *progress);

#endif
