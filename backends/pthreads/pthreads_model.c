#include "backends/pthreads/pthreads_model.h"
#include "run/option_values.h"

#include <unistd.h>

static const swe_model_option pthreads_options[] = {
    {.name = "threads",
     .argument = "N",
     .help = "threads of the run (default: one per online core)",
     .slot = SWE_PTHREADS_OPTION_THREADS}};

const swe_programming_model swe_pthreads_model = {
    .name = "pthreads",
    .description = "POSIX threads started and synchronised by hand, bit for bit as serial",
    .macro = "SWE_WITH_PTHREADS",
    .agreement = SWE_AGREES_BIT_FOR_BIT,
    .options = pthreads_options,
    .option_count = 1};

int swe_pthreads_threads(const swe_model_config *config, int *threads, swe_error *err)
{
    const char *value = config != NULL ? config->option_values[SWE_PTHREADS_OPTION_THREADS] : NULL;
    if (threads == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no place for the thread count");
    }
    if (value != NULL) {
        return swe_parse_int(value, "--threads", 1, SWE_PTHREADS_MAX_THREADS, threads, err);
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    *threads =
        cores < 1 ? 1 : (cores > SWE_PTHREADS_MAX_THREADS ? SWE_PTHREADS_MAX_THREADS : (int)cores);
    return SWE_OK;
}
