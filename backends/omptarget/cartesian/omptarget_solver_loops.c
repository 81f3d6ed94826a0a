/* The kernels of the OpenMP target backend that call a Riemann solver:
 * the net updates of every edge and the fused step, each the loop of the
 * CUDA backend's kernel of the same name under `#pragma omp target teams
 * distribute parallel for simd` (as in omptarget_kernels.c). Each loop is
 * written once per solver (the *_LOOP macros, with the solver a constant),
 * so that the device code of each solver is compiled on its own: one loop
 * calling the solver chosen at run time would carry the registers of the
 * largest solver into every run. */
#include "backends/omptarget/cartesian/omptarget_kernels.h"
#include "cartesian/numerics/edge_updates.h"
#include "shallow_water/friction.h"
#include "shallow_water/speed_bits.h"

/* Iteration (i, j), 0 <= i <= nx, 0 <= j <= ny, solves the vertical edge
 * right of cell (i, j) when j >= 1 and the horizontal edge above it when
 * i >= 1, and stores their net updates at j * stride + i. */
#define NET_UPDATES_LOOP(SOLVER)                                                                   \
    _Pragma("omp target teams distribute parallel for simd collapse(2) device(device) \
        map(to : h[0 : n], hu[0 : n], hv[0 : n], b[0 : n]) \
        map(from : vertical[0 : planes], horizontal[0 : planes])") for (int j = 0; j <= ny; ++j)   \
    {                                                                                              \
        for (int i = 0; i <= nx; ++i) {                                                            \
            const size_t here = (size_t)j * (size_t)stride + (size_t)i;                            \
            if (j >= 1) {                                                                          \
                const size_t right = here + 1;                                                     \
                SWE_STORE_NET_UPDATES(vertical, n, here,                                           \
                                      swe_riemann(SOLVER, h[here], h[right], hu[here], hu[right],  \
                                                  hv[here], hv[right], b[here], b[right]));        \
            }                                                                                      \
            if (i >= 1) {                                                                          \
                const size_t above = here + (size_t)stride;                                        \
                SWE_STORE_NET_UPDATES(horizontal, n, here,                                         \
                                      swe_riemann(SOLVER, h[here], h[above], hv[here], hv[above],  \
                                                  hu[here], hu[above], b[here], b[above]));        \
            }                                                                                      \
        }                                                                                          \
    }

void swe_omptarget_net_updates(const swe_omptarget_grid *grid, swe_omptarget_state state,
                               const real *b, swe_omptarget_edges edges)
{
    const int nx = grid->nx, ny = grid->ny, stride = grid->stride, device = grid->device;
    const size_t n = grid->values, planes = SWE_NET_UPDATE_PLANES * n;
    const real *h = state.h, *hu = state.hu, *hv = state.hv;
    real *vertical = edges.vertical, *horizontal = edges.horizontal;
    switch (grid->solver) {
    case SWE_SOLVER_HLLE:
        NET_UPDATES_LOOP(SWE_SOLVER_HLLE)
        break;
    case SWE_SOLVER_RUSANOV:
        NET_UPDATES_LOOP(SWE_SOLVER_RUSANOV)
        break;
    case SWE_SOLVER_AUGRIE:
        NET_UPDATES_LOOP(SWE_SOLVER_AUGRIE)
        break;
    default:
        NET_UPDATES_LOOP(SWE_SOLVER_FWAVE)
        break;
    }
}
/* Iteration (i, j) over the interior: cell (i, j) of `to` from its four
 * edges, each solved from `from` as the edge loop solves it. */
#define FUSED_LOOP(SOLVER)                                                                         \
    _Pragma("omp target teams distribute parallel for simd collapse(2) device(device) \
        map(to : h[0 : n], hu[0 : n], hv[0 : n], b[0 : n]) \
        map(from : new_h[0 : n], new_hu[0 : n], new_hv[0 : n]) reduction(max : max_speed)") for (  \
        int j = 1; j <= ny; ++j)                                                                   \
    {                                                                                              \
        for (int i = 1; i <= nx; ++i) {                                                            \
            const size_t here = (size_t)j * (size_t)stride + (size_t)i;                            \
            const size_t west = here - 1, east = here + 1;                                         \
            const size_t south = here - (size_t)stride, north = here + (size_t)stride;             \
            const swe_net_updates left = swe_riemann(SOLVER, h[west], h[here], hu[west], hu[here], \
                                                     hv[west], hv[here], b[west], b[here]);        \
            const swe_net_updates right =                                                          \
                swe_riemann(SOLVER, h[here], h[east], hu[here], hu[east], hv[here], hv[east],      \
                            b[here], b[east]);                                                     \
            const swe_net_updates below =                                                          \
                swe_riemann(SOLVER, h[south], h[here], hv[south], hv[here], hu[south], hu[here],   \
                            b[south], b[here]);                                                    \
            const swe_net_updates above =                                                          \
                swe_riemann(SOLVER, h[here], h[north], hv[here], hv[north], hu[here], hu[north],   \
                            b[here], b[north]);                                                    \
            const swe_cell cell =                                                                  \
                swe_manning_friction(swe_update_from_edges(h[here], hu[here], hv[here], dt_dx,     \
                                                           dt_dy, left, right, below, above),      \
                                     dt, manning);                                                 \
            new_h[here] = cell.h;                                                                  \
            new_hu[here] = cell.hu;                                                                \
            new_hv[here] = cell.hv;                                                                \
            max_speed = swe_max_bits(                                                              \
                max_speed, swe_speed_to_bits(swe_cell_wave_speed(cell.h, cell.hu, cell.hv)));      \
        }                                                                                          \
    }

real swe_omptarget_fused_step(const swe_omptarget_grid *grid, swe_omptarget_state from,
                              const real *b, swe_omptarget_state to, real dt)
{
    const int nx = grid->nx, ny = grid->ny, stride = grid->stride, device = grid->device;
    const size_t n = grid->values;
    const real dt_dx = dt / grid->dx, dt_dy = dt / grid->dy, manning = grid->manning;
    const real *h = from.h, *hu = from.hu, *hv = from.hv;
    real *new_h = to.h, *new_hu = to.hu, *new_hv = to.hv;
    swe_speed_bits max_speed = 0;
    switch (grid->solver) {
    case SWE_SOLVER_HLLE:
        FUSED_LOOP(SWE_SOLVER_HLLE)
        break;
    case SWE_SOLVER_RUSANOV:
        FUSED_LOOP(SWE_SOLVER_RUSANOV)
        break;
    case SWE_SOLVER_AUGRIE:
        FUSED_LOOP(SWE_SOLVER_AUGRIE)
        break;
    default:
        FUSED_LOOP(SWE_SOLVER_FWAVE)
        break;
    }
    return swe_speed_from_bits(max_speed);
}
