/* The arrays of a triangle run as its kernels see them, one list written
 * once and expanded (X-macros) into the struct below, into OpenCL kernel
 * parameters, into device allocations and transfers, so that no backend
 * repeats the list. Compiled as C, CUDA and OpenCL C; SWE_GLOBAL is the
 * address space of device memory (__global in OpenCL, nothing elsewhere).
 *
 * State arrays are structure of arrays, or, in a build with
 * SWE_MESH_STATE_STRIDE 3 (the CUDA lab's AoS option), one array of
 * (h, hu, hv) records whose h, hu and hv pointers are offset by 0, 1, 2:
 * kernels index every state array with SWE_MESH_AT(cell) either way. */
#ifndef SWE_MESH_ARRAYS_H
#define SWE_MESH_ARRAYS_H

#include "core/real.h"
#include "shallow_water/cell_update.h"

#if defined(__OPENCL_VERSION__)
#define SWE_GLOBAL __global
#else
#define SWE_GLOBAL
#endif

#ifndef SWE_MESH_STATE_STRIDE
#define SWE_MESH_STATE_STRIDE 1
#endif
#define SWE_MESH_AT(cell) ((cell)*SWE_MESH_STATE_STRIDE)

/* An edge without waves sets no limit on the time step. */
#define SWE_MESH_NO_TIME_LIMIT ((real)1.0e30)

/* Cell state: the current one (what the host reads and writes)... */
#define SWE_MESH_STATE_ARRAYS(X) X(h) X(hu) X(hv)
/* ...and, through the second stage of a second-order step, the state
 * the step started from. */
#define SWE_MESH_STAGE_ARRAYS(X) X(h_stage) X(hu_stage) X(hv_stage)
/* Per cell: bed elevation, area, chi = area / longest edge (Optimized GPU n.d., eq. 17). */
#define SWE_MESH_CELL_REALS(X) X(bed) X(area) X(chi)
/* Per cell: limited gradients of the surface eta = h + bed and of the
 * velocity (u, v) (second order; velocity, not momentum, so that a face's
 * velocity stays within its neighbours' and a thin face cannot carry a
 * momentum of deep water). */
#define SWE_MESH_GRADIENT_ARRAYS(X)                                                                \
    X(grad_eta_x) X(grad_eta_y) X(grad_u_x) X(grad_u_y) X(grad_v_x) X(grad_v_y)
/* A cell's three edges, sorted by midpoint. */
#define SWE_MESH_CELL_INTS(X) X(cell_edge_0) X(cell_edge_1) X(cell_edge_2)
/* Per edge: unit normal (left to right, outward on the boundary), length,
 * the vectors from the two centroids to the midpoint, the viscous
 * weight length * (c_r - c_l).n / |c_r - c_l|^2 (on a boundary edge
 * length / (m - c_l).n, m the midpoint: what a no-slip wall's flux
 * takes), and on a boundary edge the factor of its condition's first
 * value there (an inflow's profile across the inlet; 1 elsewhere). */
#define SWE_MESH_EDGE_REALS(X)                                                                     \
    X(normal_x)                                                                                    \
    X(normal_y)                                                                                    \
    X(length)                                                                                      \
    X(left_to_mid_x)                                                                               \
    X(left_to_mid_y) X(right_to_mid_x) X(right_to_mid_y) X(viscous_weight) X(value_scale)
/* Per edge, written by the edge kernels: the fluxes times length out of
 * the left cell and into the right cell, the time step the edge allows
 * (Optimized GPU n.d., eq. 15; the first stage's edges write it) and its
 * fastest wave (which bounds a film's speed in the cell update). */
#define SWE_MESH_FLUX_ARRAYS(X)                                                                    \
    X(flux_left_h)                                                                                 \
    X(flux_left_hu)                                                                                \
    X(flux_left_hv)                                                                                \
    X(flux_right_h) X(flux_right_hu) X(flux_right_hv) X(edge_time_step) X(edge_speed)
/* Per edge: its cells (right is -1 on the boundary). */
#define SWE_MESH_EDGE_INTS(X) X(edge_left) X(edge_right)
/* Per boundary edge (edge e at e - interior_edge_count): its condition. */
#define SWE_MESH_BOUNDARY_INTS(X) X(boundary_condition)
/* Per boundary condition: its kind and two values (mesh_boundary.h). */
#define SWE_MESH_CONDITION_INTS(X) X(condition_kind)
#define SWE_MESH_CONDITION_REALS(X) X(condition_value_a) X(condition_value_b)

/* Every array, in one fixed order: REAL(name) for arrays of real,
 * INT(name) for arrays of int (struct members, kernel parameters and
 * their arguments all follow it). */
#define SWE_MESH_ARRAY_LIST(REAL, INT)                                                             \
    SWE_MESH_STATE_ARRAYS(REAL)                                                                    \
    SWE_MESH_STAGE_ARRAYS(REAL)                                                                    \
    SWE_MESH_CELL_REALS(REAL)                                                                      \
    SWE_MESH_GRADIENT_ARRAYS(REAL)                                                                 \
    SWE_MESH_CELL_INTS(INT)                                                                        \
    SWE_MESH_EDGE_REALS(REAL)                                                                      \
    SWE_MESH_FLUX_ARRAYS(REAL)                                                                     \
    SWE_MESH_EDGE_INTS(INT)                                                                        \
    SWE_MESH_BOUNDARY_INTS(INT)                                                                    \
    SWE_MESH_CONDITION_INTS(INT)                                                                   \
    SWE_MESH_CONDITION_REALS(REAL)

