/* Whole runs of the serial backend: well-balancedness, conservation,
 * symmetry, and convergence to the analytic dam-break solutions; and its
 * edge loops against the solver called edge by edge. */
#include "backends/serial/cartesian/serial_kernels.h"
#include "cartesian/grid/stepping.h"
#include "cartesian/numerics/solver_sides.h"
#include "shallow_water/dam_break_exact.h"
#include "tests/cartesian/backend_run.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;

/* A scenario's block on the serial backend, ready to step. */
static void start(const char *scenario, int nx, int ny, enum swe_solver solver, swe_test_run *run)
{
    const swe_test_case c = {scenario, nx, ny, solver, 0, 0};
    swe_test_start(run, &swe_cartesian_serial_backend, &c);
}

static void test_lake_at_rest_stays_at_rest(void)
{
    for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
        swe_test_run run;
        start("lake-at-rest", 60, 50, solver, &run);
        const swe_block *block = &run.block;
        swe_test_take_steps(&run, 200);
        double max_momentum = 0, max_surface_change = 0;
        for (int j = 1; j <= block->ny; ++j) {
            for (int i = 1; i <= block->nx; ++i) {
                size_t c = SWE_INDEX(block, i, j);
                max_momentum = fmax(max_momentum, fmax(fabs(block->hu[c]), fabs(block->hv[c])));
                max_surface_change = fmax(max_surface_change, fabs(block->h[c] + block->b[c]));
            }
        }
        /* Round-off of depths near 10 m, carried by g * h * dt. */
        CU_ASSERT(max_momentum < 1.0e5 * SWE_TEST_EPSILON);
        CU_ASSERT(max_surface_change < 1.0e3 * SWE_TEST_EPSILON * 10);
        swe_test_stop(&run);
    }
}

static void test_mass_is_conserved_with_walls(void)
{
    const char *scenarios[] = {"radial-dam-break", "bump-dam-break"};
    for (int s = 0; s < 2; ++s) {
        for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
            swe_test_run run;
            start(scenarios[s], 64, 48, solver, &run);
            const swe_block *block = &run.block;
            double initial = swe_block_volume(block);
            swe_test_take_steps(&run, 300);
            double drift = fabs(swe_block_volume(block) - initial) / initial;
            /* Each step rounds every depth once: a random walk of eps-sized errors. */
            CU_ASSERT(drift < 50 * SWE_TEST_EPSILON);
            swe_test_stop(&run);
        }
    }
}

/* The radial dam break on a square grid is symmetric under x <-> y. */
static void test_radial_dam_break_is_symmetric(void)
{
    swe_test_run run;
    start("radial-dam-break", 40, 40, SWE_SOLVER_FWAVE, &run);
    const swe_block *block = &run.block;
    swe_test_take_steps(&run, 60);
    double max_difference = 0;
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            size_t c = SWE_INDEX(block, i, j), t = SWE_INDEX(block, j, i);
            max_difference = fmax(max_difference, fabs(block->h[c] - block->h[t]));
            max_difference = fmax(max_difference, fabs(block->hu[c] - block->hv[t]));
        }
    }
    CU_ASSERT(max_difference < 1.0e4 * SWE_TEST_EPSILON * 15);
    CU_ASSERT(block->h[SWE_INDEX(block, 20, 20)] != 15); /* the wave has moved */
    swe_test_stop(&run);
}

/* L1 error of the depth against the exact dam break at the clock's time. */
static double dam_break_error(const swe_block *block, const swe_dam_break_exact *exact, double t,
                              double *min_depth)
{
    double error = 0;
    *min_depth = INFINITY;
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            double h_exact, u_exact;
            swe_dam_break_exact_eval(exact, swe_block_cell_x(block, i), t, &h_exact, &u_exact);
            double h = block->h[SWE_INDEX(block, i, j)];
            error += fabs(h - h_exact) * block->dx;
            *min_depth = fmin(*min_depth, h);
        }
    }
    return error / block->ny;
}

static void check_convergence(const char *scenario_name, double h_right, double initial_volume)
{
    const int resolutions[] = {100, 200, 400};
    for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
        double errors[3];
        for (int r = 0; r < 3; ++r) {
            swe_test_run run;
            swe_error err;
            start(scenario_name, resolutions[r], 2, solver, &run);
            const swe_block *block = &run.block;
            swe_test_advance_to(&run, 20.0);
            swe_dam_break_exact exact;
            CU_ASSERT_EQUAL_FATAL(swe_dam_break_exact_init(&exact, 10, h_right, 500, &err), SWE_OK);
            double min_depth;
            errors[r] = dam_break_error(block, &exact, run.clock.t, &min_depth);
            CU_ASSERT(min_depth >= 0);
            swe_test_stop(&run);
        }
        CU_ASSERT(errors[1] < errors[0]);
        CU_ASSERT(errors[2] < errors[1]);
        /* First order with a shock or a dry front converges at about 0.6 to
         * 0.8 (measured for all three solvers); require more than 0.5. */
        CU_ASSERT(log2(errors[0] / errors[2]) / 2 > 0.5);
        /* At 400 cells the error is below 2 % of the water volume. */
        CU_ASSERT(errors[2] < 0.02 * initial_volume);
    }
}

