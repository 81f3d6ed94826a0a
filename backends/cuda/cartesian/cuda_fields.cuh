/* What the files of the CUDA backend's plumbing share (private to
 * backends/cuda/): the fields a block keeps on the device, and the
 * functions that one file defines and another calls. cuda_backend.cu
 * holds the verbs table, cuda_fields.cu the device memory and transfers,
 * cuda_level_steps.cu the steps of levels 1 to 3, cuda_fused_clock.cu the
 * device clock and graphs of level 4, cuda_overlap.cu its interior and ring
 * steps. */
#ifndef SWE_CUDA_FIELDS_CUH
#define SWE_CUDA_FIELDS_CUH

#include "backends/cuda/cartesian/cuda_kernels.h"

extern "C" {
#include "cartesian/grid/backend.h"
#include "cartesian/grid/block.h"
#include "core/error.h"
#include "shallow_water/speed_bits.h"
}

/* From level 2 on, device rows start their column 1 on a 128-byte line,
 * the width of a warp's 32 fp32 loads: the stride is a whole number of
 * lines, and each state and bed array begins `lead` values before a line. A warp's row
 * then covers whole lines instead of straddling one more, which the memory
 * system serves at nearly a stream's rate (docs/RESULTS-cuda.md, "Rows on
 * 128-byte lines"). */
enum { CUDA_ROW_ALIGNMENT = 128 };

/* What the host and the fused kernels exchange: the clock slots and the
 * time to stop at, in pinned host memory and its device mirror. */
typedef struct fused_clock {
    swe_clock_slot slots[SWE_CLOCK_SLOTS];
    swe_time t_target;
} fused_clock;

typedef struct cuda_fields {
    int level;
    enum swe_solver solver;
    swe_cuda_grid grid; /* its stride is the device's (cuda_set_layout) */
    size_t values;      /* per array, ghost cells included */
    size_t lead;        /* values before cell (0, 0) of a state or bed array */
    cudaStream_t stream;
    swe_cuda_state state[2]; /* state[1] for levels 3 and 4 only */
    real *b;
    int parity;                             /* state[parity] is current */
    real *edge_storage;                     /* levels 1 and 2: */
    real *vertical, *horizontal;            /* its two sets of edge planes */
    swe_speed_bits *block_max;              /* one per block of the cell-wise kernels */
    swe_speed_bits *speed;                  /* their max */
    fused_clock *device_clock, *host_clock; /* level 4 */
    cudaGraphExec_t graph;                  /* level 4, built at the first advance */
    real *layer;                            /* a packed layer on the device, for MPI */
    double graph_cfl;
} cuda_fields;

/* cuda_fields.cu: device memory and transfers. */
void cuda_set_layout(cuda_fields *fields, const swe_block *block);
int cuda_allocate_fields(cuda_fields *fields, swe_error *err);
int cuda_copy_array(cuda_fields *fields, const swe_block *block, real *device, real *host,
                    cudaMemcpyKind kind, swe_error *err);
int cuda_copy_state(cuda_fields *fields, swe_block *block, const swe_cuda_state *state,
                    cudaMemcpyKind kind, swe_error *err);
void cuda_free_fields(cuda_fields *fields);
int cuda_finish_speed(cuda_fields *fields, real *speed, swe_error *err);
real cuda_host_wave_speed(const swe_block *block);
int cuda_pack_copy_layer(swe_block *block, enum swe_edge edge, real *buffer, swe_error *err);
int cuda_unpack_ghost_layer(swe_block *block, enum swe_edge edge, const real *buffer,
                            swe_error *err);
int cuda_sync_layers(swe_block *block, swe_error *err);
int cuda_alloc_layer_buffer(swe_block *block, size_t bytes, void **buffer, swe_error *err);
void cuda_free_layer_buffer(swe_block *block, void *buffer);

/* cuda_level_steps.cu: the step and wave speed verbs. */
int cuda_max_wave_speed(swe_block *block, real *speed, swe_error *err);
int cuda_step(swe_block *block, real dt, real *next_speed, swe_error *err);

/* A rectangle of a block's cells seen as a block of its own: grid has its
 * size and the boundary masks of the block's edges it lies on, the arrays
 * start offset values further (its ghosts are the cells around it). */
typedef struct cuda_part {
    swe_cuda_grid grid;
    size_t offset;
} cuda_part;

/* cuda_fused_clock.cu: level 4. */
int cuda_level4_step(swe_block *block, cuda_fields *fields, real dt, real *next_speed,
                     swe_error *err);
int cuda_level4_begin(cuda_fields *fields, swe_error *err);
cudaError_t cuda_level4_launch_part(cuda_fields *fields, const cuda_part *part, real dt);
int cuda_level4_end(cuda_fields *fields, real *next_speed, swe_error *err);

/* cuda_overlap.cu: the interior and the ring (level 4). */
int cuda_step_interior(swe_block *block, real dt, swe_error *err);
int cuda_step_ring(swe_block *block, real dt, real *next_speed, swe_error *err);
int cuda_overlaps(const swe_block *block);
int cuda_advance(swe_block *block, swe_clock *clock, double t_target, double t_pause,
                 swe_error *err);
int cuda_advances(const swe_block *block);

#endif
