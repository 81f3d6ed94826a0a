/* What the CUDA measuring tools share: CHECK, which names the failed call
 * and returns 1 from the function it is in, and the times of REPETITIONS
 * runs of one piece of work between events, after a warm-up run. A tool
 * defines TOOL_NAME, its name in messages, before including this. */
#ifndef CUDA_TOOL_TIMING_CUH
#define CUDA_TOOL_TIMING_CUH

#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                                \
    do {                                                                                           \
        cudaError_t check_status_ = (call);                                                        \
        if (check_status_ != cudaSuccess) {                                                        \
            fprintf(stderr, "%s: %s failed at %s:%d: %s\n", TOOL_NAME, #call, __FILE__, __LINE__,  \
                    cudaGetErrorString(check_status_));                                            \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

enum { REPETITIONS = 21 };

static int compare_floats(const void *x, const void *y)
{
    float p = *(const float *)x, q = *(const float *)y;
    return (p > q) - (p < q);
}

/* ms: the milliseconds of REPETITIONS calls of run(), which starts the
 * work and returns the status of starting it, in ascending order (the
 * median is ms[REPETITIONS / 2]). 0, or 1 after a failed call. */
template <typename Run> static int time_runs(Run run, float ms[REPETITIONS])
{
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(run()); /* warm-up */
    for (int r = 0; r < REPETITIONS; ++r) {
        CHECK(cudaEventRecord(start));
        CHECK(run());
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        CHECK(cudaEventElapsedTime(&ms[r], start, stop));
    }
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    qsort(ms, REPETITIONS, sizeof ms[0], compare_floats);
    return 0;
}

#endif
