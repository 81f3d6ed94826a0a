/* What the cuFFT preconditioners of the Navier-Stokes CUDA backend share
 * (one process's, ns_cufft_poisson.cu; the slabs', ns_cufft_slabs.cu;
 * both on the even extension of ns/grid/ns_even_extension.h): the
 * transform kinds of the precision and the check of a cuFFT call. */
#ifndef NS_CUFFT_H
#define NS_CUFFT_H

#include <cufft.h>

extern "C" {
#include "core/error.h"
}

#ifdef SWE_PRECISION_DOUBLE
#define NS_CUFFT_FORWARD CUFFT_D2Z
#define NS_CUFFT_BACKWARD CUFFT_Z2D
#define NS_CUFFT_COMPLEX CUFFT_Z2Z
#define NS_CUFFT_EXEC_FORWARD(plan, in, out)                                                       \
    cufftExecD2Z((plan), (cufftDoubleReal *)(in), (cufftDoubleComplex *)(out))
#define NS_CUFFT_EXEC_BACKWARD(plan, in, out)                                                      \
    cufftExecZ2D((plan), (cufftDoubleComplex *)(in), (cufftDoubleReal *)(out))
#define NS_CUFFT_EXEC_COMPLEX(plan, in, out, direction)                                            \
    cufftExecZ2Z((plan), (cufftDoubleComplex *)(in), (cufftDoubleComplex *)(out), (direction))
typedef double2 ns_cufft_complex;
#else
#define NS_CUFFT_FORWARD CUFFT_R2C
#define NS_CUFFT_BACKWARD CUFFT_C2R
#define NS_CUFFT_COMPLEX CUFFT_C2C
#define NS_CUFFT_EXEC_FORWARD(plan, in, out)                                                       \
    cufftExecR2C((plan), (cufftReal *)(in), (cufftComplex *)(out))
#define NS_CUFFT_EXEC_BACKWARD(plan, in, out)                                                      \
    cufftExecC2R((plan), (cufftComplex *)(in), (cufftReal *)(out))
#define NS_CUFFT_EXEC_COMPLEX(plan, in, out, direction)                                            \
    cufftExecC2C((plan), (cufftComplex *)(in), (cufftComplex *)(out), (direction))
typedef float2 ns_cufft_complex;
#endif

/* Every cuFFT call names itself on failure, as CUDA_CHECK does. */
#define CUFFT_CHECK(call, err)                                                                     \
    do {                                                                                           \
        cufftResult cufft_check_status_ = (call);                                                  \
        if (cufft_check_status_ != CUFFT_SUCCESS) {                                                \
            return swe_fail((err), SWE_ERROR_RUNTIME, "cuFFT call %s failed at %s:%d: error %d",   \
                            #call, __FILE__, __LINE__, (int)cufft_check_status_);                  \
        }                                                                                          \
    } while (0)

#endif
