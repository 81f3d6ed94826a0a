#include "backends/cuda/cuda_model.h"
#include "run/option_values.h"

static const swe_model_option cuda_options[] = {
    {.name = "cuda-device",
     .argument = "N",
     .help = "which GPU of the node, as --list-devices numbers them (default 0; under MPI the "
             "rank's among the ranks of its node)",
     .slot = SWE_CUDA_OPTION_DEVICE},
    {.name = "list-devices",
     .help = "list the devices of the models that have them",
     .action = swe_cuda_list_devices}};

const swe_programming_model swe_cuda_model = {.name = "cuda",
                                              .description = "an NVIDIA GPU (CUDA)",
                                              .macro = "SWE_WITH_CUDA",
                                              .agreement = SWE_AGREES_TO_ROUNDING,
                                              .needs_device = 1,
                                              .options = cuda_options,
                                              .option_count = 2,
                                              .count_devices = swe_cuda_count_devices,
                                              .alloc_staging = swe_cuda_alloc_staging,
                                              .free_staging = swe_cuda_free_staging};

int swe_cuda_device_choice(const swe_model_config *config, int *device, swe_error *err)
{
    const char *value = config != NULL ? config->option_values[SWE_CUDA_OPTION_DEVICE] : NULL;
    *device = config != NULL ? config->device : 0;
    if (value == NULL) {
        return SWE_OK;
    }
    return swe_parse_int(value, "--cuda-device", 0, 1023, device, err);
}
