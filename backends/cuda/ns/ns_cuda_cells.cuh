/* What the Navier-Stokes CUDA kernels of one thread per interior cell
 * share: the cell of a thread, the grid and block of a launch over the
 * cells, the blocks of a launch over a count. */
#ifndef NS_CUDA_CELLS_CUH
#define NS_CUDA_CELLS_CUH

#include "backends/cuda/ns/ns_cuda_kernels.h"

namespace
{

/* The interior cell of this thread (false past the edge) and its index. */
__device__ bool interior_cell(const ns_geometry &g, long *c)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y,
        k = blockIdx.z;
    *c = (long)(k + NS_GHOST) * g.stride[2] + (long)(j + NS_GHOST) * g.stride[1] + (i + NS_GHOST);
    return i < g.n[0] && j < g.n[1];
}

dim3 cell_grid(const ns_geometry &g)
{
    return dim3((g.n[0] + NS_CUDA_BLOCK_X - 1) / NS_CUDA_BLOCK_X,
                (g.n[1] + NS_CUDA_BLOCK_Y - 1) / NS_CUDA_BLOCK_Y, g.n[2]);
}

const dim3 cell_block(NS_CUDA_BLOCK_X, NS_CUDA_BLOCK_Y);

unsigned blocks_for(long count)
{
    return (unsigned)((count + NS_CUDA_REDUCE - 1) / NS_CUDA_REDUCE);
}

} // namespace

#endif
