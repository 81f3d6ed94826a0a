/* The kernels of the OpenMP target backend (omptarget_kernels.c in
 * solutions/omptarget/cartesian/, the part students write, and the loops
 * that call a Riemann solver, omptarget_solver_loops.c here): each a loop that
 * `#pragma omp target teams distribute parallel for simd` runs on the device,
 * on arrays that its map clauses name. Where the plumbing has already put
 * an array on the device (`target data`, `target enter data`), a map
 * clause finds it there and copies nothing: the same kernels serve the
 * level that copies the state every step and the levels whose state stays
 * on the device (omptarget_backend.c). Without a device the runtime runs
 * them on the host (OMP_TARGET_OFFLOAD's default), with serial's bits. */
#ifndef SWE_OMPTARGET_KERNELS_H
#define SWE_OMPTARGET_KERNELS_H

#include "core/real.h"
#include "shallow_water/riemann.h"

#include <stddef.h>

/* What the kernels know of the block: sizes, boundary masks
 * (cartesian/grid/boundary.h), friction, and the device they run on. */
typedef struct swe_omptarget_grid {
    int nx, ny, stride;
    size_t values; /* (nx + 2) * (ny + 2): the length of every array */
    real dx, dy;
    real manning; /* 0: no friction */
    enum swe_solver solver;
    int wall_edges, derived_edges;
    int device; /* the OpenMP device number */
} swe_omptarget_grid;

/* The state arrays, each of grid.values values. */
typedef struct swe_omptarget_state {
    real *h, *hu, *hv;
} swe_omptarget_state;

/* The net updates of the vertical and the horizontal edges, each in
 * SWE_NET_UPDATE_PLANES planes of grid.values values
 * (cartesian/numerics/edge_updates.h). */
typedef struct swe_omptarget_edges {
    real *vertical, *horizontal;
} swe_omptarget_edges;

/* Ghost layers of every WALL and OUTFLOW edge of state (and of b). */
void swe_omptarget_ghost_layers(const swe_omptarget_grid *grid, swe_omptarget_state state, real *b);

/* Net updates of every edge of the interior from state (ghosts set). */
void swe_omptarget_net_updates(const swe_omptarget_grid *grid, swe_omptarget_state state,
                               const real *b, swe_omptarget_edges edges);

/* Euler update with dt of every interior cell from its four edges, in
 * place, then friction; returns the max wave speed of the new state. */
real swe_omptarget_update(const swe_omptarget_grid *grid, swe_omptarget_state state, real dt,
                          swe_omptarget_edges edges);

/* The fused step: each interior cell of `to` from its four edges, solved
 * from `from` (ghosts set) on the spot, then friction; returns the max
 * wave speed of `to`. */
real swe_omptarget_fused_step(const swe_omptarget_grid *grid, swe_omptarget_state from,
                              const real *b, swe_omptarget_state to, real dt);

/* Max cell wave speed over the interior of state. */
real swe_omptarget_max_wave_speed(const swe_omptarget_grid *grid, swe_omptarget_state state);

#endif
