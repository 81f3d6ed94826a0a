/* OpenCL C helpers of the kernels that are plumbing, not the exercise:
 * the clock type, wave speeds as sortable bits for atomic max, edge-update
 * planes, and the ghost cells that the fused kernel derives while loading
 * instead of running a boundary pass. Compiled only as OpenCL C. */
#ifndef SWE_OPENCL_KERNEL_SUPPORT_H
#define SWE_OPENCL_KERNEL_SUPPORT_H

/* Same bits as the C backends: no contraction of a*b+c into an FMA. */
#pragma OPENCL FP_CONTRACT OFF

#include "core/real.h"
#include "grid/boundary.h"
#include "numerics/riemann.h"

/* The clock (t, dt) in double where the device has it, as on the host,
 * so that a single-precision run takes the same time steps as serial. */
#ifdef SWE_CLOCK_DOUBLE
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double clock_real;
#else
typedef float clock_real;
#endif

/* Wave speeds are never negative, so their bits sort like unsigned
 * integers (a NaN above all): an integer atomic max finds the fastest. */
#ifdef SWE_PRECISION_DOUBLE
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
typedef ulong speed_bits;
#define SWE_BITS_OF_SPEED(speed) as_ulong(speed)
#define SWE_SPEED_OF_BITS(bits) as_double(bits)
#define SWE_ATOMIC_MAX_BITS(pointer, bits) atom_max((pointer), (bits))
#else
typedef uint speed_bits;
#define SWE_BITS_OF_SPEED(speed) as_uint(speed)
#define SWE_SPEED_OF_BITS(bits) as_float(bits)
#define SWE_ATOMIC_MAX_BITS(pointer, bits) atomic_max((pointer), (bits))
#endif

/* Net updates of a set of edges: six planes of `plane` values each, in
 * this order, in one buffer. */
enum {
    SWE_PLANE_H_LEFT = 0,
    SWE_PLANE_H_RIGHT,
    SWE_PLANE_HN_LEFT,
    SWE_PLANE_HN_RIGHT,
    SWE_PLANE_HT_LEFT,
    SWE_PLANE_HT_RIGHT
};

SWE_INLINE void swe_store_net_updates(__global real *planes, size_t plane, size_t edge,
                                      swe_net_updates updates)
{
    planes[SWE_PLANE_H_LEFT * plane + edge] = updates.h_left;
    planes[SWE_PLANE_H_RIGHT * plane + edge] = updates.h_right;
    planes[SWE_PLANE_HN_LEFT * plane + edge] = updates.hn_left;
    planes[SWE_PLANE_HN_RIGHT * plane + edge] = updates.hn_right;
    planes[SWE_PLANE_HT_LEFT * plane + edge] = updates.ht_left;
    planes[SWE_PLANE_HT_RIGHT * plane + edge] = updates.ht_right;
}

/* Edge bits of the boundary masks the host passes, in the order of
 * enum swe_edge (block.h): wall_edges marks WALL edges, derived_edges
 * those whose ghosts come from the interior (WALL and OUTFLOW, not
 * CONNECT). */
#define SWE_EDGE_BIT_LEFT 1
#define SWE_EDGE_BIT_RIGHT 2
#define SWE_EDGE_BIT_BOTTOM 4
#define SWE_EDGE_BIT_TOP 8

typedef struct swe_state_cell {
    real h, hu, hv, b;
} swe_state_cell;

/* Cell (i, j), ghosts included, as the boundary conditions make it: a
 * ghost on a WALL or OUTFLOW edge is swe_boundary_ghost of the interior
 * cell beside it and the bed of the one after (as on the host); other
 * cells are read as stored. Corner ghosts touch no edge. */
SWE_INLINE swe_state_cell swe_load_cell(__global const real *h, __global const real *hu,
                                        __global const real *hv, __global const real *b, int nx,
                                        int ny, int stride, int wall_edges, int derived_edges,
                                        int i, int j)
{
    int source_i = i, source_j = j, next_i = i, next_j = j, wall = 0, normal_is_hu = 1;
    if (i == 0 && (derived_edges & SWE_EDGE_BIT_LEFT)) {
        source_i = 1;
        next_i = nx > 1 ? 2 : 1;
        wall = (wall_edges & SWE_EDGE_BIT_LEFT) != 0;
    } else if (i == nx + 1 && (derived_edges & SWE_EDGE_BIT_RIGHT)) {
        source_i = nx;
        next_i = nx > 1 ? nx - 1 : nx;
        wall = (wall_edges & SWE_EDGE_BIT_RIGHT) != 0;
    } else if (j == 0 && (derived_edges & SWE_EDGE_BIT_BOTTOM)) {
        source_j = 1;
        next_j = ny > 1 ? 2 : 1;
        wall = (wall_edges & SWE_EDGE_BIT_BOTTOM) != 0;
        normal_is_hu = 0;
    } else if (j == ny + 1 && (derived_edges & SWE_EDGE_BIT_TOP)) {
        source_j = ny;
        next_j = ny > 1 ? ny - 1 : ny;
        wall = (wall_edges & SWE_EDGE_BIT_TOP) != 0;
        normal_is_hu = 0;
    }
    size_t source = (size_t)source_j * (size_t)stride + (size_t)source_i;
    size_t next = (size_t)next_j * (size_t)stride + (size_t)next_i;
    swe_state_cell cell = {h[source], hu[source], hv[source], b[source]};
    if (source_i != i || source_j != j) {
        swe_ghost_cell ghost =
            swe_boundary_ghost(wall, normal_is_hu, cell.h, cell.hu, cell.hv, cell.b, b[next]);
        cell.h = ghost.h;
        cell.hu = ghost.hu;
        cell.hv = ghost.hv;
        cell.b = ghost.b;
    }
    return cell;
}

#endif
