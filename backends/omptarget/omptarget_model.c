#include "backends/omptarget/omptarget_model.h"

#include <omp.h>
#include <stdlib.h>
#include <strings.h>

const swe_programming_model swe_omptarget_model = {
    .name = "omptarget",
    .description = "OpenMP target offload (a GPU through GCC's nvptx, else the host)",
    .macro = "SWE_WITH_OMPTARGET",
    /* A GPU rounds its own way (the device's libm); the host fall-back
     * gives serial's bits, which the omptarget suite checks. */
    .agreement = SWE_AGREES_TO_ROUNDING};

int swe_omptarget_device(int index, int *device, swe_error *err)
{
    if (device == NULL || index < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no OpenMP device asked for");
    }
    const int devices = omp_get_num_devices();
    if (devices > 0) {
        *device = index % devices;
        return SWE_OK;
    }
    const char *offload = getenv("OMP_TARGET_OFFLOAD");
    if (offload != NULL && strcasecmp(offload, "mandatory") == 0) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "backend 'omptarget': OMP_TARGET_OFFLOAD=mandatory, but the OpenMP runtime "
                        "sees no device (on NVIDIA GPUs it needs libgomp-plugin-nvptx1 and the "
                        "CUDA driver)");
    }
    *device = omp_get_initial_device();
    return SWE_OK;
}
