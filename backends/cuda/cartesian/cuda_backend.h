/* The CUDA backend as the rest of shallows sees it: its table of
 * functions, and whether this machine can run it at all. */
#ifndef SWE_CUDA_BACKEND_H
#define SWE_CUDA_BACKEND_H

#ifdef __cplusplus
extern "C" {
#endif

#include "cartesian/grid/backend.h"

extern const swe_cartesian_backend swe_cartesian_cuda_backend;

/* 1 when a CUDA device is usable here, else 0 (no GPU, no driver). */
int swe_cuda_device_available(void);

#ifdef __cplusplus
}
#endif

#endif
