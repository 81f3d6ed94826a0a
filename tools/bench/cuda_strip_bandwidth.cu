/* What CUDA level 4's memory traffic alone can reach: kernels that read
 * h, hu, hv and b and write h, hu and hv (28 B a cell in fp32) in level 4's
 * order, warps side by side walking up strips of rows, the rows read two
 * ahead of their use (up to the row above the strip), with one add per value instead of the solver;
 * and the same bytes in other orders, to say whether another traversal would move them faster.
 * Every order runs on rows as the host stores them (stride n + 2) and on rows that start column 1
 * on a 128-byte line, as the CUDA backend stores them on the device. Cells per second and GB/s at
 * 28 B a cell, median of 21 launches.
 * Usage: cuda-strip-bandwidth [cells per side, default 8192] */
#define TOOL_NAME "cuda-strip-bandwidth"
#include "tools/bench/cuda_tool_timing.cuh"

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
 * own a column (30 in level 4 with one column a lane, its fp64 walk:
 * lanes 0 and 31 lend theirs; fp32 takes two a lane), ROWS rows a
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
        const cell ahead = j < j_last ? load(a, at + 2 * (size_t)a.stride) : above;
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

/* How the warps of whole_warps share the edge between the last column of
 * one warp and the first of the next. */
enum sharing {
    /* lanes 0 and 31 read the columns beside the warp, one row ahead */
    BESIDE,
    /* as BESIDE, and the block's warps wait for each other every row and
     * pass one value from warp to warp in shared memory, as a fused step
     * that hands its last vertical edge to the next warp would */
    BARRIER,
    /* as BESIDE, but lane 31 writes its column at the end of the strip
     * (one lane a row), as a fused step that solves the warps' last
     * vertical edges in a batch would */
    DEFERRED,
    /* lanes read no column beside the warp as they walk: at the start of
     * a strip, lane k reads the two cells on each side of the warp's
     * outer edges in row k of the strip, and the walk takes their sums
     * from lane k in row k, as a fused step that solves the warps' outer
     * vertical edges for a strip's rows at its start would */
    BATCHED
};

/* Every lane owns a column, 32 a warp (whole lines when rows are on
 * lines). */
template <int WARPS, int ROWS, sharing SHARING> __global__ void whole_warps(arrays a)
{
    static_assert(SHARING != BATCHED || ROWS <= WARP, "a batch gives one row to each lane");
    __shared__ float handed_over[2][WARPS];
    __shared__ float deferred[WARPS][3][ROWS];
    const int lane = (int)threadIdx.x, warp = (int)threadIdx.y;
    const int i = ((int)blockIdx.x * WARPS + warp) * WARP + lane + 1;
    const int column = min(i, a.n + 1);
    const int beside = SHARING == BATCHED ? column
                                          : (lane == WARP - 1 ? min(i + 1, a.n + 1)
                                                              : (lane == 0 ? i - 1 : column));
    const int j_first = 1 + (int)blockIdx.y * ROWS;
    const int j_last = min(j_first + ROWS - 1, a.n);
    float left_edge = 0.0f, right_edge = 0.0f;
    if (SHARING == BATCHED && j_first + lane <= j_last) {
        const int first = i - lane, last = min(first + WARP - 1, a.n);
        const size_t row = (size_t)(j_first + lane) * a.stride;
        const cell outside_left = load(a, row + first - 1), inside_left = load(a, row + first);
        const cell inside_right = load(a, row + last), outside_right = load(a, row + last + 1);
        left_edge = outside_left.h + outside_left.hu + outside_left.hv + outside_left.b +
                    inside_left.h + inside_left.hu + inside_left.hv + inside_left.b;
        right_edge = outside_right.h + outside_right.hu + outside_right.hv + outside_right.b +
                     inside_right.h + inside_right.hu + inside_right.hv + inside_right.b;
    }
    const int writes_now = i <= a.n && (SHARING != DEFERRED || lane < WARP - 1);
    size_t at = (size_t)j_first * a.stride + column;
    const size_t beside_row_up = (size_t)(a.stride + beside - column);
    cell below = load(a, at - a.stride), here = load(a, at), above = load(a, at + a.stride);
    cell beside_here = load(a, at + (size_t)(beside - column)), beside_next = beside_here;
    for (int j = j_first, parity = 0; j <= j_last; ++j, at += a.stride, parity ^= 1) {
        const cell ahead = j < j_last ? load(a, at + 2 * (size_t)a.stride) : above;
        if (beside != column && j < j_last) {
            beside_next = load(a, at + beside_row_up);
        }
        float from_left = beside_here.hu;
        if (SHARING == BATCHED) {
            const float left = __shfl_sync(0xffffffffu, left_edge, j - j_first);
            const float right = __shfl_sync(0xffffffffu, right_edge, j - j_first);
            from_left = lane == 0 ? left : 0.0f;
            beside_here.hv = lane == WARP - 1 ? right : 0.0f;
        }
        if (SHARING == BARRIER) {
            if (lane == WARP - 1) {
                handed_over[parity][warp] = here.h + beside_here.h;
            }
            __syncthreads();
            if (warp > 0) {
                from_left = handed_over[parity][warp - 1];
            }
        }
        const float h = here.h + (below.h + above.h) + here.b + beside_here.h;
        const float hu = here.hu + (below.hu + above.hu) + (lane == 0 ? from_left : 0.0f);
        const float hv = here.hv + (below.hv + above.hv) + beside_here.hv + beside_here.b;
        if (writes_now) {
            a.h_out[at] = h;
            a.hu_out[at] = hu;
            a.hv_out[at] = hv;
        } else if (SHARING == DEFERRED && lane == WARP - 1) {
            deferred[warp][0][j - j_first] = h;
            deferred[warp][1][j - j_first] = hu;
            deferred[warp][2][j - j_first] = hv;
        }
        below = here;
        here = above;
        above = ahead;
        beside_here = beside_next;
    }
    if (SHARING == DEFERRED) {
        __syncwarp();
        const int last = i - lane + WARP - 1;
        for (int row = lane; row < ROWS && last <= a.n && j_first + row <= j_last; row += WARP) {
            const size_t to = (size_t)(j_first + row) * a.stride + last;
            a.h_out[to] = deferred[warp][0][row];
            a.hu_out[to] = deferred[warp][1][row];
            a.hv_out[to] = deferred[warp][2][row];
        }
    }
}

