/* Hostile submission (exercise 20): the reference kernels with their
 * `#pragma omp target ...` lines removed: plain host loops, the right
 * numbers on the host fall-back, no target region, nothing mapped.
 * Honestly earned: the numbers, not the directives. */
/* Reference kernels of the OpenMP target backend that students write: the
 * ghost layers, the update with its max reduction, and the max wave speed.
 * Each is the loop of the CUDA backend's kernel of the same name, one
 * iteration per cell, with `#pragma omp target teams distribute parallel
 * for simd` in front: the teams take blocks of iterations, their threads
 * the iterations of a block, and `simd` their lanes (GCC runs an OpenMP
 * thread as one warp of an NVIDIA GPU and gives work to its 32 lanes only
 * in a simd loop). The map clauses name what each loop reads and writes;
 * arrays the plumbing keeps on the device are found there and not copied.
 * The update and the friction come from common/, as for every backend. */
#include "backends/omptarget/cartesian/omptarget_kernels.h"
#include "cartesian/grid/boundary.h"
#include "cartesian/numerics/edge_updates.h"
#include "shallow_water/friction.h"
#include "shallow_water/speed_bits.h"

void swe_omptarget_ghost_layers(const swe_omptarget_grid *grid, swe_omptarget_state state, real *b)
{
    const int nx = grid->nx, ny = grid->ny, stride = grid->stride, device = grid->device;
    const int wall_edges = grid->wall_edges, derived_edges = grid->derived_edges;
    const int longest = nx > ny ? nx : ny;
    const size_t n = grid->values;
    real *h = state.h, *hu = state.hu, *hv = state.hv;
    for (int k = 1; k <= longest; ++k) {
        swe_fill_ghosts(h, hu, hv, b, nx, ny, stride, wall_edges, derived_edges, k);
    }
}

real swe_omptarget_update(const swe_omptarget_grid *grid, swe_omptarget_state state, real dt,
                          swe_omptarget_edges edges)
{
    const int nx = grid->nx, ny = grid->ny, stride = grid->stride, device = grid->device;
    const size_t n = grid->values, planes = SWE_NET_UPDATE_PLANES * n;
    const real dt_dx = dt / grid->dx, dt_dy = dt / grid->dy, manning = grid->manning;
    real *h = state.h, *hu = state.hu, *hv = state.hv;
    const real *vertical = edges.vertical, *horizontal = edges.horizontal;
    swe_speed_bits max_speed = 0;
    for (int j = 1; j <= ny; ++j) {
        for (int i = 1; i <= nx; ++i) {
            const size_t here = (size_t)j * (size_t)stride + (size_t)i;
            swe_net_updates left, right, below, above;
            SWE_LOAD_NET_UPDATES(left, vertical, n, here - 1);
            SWE_LOAD_NET_UPDATES(right, vertical, n, here);
            SWE_LOAD_NET_UPDATES(below, horizontal, n, here - (size_t)stride);
            SWE_LOAD_NET_UPDATES(above, horizontal, n, here);
            const swe_cell cell =
                swe_manning_friction(swe_update_from_edges(h[here], hu[here], hv[here], dt_dx,
                                                           dt_dy, left, right, below, above),
                                     dt, manning);
            h[here] = cell.h;
            hu[here] = cell.hu;
            hv[here] = cell.hv;
            max_speed = swe_max_bits(
                max_speed, swe_speed_to_bits(swe_cell_wave_speed(cell.h, cell.hu, cell.hv)));
        }
    }
    return swe_speed_from_bits(max_speed);
}

real swe_omptarget_max_wave_speed(const swe_omptarget_grid *grid, swe_omptarget_state state)
{
    const int nx = grid->nx, ny = grid->ny, stride = grid->stride, device = grid->device;
    const size_t n = grid->values;
    const real *h = state.h, *hu = state.hu, *hv = state.hv;
    swe_speed_bits max_speed = 0;
    for (int j = 1; j <= ny; ++j) {
        for (int i = 1; i <= nx; ++i) {
            const size_t here = (size_t)j * (size_t)stride + (size_t)i;
            max_speed = swe_max_bits(
                max_speed, swe_speed_to_bits(swe_cell_wave_speed(h[here], hu[here], hv[here])));
        }
    }
    return swe_speed_from_bits(max_speed);
}
