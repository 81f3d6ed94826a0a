/* How the serial backend makes the kernels of serial_kernels.h out of the
 * three plain row loops of serial/cartesian/serial_kernels.c (exercise 01),
 * at full speed, so that the exercise's file holds the loops alone:
 * - a row reaches a loop as a view (swe_side_view, swe_edge_view,
 *   swe_cell_view): a struct of `restrict` pointers passed by value, which
 *   tells the compiler that the arrays do not overlap, so that it keeps
 *   the pointers in registers and vectorises the loops;
 * - SWE_SERIAL_ROW_KERNELS, at the end of that file, defines each kernel
 *   with one copy of its loop per solver (SWE_PER_SOLVER): the solver is
 *   a constant in each copy, so the compiler inlines that solver alone.
 *   The f-wave solver has a second copy for rows whose cells are all wet
 *   (known_wet 1: its dry and wall cases dropped, a fifth less time per
 *   step); the update without friction has a copy of its own, which
 *   vectorises (friction's cube root has no vector form);
 * - after each edge loop, the few edges that the f-wave solver's vector
 *   form left to its fallback (the `fallback` flags) are solved again in
 *   full (serial_rows.c);
 * - after the update, the row's max wave speed in a loop of its own, while
 *   the row is in cache (swe_row_max_speed).
 * The loops of the exercise need no pragma: with the views, GCC 12
 * vectorises them as they are (docs/RESULTS.md, "Vectorisation report").
 * exercises/01-serial-net-updates/README.md explains it to students. */
#ifndef SWE_SERIAL_ROW_LOOPS_H
#define SWE_SERIAL_ROW_LOOPS_H

#include "backends/serial/cartesian/serial_kernels.h"
#include "cartesian/numerics/solver_sides.h"
#include "shallow_water/cell_update.h"
#include "shallow_water/friction.h"
#include "shallow_water/speed_bits.h"

/* A row loop and its helpers: inlined wherever they are called, so that
 * the constants of each copy reach the solver. */
#define SWE_ROW_LOOP static inline __attribute__((always_inline))

/* The cells of a side row (swe_side_row), read by the edge loops. */
typedef struct swe_side_view {
    const real *restrict h, *restrict hn, *restrict ht, *restrict b;
    const real *restrict u, *restrict v, *restrict c, *restrict root;
} swe_side_view;

/* An edge row (swe_edge_row). */
typedef struct swe_edge_view {
    real *restrict h_left, *restrict h_right;
    real *restrict hn_left, *restrict hn_right;
    real *restrict ht_left, *restrict ht_right;
    real *restrict fallback;
} swe_edge_view;

/* The interior cells of a row of the block, from cell (1, j). */
typedef struct swe_cell_view {
    real *restrict h, *restrict hu, *restrict hv;
} swe_cell_view;

SWE_ROW_LOOP swe_side_view swe_side_view_of(const swe_side_row *row)
{
    swe_side_view view = {row->h, row->hn, row->ht, row->b, row->u, row->v, row->c, row->root};
    return view;
}

SWE_ROW_LOOP swe_edge_view swe_edge_view_of(const swe_edge_row *row)
{
    swe_edge_view view = {row->h_left,  row->h_right,  row->hn_left, row->hn_right,
                          row->ht_left, row->ht_right, row->fallback};
    return view;
}

SWE_ROW_LOOP swe_cell_view swe_cell_view_of(swe_block *block, int j)
{
    swe_cell_view view = {block->h + SWE_INDEX(block, 1, j), block->hu + SWE_INDEX(block, 1, j),
                          block->hv + SWE_INDEX(block, 1, j)};
    return view;
}

/* Cell i of a side row, as a side of its vertical edges. */
SWE_ROW_LOOP swe_fwave_side swe_side_at(const swe_side_view *row, int i)
{
    swe_fwave_side side = {row->h[i], row->hn[i], row->ht[i], row->b[i],
                           row->u[i], row->v[i],  row->c[i],  row->root[i]};
    return side;
}

/* Writes one edge's net updates into slot e of an edge row. */
SWE_ROW_LOOP void swe_store_updates(const swe_edge_view *edges, int e, swe_net_updates updates)
{
    edges->h_left[e] = updates.h_left;
    edges->h_right[e] = updates.h_right;
    edges->hn_left[e] = updates.hn_left;
    edges->hn_right[e] = updates.hn_right;
    edges->ht_left[e] = updates.ht_left;
    edges->ht_right[e] = updates.ht_right;
}

/* The max wave speed of the nx cells of a row, from the cell at h, hu, hv.
 * Apart from the Euler update, so that the update stays a plain loop:
 * GCC vectorises this max reduction only as an `omp simd` one. */
SWE_ROW_LOOP real swe_row_max_speed(const real *restrict h, const real *restrict hu,
                                    const real *restrict hv, int nx)
{
    swe_speed_bits max_speed = 0;
#pragma omp simd reduction(max : max_speed)
    for (int i = 0; i < nx; ++i) {
        swe_speed_bits speed = swe_speed_to_bits(swe_cell_wave_speed(h[i], hu[i], hv[i]));
        max_speed = max_speed > speed ? max_speed : speed;
    }
    return swe_speed_from_bits(max_speed);
}

