#include "backends/openmp/openmp_model.h"

#include <errno.h>
#include <stdlib.h>

static const swe_model_option openmp_options[] = {
    {.name = "threads",
     .argument = "N",
     .help = "threads of the run (default: OMP_NUM_THREADS, else one per core)",
     .slot = SWE_OPENMP_OPTION_THREADS}};

const swe_programming_model swe_openmp_model = {
    .name = "openmp",
    .description = "the threads of one process (OpenMP), bit for bit as serial",
    .macro = "SWE_WITH_OPENMP",
    .agreement = SWE_AGREES_BIT_FOR_BIT,
    .options = openmp_options,
    .option_count = 1};

int swe_openmp_threads(const swe_model_config *config, int *threads, swe_error *err)
{
    const char *value = config != NULL ? config->option_values[SWE_OPENMP_OPTION_THREADS] : NULL;
    *threads = 0;
    if (value == NULL) {
        return SWE_OK;
    }
    char *end = NULL;
    errno = 0;
    long parsed = strtol(value, &end, 10);
    if (end == value || *end != '\0' || errno != 0 || parsed < 1 || parsed > 4096) {
        return swe_fail(err, SWE_ERROR_USAGE, "--threads must be between 1 and 4096, got '%s'",
                        value);
    }
    *threads = (int)parsed;
    return SWE_OK;
}
