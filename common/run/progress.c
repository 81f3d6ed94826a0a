#include "run/progress.h"

#include "core/timer.h"

#include <stdio.h>
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

/* Seconds as h:mm:ss ("--:--:--" when unknown). */
static void clock_text(double seconds, char *text, size_t size)
{
    if (!(seconds >= 0.0) || seconds > 3.6e9) {
        snprintf(text, size, "--:--:--");
        return;
    }
    unsigned long whole = (unsigned long)(seconds + 0.5);
    snprintf(text, size, "%lu:%02u:%02u", whole / 3600, (unsigned)(whole / 60 % 60),
             (unsigned)(whole % 60));
}

/* One line of at most SWE_PROGRESS_COLUMNS - 1 characters (a terminal of
 * 80 columns never wraps it). The estimate of the time left assumes the
 * simulated time keeps passing at the rate it has passed so far in this
 * run. */
static void print_line(swe_progress *progress, double t, long steps, double stepping_seconds,
                       const char *ending)
{
    double now = swe_wall_seconds();
    double steps_here = (double)(steps - progress->steps_start);
    double rate = stepping_seconds > 0.0 ? progress->cells * steps_here / stepping_seconds : 0.0;
    double done = t - progress->t_start, span = progress->t_end - progress->t_start;
    double remaining =
        done > 0.0 ? (now - progress->start_wall) * (progress->t_end - t) / done : -1;
    double percent = span > 0.0 ? 100.0 * done / span : 100.0;
    char eta[24], line[2 * SWE_PROGRESS_COLUMNS];
    clock_text(remaining, eta, sizeof eta);
    snprintf(line, sizeof line, "t = %10.4g s %5.1f %%  step %-9ld %9.3e cells/s  ETA %s", t,
             percent, steps, rate, eta);
    /* In place, spaces wipe out what a longer line before left. */
    int width = ending[0] == '\r' ? SWE_PROGRESS_COLUMNS - 1 : 0;
    fprintf(progress->stream, "%-*.*s%s", width, SWE_PROGRESS_COLUMNS - 1, line, ending);
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
