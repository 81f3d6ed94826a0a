/* Reference kernels of the serial backend. Each loop calls a solver that
 * is a compile-time constant (the switches below pick the loop), so that
 * the compiler inlines and vectorises it; `restrict` and `ivdep` tell it
 * that the edge rows and the state arrays do not overlap, and
 * `omp simd reduction(max: ...)` lets it vectorise the loops that also
 * find the fastest wave. Every array a loop touches is a local pointer:
 * a pointer read through a struct inside the loop would be reloaded after
 * each store and stop the vectoriser. */
#include "backends/serial/cartesian/serial_kernels.h"

#include "cartesian/numerics/solver_sides.h"
#include "shallow_water/cell_update.h"
#include "shallow_water/friction.h"
#include "shallow_water/speed_bits.h"

#define SWE_ALWAYS_INLINE static inline __attribute__((always_inline))

/* The edge row as restrict pointers, for the loops that write it. */
typedef struct edge_row_view {
    real *restrict h_left, *restrict h_right;
    real *restrict hn_left, *restrict hn_right;
    real *restrict ht_left, *restrict ht_right;
    real *restrict fallback;
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
    edge_row_view view = {edges->h_left,  edges->h_right,  edges->hn_left, edges->hn_right,
                          edges->ht_left, edges->ht_right, edges->fallback};
    return view;
}

/* A side row as restrict pointers: read through the struct inside a loop,
 * they would be reloaded after every store. */
typedef struct side_row_view {
    const real *restrict h, *restrict hn, *restrict ht, *restrict b;
    real *restrict u, *restrict v, *restrict c, *restrict root;
} side_row_view;

SWE_ALWAYS_INLINE side_row_view sides_view_of(const swe_side_row *row)
{
    side_row_view view = {row->h, row->hn, row->ht, row->b, row->u, row->v, row->c, row->root};
    return view;
}

SWE_ALWAYS_INLINE swe_fwave_side side_at(const side_row_view *row, int i)
{
    swe_fwave_side side = {row->h[i], row->hn[i], row->ht[i], row->b[i],
                           row->u[i], row->v[i],  row->c[i],  row->root[i]};
    return side;
}

SWE_ALWAYS_INLINE void row_sides_with(const swe_block *block, int j, const int solver,
                                      swe_side_row *row)
{
    row->h = block->h + SWE_INDEX(block, 0, j);
    row->hn = block->hu + SWE_INDEX(block, 0, j);
    row->ht = block->hv + SWE_INDEX(block, 0, j);
    row->b = block->b + SWE_INDEX(block, 0, j);
    if (solver != SWE_SOLVER_FWAVE) {
        return; /* the other solvers read the state only */
    }
    const side_row_view sides = sides_view_of(row);
#pragma GCC ivdep
    for (int i = 0; i <= block->nx + 1; ++i) {
        swe_fwave_side side = swe_fwave_side_of(sides.h[i], sides.hn[i], sides.ht[i], sides.b[i]);
        sides.u[i] = side.u;
        sides.v[i] = side.v;
        sides.c[i] = side.c;
        sides.root[i] = side.root;
    }
}

/* 1 if no cell first..last of a row is dry (a NaN depth counts as wet, as
 * in the solver's own test): the f-wave solver may then be told so. */
SWE_ALWAYS_INLINE int row_is_wet(const real *restrict h, int first, int last)
{
    int dry = 0;
#pragma omp simd reduction(+ : dry)
    for (int i = first; i <= last; ++i) {
        dry += h[i] < SWE_DRY_TOLERANCE;
    }
    return dry == 0;
}

/* known_wet: 1, a constant, where every cell of the row is wet, so that
 * the f-wave solver drops its dry and wall cases (same results). */
SWE_ALWAYS_INLINE void vertical_edges_with(const swe_side_row *row, int nx, const int solver,
                                           const int known_wet, swe_edge_row *edge_row)
{
    const side_row_view cells = sides_view_of(row);
    const edge_row_view edges = view_of(edge_row);
    /* BEGIN SOLUTION: loop over the vertical edges e = 0..nx of the row, between cells e and e+1
     * (side_at(&cells, e) and side_at(&cells, e + 1)): solve each with
     * swe_riemann_sides_deferred(solver, left, right, known_wet, &edges.fallback[e]) and store
     * its updates */
#pragma GCC ivdep
    for (int e = 0; e <= nx; ++e) {
        swe_net_updates updates = swe_riemann_sides_deferred(
            solver, side_at(&cells, e), side_at(&cells, e + 1), known_wet, &edges.fallback[e]);
        store_updates(&edges, e, updates);
    }
    /* END SOLUTION */
    for (int e = 0; e <= nx; ++e) {
        if (edges.fallback[e] != (real)0) {
            store_updates(&edges, e,
                          swe_riemann_sides(solver, side_at(&cells, e), side_at(&cells, e + 1)));
        }
    }
}