static void test_stoker_converges(void)
{
    check_convergence("dam-break-1d-wet", 2, 10 * 500 + 2 * 500);
}

static void test_ritter_converges(void)
{
    check_convergence("dam-break-1d-dry", 0, 10 * 500);
}

/* 1 if the six net updates of slot e of an edge row have the bits of
 * `expected`. */
static int edge_has_bits(const swe_edge_row *edges, int e, swe_net_updates expected)
{
    const real got[] = {edges->h_left[e],   edges->h_right[e], edges->hn_left[e],
                        edges->hn_right[e], edges->ht_left[e], edges->ht_right[e]};
    const real want[] = {expected.h_left,   expected.h_right, expected.hn_left,
                         expected.hn_right, expected.ht_left, expected.ht_right};
    return memcmp(got, want, sizeof got) == 0;
}

/* Cell i of a side row, as the loops read it. */
static swe_fwave_side side_in(const swe_side_row *row, int i)
{
    swe_fwave_side side = {row->h[i], row->hn[i], row->ht[i], row->b[i],
                           row->u[i], row->v[i],  row->c[i],  row->root[i]};
    return side;
}

/* The f-wave loops of rows 1 and 2 of a block against swe_riemann_sides
 * edge by edge, bit for bit. */
static void check_edge_loops(const swe_block *block)
{
    const size_t length = (size_t)block->nx + 2;
    real *storage = malloc((3 * SWE_SIDE_ROW_ARRAYS + SWE_EDGE_ROW_ARRAYS) * length * sizeof(real));
    CU_ASSERT_PTR_NOT_NULL_FATAL(storage);
    swe_side_row rows[3];
    for (int r = 0; r < 3; ++r) {
        rows[r] = swe_side_row_in(storage + (size_t)r * SWE_SIDE_ROW_ARRAYS * length, length);
        swe_serial_row_sides(block, r + 1, SWE_SOLVER_FWAVE, &rows[r]);
    }
    swe_edge_row edges = swe_edge_row_in(storage + 3 * SWE_SIDE_ROW_ARRAYS * length, length);
    int differing = 0;
    for (int r = 0; r < 2; ++r) {
        swe_serial_vertical_edges(&rows[r], block->nx, SWE_SOLVER_FWAVE, &edges);
        for (int e = 0; e <= block->nx; ++e) {
            swe_net_updates solved =
                swe_riemann_sides(SWE_SOLVER_FWAVE, side_in(&rows[r], e), side_in(&rows[r], e + 1));
            differing += !edge_has_bits(&edges, e, solved);
        }
        swe_serial_horizontal_edges(&rows[r], &rows[r + 1], block->nx, SWE_SOLVER_FWAVE, &edges);
        for (int i = 1; i <= block->nx; ++i) {
            swe_net_updates solved =
                swe_riemann_sides(SWE_SOLVER_FWAVE, swe_fwave_transposed(side_in(&rows[r], i)),
                                  swe_fwave_transposed(side_in(&rows[r + 1], i)));
            differing += !edge_has_bits(&edges, i - 1, solved);
        }
    }
    CU_ASSERT_EQUAL(differing, 0);
    free(storage);
}

/* The loops solve rows whose cells are all wet with the solver told so
 * (its dry and wall cases dropped): the same bits as the whole solver,
 * and rows with a dry cell, beside a wall or a flooding front, must not
 * take that path. */
static void test_edge_loops_match_the_solver_wet_or_dry(void)
{
    swe_block block;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(&block, 37, 3, 0, 0, 37, 3, &err), SWE_OK);
    unsigned state = 12345u;
    for (size_t c = 0; c < (size_t)(block.nx + 2) * (size_t)(block.ny + 2); ++c) {
        real unit[4];
        for (int k = 0; k < 4; ++k) {
            state = state * 1664525u + 1013904223u;
            unit[k] = (real)(state >> 8) / (real)(1u << 24);
        }
        block.h[c] = (real)0.5 + 4 * unit[0];
        block.hu[c] = 6 * unit[1] - 3;
        block.hv[c] = 6 * unit[2] - 3;
        block.b[c] = unit[3] - 1;
    }
    check_edge_loops(&block);
    /* Row 2 gets a dry cell whose bed stands above its neighbours'
     * surfaces (a wall), and a dry cell on a low bed (a flooding front). */
    size_t wall = SWE_INDEX(&block, 11, 2), front = SWE_INDEX(&block, 25, 2);
    block.h[wall] = 0;
    block.hu[wall] = block.hv[wall] = 0;
    block.b[wall] = 20;
    block.h[front] = 0;
    block.hu[front] = block.hv[front] = 0;
    check_edge_loops(&block);
    swe_block_destroy(&block);
}

void register_serial_tests(void)
{
    CU_pSuite suite = CU_add_suite("serial", NULL, NULL);
    swe_test_require_registered(suite, "suite serial");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"lake at rest stays at rest", test_lake_at_rest_stays_at_rest},
        {"mass is conserved with walls", test_mass_is_conserved_with_walls},
        {"radial dam break is symmetric", test_radial_dam_break_is_symmetric},
        {"Stoker wet dam break converges", test_stoker_converges},
        {"Ritter dry dam break converges", test_ritter_converges},
        {"edge loops match the solver, wet or dry", test_edge_loops_match_the_solver_wet_or_dry},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
