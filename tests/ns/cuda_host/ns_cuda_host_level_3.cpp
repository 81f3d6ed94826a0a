/* Level 3 of the CUDA momentum kernel, from its source, on the
 * emulation's blocks (ns_cuda_host.h), with its launcher's geometry
 * (level3_args_of, blocks_of, rows_aligned). */
#include <cuda_runtime.h>

#define NS_CUDA_HOST_EMULATION
#define NS_CUDA_DYNAMIC_SHARED(type, name)                                                         \
    type *name = static_cast<type *>(ns_cuda_host_shared_memory())
#include "tests/ns/cuda_host/ns_cuda_host.h"
#include "cuda/ns/ns_cuda_momentum_level3.cu"

namespace
{

template <int VEC> void level_3(void *arguments)
{
    momentum_level3<VEC>(*static_cast<const level3_args *>(arguments));
}

} // namespace

void ns_cuda_host_level_3(const ns_device_fields &fields)
{
    /* Four blocks per pretend multiprocessor: with one, the test's grids
     * are cut into two or three z chunks. */
    level3_args a = level3_args_of(&fields, 4);
    ns_cuda_host_launch(dim3(blocks_of(a)), dim3(THREADS_X, THREADS_Y), sizeof(plane_slots),
                        rows_aligned(fields.geometry) ? level_3<VECTOR> : level_3<1>, &a);
}