/* One thread a cell, blocks of blockDim.x x blockDim.y cells: the ideal
 * order when a block spans 256 cells of one row. */
__global__ void cells(arrays a)
{
    const int i = (int)(blockIdx.x * blockDim.x + threadIdx.x) + 1;
    const int j = (int)(blockIdx.y * blockDim.y + threadIdx.y) + 1;
    if (i > a.n || j > a.n) {
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

template <int WARPS, int ROWS, sharing SHARING> static void launch_whole_warps(const arrays &a)
{
    const int columns = WARPS * WARP;
    whole_warps<WARPS, ROWS, SHARING>
        <<<dim3((unsigned)((a.n + columns - 1) / columns), (unsigned)((a.n + ROWS - 1) / ROWS)),
           dim3(WARP, WARPS)>>>(a);
}

static void launch_tiles(const arrays &a)
{
    cells<<<dim3((unsigned)((a.n + WARP - 1) / WARP), (unsigned)((a.n + 7) / 8)), dim3(WARP, 8)>>>(
        a);
}

static void launch_cells(const arrays &a)
{
    cells<<<dim3((unsigned)((a.n + 255) / 256), (unsigned)a.n), 256>>>(a);
}

/* The median time of REPETITIONS launches, printed as a rate. */
static int time_layout(const char *name, void (*launch)(const arrays &), const arrays &a,
                       const char *rows)
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
    printf("rows=%-8s layout=%-34s median_ms=%.4f cells_per_s=%.3e GB_per_s_at_28B=%.1f\n", rows,
           name, ms[REPETITIONS / 2], cells_per_s, 28.0 * cells_per_s / 1e9);
    return 0;
}

/* The arrays of 7 buffers for rows as the host stores them (lined = 0) or
 * with column 1 of every row on a 128-byte line (lined = 1). */
static arrays arrays_of(float *const buffers[7], int n, int lined)
{
    const int per_line = 128 / (int)sizeof(float);
    arrays a;
    a.n = n;
    a.stride = lined ? (n + 2 + per_line - 1) / per_line * per_line : n + 2;
    const size_t lead = lined ? (size_t)per_line - 1 : 0;
    a.h = buffers[0] + lead;
    a.hu = buffers[1] + lead;
    a.hv = buffers[2] + lead;
    a.b = buffers[3] + lead;
    a.h_out = buffers[4] + lead;
    a.hu_out = buffers[5] + lead;
    a.hv_out = buffers[6] + lead;
    return a;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 8192;
    if (n < 64 || n > 30000) {
        fprintf(stderr, "cuda-strip-bandwidth: cells per side must be 64 to 30000\n");
        return 2;
    }
    /* room for the widest stride and the lead of a lined layout */
    const size_t values = (size_t)(n + 2 + 32) * (size_t)(n + 2) + 32;
    float *buffers[7];
    for (int k = 0; k < 7; ++k) {
        CHECK(cudaMalloc((void **)&buffers[k], values * sizeof(float)));
        CHECK(cudaMemset(buffers[k], 0, values * sizeof(float)));
    }
    const struct {
        const char *name;
        void (*launch)(const arrays &);
    } layouts[] = {
        {"cells (one thread a cell)", launch_cells},
        {"tiles of 32 x 8 cells", launch_tiles},
        {"strips 4 warps 32 rows 30 (L4)", launch_strips<4, 32, 30>},
        {"strips 4 warps 16 rows 30", launch_strips<4, 16, 30>},
        {"whole warps 4 x 32 rows", launch_whole_warps<4, 32, BESIDE>},
        {"whole warps 4 x 32 rows barrier", launch_whole_warps<4, 32, BARRIER>},
        {"whole warps 4 x 32 rows deferred", launch_whole_warps<4, 32, DEFERRED>},
        {"whole warps 4 x 16 rows deferred", launch_whole_warps<4, 16, DEFERRED>},
        {"whole warps 8 x 32 rows deferred", launch_whole_warps<8, 32, DEFERRED>},
        {"whole warps 4 x 32 rows batched", launch_whole_warps<4, 32, BATCHED>},
        {"whole warps 4 x 16 rows batched", launch_whole_warps<4, 16, BATCHED>},
        {"whole warps 8 x 32 rows batched", launch_whole_warps<8, 32, BATCHED>},
    };
    int status = 0;
    for (int lined = 0; lined <= 1; ++lined) {
        const arrays a = arrays_of(buffers, (int)n, lined);
        for (const auto &layout : layouts) {
            status |= time_layout(layout.name, layout.launch, a, lined ? "on-lines" : "host");
        }
    }
    for (int k = 0; k < 7; ++k) {
        CHECK(cudaFree(buffers[k]));
    }
    return status;
}
