/* Ghost layers on the device. For levels 1 to 3 (the fused level applies
 * the boundary conditions as it reads the cells) each WALL or OUTFLOW
 * edge fills its ghost row or column from the inner ones with
 * swe_boundary_ghost, as swe_set_boundary_layers does on the host (the
 * bed's ghosts too: rewriting them every step writes the same values). CONNECT edges are filled by
 * the neighbour exchange, whose layers are packed and unpacked here on
 * the device so that only the layers cross to the host. */
#include "cuda_kernels.h"

extern "C" {
#include "grid/boundary.h"
}

enum { GHOST_THREADS = 256 };

__device__ static void fill_ghost(swe_cuda_state state, real *b, size_t ghost, size_t inner,
                                  size_t next, int wall, int normal_is_hu)
{
    const swe_ghost_cell cell = swe_boundary_ghost(wall, normal_is_hu, state.h[inner],
                                                   state.hu[inner], state.hv[inner], b[inner],
                                                   b[next]);
    state.h[ghost] = cell.h;
    state.hu[ghost] = cell.hu;
    state.hv[ghost] = cell.hv;
    b[ghost] = cell.b;
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
            const int next_i = edge == SWE_EDGE_LEFT ? min(2, grid.nx) : max(grid.nx - 1, 1);
            fill_ghost(state, b, k * stride + ghost_i, k * stride + inner_i, k * stride + next_i,
                       wall, 1);
        } else if ((edge == SWE_EDGE_BOTTOM || edge == SWE_EDGE_TOP) && k <= grid.nx) {
            const int ghost_j = edge == SWE_EDGE_BOTTOM ? 0 : grid.ny + 1;
            const int inner_j = edge == SWE_EDGE_BOTTOM ? 1 : grid.ny;
            const int next_j = edge == SWE_EDGE_BOTTOM ? min(2, grid.ny) : max(grid.ny - 1, 1);
            fill_ghost(state, b, ghost_j * stride + k, inner_j * stride + k, next_j * stride + k,
                       wall, 0);
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

enum { LAYER_THREADS = 256 };

/* Thread k moves cell k of the layer: to_buffer nonzero packs, else unpacks. */
__global__ static void layer_copy_kernel(swe_cuda_state state, real *b, size_t first, size_t step,
                                         int length, real *buffer, int to_buffer)
{
    const int k = (int)(blockIdx.x * blockDim.x + threadIdx.x);
    if (k >= length) {
        return;
    }
    const size_t at = first + (size_t)k * step;
    real *fields[4] = {state.h, state.hu, state.hv, b};
    for (int f = 0; f < 4; ++f) {
        real *packed = buffer + (size_t)f * (size_t)length + k;
        if (to_buffer) {
            *packed = fields[f][at];
        } else {
            fields[f][at] = *packed;
        }
    }
}

static unsigned layer_blocks(int length)
{
    return (unsigned)((length + LAYER_THREADS - 1) / LAYER_THREADS);
}

cudaError_t swe_cuda_launch_pack_layer(swe_cuda_state state, const real *b, size_t first,
                                       size_t step, int length, real *buffer, cudaStream_t stream)
{
    /* The kernel only reads b when packing. */
    layer_copy_kernel<<<layer_blocks(length), LAYER_THREADS, 0, stream>>>(
        state, const_cast<real *>(b), first, step, length, buffer, 1);
    return cudaGetLastError();
}

cudaError_t swe_cuda_launch_unpack_layer(swe_cuda_state state, real *b, size_t first, size_t step,
                                         int length, const real *buffer, cudaStream_t stream)
{
    /* The kernel only reads the buffer when unpacking. */
    layer_copy_kernel<<<layer_blocks(length), LAYER_THREADS, 0, stream>>>(
        state, b, first, step, length, const_cast<real *>(buffer), 0);
    return cudaGetLastError();
}
