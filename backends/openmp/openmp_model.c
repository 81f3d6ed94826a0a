#include "backends/openmp/openmp_model.h"
#include "run/option_values.h"

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
    return swe_parse_int(value, "--threads", 1, 4096, threads, err);
}
