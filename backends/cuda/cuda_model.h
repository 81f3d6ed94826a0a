/* The CUDA model: NVIDIA GPUs. Its options: --cuda-device N (which GPU of
 * the node; default: the rank's among the ranks of its node under MPI, else
 * 0) and the action --list-devices. */
#ifndef SWE_CUDA_MODEL_H
#define SWE_CUDA_MODEL_H

/* C linkage for the core's declarations too: the .cu files include this
 * before any other header of the core. */
#ifdef __cplusplus
extern "C" {
#endif

#include "run/models.h"

extern const swe_programming_model swe_cuda_model;

enum { SWE_CUDA_OPTION_DEVICE = 0 };

/* The GPU config asks for: --cuda-device, else config->device. */
int swe_cuda_device_choice(const swe_model_config *config, int *device, swe_error *err);

/* Prints the GPUs of this node, numbered as --cuda-device takes them;
 * SWE_ERROR_USAGE when there is none (backends/cuda/cuda_devices.cu). */
int swe_cuda_list_devices(FILE *stream, swe_error *err);

/* The model's verbs for the MPI layer: the node's GPU count
 * (cuda_devices.cu) and pinned staging memory (cuda_host_memory.cu). */
int swe_cuda_count_devices(int *count, swe_error *err);
void *swe_cuda_alloc_staging(size_t bytes);
void swe_cuda_free_staging(void *buffer);

#ifdef __cplusplus
}
#endif

#endif
