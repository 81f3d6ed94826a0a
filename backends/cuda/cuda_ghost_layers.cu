/* Ghost layers on the device for levels 1 to 3 (the fused level applies
 * the boundary conditions as it reads the cells): each WALL or OUTFLOW
 * edge copies its inner row or column outwards with swe_ghost_value, as
 * swe_set_boundary_layers does on the host. CONNECT edges are left to
 * the neighbour exchange. */
#include "cuda_kernels.h"

extern "C" {
#include "boundary.h"
}

enum { GHOST_THREADS = 256 };

__device__ static void fill_ghost(swe_cuda_state state, real *b, size_t ghost, size_t inner,
                                  int wall, int normal_is_hu)
{
    state.h[ghost] = state.h[inner];
    state.hu[ghost] = swe_ghost_value(wall, normal_is_hu, state.hu[inner]);
    state.hv[ghost] = swe_ghost_value(wall, !normal_is_hu, state.hv[inner]);
    if (b != NULL) {
        b[ghost] = b[inner];
    }
}

/* Thread k fills ghost row cell k + 1 of the left and right edges and
 * ghost column cell k + 1 of the bottom and top edges. */
__global__ static void ghost_layers_kernel(swe_cuda_grid grid, swe_cuda_state state, real *b)
{
    const int k = 1 + (int)(blockIdx.x * blockDim.x + threadIdx.x);
    const size_t stride = (size_t)grid.stride;
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        if (grid.boundary[edge] == SWE_BOUNDARY_CONNECT) {
            continue;
        }
        const int wall = grid.boundary[edge] == SWE_BOUNDARY_WALL;
        if ((edge == SWE_EDGE_LEFT || edge == SWE_EDGE_RIGHT) && k <= grid.ny) {
            const int ghost_i = edge == SWE_EDGE_LEFT ? 0 : grid.nx + 1;
            const int inner_i = edge == SWE_EDGE_LEFT ? 1 : grid.nx;
            fill_ghost(state, b, k * stride + ghost_i, k * stride + inner_i, wall, 1);
        } else if ((edge == SWE_EDGE_BOTTOM || edge == SWE_EDGE_TOP) && k <= grid.nx) {
            const int ghost_j = edge == SWE_EDGE_BOTTOM ? 0 : grid.ny + 1;
            const int inner_j = edge == SWE_EDGE_BOTTOM ? 1 : grid.ny;
            fill_ghost(state, b, ghost_j * stride + k, inner_j * stride + k, wall, 0);
        }
    }
}

cudaError_t swe_cuda_launch_ghost_layers(const swe_cuda_grid *grid, swe_cuda_state state, real *b,
                                         cudaStream_t stream)
{
    const int longest = grid->nx > grid->ny ? grid->nx : grid->ny;
    const unsigned blocks = (unsigned)((longest + GHOST_THREADS - 1) / GHOST_THREADS);
    ghost_layers_kernel<<<blocks, GHOST_THREADS, 0, stream>>>(*grid, state, b);
    return cudaGetLastError();
}
