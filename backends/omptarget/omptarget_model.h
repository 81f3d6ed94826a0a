/* The OpenMP target offload model: the loops moved to an accelerator by
 * `#pragma omp target` (GCC offloads them to NVIDIA GPUs through nvptx);
 * where no device is there the runtime runs them on the host
 * (OMP_TARGET_OFFLOAD's default), with serial's bits. */
#ifndef SWE_OMPTARGET_MODEL_H
#define SWE_OMPTARGET_MODEL_H

#include "run/models.h"

extern const swe_programming_model swe_omptarget_model;

/* The OpenMP device a run takes: device `index` (the process's device on
 * its node) of those the runtime sees, the host where it sees none;
 * SWE_ERROR_USAGE when OMP_TARGET_OFFLOAD=mandatory asks for a device and
 * none is there (the runtime would stop the program without a word of
 * shallows). */
int swe_omptarget_device(int index, int *device, swe_error *err);

#endif
