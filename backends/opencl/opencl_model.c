#include "backends/opencl/opencl_model.h"

#include "backends/opencl/cl_device.h"

static const swe_model_option opencl_options[] = {
    {.name = "cl-device",
     .argument = "P:D",
     .help = "OpenCL platform P, device D (default: the first GPU, else the first CPU device)",
     .slot = SWE_CL_OPTION_DEVICE},
    {.name = "cl-math",
     .argument = "OPTIONS",
     .help = "the device compiler's math options (default: exact, IEEE division and "
             "square root; -DSWE_CL_CONTRACT contracts a*b+c into FMAs)",
     .slot = SWE_CL_OPTION_MATH},
    {.name = "list-devices",
     .help = "list the devices of the models that have them",
     .action = swe_cl_list_devices},
};

const swe_programming_model swe_opencl_model = {
    .name = "opencl",
    .description = "any OpenCL 1.2 device, a GPU or a CPU (--list-devices)",
    .macro = "SWE_WITH_OPENCL",
    .agreement = SWE_AGREES_TO_ROUNDING,
    .needs_device = 1,
    .options = opencl_options,
    .option_count = 3};
