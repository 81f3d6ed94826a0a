#include "run/summary.h"

#include "core/real.h"

void swe_print_summary(FILE *stream, const swe_run_result *result)
{
    if (stream == NULL || result == NULL) {
        return;
    }
    long own_steps = result->steps - result->first_step;
    double rate =
        result->seconds > 0.0 ? (double)result->cells * (double)own_steps / result->seconds : 0.0;
    fprintf(stream,
            "summary: backend=%s solver=%s precision=%s cells=%ld steps=%ld seconds=%.3f "
            "cell_updates_per_s=%.3e",
            result->backend_name, result->solver != NULL ? result->solver : "none",
            SWE_PRECISION_NAME, result->cells, own_steps, result->seconds, rate);
    if (result->first_step > 0) {
        fprintf(stream, " restarted_at_step=%ld", result->first_step);
    }
    fprintf(stream, "%s%s\n", result->checksum[0] != '\0' ? " " : "", result->checksum);
}
