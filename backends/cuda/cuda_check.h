/* CUDA_CHECK: every CUDA runtime call and every kernel launch of the CUDA
 * backend goes through it. A failure becomes one line naming the call, the
 * file and the line, returned as SWE_ERROR_RUNTIME through a swe_error, so
 * that main() reports it like any other failed run. */
#ifndef SWE_CUDA_CHECK_H
#define SWE_CUDA_CHECK_H

#include <cuda_runtime.h>

extern "C" {
#include "core/error.h"
}

#define CUDA_CHECK(call, err)                                                                      \
    do {                                                                                           \
        cudaError_t cuda_check_status_ = (call);                                                   \
        if (cuda_check_status_ != cudaSuccess) {                                                   \
            return swe_fail((err), SWE_ERROR_RUNTIME, "CUDA call %s failed at %s:%d: %s", #call,   \
                            __FILE__, __LINE__, cudaGetErrorString(cuda_check_status_));           \
        }                                                                                          \
    } while (0)

/* For clean-up paths that cannot return a status (finalize): the failure
 * is printed on stderr, with the same call, file and line. */
#define CUDA_CHECK_WARN(call)                                                                      \
    do {                                                                                           \
        cudaError_t cuda_check_status_ = (call);                                                   \
        if (cuda_check_status_ != cudaSuccess) {                                                   \
            fprintf(stderr, "shallows: warning: CUDA call %s failed at %s:%d: %s\n", #call,        \
                    __FILE__, __LINE__, cudaGetErrorString(cuda_check_status_));                   \
        }                                                                                          \
    } while (0)

#endif
