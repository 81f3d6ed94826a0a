/* The emulation's thread blocks: the blocks of a grid one after the
 * other, the threads of a block as POSIX threads meeting at one barrier
 * (__syncthreads), made once per launch. The barrier and the block's shared memory are this
 * file's, as a GPU's multiprocessor holds them for the block it runs. */
#include <cuda_runtime.h>

#include "tests/ns/cuda_host/ns_cuda_host.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <pthread.h>
#include <vector>

thread_local dim3 threadIdx, blockIdx, blockDim, gridDim;

namespace
{

pthread_barrier_t block_barrier;
std::vector<unsigned char> shared_memory;
std::atomic<long> barriers_waited{0}, shared_bytes_written{0};

/* Bytes of the block's shared memory that the block wrote (the fill is 0xff). */
long written_bytes()
{
    long written = 0;
    for (unsigned char byte : shared_memory) {
        written += byte != 0xff;
    }
    return written;
}

struct thread_start {
    dim3 thread, block_size, grid_size;
    void (*body)(void *);
    void *context;
};

/* One thread of the block, through every block of the grid in turn: the
 * threads are made once per launch, and meet at the barrier between
 * blocks, where thread 0 sets the shared memory to NaN. */
void *run_thread(void *argument)
{
    const thread_start *start = static_cast<const thread_start *>(argument);
    threadIdx = start->thread;
    blockDim = start->block_size;
    gridDim = start->grid_size;
    bool first = threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
    for (unsigned z = 0; z < gridDim.z; ++z) {
        for (unsigned y = 0; y < gridDim.y; ++y) {
            for (unsigned x = 0; x < gridDim.x; ++x) {
                blockIdx = dim3(x, y, z);
                if (first) {
                    std::memset(shared_memory.data(), 0xff, shared_memory.size());
                }
                pthread_barrier_wait(&block_barrier);
                start->body(start->context);
                pthread_barrier_wait(&block_barrier);
                if (first) {
                    shared_bytes_written += written_bytes();
                }
            }
        }
    }
    return nullptr;
}

} // namespace

void __syncthreads()
{
    ++barriers_waited;
    pthread_barrier_wait(&block_barrier);
}

extern "C" void ns_cuda_host_launch_use(long *barriers, long *shared_bytes)
{
    *barriers = barriers_waited.exchange(0);
    *shared_bytes = shared_bytes_written.exchange(0);
}

void *ns_cuda_host_shared_memory()
{
    return shared_memory.data();
}

void ns_cuda_host_launch(dim3 grid, dim3 block, std::size_t shared_bytes, void (*body)(void *),
                         void *context)
{
    shared_memory.assign(shared_bytes > 0 ? shared_bytes : 1, 0);
    unsigned count = block.x * block.y * block.z;
    std::vector<thread_start> starts(count);
    std::vector<pthread_t> threads(count);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, 1 << 18);
    pthread_barrier_init(&block_barrier, nullptr, count);
    for (unsigned t = 0; t < count; ++t) {
        starts[t] = {dim3(t % block.x, t / block.x % block.y, t / (block.x * block.y)), block, grid,
                     body, context};
        if (pthread_create(&threads[t], &attributes, run_thread, &starts[t]) != 0) {
            std::abort(); /* a test machine that cannot start a block's threads */
        }
    }
    for (unsigned t = 0; t < count; ++t) {
        pthread_join(threads[t], nullptr);
    }
    pthread_barrier_destroy(&block_barrier);
    pthread_attr_destroy(&attributes);
}

extern "C" void ns_cuda_host_momentum(int level, const ns_cpu_arrays *arrays, int multiprocessors)
{
    ns_device_fields fields = {};
    for (int c = 0; c < NS_AXES; ++c) {
        fields.velocity[c] = arrays->velocity[c];
        fields.residual[c] = arrays->residual[c];
        fields.force[c] = arrays->force[c];
    }
    fields.fluid = arrays->fluid;
    fields.geometry = arrays->geometry;
    fields.viscosity = arrays->viscosity;
    fields.multiprocessors = multiprocessors;
    if (level == 3) {
        ns_cuda_host_level_3(fields);
    } else {
        ns_cuda_host_levels_1_2(level, fields);
    }
}
