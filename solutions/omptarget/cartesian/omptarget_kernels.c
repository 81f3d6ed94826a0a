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
    /* BEGIN SOLUTION: (1) the ghost layers on the device. Iteration k (1..longest) fills ghost k
     * of every WALL and OUTFLOW edge: swe_fill_ghosts(h, hu, hv, b, nx, ny, stride, wall_edges,
     * derived_edges, k). Put `#pragma omp target teams distribute parallel for simd` in front of
     * the loop, with device(device) and map(tofrom: ...) of the four arrays, n values each
     * (h[0:n]). */
#pragma omp target teams distribute parallel for simd device(device)                               \
    map(tofrom                                                                                     \
        : h [0:n], hu [0:n], hv [0:n], b [0:n])
    for (int k = 1; k <= longest; ++k) {
        swe_fill_ghosts(h, hu, hv, b, nx, ny, stride, wall_edges, derived_edges, k);
    }
    /* END SOLUTION */
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
    /* BEGIN SOLUTION: (2) the update and the max reduction. Put `#pragma omp target teams
     * distribute parallel for simd collapse(2)` in front of the two loops over the interior, with
     * device(device), map(tofrom: ...) of the state, map(to: ...) of the two edge arrays (planes
     * values each) and reduction(max : max_speed): each thread keeps its own max, and OpenMP
     * combines them, across the teams too. Cell here = j * stride + i takes its edges left
     * (vertical, here - 1), right (vertical, here), below (horizontal, here - stride) and above
     * (horizontal, here) with SWE_LOAD_NET_UPDATES, swe_update_from_edges, then
     * swe_manning_friction(cell, dt, manning); max_speed takes the bits of its new
     * swe_cell_wave_speed (swe_speed_to_bits, swe_max_bits). */
#pragma omp target teams distribute parallel for simd collapse(2) device(device)                   \
    map(tofrom                                                                                     \
        : h [0:n], hu [0:n], hv [0:n]) map(to                                                      \
                                           : vertical [0:planes], horizontal [0:planes])           \
        reduction(max                                                                              \
                  : max_speed)
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
    /* END SOLUTION */
    return swe_speed_from_bits(max_speed);
}

real swe_omptarget_max_wave_speed(const swe_omptarget_grid *grid, swe_omptarget_state state)
{
    const int nx = grid->nx, ny = grid->ny, stride = grid->stride, device = grid->device;
    const size_t n = grid->values;
    const real *h = state.h, *hu = state.hu, *hv = state.hv;
    swe_speed_bits max_speed = 0;
    /* BEGIN SOLUTION: (3) the max wave speed. The same two loops over the interior as (2), reading
     * only: map(to: ...) of the state and reduction(max : max_speed) of the bits of each cell's
     * swe_cell_wave_speed(h[here], hu[here], hv[here]). */
#pragma omp target teams distribute parallel for simd collapse(2) device(device)                   \
    map(to                                                                                         \
        : h [0:n], hu [0:n], hv [0:n]) reduction(max                                               \
                                                 : max_speed)
    for (int j = 1; j <= ny; ++j) {
        for (int i = 1; i <= nx; ++i) {
            const size_t here = (size_t)j * (size_t)stride + (size_t)i;
            max_speed = swe_max_bits(
                max_speed, swe_speed_to_bits(swe_cell_wave_speed(h[here], hu[here], hv[here])));
        }
    }
    /* END SOLUTION */
    return swe_speed_from_bits(max_speed);
}
