/* Level 1 of the CUDA backend (exercise 03): the two loops of a time step
 * as two kernels. In the first, one thread per cell solves the edge right
 * of the cell and the edge above it into edge arrays; in the second, one
 * thread per cell updates the cell from its four edges. The plumbing
 * (backends/cuda/cartesian/cuda_level_steps.cu) copies the state to the GPU before every
 * step and back after it, and sets the ghost layers; level 2 runs these
 * kernels on a state that stays on the GPU. The solvers, the update and
 * the friction come from common/: the kernels decide which thread does
 * what. */
#include "backends/cuda/cartesian/cuda_kernel_support.cuh"

/* Thread (i, j), 0 <= i <= nx, 0 <= j <= ny, solves the vertical edge
 * right of cell (i, j) when j >= 1 and the horizontal edge above it when
 * i >= 1, and stores their net updates at j * stride + i. */
template <int SOLVER>
__global__ static void net_updates_kernel(swe_cuda_grid grid, swe_cuda_state state, const real *b,
                                          real *vertical, real *horizontal)
{
    const int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
    const int j = (int)(blockIdx.y * blockDim.y + threadIdx.y);
    if (i > grid.nx || j > grid.ny) {
        return;
    }
    const size_t here = (size_t)j * grid.stride + i, plane = swe_cuda_values(grid);
    const real *h = state.h, *hu = state.hu, *hv = state.hv;
    /* BEGIN SOLUTION: (1) when j >= 1, solve the vertical edge between cells here and here + 1
     * (hu normal, hv along it) with swe_riemann(SOLVER, ...) and store it with
     * SWE_STORE_NET_UPDATES(vertical, plane, here, ...); when i >= 1, the horizontal edge between
     * here and here + grid.stride (hv normal, hu along it) into horizontal */
    if (j >= 1) {
        const size_t right = here + 1;
        SWE_STORE_NET_UPDATES(vertical, plane, here,
                              swe_riemann(SOLVER, h[here], h[right], hu[here], hu[right], hv[here],
                                          hv[right], b[here], b[right]));
    }
    if (i >= 1) {
        const size_t above = here + (size_t)grid.stride;
        SWE_STORE_NET_UPDATES(horizontal, plane, here,
                              swe_riemann(SOLVER, h[here], h[above], hv[here], hv[above], hu[here],
                                          hu[above], b[here], b[above]));
    }
    /* END SOLUTION */
}

/* Thread (i - 1, j - 1) updates interior cell (i, j) in place: it reads
 * only its own cell and the edge arrays. */
__global__ static void update_kernel(swe_cuda_grid grid, swe_cuda_state state, real dt,
                                     const real *vertical, const real *horizontal)
{
    const int i = 1 + (int)(blockIdx.x * blockDim.x + threadIdx.x);
    const int j = 1 + (int)(blockIdx.y * blockDim.y + threadIdx.y);
    if (i > grid.nx || j > grid.ny) {
        return;
    }
    const size_t here = (size_t)j * grid.stride + i, plane = swe_cuda_values(grid);
    const real dt_dx = dt / grid.dx, dt_dy = dt / grid.dy;
    /* BEGIN SOLUTION: (2) load the net updates of the edges left of the cell (vertical, at
     * here - 1), right of it (vertical, here), below it (horizontal, here - grid.stride) and above
     * it (horizontal, here) with SWE_LOAD_NET_UPDATES, update the cell with swe_update_from_edges,
     * then swe_manning_friction(cell, dt, grid.manning), and write it back */
    swe_net_updates left, right, below, above;
    SWE_LOAD_NET_UPDATES(left, vertical, plane, here - 1);
    SWE_LOAD_NET_UPDATES(right, vertical, plane, here);
    SWE_LOAD_NET_UPDATES(below, horizontal, plane, here - (size_t)grid.stride);
    SWE_LOAD_NET_UPDATES(above, horizontal, plane, here);
    const swe_cell cell =
        swe_manning_friction(swe_update_from_edges(state.h[here], state.hu[here], state.hv[here],
                                                   dt_dx, dt_dy, left, right, below, above),
                             dt, grid.manning);
    state.h[here] = cell.h;
    state.hu[here] = cell.hu;
    state.hv[here] = cell.hv;
    /* END SOLUTION */
}

cudaError_t swe_cuda_launch_net_updates(enum swe_solver solver, const swe_cuda_grid *grid,
                                        swe_cuda_state state, const real *b, real *vertical,
                                        real *horizontal, cudaStream_t stream)
{
    const dim3 threads(SWE_CUDA_TILE_X, SWE_CUDA_TILE_Y);
    const auto kernel = KERNEL_FOR_SOLVER(solver, net_updates_kernel);
    kernel<<<swe_cuda_cell_blocks(*grid, 1), threads, 0, stream>>>(*grid, state, b, vertical,
                                                                   horizontal);
    return cudaGetLastError();
}

cudaError_t swe_cuda_launch_update(const swe_cuda_grid *grid, swe_cuda_state state, real dt,
                                   const real *vertical, const real *horizontal,
                                   cudaStream_t stream)
{
    const dim3 threads(SWE_CUDA_TILE_X, SWE_CUDA_TILE_Y);
    update_kernel<<<swe_cuda_cell_blocks(*grid, 0), threads, 0, stream>>>(*grid, state, dt,
                                                                          vertical, horizontal);
    return cudaGetLastError();
}
