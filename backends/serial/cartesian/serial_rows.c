/* The serial kernels that no exercise writes (serial_kernels.h): the side
 * rows, the max wave speed of a row, the edges between two rows of the
 * block, and the edges the edge loops left to the f-wave solver's fallback
 * (serial_row_loops.h). */
#include "backends/serial/cartesian/serial_row_loops.h"

void swe_serial_row_sides(const swe_block *block, int j, enum swe_solver solver,
                          swe_side_row *sides)
{
    sides->h = block->h + SWE_INDEX(block, 0, j);
    sides->hn = block->hu + SWE_INDEX(block, 0, j);
    sides->ht = block->hv + SWE_INDEX(block, 0, j);
    sides->b = block->b + SWE_INDEX(block, 0, j);
    if (solver != SWE_SOLVER_FWAVE) {
        return; /* the other solvers read the state only */
    }
    const real *restrict h = sides->h, *restrict hn = sides->hn, *restrict ht = sides->ht,
                         *restrict b = sides->b;
    real *restrict u = sides->u, *restrict v = sides->v, *restrict c = sides->c,
                   *restrict root = sides->root;
#pragma GCC ivdep
    for (int i = 0; i <= block->nx + 1; ++i) {
        swe_fwave_side side = swe_fwave_side_of(h[i], hn[i], ht[i], b[i]);
        u[i] = side.u;
        v[i] = side.v;
        c[i] = side.c;
        root[i] = side.root;
    }
}

void swe_serial_edges_between_rows(const swe_block *block, int j, enum swe_solver solver,
                                   swe_side_row scratch[2], swe_edge_row *edges)
{
    swe_serial_row_sides(block, j, solver, &scratch[0]);
    swe_serial_row_sides(block, j + 1, solver, &scratch[1]);
    swe_serial_horizontal_edges(&scratch[0], &scratch[1], block->nx, solver, edges);
}

real swe_serial_row_wave_speed(const swe_block *block, int j)
{
    return swe_row_max_speed(block->h + SWE_INDEX(block, 1, j), block->hu + SWE_INDEX(block, 1, j),
                             block->hv + SWE_INDEX(block, 1, j), block->nx);
}

/* 1 if any of the n flags is set: most rows have none, and this vector
 * loop is cheaper than the scan that finds them. */
static int any_flagged(const real *restrict flags, int n)
{
    int flagged = 0;
#pragma omp simd reduction(+ : flagged)
    for (int i = 0; i < n; ++i) {
        flagged += flags[i] != (real)0;
    }
    return flagged != 0;
}

void swe_serial_vertical_fallbacks(const swe_side_row *row, int nx, swe_edge_row *edges)
{
    if (!any_flagged(edges->fallback, nx + 1)) {
        return;
    }
    const swe_side_view cells = swe_side_view_of(row);
    const swe_edge_view out = swe_edge_view_of(edges);
    for (int e = 0; e <= nx; ++e) {
        if (out.fallback[e] != (real)0) {
            swe_store_updates(&out, e,
                              swe_riemann_sides(SWE_SOLVER_FWAVE, swe_side_at(&cells, e),
                                                swe_side_at(&cells, e + 1)));
        }
    }
}

void swe_serial_horizontal_fallbacks(const swe_side_row *lower, const swe_side_row *upper, int nx,
                                     swe_edge_row *edges)
{
    if (!any_flagged(edges->fallback, nx)) {
        return;
    }
    const swe_side_view below = swe_side_view_of(lower), above = swe_side_view_of(upper);
    const swe_edge_view out = swe_edge_view_of(edges);
    for (int i = 1; i <= nx; ++i) {
        if (out.fallback[i - 1] != (real)0) {
            swe_store_updates(&out, i - 1,
                              swe_riemann_sides(SWE_SOLVER_FWAVE,
                                                swe_fwave_transposed(swe_side_at(&below, i)),
                                                swe_fwave_transposed(swe_side_at(&above, i))));
        }
    }
}
