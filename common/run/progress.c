#include "run/progress.h"

#include "core/timer.h"

#include <unistd.h>

void swe_progress_start(swe_progress *progress, int quiet, double t_start, long steps_start,
                        double t_end, double cells)
{
    progress->stream = quiet ? NULL : stderr;
    progress->is_terminal = isatty(fileno(stderr));
    progress->t_start = t_start;
    progress->t_end = t_end;
    progress->steps_start = steps_start;
    progress->cells = cells;
    progress->start_wall = swe_wall_seconds();
    progress->last_print = progress->start_wall;
}

/* The estimate of the time left assumes the simulated time keeps passing
 * at the rate it has passed so far in this run. */
static void print_line(swe_progress *progress, double t, long steps, double stepping_seconds,
                       const char *ending)
{
    double now = swe_wall_seconds();
    double steps_here = (double)(steps - progress->steps_start);
    double rate = stepping_seconds > 0.0 ? progress->cells * steps_here / stepping_seconds : 0.0;
    double done = t - progress->t_start;
    double remaining =
        done > 0.0 ? (now - progress->start_wall) * (progress->t_end - t) / done : 0.0;
    fprintf(progress->stream,
            "t = %10.4f / %.4f s  step %8ld  %9.3e cell updates/s  about %6.0f s left%s", t,
            progress->t_end, steps, rate, remaining, ending);
    fflush(progress->stream);
    progress->last_print = now;
}

void swe_progress_step(swe_progress *progress, double t, long steps, double stepping_seconds)
{
    if (progress->stream == NULL || !progress->is_terminal ||
        swe_wall_seconds() - progress->last_print < SWE_PROGRESS_INTERVAL) {
        return;
    }
    print_line(progress, t, steps, stepping_seconds, "\r");
}

void swe_progress_snapshot(swe_progress *progress, double t, long steps, double stepping_seconds)
{
    if (progress->stream == NULL) {
        return;
    }
    print_line(progress, t, steps, stepping_seconds, progress->is_terminal ? "\r" : "\n");
}

void swe_progress_finish(swe_progress *progress)
{
    if (progress->stream != NULL && progress->is_terminal) {
        fputc('\n', progress->stream);
    }
}