/* Every array by its length: CELL(name) per cell, EDGE(name) per edge,
 * BOUNDARY(name) per boundary edge, CONDITION(name) per condition (for
 * allocations). */
#define SWE_MESH_ARRAYS_BY_LENGTH(CELL, EDGE, BOUNDARY, CONDITION)                                 \
    SWE_MESH_STATE_ARRAYS(CELL)                                                                    \
    SWE_MESH_STAGE_ARRAYS(CELL)                                                                    \
    SWE_MESH_CELL_REALS(CELL)                                                                      \
    SWE_MESH_GRADIENT_ARRAYS(CELL)                                                                 \
    SWE_MESH_CELL_INTS(CELL)                                                                       \
    SWE_MESH_EDGE_REALS(EDGE)                                                                      \
    SWE_MESH_FLUX_ARRAYS(EDGE)                                                                     \
    SWE_MESH_EDGE_INTS(EDGE)                                                                       \
    SWE_MESH_BOUNDARY_INTS(BOUNDARY)                                                               \
    SWE_MESH_CONDITION_INTS(CONDITION)                                                             \
    SWE_MESH_CONDITION_REALS(CONDITION)

/* The arrays that stay the same through a run and that a device backend
 * copies once at set-up: all of the geometry, not the state, the bed
 * (which a restart may bring), or the work arrays. */
#define SWE_MESH_GEOMETRY_BY_LENGTH(CELL, EDGE, BOUNDARY, CONDITION)                               \
    CELL(area)                                                                                     \
    CELL(chi)                                                                                      \
    SWE_MESH_CELL_INTS(CELL)                                                                       \
    SWE_MESH_EDGE_REALS(EDGE)                                                                      \
    SWE_MESH_EDGE_INTS(EDGE)                                                                       \
    SWE_MESH_BOUNDARY_INTS(BOUNDARY)                                                               \
    SWE_MESH_CONDITION_INTS(CONDITION)                                                             \
    SWE_MESH_CONDITION_REALS(CONDITION)

#define SWE_MESH_REAL_MEMBER(name) SWE_GLOBAL real *name;
#define SWE_MESH_INT_MEMBER(name) SWE_GLOBAL int *name;

typedef struct swe_mesh_arrays {
    SWE_MESH_ARRAY_LIST(SWE_MESH_REAL_MEMBER, SWE_MESH_INT_MEMBER)
    int cell_count, interior_edge_count, edge_count, condition_count;
    real viscosity; /* eddy viscosity, m^2/s; 0: inviscid */
    real manning;   /* Manning's n, s/m^(1/3); 0: no friction */
} swe_mesh_arrays;

/* What a cell update writes. Second order takes two Euler steps, Heun's
 * (the strong-stability-preserving Runge-Kutta method of order 2): the
 * first keeps the state it starts from in the stage arrays and writes
 * U1 = U + dt L(U) over the current state; the second writes
 * (U + U1 + dt L(U1)) / 2. Each stage is a first-order update of a
 * state whose gradients are its own, and the average of two states with
 * non-negative depths and bounded velocities has them too. */
enum swe_mesh_stage {
    SWE_MESH_ONE_STAGE = 0,   /* U + dt L(U): first order */
    SWE_MESH_FIRST_STAGE = 1, /* the state to the stage arrays, U + dt L(U) to the current */
    SWE_MESH_SECOND_STAGE = 2 /* (stage + current + dt L(current)) / 2 to the current */
};

/* What one launch of an edge or cell kernel does. */
typedef struct swe_mesh_launch {
    int read_stage;   /* edges: the second stage of a step (no time step written) */
    int second_order; /* edges: reconstruct with the limited gradients */
    int write_stage;  /* cells: SWE_MESH_ONE_STAGE, _FIRST_STAGE or _SECOND_STAGE */
    real dt;          /* cells: the update's time step */
    real friction_dt; /* cells: Manning friction over this time; 0: none */
} swe_mesh_launch;

/* Cell c of the state h, hu, hv. */
SWE_INLINE swe_cell swe_mesh_cell_of(const SWE_GLOBAL real *h, const SWE_GLOBAL real *hu,
                                     const SWE_GLOBAL real *hv, int c)
{
    swe_cell cell;
    cell.h = h[SWE_MESH_AT(c)];
    cell.hu = hu[SWE_MESH_AT(c)];
    cell.hv = hv[SWE_MESH_AT(c)];
    return cell;
}

/* Running minimum of edge time steps that keeps a NaN once it has seen
 * one, so that an unstable state cannot hide behind a finite minimum. */
SWE_INLINE real swe_mesh_min_step(real running, real step)
{
    return (((step < running) | (step != step)) & (running == running)) ? step : running;
}

#endif
