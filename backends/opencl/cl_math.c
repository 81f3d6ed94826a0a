#include "backends/opencl/cl_math.h"

#include "backends/opencl/cl_check.h"
#include "core/real.h"

#include <stdio.h>
#include <string.h>

/* Exact: correctly rounded fp32 division and square root where the device
 * offers them (double precision always is), and no contraction (the
 * kernels' FP_CONTRACT OFF, kernel_support.h, unless -DSWE_CL_CONTRACT). */
static const char *const EXACT_FP32 = "-cl-fp32-correctly-rounded-divide-sqrt";

/* Compiler options only: -cl-..., -D... and -U..., words of letters,
 * digits, '-', '_', '=', '.' and '+'. */
static int is_option_text(const char *text)
{
    size_t length = strlen(text);
    if (length > 200) {
        return 0;
    }
    for (size_t k = 0; k < length; ++k) {
        char c = text[k];
        int word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                   c == '-' || c == '_' || c == '=' || c == '.' || c == '+';
        if (!word && c != ' ') {
            return 0;
        }
        int starts_word = word && (k == 0 || text[k - 1] == ' ');
        if (starts_word && c != '-') {
            return 0;
        }
    }
    return 1;
}

int swe_cl_math_options(cl_device_id device, const char *asked, char *options, size_t size,
                        swe_error *err)
{
    if (asked != NULL && !is_option_text(asked)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--cl-math takes OpenCL compiler options such as '-cl-mad-enable "
                        "-DSWE_CL_CONTRACT', got '%s'",
                        asked);
    }
    cl_device_type type = 0;
    int status = CL_CHECK(clGetDeviceInfo(device, CL_DEVICE_TYPE, sizeof type, &type, NULL), err);
    cl_device_fp_config single_config = 0;
    if (status == SWE_OK) {
        status = CL_CHECK(clGetDeviceInfo(device, CL_DEVICE_SINGLE_FP_CONFIG, sizeof single_config,
                                          &single_config, NULL),
                          err);
    }
    if (status != SWE_OK) {
        return status;
    }
    const int gpu = (type & CL_DEVICE_TYPE_GPU) != 0;
    const char *exact =
        (single_config & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) != 0 ? EXACT_FP32 : "";
    /* In double precision a GPU gets the exact options, as a CPU does
     * (contraction bought nothing there), and skips divisions of zero. In
     * single precision it gets the math CUDA's build uses
     * (backends/cuda/model.mk): the device's own division and square
     * root, and a * b + c contracted, and the solvers' divisions by
     * positive numbers as native_divide (SWE_APPROXIMATE_DIVIDE, core/real.h).
     * On an H100 that runs level 4 at 1.7 to 2.1 times the exact math's
     * speed, and the agreement suites, the tsunami included, pass with it
     * as with CUDA (docs/RESULTS-opencl.md). */
#ifdef SWE_PRECISION_DOUBLE
    const char *device_math = exact;
    const char *zero = gpu ? " -DSWE_DIVIDE_SKIPS_ZERO=1" : "";
#else
    const char *device_math = gpu ? "-DSWE_CL_CONTRACT -DSWE_APPROXIMATE_DIVIDE=1" : exact;
    const char *zero = "";
#endif
    const char *math = asked != NULL ? asked : device_math;
    int written = snprintf(options, size, "%s%s", math, zero);
    if (written < 0 || (size_t)written >= size) {
        return swe_fail(err, SWE_ERROR_USAGE, "--cl-math: the options are too long");
    }
    return SWE_OK;
}
