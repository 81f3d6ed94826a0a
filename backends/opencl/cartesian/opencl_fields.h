/* The OpenCL backend's own fields (block->ext), shared by its set-up
 * (opencl_backend.c) and its time stepping (opencl_steps.c). */
#ifndef SWE_OPENCL_FIELDS_H
#define SWE_OPENCL_FIELDS_H

#include "backends/opencl/cl_device.h"
#include "cartesian/grid/backend.h"

#include <CL/cl.h>

/* The Cartesian kernels: the .cl files of backends/opencl/cartesian and
 * $(KERNELS)/opencl/cartesian with every header they include, flattened
 * at build time (backends/opencl/model.mk). */
extern const char swe_cartesian_opencl_program_source[];

/* The work-group shape of the level 1 and 2 kernels and the tile of
 * level 3, and the reduction's group size, fixed into the program at
 * build time. */
enum { SWE_CL_TILE_X = 32, SWE_CL_TILE_Y = 8, SWE_CL_REDUCTION_GROUP = 256 };

/* Cells of a row per work item of the level 1 kernels on a CPU device. */
enum { SWE_CL_CPU_CELLS_PER_ITEM = 32 };

/* A work group of the level 4 kernel: SWE_CL_STRIP_LANES columns (two of
 * them lent to the neighbours) walking up SWE_CL_STRIP_ROWS rows. */
enum { SWE_CL_STRIP_LANES = 64, SWE_CL_STRIP_ROWS = 16 };

/* A work item of the level 5 kernel sweeps SWE_CL_ROWS_PER_ITEM rows of a
 * chunk of columns: SWE_CL_CPU_ROW_CHUNK wide on a CPU (its private rows
 * of sides and edge updates stay in the core's cache whatever the block's
 * width), narrower on a GPU, where private arrays live in slow memory. */
enum { SWE_CL_CPU_ROW_CHUNK = 128, SWE_CL_GPU_ROW_CHUNK = 32, SWE_CL_ROWS_PER_ITEM = 32 };

/* The levels, one file of kernels each in solutions/opencl/; 1 to 4 mean
 * what they mean in the CUDA backend. */
enum {
    SWE_CL_LEVEL_TRANSFERS = 1, /* kernels, the state copied in and out every step */
    SWE_CL_LEVEL_ON_DEVICE = 2, /* the same kernels, the state kept on the device */
    SWE_CL_LEVEL_TILES = 3,     /* one step on local-memory tiles */
    SWE_CL_LEVEL_FUSED = 4,     /* the fused step, dt on the device: strips per work group */
    SWE_CL_LEVEL_CPU_ROWS = 5,  /* the same fused step shaped for CPUs: rows per work item */
    SWE_CL_LEVELS = 5
};

typedef struct opencl_fields {
    int level;
    swe_cl_device device;
    int cells_per_item; /* of a row, per work item of the level 1 kernels */
    int row_chunk;      /* columns per work item of the level 5 kernel */
    int has_fp64;       /* the device has double precision (cl_khr_fp64) */
    real manning;       /* Manning coefficient; 0: no bed friction */
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    cl_kernel set_ghost_layers, vertical_net_updates, horizontal_net_updates, update_cells,
        max_wave_speed, tile_step, fused_strips_step, fused_rows_step;
    /* Two sets of the state from level 3 on: a step reads one and writes
     * the other. Levels 1 and 2 update set 0 in place. */
    cl_mem h[2], hu[2], hv[2], b;
    int current; /* the set holding the current state */
    /* Levels 1 and 2: net updates of all vertical and all horizontal edges. */
    cl_mem vertical_edges, horizontal_edges;
    /* Per-group wave-speed maxima (levels 2 and 3), on device and host. */
    cl_mem group_max;
    real *host_group_max;
    size_t reduction_groups; /* groups of the max_wave_speed kernel */
    size_t group_max_size;   /* values group_max holds */
    /* Levels 4 and 5: the clock on the device, SWE_CLOCK_SLOTS slots. */
    cl_mem clock;
    long launches;                 /* fused launches so far: the next reads slot launches % 3 */
    int wall_edges, derived_edges; /* boundary masks (cartesian/grid/boundary.h) */
} opencl_fields;

/* The level for --level asked_level (0: the best for the device), or a
 * refusal when the device cannot run it; chooses the work per item too
 * (opencl_levels.c). */
int swe_opencl_choose_level(opencl_fields *fields, int asked_level, swe_error *err);

/* Refuses a block that the level's buffers, or its local-memory tiles,
 * do not fit into on the device (opencl_levels.c). */
int swe_opencl_check_memory(const opencl_fields *fields, const swe_block *block, swe_error *err);

/* The host arrays h, hu, hv to state set `set` on the device (to_device)
 * or back; returns when the copy is done (opencl_backend.c). */
int swe_opencl_copy_state(swe_block *block, opencl_fields *fields, int set, int to_device,
                          swe_error *err);

/* Time stepping (opencl_steps.c), with the backend's interface. */
int swe_opencl_max_wave_speed(swe_block *block, real *speed, swe_error *err);
int swe_opencl_step(swe_block *block, real dt, real *next_speed, swe_error *err);
int swe_opencl_advance(swe_block *block, swe_clock *clock, double t_target, double t_pause,
                       swe_error *err);
int swe_opencl_advances(const swe_block *block);

/* The MPI layer's verbs (opencl_layers.c), with the backend's interface. */
int swe_opencl_pack_copy_layer(swe_block *block, enum swe_edge edge, real *buffer, swe_error *err);
int swe_opencl_unpack_ghost_layer(swe_block *block, enum swe_edge edge, const real *buffer,
                                  swe_error *err);

/* Levels 4 and 5 step with a fused kernel and keep the clock on the
 * device. */
static inline int swe_opencl_is_fused(int level)
{
    return level >= SWE_CL_LEVEL_FUSED && level <= SWE_CL_LEVEL_CPU_ROWS;
}

/* From level 3 on a step reads one state set and writes the other. */
static inline int swe_opencl_state_sets(int level)
{
    return level >= SWE_CL_LEVEL_TILES ? 2 : 1;
}

#endif
