/* The momentum kernels of the CUDA backend (solutions/cuda/ns/),
 * compiled as C++ for the CPU and run block by block, every thread of a
 * block a POSIX thread and __syncthreads a barrier among them: a check of
 * their indexing, tiles and barriers against serial that runs without a
 * GPU (the ns_cuda_host suite, and the grading of exercises 11-13).
 * Dynamic shared memory starts as NaN, so that a value read before it was
 * loaded shows in the results. */
#ifndef NS_CUDA_HOST_H
#define NS_CUDA_HOST_H

#include "backends/serial/ns/ns_serial_kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

/* R(u) of arrays' velocity (ghosts filled) into arrays' residual with the
 * CUDA kernel of level 1, 2 or 3, on multiprocessors pretend multiprocessors
 * (level 3 sizes its chunks by them). */
void ns_cuda_host_momentum(int level, const ns_cpu_arrays *arrays, int multiprocessors);

/* The CG's reductions (ns_cuda_reduce: block partials, then one block over
 * them) of x (and y) over arrays' interior: operation 0 x . y, 1 the sum of
 * x over fluid cells, 2 the fluid cells, 3 max |x| (enum ns_reduction). */
double ns_cuda_host_reduce(int operation, const ns_cpu_arrays *arrays, const real *x,
                           const real *y);

/* What the kernels of the launches since the last call used: the
 * barriers (__syncthreads) each thread waited at, summed over threads, and
 * the bytes of dynamic shared memory that held something else than the
 * NaN fill when a block ended, summed over blocks. Starts both counts
 * again. (Exercise 11's level 2 must use tiles and barriers.) */
void ns_cuda_host_launch_use(long *barriers, long *shared_bytes_written);

/* The divide in Fourier space of the cuFFT preconditioner on a spectrum of
 * (n[0] / 2 + 1) n[1] n[2] complex values (real, imaginary) of an extended
 * grid n_extended, eigenvalues per axis concatenated. */
void ns_cuda_host_spectral_divide(const int n_extended[NS_AXES], const double *eigenvalues,
                                  real *spectrum, double scale);

#ifdef __cplusplus
}

#include "backends/cuda/ns/ns_cuda_kernels.h"

/* The emulation's launch: body runs once per thread of every block of
 * grid, with threadIdx and friends set; shared_bytes of dynamic shared
 * memory per block, filled with NaN bytes before each block. */
void ns_cuda_host_launch(dim3 grid, dim3 block, std::size_t shared_bytes, void (*body)(void *),
                         void *context);
void *ns_cuda_host_shared_memory();

/* The levels, each from the translation unit of its kernel source. */
void ns_cuda_host_levels_1_2(int level, const ns_device_fields &fields);
void ns_cuda_host_level_3(const ns_device_fields &fields);
#endif

#endif
