/* Ghost layers on the device. For levels 1 to 3 (the fused level applies
 * the boundary conditions as it reads the cells) each WALL or OUTFLOW
 * edge copies its inner row or column outwards by the rules that the host
 * uses (swe_fill_ghosts, cartesian/grid/boundary.h). CONNECT edges are filled by the
 * neighbour exchange, whose layers are packed and unpacked here on the
 * device so that only the layers cross to the host. */
#include "backends/cuda/cartesian/cuda_kernels.h"

extern "C" {
#include "cartesian/grid/boundary.h"
#include "cartesian/grid/copy_layer.h"
}

enum { GHOST_THREADS = 256 };

/* Thread k fills ghost k + 1 of every WALL and OUTFLOW edge. */
__global__ static void ghost_layers_kernel(swe_cuda_grid grid, swe_cuda_state state, real *b)
{
    const int k = 1 + (int)(blockIdx.x * blockDim.x + threadIdx.x);
    swe_fill_ghosts(state.h, state.hu, state.hv, b, grid.nx, grid.ny, grid.stride, grid.wall_edges,
                    grid.derived_edges, k);
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
    real *fields[SWE_COPY_LAYER_FIELDS] = {state.h, state.hu, state.hv, b};
    for (int f = 0; f < SWE_COPY_LAYER_FIELDS; ++f) {
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
