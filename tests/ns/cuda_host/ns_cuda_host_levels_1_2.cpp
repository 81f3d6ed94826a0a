/* Levels 1 and 2 of the CUDA momentum kernel, from their source, on the
 * emulation's blocks (ns_cuda_host.h); the launch geometry is their
 * launcher's (solutions/cuda/ns/ns_cuda_momentum.cu). */
#include <cuda_runtime.h>

#define NS_CUDA_HOST_EMULATION
#define NS_CUDA_DYNAMIC_SHARED(type, name)                                                         \
    type *name = static_cast<type *>(ns_cuda_host_shared_memory())
#include "tests/ns/cuda_host/ns_cuda_host.h"
#include "cuda/ns/ns_cuda_momentum.cu"

namespace
{

void level_1(void *fields)
{
    momentum_global(*static_cast<const ns_device_fields *>(fields));
}

void level_2(void *fields)
{
    momentum_planes(*static_cast<const ns_device_fields *>(fields));
}

} // namespace

void ns_cuda_host_levels_1_2(int level, const ns_device_fields &fields)
{
    const ns_geometry &g = fields.geometry;
    unsigned blocks_x = (g.n[0] + NS_CUDA_BLOCK_X - 1) / NS_CUDA_BLOCK_X;
    unsigned blocks_y = (g.n[1] + NS_CUDA_BLOCK_Y - 1) / NS_CUDA_BLOCK_Y;
    unsigned layers = level == 1 ? g.n[2] : (g.n[2] + NS_CUDA_Z_CHUNK - 1) / NS_CUDA_Z_CHUNK;
    ns_device_fields copy = fields;
    ns_cuda_host_launch(dim3(blocks_x, blocks_y, layers), dim3(NS_CUDA_BLOCK_X, NS_CUDA_BLOCK_Y),
                        level == 1 ? 0 : sizeof(plane_tiles), level == 1 ? level_1 : level_2,
                        &copy);
}
