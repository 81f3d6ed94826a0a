/* What CUDA level 4's memory traffic alone can reach: kernels that read
 * h, hu, hv and b and write h, hu and hv (28 B a cell in fp32) in level 4's
 * order, warps side by side walking up strips of rows, the rows read two
 * ahead of their use, with one add per value instead of the solver. Its
 * rate bounds the fused step from above on the same grid; the layouts
 * besides level 4's say whether another traversal would raise that bound.
 * Cells per second and GB/s at 28 B a cell, median of 21 launches.
 * Usage: cuda-strip-bandwidth [cells per side, default 8192] */
#define TOOL_NAME "cuda-strip-bandwidth"
#include "cuda_tool_timing.cuh"

enum { WARP = 32 };

struct arrays {
    const float *h, *hu, *hv, *b;
    float *h_out, *hu_out, *hv_out;
    int n, stride;
};

struct cell {
    float h, hu, hv, b;
};

__device__ __forceinline__ cell load(const arrays &a, size_t at)
{
    return {__ldg(a.h + at), __ldg(a.hu + at), __ldg(a.hv + at), __ldg(a.b + at)};
}

/* Level 4's walk: WARPS warps side by side, OWNED of each warp's 32 lanes
 * own a column (30 in level 4: lanes 0 and 31 lend theirs), ROWS rows a
 * strip, rows j_first - 1 and j_last + 1 read too. The stored value uses
 * the rows below and above, as the solver's edges do. */
template <int WARPS, int ROWS, int OWNED> __global__ void strips(arrays a)
{
    const int lane = (int)threadIdx.x;
    const int first_lane = (WARP - OWNED) / 2;
    const int i = ((int)blockIdx.x * WARPS + (int)threadIdx.y) * OWNED + lane - first_lane + 1;
    const int column = min(max(i, 0), a.n + 1);
    const int owns = lane >= first_lane && lane < first_lane + OWNED && i >= 1 && i <= a.n;
    const int j_first = 1 + (int)blockIdx.y * ROWS;
    const int j_last = min(j_first + ROWS - 1, a.n);
    size_t at = (size_t)j_first * a.stride + column;
    cell below = load(a, at - a.stride), here = load(a, at), above = load(a, at + a.stride);
    for (int j = j_first; j <= j_last; ++j, at += a.stride) {
        const cell ahead = load(a, min(j + 2, a.n + 1) == j + 2 ? at + 2 * (size_t)a.stride : at);
        if (owns) {
            a.h_out[at] = here.h + (below.h + above.h) + here.b;
            a.hu_out[at] = here.hu + (below.hu + above.hu);
            a.hv_out[at] = here.hv + (below.hv + above.hv);
        }
        below = here;
        here = above;
        above = ahead;
    }
}

/* The ideal order: one thread a cell, a warp along 32 cells of a row. */
__global__ void cells(arrays a)
{
    const int i = (int)(blockIdx.x * blockDim.x + threadIdx.x) + 1;
    const int j = (int)blockIdx.y + 1;
    if (i > a.n) {
        return;
    }
    const size_t at = (size_t)j * a.stride + i;
    const cell here = load(a, at);
    a.h_out[at] = here.h + here.b;
    a.hu_out[at] = here.hu;
    a.hv_out[at] = here.hv;
}

template <int WARPS, int ROWS, int OWNED> static void launch_strips(const arrays &a)
{
    const int columns = WARPS * OWNED;
    strips<WARPS, ROWS, OWNED>
        <<<dim3((unsigned)((a.n + columns - 1) / columns), (unsigned)((a.n + ROWS - 1) / ROWS)),
           dim3(WARP, WARPS)>>>(a);
}

static void launch_cells(const arrays &a)
{
    cells<<<dim3((unsigned)((a.n + 255) / 256), (unsigned)a.n), 256>>>(a);
}

/* The median time of REPETITIONS launches, printed as a rate. */
static int time_layout(const char *name, void (*launch)(const arrays &), const arrays &a)
{
    float ms[REPETITIONS];
    if (time_runs(
            [&] {
                launch(a);
                return cudaGetLastError();
            },
            ms) != 0) {
        return 1;
    }
    const double cells_per_s = (double)a.n * (double)a.n / (ms[REPETITIONS / 2] * 1e-3);
    printf("layout=%-28s median_ms=%.4f cells_per_s=%.3e GB_per_s_at_28B=%.1f\n", name,
           ms[REPETITIONS / 2], cells_per_s, 28.0 * cells_per_s / 1e9);
    return 0;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 8192;
    if (n < 64 || n > 30000) {
        fprintf(stderr, "cuda-strip-bandwidth: cells per side must be 64 to 30000\n");
        return 2;
    }
    arrays a;
    a.n = (int)n;
    a.stride = (int)n + 2;
    const size_t values = (size_t)a.stride * (size_t)(n + 2);
    float *buffers[7];
    for (int k = 0; k < 7; ++k) {
        CHECK(cudaMalloc((void **)&buffers[k], values * sizeof(float)));
        CHECK(cudaMemset(buffers[k], 0, values * sizeof(float)));
    }
    a.h = buffers[0];
    a.hu = buffers[1];
    a.hv = buffers[2];
    a.b = buffers[3];
    a.h_out = buffers[4];
    a.hu_out = buffers[5];
    a.hv_out = buffers[6];
    int status = time_layout("cells (one thread a cell)", launch_cells, a);
    status |= time_layout("strips 4 warps 32 rows 30 (L4)", launch_strips<4, 32, 30>, a);
    status |= time_layout("strips 4 warps 32 rows 32", launch_strips<4, 32, 32>, a);
    status |= time_layout("strips 8 warps 32 rows 30", launch_strips<8, 32, 30>, a);
    status |= time_layout("strips 2 warps 32 rows 30", launch_strips<2, 32, 30>, a);
    status |= time_layout("strips 4 warps 16 rows 30", launch_strips<4, 16, 30>, a);
    status |= time_layout("strips 4 warps 64 rows 30", launch_strips<4, 64, 30>, a);
    for (int k = 0; k < 7; ++k) {
        CHECK(cudaFree(buffers[k]));
    }
    return status;
}
