/* The preconditioner of the Navier-Stokes OpenCL backend: clFFT's on the
 * device (ns_clfft.c) where there is one; else on the host: the vector
 * comes back from the device, the CPU backends' FFTW transforms
 * (backends/serial/ns/ns_fftw_poisson.h) solve the obstacle-free problem
 * on it, pass after pass in the serial backend's order, and the result
 * goes to the device. Two transfers of one field per CG iteration: on a
 * CPU device they are copies in the same memory. */
#include "backends/opencl/cl_check.h"
#include "backends/opencl/ns/ns_opencl.h"

int ns_opencl_precondition(ns_solver *solver, enum ns_vector in, enum ns_vector out, swe_error *err)
{
    ns_opencl_ext *ext = solver->ext;
    if (ext->clfft != NULL) {
        return ns_clfft_apply(ext, ext->clfft, ext->vector[in], ext->vector[out], err);
    }
    size_t bytes = solver->grid.cells * sizeof(real);
    int status = CL_CHECK(clEnqueueReadBuffer(ext->queue, ext->vector[in], CL_TRUE, 0, bytes,
                                              ext->host_in, 0, NULL, NULL),
                          err);
    if (status != SWE_OK) {
        return status;
    }
    for (int pass = 0; pass < NS_FFT_PASSES; ++pass) {
        int batches = ns_fftw_pass_batches(ext->poisson, (enum ns_fft_pass)pass);
        for (int batch = 0; batch < batches; ++batch) {
            ns_fftw_run_batch(ext->poisson, (enum ns_fft_pass)pass, batch, ext->host_in,
                              solver->fluid, ext->host_out);
        }
    }
    return CL_CHECK(clEnqueueWriteBuffer(ext->queue, ext->vector[out], CL_TRUE, 0, bytes,
                                         ext->host_out, 0, NULL, NULL),
                    err);
}
