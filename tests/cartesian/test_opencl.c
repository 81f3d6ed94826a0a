/* What the OpenCL backend adds to the agreement suite (which compares it
 * with serial at every level): the device options of the command line, and
 * a machine without a platform. Runs on the default OpenCL device (PoCL on
 * the CPU in CI, the GPU where there is one), or on the one that
 * SWE_TEST_CL_DEVICE=P:D names; without a platform the suite is not
 * registered and says so. */
#ifdef SWE_WITH_OPENCL
#include "backends/opencl/cl_device.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* Runs the program through the shell; returns its exit code and output
 * (-1 when it could not run or was killed). */
static int run_shell(const char *environment, const char *arguments, char *output, size_t size)
{
    char command[1024];
    snprintf(command, sizeof command, "%s '%s' %s 2>&1", environment, swe_test_program(),
             arguments);
    FILE *pipe = popen(command, "r");
    if (pipe == NULL) {
        output[0] = '\0';
        return -1;
    }
    size_t length = fread(output, 1, size - 1, pipe);
    output[length] = '\0';
    int status = pclose(pipe);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_device_options(void)
{
    char output[4096];
    CU_ASSERT_EQUAL(run_shell("", "--list-devices", output, sizeof output), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "platform 0:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(output, " 0:0 "));

    CU_ASSERT_EQUAL(run_shell("",
                              "--backend opencl --cl-device 0:0 --nx 20 --ny 20 --t-end 0.5 "
                              "--benchmark",
                              output, sizeof output),
                    0);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "summary: backend=opencl"));

    CU_ASSERT_EQUAL(
        run_shell("", "--backend opencl --cl-device 15:0 --benchmark", output, sizeof output), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "there is no platform 15"));
    CU_ASSERT_EQUAL(
        run_shell("", "--backend opencl --cl-device 0:63 --benchmark", output, sizeof output), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "has no device 63"));
    CU_ASSERT_EQUAL(
        run_shell("", "--backend opencl --cl-device gpu --benchmark", output, sizeof output), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "PLATFORM:DEVICE"));
    CU_ASSERT_EQUAL(run_shell("", "--cl-device 0:0 --benchmark", output, sizeof output), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "--cl-device is an option of backend opencl"));
    CU_ASSERT_EQUAL(run_shell("", "--backend opencl --level 6 --benchmark", output, sizeof output),
                    2);
}

/* An ICD loader pointed at an empty vendor directory finds no driver
 * (ocl-icd does; some others also read /etc/OpenCL/vendors, and there the
 * test is not registered). */
static const char no_vendors[] =
    "OCL_ICD_VENDORS=/nonexistent/shallows-no-vendors OCL_ICD_FILENAMES= ";

/* Without a platform the run must end with the one-line message and exit
 * code 2, not a crash. */
static void test_no_platform_is_bad_input(void)
{
    char output[4096];
    CU_ASSERT_EQUAL(run_shell(no_vendors, "--backend opencl --nx 20 --ny 20 --benchmark", output,
                              sizeof output),
                    2);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "no OpenCL platform found"));
    CU_ASSERT_EQUAL(run_shell(no_vendors, "--list-devices", output, sizeof output), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "no OpenCL platform found"));
}

void register_opencl_tests(void)
{
    swe_cl_device device;
    swe_error err = {{0}};
    if (swe_cl_choose_device(getenv("SWE_TEST_CL_DEVICE"), &device, &err) != SWE_OK) {
        printf("opencl: skipped: no OpenCL platform (%s)\n", err.message);
        return;
    }
    printf("opencl: testing on device %d:%d, %s\n", device.platform_index, device.device_index,
           device.name);
    CU_pSuite suite = CU_add_suite("opencl", NULL, NULL);
    swe_test_require_registered(suite, "suite opencl");
    swe_test_require_registered(CU_add_test(suite, "device options", test_device_options),
                                "device options");
    char output[4096];
    if (run_shell(no_vendors, "--list-devices", output, sizeof output) == 0) {
        printf("opencl: skipped: no-platform test (this ICD loader finds platforms even with "
               "OCL_ICD_VENDORS emptied)\n");
        return;
    }
    swe_test_require_registered(
        CU_add_test(suite, "no platform is bad input", test_no_platform_is_bad_input),
        "no platform is bad input");
}
#endif