/* 1 if no cell first..last of a row is dry (a NaN depth counts as wet, as
 * in the solver's own test): the f-wave solver may then be told so. */
SWE_ROW_LOOP int swe_row_is_wet(const real *restrict h, int first, int last)
{
    int dry = 0;
#pragma omp simd reduction(+ : dry)
    for (int i = first; i <= last; ++i) {
        dry += h[i] < SWE_DRY_TOLERANCE;
    }
    return dry == 0;
}

/* Solve again, in full, the edges of a row that an f-wave edge loop
 * flagged in `fallback` (serial_rows.c; the other solvers flag none). */
void swe_serial_vertical_fallbacks(const swe_side_row *row, int nx, swe_edge_row *edges);
void swe_serial_horizontal_fallbacks(const swe_side_row *lower, const swe_side_row *upper, int nx,
                                     swe_edge_row *edges);

/* loop(..., solver, known_wet) with the solver a constant; the f-wave
 * solver's with known_wet 1 where the expression all_wet holds, the
 * others' with 0. */
#define SWE_PER_SOLVER(solver, all_wet, loop, ...)                                                 \
    switch (solver) {                                                                              \
    case SWE_SOLVER_HLLE:                                                                          \
        loop(__VA_ARGS__, SWE_SOLVER_HLLE, 0);                                                     \
        break;                                                                                     \
    case SWE_SOLVER_RUSANOV:                                                                       \
        loop(__VA_ARGS__, SWE_SOLVER_RUSANOV, 0);                                                  \
        break;                                                                                     \
    case SWE_SOLVER_AUGRIE:                                                                        \
        loop(__VA_ARGS__, SWE_SOLVER_AUGRIE, 0);                                                   \
        break;                                                                                     \
    default:                                                                                       \
        if (all_wet) {                                                                             \
            loop(__VA_ARGS__, SWE_SOLVER_FWAVE, 1);                                                \
        } else {                                                                                   \
            loop(__VA_ARGS__, SWE_SOLVER_FWAVE, 0);                                                \
        }                                                                                          \
        break;                                                                                     \
    }

/* The kernels swe_serial_vertical_edges, swe_serial_horizontal_edges and
 * swe_serial_update_row (serial_kernels.h) from the loops
 *   void vertical(swe_side_view cells, int nx, swe_edge_view edges,
 *                 int solver, int known_wet);
 *   void horizontal(swe_side_view lower, swe_side_view upper, int nx,
 *                   swe_edge_view edges, int solver, int known_wet);
 *   void update(swe_cell_view cells, int nx, real dt, real dt_dx, real dt_dy,
 *               real manning, swe_edge_view x, swe_edge_view y_below,
 *               swe_edge_view y_above, int friction);
 * each a SWE_ROW_LOOP. */
#define SWE_SERIAL_ROW_KERNELS(vertical, horizontal, update)                                       \
    void swe_serial_vertical_edges(const swe_side_row *row, int nx, enum swe_solver solver,        \
                                   swe_edge_row *edges)                                            \
    {                                                                                              \
        SWE_PER_SOLVER(solver, swe_row_is_wet(row->h, 0, nx + 1), vertical, swe_side_view_of(row), \
                       nx, swe_edge_view_of(edges))                                                \
        swe_serial_vertical_fallbacks(row, nx, edges);                                             \
    }                                                                                              \
                                                                                                   \
    void swe_serial_horizontal_edges(const swe_side_row *lower, const swe_side_row *upper, int nx, \
                                     enum swe_solver solver, swe_edge_row *edges)                  \
    {                                                                                              \
        SWE_PER_SOLVER(solver, swe_row_is_wet(lower->h, 1, nx) && swe_row_is_wet(upper->h, 1, nx), \
                       horizontal, swe_side_view_of(lower), swe_side_view_of(upper), nx,           \
                       swe_edge_view_of(edges))                                                    \
        swe_serial_horizontal_fallbacks(lower, upper, nx, edges);                                  \
    }                                                                                              \
                                                                                                   \
    real swe_serial_update_row(swe_block *block, int j, real dt, real manning,                     \
                               const swe_edge_row *vertical, const swe_edge_row *below,            \
                               const swe_edge_row *above)                                          \
    {                                                                                              \
        const swe_cell_view cells = swe_cell_view_of(block, j);                                    \
        const real dt_dx = dt / block->dx, dt_dy = dt / block->dy;                                 \
        const swe_edge_view x = swe_edge_view_of(vertical), y_below = swe_edge_view_of(below),     \
                            y_above = swe_edge_view_of(above);                                     \
        if (manning == (real)0) {                                                                  \
            update(cells, block->nx, dt, dt_dx, dt_dy, manning, x, y_below, y_above, 0);           \
        } else {                                                                                   \
            update(cells, block->nx, dt, dt_dx, dt_dy, manning, x, y_below, y_above, 1);           \
        }                                                                                          \
        return swe_row_max_speed(cells.h, cells.hu, cells.hv, block->nx);                          \
    }

#endif
