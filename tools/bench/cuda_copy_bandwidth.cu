/* The GPU's memory bandwidth as a device-to-device copy sees it: a large
 * buffer copied with cudaMemcpy, timed with events, bytes read plus bytes
 * written over the median time of the repetitions. The CUDA backend's
 * figures are quoted as a percentage of this.
 * Usage: cuda-copy-bandwidth [MiB per buffer, default 2048] */
#define TOOL_NAME "cuda-copy-bandwidth"
#include "tools/bench/cuda_tool_timing.cuh"

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
    float ms[REPETITIONS];
    if (time_runs([&] { return cudaMemcpy(to, from, bytes, cudaMemcpyDeviceToDevice); }, ms) != 0) {
        return 1;
    }
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
