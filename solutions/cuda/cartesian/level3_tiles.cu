/* Level 3 of the CUDA backend (exercise 05): one kernel per step on
 * shared-memory tiles. A block loads its tile of cells and a halo of one
 * cell around it into shared memory once, with coalesced loads, solves
 * every edge of the tile there, updates its cells into a second copy of
 * the state (the plumbing swaps the copies every step) and reduces their
 * wave speed per block (block_max.cuh). No edge arrays in device memory. */
#include "cuda/cartesian/block_max.cuh"

enum {
    TILE_X = SWE_CUDA_TILE_X,
    TILE_Y = SWE_CUDA_TILE_Y,
    HALO_X = TILE_X + 2,
    HALO_Y = TILE_Y + 2,
    VERTICAL_EDGES = (TILE_X + 1) * TILE_Y,
    HORIZONTAL_EDGES = TILE_X * (TILE_Y + 1)
};

/* Block (bx, by) updates cells 1 + bx * TILE_X .. and 1 + by * TILE_Y ..;
 * its shared tile holds them with one halo cell on each side: tile cell
 * (x, y) is block cell (x0 - 1 + x, y0 - 1 + y). Vertical edge (y, x),
 * stored at y * (TILE_X + 1) + x, lies between tile cells (x, y + 1) and
 * (x + 1, y + 1); horizontal edge (y, x), stored at y * TILE_X + x,
 * between (x + 1, y) and (x + 1, y + 1). */
template <int SOLVER>
__global__ static void tile_step_kernel(swe_cuda_grid grid, swe_cuda_state from, const real *b,
                                        swe_cuda_state to, real dt, swe_speed_bits *block_max_out)
{
    __shared__ real h[HALO_Y][HALO_X], hu[HALO_Y][HALO_X], hv[HALO_Y][HALO_X], bed[HALO_Y][HALO_X];
    __shared__ real vertical[SWE_NET_UPDATE_PLANES * VERTICAL_EDGES];
    __shared__ real horizontal[SWE_NET_UPDATE_PLANES * HORIZONTAL_EDGES];
    const int x0 = 1 + (int)blockIdx.x * TILE_X, y0 = 1 + (int)blockIdx.y * TILE_Y;
    const int thread = (int)(threadIdx.y * blockDim.x + threadIdx.x);
    const int threads = (int)(blockDim.x * blockDim.y);
    /* BEGIN SOLUTION: (1) load the tile with its halo, k = thread, thread + threads, ... <
     * HALO_X * HALO_Y as rows of consecutive cells (coalesced), clamping block cells to the ghost
     * layer (min(..., grid.nx + 1)); __syncthreads(); solve every vertical edge (hu normal) and
     * every horizontal edge (hv normal) of the tile into the shared planes with
     * SWE_STORE_NET_UPDATES; __syncthreads() */
    for (int k = thread; k < HALO_X * HALO_Y; k += threads) {
        const int x = k % HALO_X, y = k / HALO_X;
        const int i = min(x0 - 1 + x, grid.nx + 1), j = min(y0 - 1 + y, grid.ny + 1);
        const size_t at = (size_t)j * grid.stride + i;
        h[y][x] = from.h[at];
        hu[y][x] = from.hu[at];
        hv[y][x] = from.hv[at];
        bed[y][x] = b[at];
    }
    __syncthreads();
    for (int k = thread; k < VERTICAL_EDGES + HORIZONTAL_EDGES; k += threads) {
        if (k < VERTICAL_EDGES) {
            const int x = k % (TILE_X + 1), y = k / (TILE_X + 1);
            SWE_STORE_NET_UPDATES(vertical, VERTICAL_EDGES, k,
                                  swe_riemann(SOLVER, h[y + 1][x], h[y + 1][x + 1], hu[y + 1][x],
                                              hu[y + 1][x + 1], hv[y + 1][x], hv[y + 1][x + 1],
                                              bed[y + 1][x], bed[y + 1][x + 1]));
        } else {
            const int edge = k - VERTICAL_EDGES, x = edge % TILE_X, y = edge / TILE_X;
            SWE_STORE_NET_UPDATES(horizontal, HORIZONTAL_EDGES, edge,
                                  swe_riemann(SOLVER, h[y][x + 1], h[y + 1][x + 1], hv[y][x + 1],
                                              hv[y + 1][x + 1], hu[y][x + 1], hu[y + 1][x + 1],
                                              bed[y][x + 1], bed[y + 1][x + 1]));
        }
    }
    __syncthreads();
    /* END SOLUTION */
    const int x = (int)threadIdx.x, y = (int)threadIdx.y;
    const int i = x0 + x, j = y0 + y;
    swe_speed_bits speed = 0;
    if (i <= grid.nx && j <= grid.ny) {
        const real dt_dx = dt / grid.dx, dt_dy = dt / grid.dy;
        /* BEGIN SOLUTION: (2) update tile cell (x + 1, y + 1) from vertical edges (y, x) and
         * (y, x + 1) and horizontal edges (y, x) and (y + 1, x) (SWE_LOAD_NET_UPDATES,
         * swe_update_from_edges, swe_manning_friction), write it to `to` and keep its wave speed
         * as bits in speed */
        swe_net_updates left, right, below, above;
        SWE_LOAD_NET_UPDATES(left, vertical, VERTICAL_EDGES, y * (TILE_X + 1) + x);
        SWE_LOAD_NET_UPDATES(right, vertical, VERTICAL_EDGES, y * (TILE_X + 1) + x + 1);
        SWE_LOAD_NET_UPDATES(below, horizontal, HORIZONTAL_EDGES, y * TILE_X + x);
        SWE_LOAD_NET_UPDATES(above, horizontal, HORIZONTAL_EDGES, (y + 1) * TILE_X + x);
        const swe_cell cell = swe_manning_friction(
            swe_update_from_edges(h[y + 1][x + 1], hu[y + 1][x + 1], hv[y + 1][x + 1], dt_dx, dt_dy,
                                  left, right, below, above),
            dt, grid.manning);
        const size_t at = (size_t)j * grid.stride + i;
        to.h[at] = cell.h;
        to.hu[at] = cell.hu;
        to.hv[at] = cell.hv;
        speed = swe_speed_to_bits(swe_cell_wave_speed(cell.h, cell.hu, cell.hv));
        /* END SOLUTION */
    }
    const swe_speed_bits fastest = block_max(speed);
    if (thread == 0) {
        block_max_out[blockIdx.y * gridDim.x + blockIdx.x] = fastest;
    }
}

cudaError_t swe_cuda_launch_tile_step(enum swe_solver solver, const swe_cuda_grid *grid,
                                      swe_cuda_state from, const real *b, swe_cuda_state to,
                                      real dt, swe_speed_bits *block_max_out, cudaStream_t stream)
{
    const dim3 threads(SWE_CUDA_TILE_X, SWE_CUDA_TILE_Y);
    const auto kernel = KERNEL_FOR_SOLVER(solver, tile_step_kernel);
    kernel<<<swe_cuda_cell_blocks(*grid, 0), threads, 0, stream>>>(*grid, from, b, to, dt,
                                                                   block_max_out);
    return cudaGetLastError();
}
