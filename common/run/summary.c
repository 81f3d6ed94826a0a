#include "run/summary.h"

#include "core/real.h"

void swe_print_summary(FILE *stream, const swe_run_result *result)
{
    if (stream == NULL || result == NULL) {
        return;
    }
    double rate = result->seconds > 0.0
                      ? (double)result->cells * (double)result->steps / result->seconds
                      : 0.0;
    fprintf(stream,
            "summary: backend=%s solver=%s precision=%s cells=%ld steps=%ld seconds=%.3f "
            "cell_updates_per_s=%.3e\n",
            result->backend_name, result->solver != NULL ? result->solver : "none",
            SWE_PRECISION_NAME, result->cells, result->steps, result->seconds, rate);
}
