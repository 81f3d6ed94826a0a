/* The GPU's memory bandwidth as a device-to-device copy sees it: a large
 * buffer copied with cudaMemcpy, timed with events, bytes read plus bytes
 * written over the median time of the repetitions. The CUDA backend's
 * figures are quoted as a percentage of this.
 * Usage: cuda-copy-bandwidth [MiB per buffer, default 2048] */
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                                \
    do {                                                                                           \
        cudaError_t check_status_ = (call);                                                        \
        if (check_status_ != cudaSuccess) {                                                        \
            fprintf(stderr, "cuda-copy-bandwidth: %s failed at %s:%d: %s\n", #call, __FILE__,      \
                    __LINE__, cudaGetErrorString(check_status_));                                  \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

enum { REPETITIONS = 21 };

static int compare_floats(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    long mib = argc > 1 ? strtol(argv[1], NULL, 10) : 2048;
    if (mib <= 0) {
        fprintf(stderr, "cuda-copy-bandwidth: the size must be a positive number of MiB\n");
        return 2;
    }
    const size_t bytes = (size_t)mib << 20;
    char *from = NULL, *to = NULL;
    CHECK(cudaMalloc((void **)&from, bytes));
    CHECK(cudaMalloc((void **)&to, bytes));
    CHECK(cudaMemset(from, 1, bytes)); /* real pages, not zeros never written */
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaMemcpy(to, from, bytes, cudaMemcpyDeviceToDevice)); /* warm-up */
    float ms[REPETITIONS];
    for (int r = 0; r < REPETITIONS; ++r) {
        CHECK(cudaEventRecord(start));
        CHECK(cudaMemcpy(to, from, bytes, cudaMemcpyDeviceToDevice));
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        CHECK(cudaEventElapsedTime(&ms[r], start, stop));
    }
    qsort(ms, REPETITIONS, sizeof ms[0], compare_floats);
    const double median_s = ms[REPETITIONS / 2] * 1e-3;
    cudaDeviceProp properties;
    CHECK(cudaGetDeviceProperties(&properties, 0));
    printf("device=%s copy_bytes=%zu median_ms=%.4f min_ms=%.4f max_ms=%.4f "
           "copy_GB_per_s=%.1f\n",
           properties.name, bytes, ms[REPETITIONS / 2], ms[0], ms[REPETITIONS - 1],
           2.0 * (double)bytes / median_s / 1e9);
    CHECK(cudaFree(from));
    CHECK(cudaFree(to));
    return 0;
}
