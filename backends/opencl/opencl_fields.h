/* The OpenCL backend's own fields (block->ext), shared by its set-up
 * (opencl_backend.c) and its time stepping (opencl_steps.c). */
#ifndef SWE_OPENCL_FIELDS_H
#define SWE_OPENCL_FIELDS_H

#include "cl_device.h"
#include "grid/backend.h"

#include <CL/cl.h>

/* The fused kernel's work-group shape and the reduction's group size,
 * fixed into the program at build time. */
enum { SWE_CL_TILE_X = 32, SWE_CL_TILE_Y = 8, SWE_CL_REDUCTION_GROUP = 256 };

/* Cells of a row per work item of the level 1 kernels on a CPU device. */
enum { SWE_CL_CPU_CELLS_PER_ITEM = 32 };

/* A work group of the level 3 kernel: SWE_CL_STRIP_LANES columns (two of
 * them lent to the neighbours) walking up SWE_CL_STRIP_ROWS rows. */
enum { SWE_CL_STRIP_LANES = 64, SWE_CL_STRIP_ROWS = 16 };

/* A work item of the level 4 kernel sweeps SWE_CL_ROWS_PER_ITEM rows of a
 * chunk of columns: SWE_CL_CPU_ROW_CHUNK wide on a CPU (its private rows
 * of sides and edge updates stay in the core's cache whatever the block's
 * width), narrower on a GPU, where private arrays live in slow memory. */
enum { SWE_CL_CPU_ROW_CHUNK = 128, SWE_CL_GPU_ROW_CHUNK = 32, SWE_CL_ROWS_PER_ITEM = 32 };

/* Level 1: one kernel per verb, dt on the host. Levels 2 to 4: the fused
 * step with dt on the device, as tiles in local memory, as strips of rows
 * walked by a work group (the GPU's form) or by single work items (the
 * CPU's form). */
enum {
    SWE_CL_LEVEL_SEPARATE = 1,
    SWE_CL_LEVEL_TILES = 2,
    SWE_CL_LEVEL_STRIPS = 3,
    SWE_CL_LEVEL_ROWS = 4,
    SWE_CL_LEVELS = 4
};

typedef struct opencl_fields {
    int level;
    swe_cl_device device;
    int cells_per_item; /* of a row, per work item of the level 1 kernels */
    int row_chunk;      /* columns per work item of the level 4 kernel */
    real manning;       /* Manning coefficient; 0: no bed friction */
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    cl_kernel set_ghost_layers, vertical_net_updates, horizontal_net_updates, update_cells,
        max_wave_speed, fused_step, fused_strips_step, fused_rows_step;
    /* Two sets of the state; the fused step reads one and writes the
     * other. Level 1 updates set 0 in place. */
    cl_mem h[2], hu[2], hv[2], b;
    int current; /* the set holding the current state */
    /* Level 1: net updates of all vertical and all horizontal edges. */
    cl_mem vertical_edges, horizontal_edges;
    /* The wave-speed reduction's per-group maxima, on device and host. */
    cl_mem group_max;
    real *host_group_max;
    size_t reduction_groups;
    /* Levels 2 to 4: the device clock, three rotating slots (see the
     * kernels). */
    cl_mem clock_time, clock_dt, clock_steps, clock_speed;
    int clock_is_double;           /* clock values are cl_double, else cl_float */
    long launches;                 /* fused launches so far; slot = launches % 3 */
    int wall_edges, derived_edges; /* boundary masks, bit e for enum swe_edge e */
} opencl_fields;

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

/* Levels 2 to 4 step with a fused kernel and keep two state sets. */
static inline int swe_opencl_is_fused(int level)
{
    return level >= SWE_CL_LEVEL_TILES && level <= SWE_CL_LEVEL_ROWS;
}

#endif
