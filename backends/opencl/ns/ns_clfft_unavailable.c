/* The stand-in for ns_clfft.c in a build without clFFT (libclfft-dev):
 * no device plans, so the host's FFTW transforms precondition (and a
 * run that asks for the device's is refused). */
#include "backends/opencl/ns/ns_opencl.h"

int ns_clfft_create(ns_opencl_ext *ext, const ns_grid *grid, int required,
                    struct ns_clfft **created, swe_error *err)
{
    (void)ext;
    (void)grid;
    *created = NULL;
    return required ? swe_fail(err, SWE_ERROR_USAGE,
                               "SWE_CL_FFT=device: this build has no clFFT (install "
                               "libclfft-dev and rebuild)")
                    : SWE_OK;
}

void ns_clfft_destroy(struct ns_clfft *clfft)
{
    (void)clfft;
}

int ns_clfft_apply(ns_opencl_ext *ext, struct ns_clfft *clfft, cl_mem in, cl_mem out,
                   swe_error *err)
{
    (void)ext;
    (void)clfft;
    (void)in;
    (void)out;
    return swe_fail(err, SWE_ERROR_RUNTIME,
                    "internal error: clFFT is not built in (ns_clfft_create made no plans)");
}
