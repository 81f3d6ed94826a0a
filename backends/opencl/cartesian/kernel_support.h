/* What every file of OpenCL kernels (backends/opencl/, solutions/opencl/)
 * shares and students do not write: the numerics of common/ (the solvers,
 * the cell update, friction, boundary rules, speed bits, the device clock)
 * and the read of a cell with the boundary conditions applied. Compiled
 * only as OpenCL C; the host builds the program with SWE_SOLVER, the work
 * shapes and the precision defined (opencl_backend.c, build_options). */
#ifndef SWE_OPENCL_KERNEL_SUPPORT_H
#define SWE_OPENCL_KERNEL_SUPPORT_H

/* Same bits as the C backends: no contraction of a*b+c into an FMA,
 * unless the math options ask for it (cl_math.h). */
#ifndef SWE_CL_CONTRACT
#pragma OPENCL FP_CONTRACT OFF
#endif

#include "cartesian/grid/boundary.h"
#include "cartesian/numerics/device_clock.h"
#include "cartesian/numerics/edge_updates.h"
#include "cartesian/numerics/solver_sides.h"
#include "core/real.h"
#include "shallow_water/friction.h"
#include "shallow_water/speed_bits.h"

typedef struct swe_state_cell {
    real h, hu, hv, b;
} swe_state_cell;

/* Cell (i, j), ghosts included, as the boundary conditions make it
 * (swe_cell_source_of, swe_cell_as_seen), so that the fused levels need no
 * ghost-layer pass. Interior cells, which those rules leave as stored,
 * are read directly: the rules' branches and loads only at the block's
 * edges. */
SWE_INLINE swe_state_cell swe_load_cell(__global const real *h, __global const real *hu,
                                        __global const real *hv, __global const real *b, int nx,
                                        int ny, int stride, int wall_edges, int derived_edges,
                                        int i, int j)
{
    swe_state_cell cell;
    if (i >= 1 && i <= nx && j >= 1 && j <= ny) {
        const size_t at = (size_t)j * (size_t)stride + (size_t)i;
        cell.h = h[at];
        cell.hu = hu[at];
        cell.hv = hv[at];
        cell.b = b[at];
        return cell;
    }
    const swe_cell_source source = swe_cell_source_of(i, j, nx, ny, wall_edges, derived_edges);
    const size_t at = (size_t)source.j * (size_t)stride + (size_t)source.i;
    const size_t next = (size_t)source.next_j * (size_t)stride + (size_t)source.next_i;
    const swe_ghost_cell seen = swe_cell_as_seen(source, h[at], hu[at], hv[at], b[at], b[next]);
    cell.h = seen.h;
    cell.hu = seen.hu;
    cell.hv = seen.hv;
    cell.b = seen.b;
    return cell;
}

/* Cells as swe_fwave_sides in local or private arrays (the fused levels
 * hand them to their neighbours): field f of cell k at f * pitch + k, so
 * that neighbouring work items, or iterations of a loop along a row,
 * touch neighbouring values. The f-wave solver's own fields (u, v, c,
 * root) are kept for it alone. Macros for the same reason as the edge
 * planes' (cartesian/numerics/edge_updates.h): local and private are different
 * kinds of pointer in OpenCL C 1.2. */
enum {
    SWE_SIDE_H = 0,
    SWE_SIDE_HN,
    SWE_SIDE_HT,
    SWE_SIDE_B,
    SWE_SIDE_U,
    SWE_SIDE_V,
    SWE_SIDE_C,
    SWE_SIDE_ROOT,
    SWE_SIDE_FIELDS
};

#define SWE_PUT_SIDE(sides, pitch, k, side)                                                        \
    do {                                                                                           \
        const swe_fwave_side put_ = (side);                                                        \
        const real fields_[SWE_SIDE_FIELDS] = {put_.h, put_.hn, put_.ht, put_.b,                   \
                                               put_.u, put_.v,  put_.c,  put_.root};               \
        const int kept_ = SWE_SOLVER == SWE_SOLVER_FWAVE ? SWE_SIDE_FIELDS : SWE_SIDE_U;           \
        for (int f_ = 0; f_ < kept_; ++f_) {                                                       \
            (sides)[f_ * (pitch) + (k)] = fields_[f_];                                             \
        }                                                                                          \
    } while (0)

#define SWE_GET_SIDE(side, sides, pitch, k)                                                        \
    do {                                                                                           \
        const int fwave_ = SWE_SOLVER == SWE_SOLVER_FWAVE;                                         \
        (side).h = (sides)[SWE_SIDE_H * (pitch) + (k)];                                            \
        (side).hn = (sides)[SWE_SIDE_HN * (pitch) + (k)];                                          \
        (side).ht = (sides)[SWE_SIDE_HT * (pitch) + (k)];                                          \
        (side).b = (sides)[SWE_SIDE_B * (pitch) + (k)];                                            \
        (side).u = fwave_ ? (sides)[SWE_SIDE_U * (pitch) + (k)] : (real)0;                         \
        (side).v = fwave_ ? (sides)[SWE_SIDE_V * (pitch) + (k)] : (real)0;                         \
        (side).c = fwave_ ? (sides)[SWE_SIDE_C * (pitch) + (k)] : (real)0;                         \
        (side).root = fwave_ ? (sides)[SWE_SIDE_ROOT * (pitch) + (k)] : (real)0;                   \
    } while (0)

/* The two state buffers of the fused levels: the set that the clock
 * slot's parity names is read, the other one written. */
typedef struct swe_fused_buffers {
    __global const real *restrict h, *restrict hu, *restrict hv;
    __global real *restrict h_out, *restrict hu_out, *restrict hv_out;
} swe_fused_buffers;

/* How a launch of the fused levels (4 and 5) starts: its clock slot,
 * whether it steps at all (not once t has reached t_target; then the item
 * that closes the clock carries the slot over, and the launch ends), its
 * dt (forced_dt when positive) and the state buffers to read and write. */
typedef struct swe_fused_launch {
    swe_clock_slot now;
    int running;
    swe_time dt;
    real dt_dx, dt_dy;
    swe_fused_buffers state;
} swe_fused_launch;

SWE_INLINE swe_fused_launch swe_fused_launch_of(__global swe_clock_slot *clock, int slot,
                                                int closes_clock, swe_time cfl, swe_time t_target,
                                                real forced_dt, real dx, real dy, __global real *h0,
                                                __global real *hu0, __global real *hv0,
                                                __global real *h1, __global real *hu1,
                                                __global real *hv1)
{
    swe_fused_launch launch;
    launch.now = clock[slot];
    launch.running = swe_clock_running(launch.now, t_target);
    if (!launch.running && closes_clock) {
        swe_clock_close(clock, slot, launch.now, 0, 0, t_target);
    }
    launch.dt = swe_clock_dt(launch.now, t_target, cfl, dx, dy, forced_dt);
    launch.dt_dx = (real)launch.dt / dx;
    launch.dt_dy = (real)launch.dt / dy;
    const int odd = launch.now.parity;
    swe_fused_buffers state = {odd ? h1 : h0, odd ? hu1 : hu0, odd ? hv1 : hv0,
                               odd ? h0 : h1, odd ? hu0 : hu1, odd ? hv0 : hv1};
    launch.state = state;
    return launch;
}

#endif
