#include "progress.h"

#include "timer.h"

#include <unistd.h>

void swe_progress_start(swe_progress *progress, int quiet, double t_end, double cells)
{
    progress->stream = quiet ? NULL : stderr;
    progress->is_terminal = isatty(fileno(stderr));
    progress->t_end = t_end;
    progress->cells = cells;
    progress->start_wall = swe_wall_seconds();
}

static void print_line(swe_progress *progress, double t, long steps, double stepping_seconds,
                       const char *ending)
{
    double rate = stepping_seconds > 0.0 ? progress->cells * (double)steps / stepping_seconds : 0.0;
    double elapsed = swe_wall_seconds() - progress->start_wall;
    double remaining = t > 0.0 ? elapsed * (progress->t_end - t) / t : 0.0;
    fprintf(progress->stream,
            "t = %10.4f / %.4f s  step %8ld  %9.3e cell updates/s  about %.0f s left%s", t,
            progress->t_end, steps, rate, remaining, ending);
    fflush(progress->stream);
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
