/* Reference kernels of the serial backend. Each loop calls a solver that
 * is a compile-time constant (the switches below pick the loop), so that
 * the compiler inlines and vectorises it; `restrict` and `ivdep` tell it
 * that the edge rows and the state arrays do not overlap, and
 * `omp simd reduction(max: ...)` lets it vectorise the loops that also
 * find the fastest wave. Every array a loop touches is a local pointer:
 * a pointer read through a struct inside the loop would be reloaded after
 * each store and stop the vectoriser. */
#include "serial_kernels.h"

#include "numerics/cell_update.h"
#include "numerics/friction.h"
#include "numerics/speed_bits.h"

#define SWE_ALWAYS_INLINE static inline __attribute__((always_inline))

/* The edge row as restrict pointers, for the loops that write it. */
typedef struct edge_row_view {
    real *restrict h_left, *restrict h_right;
    real *restrict hn_left, *restrict hn_right;
    real *restrict ht_left, *restrict ht_right;
} edge_row_view;

SWE_ALWAYS_INLINE void store_updates(const edge_row_view *edges, int e, swe_net_updates updates)
{
    edges->h_left[e] = updates.h_left;
    edges->h_right[e] = updates.h_right;
    edges->hn_left[e] = updates.hn_left;
    edges->hn_right[e] = updates.hn_right;
    edges->ht_left[e] = updates.ht_left;
    edges->ht_right[e] = updates.ht_right;
}

SWE_ALWAYS_INLINE edge_row_view view_of(swe_edge_row *edges)
{
    edge_row_view view = {edges->h_left,   edges->h_right, edges->hn_left,
                          edges->hn_right, edges->ht_left, edges->ht_right};
    return view;
}

SWE_ALWAYS_INLINE void vertical_edges_with(const swe_block *block, int j, const int solver,
                                           swe_edge_row *row)
{
    const real *restrict h = block->h + SWE_INDEX(block, 0, j);
    const real *restrict hu = block->hu + SWE_INDEX(block, 0, j);
    const real *restrict hv = block->hv + SWE_INDEX(block, 0, j);
    const real *restrict b = block->b + SWE_INDEX(block, 0, j);
    const edge_row_view edges = view_of(row);
    /* BEGIN SOLUTION: loop over the vertical edges e = 0..nx of the row, between cells e and e+1;
     * hu is the normal momentum, hv the transverse one */
#pragma GCC ivdep
    for (int e = 0; e <= block->nx; ++e) {
        swe_net_updates updates =
            swe_riemann(solver, h[e], h[e + 1], hu[e], hu[e + 1], hv[e], hv[e + 1], b[e], b[e + 1]);
        store_updates(&edges, e, updates);
    }
    /* END SOLUTION */
}

SWE_ALWAYS_INLINE void horizontal_edges_with(const swe_block *block, int j, const int solver,
                                             swe_edge_row *row)
{
    const real *restrict h = block->h + SWE_INDEX(block, 1, j);
    const real *restrict hu = block->hu + SWE_INDEX(block, 1, j);
    const real *restrict hv = block->hv + SWE_INDEX(block, 1, j);
    const real *restrict b = block->b + SWE_INDEX(block, 1, j);
    const int above = block->stride; /* offset of the cell above */
    const edge_row_view edges = view_of(row);
    /* BEGIN SOLUTION: loop over the nx edges between rows j and j+1; hv is the normal momentum */
#pragma GCC ivdep
    for (int i = 0; i < block->nx; ++i) {
        swe_net_updates updates = swe_riemann(solver, h[i], h[i + above], hv[i], hv[i + above],
                                              hu[i], hu[i + above], b[i], b[i + above]);
        store_updates(&edges, i, updates);
    }
    /* END SOLUTION */
}

void swe_serial_vertical_edges(const swe_block *block, int j, enum swe_solver solver,
                               swe_edge_row *edges)
{
    switch (solver) {
    case SWE_SOLVER_HLLE:
        vertical_edges_with(block, j, SWE_SOLVER_HLLE, edges);
        break;
    case SWE_SOLVER_RUSANOV:
        vertical_edges_with(block, j, SWE_SOLVER_RUSANOV, edges);
        break;
    case SWE_SOLVER_AUGRIE:
        vertical_edges_with(block, j, SWE_SOLVER_AUGRIE, edges);
        break;
    default:
        vertical_edges_with(block, j, SWE_SOLVER_FWAVE, edges);
        break;
    }
}

