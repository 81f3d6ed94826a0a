/* The OpenCL backend's own fields (block->ext), shared by its set-up
 * (opencl_backend.c) and its time stepping (opencl_steps.c). */
#ifndef SWE_OPENCL_FIELDS_H
#define SWE_OPENCL_FIELDS_H

#include "backend.h"
#include "cl_device.h"

#include <CL/cl.h>

/* The fused kernel's work-group shape and the reduction's group size,
 * fixed into the program at build time. */
enum { SWE_CL_TILE_X = 32, SWE_CL_TILE_Y = 8, SWE_CL_REDUCTION_GROUP = 256 };

/* Cells of a row per work item of the level 1 kernels on a CPU device. */
enum { SWE_CL_CPU_CELLS_PER_ITEM = 32 };

/* Level 1: one kernel per verb, dt on the host. Level 2: the fused step
 * with dt on the device. */
enum { SWE_CL_LEVEL_SEPARATE = 1, SWE_CL_LEVEL_FUSED = 2, SWE_CL_LEVELS = 2 };

typedef struct opencl_fields {
    int level;
    swe_cl_device device;
    int cells_per_item; /* of a row, per work item of the level 1 kernels */
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    cl_kernel set_ghost_layers, vertical_net_updates, horizontal_net_updates, update_cells,
        max_wave_speed, fused_step;
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
    /* Level 2: the device clock, three rotating slots (see the kernel). */
    cl_mem clock_time, clock_dt, clock_steps, clock_speed;
    int clock_is_double;           /* clock values are cl_double, else cl_float */
    long launches;                 /* fused launches so far; slot = launches % 3 */
    int wall_edges, derived_edges; /* boundary masks, bit e for enum swe_edge e */
} opencl_fields;

/* Time stepping (opencl_steps.c), with the backend's interface. */
int swe_opencl_max_wave_speed(swe_block *block, real *speed, swe_error *err);
int swe_opencl_step(swe_block *block, real dt, real *next_speed, swe_error *err);
int swe_opencl_advance(swe_block *block, swe_clock *clock, double t_target, swe_error *err);

#endif