SWE_ALWAYS_INLINE void horizontal_edges_with(const swe_side_row *lower_row,
                                             const swe_side_row *upper_row, int nx,
                                             const int solver, const int known_wet,
                                             swe_edge_row *edge_row)
{
    const side_row_view lower = sides_view_of(lower_row), upper = sides_view_of(upper_row);
    const edge_row_view edges = view_of(edge_row);
    /* BEGIN SOLUTION: loop over the nx edges between cell i of the lower row and cell i of the
     * upper row (i = 1..nx, slot i-1); hv is their normal momentum: turn both sides with
     * swe_fwave_transposed; solve and store as in the vertical edges (the flag at slot i-1) */
#pragma GCC ivdep
    for (int i = 1; i <= nx; ++i) {
        swe_net_updates updates = swe_riemann_sides_deferred(
            solver, swe_fwave_transposed(side_at(&lower, i)),
            swe_fwave_transposed(side_at(&upper, i)), known_wet, &edges.fallback[i - 1]);
        store_updates(&edges, i - 1, updates);
    }
    /* END SOLUTION */
    for (int i = 1; i <= nx; ++i) {
        if (edges.fallback[i - 1] != (real)0) {
            store_updates(&edges, i - 1,
                          swe_riemann_sides(solver, swe_fwave_transposed(side_at(&lower, i)),
                                            swe_fwave_transposed(side_at(&upper, i))));
        }
    }
}

/* The edges of a solver known at compile time; the f-wave solver's in a
 * second instance for rows known to be wet: with its dry and wall cases
 * dropped, a step takes about a fifth less time. */
SWE_ALWAYS_INLINE void vertical_edges_of(const swe_side_row *row, int nx, const int solver,
                                         swe_edge_row *edges)
{
    if (solver == SWE_SOLVER_FWAVE && row_is_wet(row->h, 0, nx + 1)) {
        vertical_edges_with(row, nx, solver, 1, edges);
    } else {
        vertical_edges_with(row, nx, solver, 0, edges);
    }
}

SWE_ALWAYS_INLINE void horizontal_edges_of(const swe_side_row *lower, const swe_side_row *upper,
                                           int nx, const int solver, swe_edge_row *edges)
{
    if (solver == SWE_SOLVER_FWAVE && row_is_wet(lower->h, 1, nx) && row_is_wet(upper->h, 1, nx)) {
        horizontal_edges_with(lower, upper, nx, solver, 1, edges);
    } else {
        horizontal_edges_with(lower, upper, nx, solver, 0, edges);
    }
}

/* Each kernel below runs the loop of a solver known at compile time. */
#define SWE_FOR_SOLVER(solver, call_with)                                                          \
    switch (solver) {                                                                              \
    case SWE_SOLVER_HLLE:                                                                          \
        call_with(SWE_SOLVER_HLLE);                                                                \
        break;                                                                                     \
    case SWE_SOLVER_RUSANOV:                                                                       \
        call_with(SWE_SOLVER_RUSANOV);                                                             \
        break;                                                                                     \
    case SWE_SOLVER_AUGRIE:                                                                        \
        call_with(SWE_SOLVER_AUGRIE);                                                              \
        break;                                                                                     \
    default:                                                                                       \
        call_with(SWE_SOLVER_FWAVE);                                                               \
        break;                                                                                     \
    }

void swe_serial_row_sides(const swe_block *block, int j, enum swe_solver solver,
                          swe_side_row *sides)
{
#define SWE_ROW_SIDES(constant) row_sides_with(block, j, constant, sides)
    SWE_FOR_SOLVER(solver, SWE_ROW_SIDES)
#undef SWE_ROW_SIDES
}

void swe_serial_vertical_edges(const swe_side_row *row, int nx, enum swe_solver solver,
                               swe_edge_row *edges)
{
#define SWE_VERTICAL(constant) vertical_edges_of(row, nx, constant, edges)
    SWE_FOR_SOLVER(solver, SWE_VERTICAL)
#undef SWE_VERTICAL
}

void swe_serial_horizontal_edges(const swe_side_row *lower, const swe_side_row *upper, int nx,
                                 enum swe_solver solver, swe_edge_row *edges)
{
#define SWE_HORIZONTAL(constant) horizontal_edges_of(lower, upper, nx, constant, edges)
    SWE_FOR_SOLVER(solver, SWE_HORIZONTAL)
#undef SWE_HORIZONTAL
}

void swe_serial_edges_between_rows(const swe_block *block, int j, enum swe_solver solver,
                                   swe_side_row scratch[2], swe_edge_row *edges)
{
    swe_serial_row_sides(block, j, solver, &scratch[0]);
    swe_serial_row_sides(block, j + 1, solver, &scratch[1]);
    swe_serial_horizontal_edges(&scratch[0], &scratch[1], block->nx, solver, edges);
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