void swe_serial_horizontal_edges(const swe_block *block, int j, enum swe_solver solver,
                                 swe_edge_row *edges)
{
    switch (solver) {
    case SWE_SOLVER_HLLE:
        horizontal_edges_with(block, j, SWE_SOLVER_HLLE, edges);
        break;
    case SWE_SOLVER_RUSANOV:
        horizontal_edges_with(block, j, SWE_SOLVER_RUSANOV, edges);
        break;
    case SWE_SOLVER_AUGRIE:
        horizontal_edges_with(block, j, SWE_SOLVER_AUGRIE, edges);
        break;
    default:
        horizontal_edges_with(block, j, SWE_SOLVER_FWAVE, edges);
        break;
    }
}

/* The update of a row; `friction` is a constant, so that the loop without
 * friction vectorises (friction's cube root has no vector form). */
SWE_ALWAYS_INLINE real update_row_with(swe_block *block, int j, real dt, real manning,
                                       const swe_edge_row *vertical, const swe_edge_row *below,
                                       const swe_edge_row *above, const int friction)
{
    const real dt_dx = dt / block->dx;
    const real dt_dy = dt / block->dy;
    real *restrict h = block->h + SWE_INDEX(block, 1, j);
    real *restrict hu = block->hu + SWE_INDEX(block, 1, j);
    real *restrict hv = block->hv + SWE_INDEX(block, 1, j);
    const swe_edge_row x = *vertical, y_below = *below, y_above = *above;
    swe_speed_bits max_speed = 0;
    /* BEGIN SOLUTION: cell i (0-based in the row) gets the right-side updates of vertical edge i
     * and of the edge below, and the left-side updates of vertical edge i+1 and of the edge above;
     * then, if friction, bed friction (swe_manning_friction) */
#pragma omp simd reduction(max : max_speed)
    for (int i = 0; i < block->nx; ++i) {
        swe_cell cell = swe_euler_update(
            h[i], hu[i], hv[i], dt_dx, dt_dy, x.h_right[i] + x.h_left[i + 1],
            x.hn_right[i] + x.hn_left[i + 1], x.ht_right[i] + x.ht_left[i + 1],
            y_below.h_right[i] + y_above.h_left[i], y_below.ht_right[i] + y_above.ht_left[i],
            y_below.hn_right[i] + y_above.hn_left[i]);
        if (friction) {
            cell = swe_manning_friction(cell, dt, manning);
        }
        h[i] = cell.h;
        hu[i] = cell.hu;
        hv[i] = cell.hv;
        swe_speed_bits speed = swe_speed_to_bits(swe_cell_wave_speed(cell.h, cell.hu, cell.hv));
        max_speed = max_speed > speed ? max_speed : speed;
    }
    /* END SOLUTION */
    return swe_speed_from_bits(max_speed);
}

real swe_serial_update_row(swe_block *block, int j, real dt, real manning,
                           const swe_edge_row *vertical, const swe_edge_row *below,
                           const swe_edge_row *above)
{
    return manning == (real)0 ? update_row_with(block, j, dt, manning, vertical, below, above, 0)
                              : update_row_with(block, j, dt, manning, vertical, below, above, 1);
}

real swe_serial_row_wave_speed(const swe_block *block, int j)
{
    const real *restrict h = block->h + SWE_INDEX(block, 1, j);
    const real *restrict hu = block->hu + SWE_INDEX(block, 1, j);
    const real *restrict hv = block->hv + SWE_INDEX(block, 1, j);
    swe_speed_bits max_speed = 0;
#pragma omp simd reduction(max : max_speed)
    for (int i = 0; i < block->nx; ++i) {
        swe_speed_bits speed = swe_speed_to_bits(swe_cell_wave_speed(h[i], hu[i], hv[i]));
        max_speed = max_speed > speed ? max_speed : speed;
    }
    return swe_speed_from_bits(max_speed);
}
