/* Unit tests of the Riemann solvers on states with known answers. */
#include "shallow_water/cell_update.h"
#include "shallow_water/riemann.h"
#include "shallow_water/solver_names.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>

typedef struct edge_state {
    real h_l, h_r, hn_l, hn_r, ht_l, ht_r, b_l, b_r;
} edge_state;

static swe_net_updates solve(int solver, edge_state s)
{
    return swe_riemann(solver, s.h_l, s.h_r, s.hn_l, s.hn_r, s.ht_l, s.ht_r, s.b_l, s.b_r);
}

/* A spread of wet states, flat and sloping, slow and supercritical. */
static const edge_state wet_states[] = {
    {5, 5, 0, 0, 0, 0, 0, 0},      {10, 2, 0, 0, 0, 0, 0, 0},      {2, 10, 3, -4, 1, -2, 0, 0},
    {1, 1.5, 20, 25, 3, 0, 0, 0},  {1, 1.5, -20, -25, 0, 2, 0, 0}, {4, 3, 2, -1, 0.5, 0.5, 0, 0},
    {0.5, 7, 0.1, 3, -1, 1, 0, 0}, {3, 3, 6, -6, 0, 0, 0, 0},
};
enum { WET_STATE_COUNT = sizeof wet_states / sizeof wet_states[0] };

static int close_to(double value, double expected, double scale)
{
    return fabs(value - expected) <= 64 * SWE_TEST_EPSILON * (fabs(scale) + 1.0);
}

static void test_rest_gives_no_updates(void)
{
    for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
        swe_net_updates u = solve(solver, (edge_state){5, 5, 0, 0, 1, 1, -2, -2});
        CU_ASSERT_EQUAL(u.h_left, 0);
        CU_ASSERT_EQUAL(u.h_right, 0);
        CU_ASSERT_EQUAL(u.hn_left, 0);
        CU_ASSERT_EQUAL(u.hn_right, 0);
        CU_ASSERT_EQUAL(u.ht_left, 0);
        CU_ASSERT_EQUAL(u.ht_right, 0);
        CU_ASSERT(u.max_speed > 0);
    }
}

/* Water at rest over a step of the bed: f-wave balances it exactly. */
static void test_fwave_lake_at_rest_is_exact(void)
{
    const edge_state steps[] = {
        {5, 3, 0, 0, 0, 0, -5, -3}, {3, 5, 0, 0, 0, 0, -3, -5}, {0.25, 8, 0, 0, 0, 0, 7.75, 0}};
    for (unsigned s = 0; s < sizeof steps / sizeof steps[0]; ++s) {
        swe_net_updates u = solve(SWE_SOLVER_FWAVE, steps[s]);
        CU_ASSERT_EQUAL(u.h_left, 0);
        CU_ASSERT_EQUAL(u.h_right, 0);
        CU_ASSERT_EQUAL(u.hn_left, 0);
        CU_ASSERT_EQUAL(u.hn_right, 0);
    }
}

/* The flux solvers balance water at rest up to round-off. */
static void test_flux_solvers_lake_at_rest(void)
{
    const edge_state step = {5, 3, 0, 0, 0, 0, -5, -3};
    for (int solver = SWE_SOLVER_HLLE; solver <= SWE_SOLVER_RUSANOV; ++solver) {
        swe_net_updates u = solve(solver, step);
        CU_ASSERT(close_to(u.h_left, 0, 0));
        CU_ASSERT(close_to(u.h_right, 0, 0));
        CU_ASSERT(close_to(u.hn_left, 0, SWE_GRAVITY * 25));
        CU_ASSERT(close_to(u.hn_right, 0, SWE_GRAVITY * 25));
    }
}

/* On a flat bed the two updates add up to the jump in the physical flux. */
static void test_conservation(void)
{
    for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
        for (int s = 0; s < WET_STATE_COUNT; ++s) {
            edge_state e = wet_states[s];
            swe_net_updates u = solve(solver, e);
            double u_l = e.hn_l / e.h_l, u_r = e.hn_r / e.h_r;
            double flux_h = e.hn_r - e.hn_l;
            double flux_hn = (e.hn_r * u_r + 0.5 * SWE_GRAVITY * e.h_r * e.h_r) -
                             (e.hn_l * u_l + 0.5 * SWE_GRAVITY * e.h_l * e.h_l);
            double flux_ht = e.hn_r * e.ht_r / e.h_r - e.hn_l * e.ht_l / e.h_l;
            double scale = 0.5 * SWE_GRAVITY * 100 + 25 * 25;
            CU_ASSERT(close_to(u.h_left + u.h_right, flux_h, scale));
            CU_ASSERT(close_to(u.hn_left + u.hn_right, flux_hn, scale));
            CU_ASSERT(close_to(u.ht_left + u.ht_right, flux_ht, scale));
        }
    }
}

/* Mirroring the edge swaps the sides and flips the normal direction. */
static void test_mirror_symmetry(void)
{
    for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
        for (int s = 0; s < WET_STATE_COUNT; ++s) {
            edge_state e = wet_states[s];
            edge_state m = {e.h_r, e.h_l, -e.hn_r, -e.hn_l, e.ht_r, e.ht_l, e.b_r, e.b_l};
            swe_net_updates u = solve(solver, e), v = solve(solver, m);
            double scale = 0.5 * SWE_GRAVITY * 100 + 25 * 25;
            CU_ASSERT(close_to(v.h_left, u.h_right, scale));
            CU_ASSERT(close_to(v.h_right, u.h_left, scale));
            CU_ASSERT(close_to(v.hn_left, -u.hn_right, scale));
            CU_ASSERT(close_to(v.hn_right, -u.hn_left, scale));
            CU_ASSERT(close_to(v.ht_left, u.ht_right, scale));
            CU_ASSERT(close_to(v.ht_right, u.ht_left, scale));
            CU_ASSERT(close_to(v.max_speed, u.max_speed, 30));
        }
    }
}

/* Flow faster than the waves sends everything downstream. */
static void test_supercritical_flow_is_upwind(void)
{
    const int upwind_solvers[] = {SWE_SOLVER_FWAVE, SWE_SOLVER_HLLE, SWE_SOLVER_AUGRIE};
    for (unsigned k = 0; k < sizeof upwind_solvers / sizeof upwind_solvers[0]; ++k) {
        int solver = upwind_solvers[k];
        swe_net_updates u = solve(solver, (edge_state){1, 1.5, 20, 25, 3, 0, 0, 0});
        CU_ASSERT_EQUAL(u.h_left, 0);
        CU_ASSERT_EQUAL(u.hn_left, 0);
        CU_ASSERT_EQUAL(u.ht_left, 0);
        CU_ASSERT(u.h_right != 0);
    }
}

static void test_both_dry_is_silent(void)
{
    for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
        swe_net_updates u = solve(solver, (edge_state){0, 0, 0, 0, 0, 0, 1, 2});
        CU_ASSERT_EQUAL(u.h_left, 0);
        CU_ASSERT_EQUAL(u.h_right, 0);
        CU_ASSERT_EQUAL(u.hn_left, 0);
        CU_ASSERT_EQUAL(u.hn_right, 0);
        CU_ASSERT_EQUAL(u.max_speed, 0);
    }
}

/* Dry ground above the water surface is a wall: no water crosses. */
static void test_dry_high_ground_is_a_wall(void)
{
    for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
        swe_net_updates u = solve(solver, (edge_state){2, 0, 3, 0, 0, 0, 0, 5});
        CU_ASSERT(close_to(u.h_right, 0, 1));
        CU_ASSERT(close_to(3 + u.h_left, 0, 1)); /* mass flux through the edge */
        swe_net_updates v = solve(solver, (edge_state){0, 2, 0, -3, 0, 0, 5, 0});
        CU_ASSERT(close_to(v.h_left, 0, 1));
        CU_ASSERT(close_to(-3 - v.h_right, 0, 1));
    }
}

/* Water next to a dry bed, advanced with the time-step rule at CFL 0.5
 * through one edge, never leaves a negative depth on either side. */
static void test_no_negative_depth_next_to_dry_cells(void)
{
    const edge_state fronts[] = {
        {10, 0, 0, 0, 0, 0, 0, 0},   {0, 10, 0, 0, 0, 0, 0, 0},   {1, 0, 5, 0, 0, 0, 0, 0},
        {1, 0, -5, 0, 0, 0, 0, 0},   {0, 1, 0, 5, 0, 0, 0, 0},    {2, 0.0005, 1, 0, 1, 0, 0, 0},
        {3, 0, 0, 0, 0, 0, -1, 0.5}, {0, 3, 0, 0, 0, 0, 0.5, -1}, {0.01, 0, 0.05, 0, 0, 0, 0, 0},
    };
    for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
        for (unsigned f = 0; f < sizeof fronts / sizeof fronts[0]; ++f) {
            edge_state e = fronts[f];
            swe_net_updates u = solve(solver, e);
            real speed = SWE_FMAX(swe_cell_wave_speed(e.h_l, e.hn_l, e.ht_l),
                                  swe_cell_wave_speed(e.h_r, e.hn_r, e.ht_r));
            real dt_dx = (real)0.5 / speed;
            CU_ASSERT(e.h_l - dt_dx * u.h_left >= 0);
            CU_ASSERT(e.h_r - dt_dx * u.h_right >= 0);
            CU_ASSERT(isfinite(u.hn_left) && isfinite(u.hn_right));
        }
    }
}

/* The augmented solver keeps water at rest over a step exactly at rest,
 * like the f-wave solver whose pressure-plus-step term it shares. */
static void test_augrie_lake_at_rest_is_exact(void)
{
    const edge_state steps[] = {{5, 3, 0, 0, 0, 0, -5, -3},
                                {3, 5, 0, 0, 0, 0, -3, -5},
                                {0.25, 8, 0, 0, 0, 0, 7.75, 0},
                                {0.5, 0, 0, 0, 0, 0, -0.5, 1}};
    for (unsigned s = 0; s < sizeof steps / sizeof steps[0]; ++s) {
        swe_net_updates u = solve(SWE_SOLVER_AUGRIE, steps[s]);
        CU_ASSERT_EQUAL(u.h_left, 0);
        CU_ASSERT_EQUAL(u.h_right, 0);
        CU_ASSERT_EQUAL(u.hn_left, 0);
        CU_ASSERT_EQUAL(u.hn_right, 0);
    }
}

/* Water next to a dry bed at the same level: a dam break onto dry land.
 * The front moves into the dry cell at u + 2c; only the wet side loses
 * water and the mass flux is the same seen from both sides. (The momentum
 * that the first step gives the dry cell is that of George's three waves,
 * whose corrector points against the flow there; it is not asserted.) */
static void test_augrie_dry_right(void)
{
    const real h = 2;
    swe_net_updates u = solve(SWE_SOLVER_AUGRIE, (edge_state){h, 0, 0, 0, 0, 0, 0, 0});
    real front = (real)2 * SWE_SQRT(SWE_GRAVITY * h);
    CU_ASSERT(close_to(u.max_speed, front, front));
    CU_ASSERT(u.h_left > 0);  /* the left cell loses water ... */
    CU_ASSERT(u.h_right < 0); /* ... the right cell gains it */
    CU_ASSERT(close_to(u.h_left + u.h_right, 0, 1));
    /* The momentum updates add up to the jump in g h^2 / 2. */
    CU_ASSERT(close_to(u.hn_left + u.hn_right, -0.5 * SWE_GRAVITY * h * h, SWE_GRAVITY * h * h));
}

static void test_augrie_dry_left(void)
{
    const real h = 2;
    swe_net_updates u = solve(SWE_SOLVER_AUGRIE, (edge_state){0, h, 0, 0, 0, 0, 0, 0});
    swe_net_updates m = solve(SWE_SOLVER_AUGRIE, (edge_state){h, 0, 0, 0, 0, 0, 0, 0});
    CU_ASSERT(u.h_right > 0); /* the wet right cell loses water */
    CU_ASSERT(u.h_left < 0);  /* the dry left cell gains it */
    CU_ASSERT(close_to(u.h_left, m.h_right, 1));
    CU_ASSERT(close_to(u.hn_left, -m.hn_right, SWE_GRAVITY * h * h));
}

/* Two dry cells on a slope, and a film below the dry tolerance with
 * momentum left in it: nothing moves, no speed. */
static void test_augrie_both_dry(void)
{
    const edge_state dry[] = {
        {0, 0, 0, 0, 0, 0, 0, 3},
        {0.5 * SWE_DRY_TOLERANCE, 0.2 * SWE_DRY_TOLERANCE, 0.01, -0.01, 0, 0, 1, 0}};
    for (unsigned d = 0; d < sizeof dry / sizeof dry[0]; ++d) {
        swe_net_updates u = solve(SWE_SOLVER_AUGRIE, dry[d]);
        CU_ASSERT_EQUAL(u.h_left, 0);
        CU_ASSERT_EQUAL(u.h_right, 0);
        CU_ASSERT_EQUAL(u.hn_left, 0);
        CU_ASSERT_EQUAL(u.hn_right, 0);
        CU_ASSERT_EQUAL(u.ht_left, 0);
        CU_ASSERT_EQUAL(u.ht_right, 0);
        CU_ASSERT_EQUAL(u.max_speed, 0);
    }
}

/* Water running at a dry step that it cannot overtop reflects as from a
 * wall: the same updates as against the mirror image of itself, and none
 * for the dry cell. Fast enough, the same water overtops a lower step. */
static void test_augrie_wall_against_dry_step(void)
{
    swe_net_updates wall = solve(SWE_SOLVER_AUGRIE, (edge_state){2, 0, 3, 0, 1, 0, 0, 4});
    swe_net_updates mirror = solve(SWE_SOLVER_AUGRIE, (edge_state){2, 2, 3, -3, 1, 1, 0, 0});
    CU_ASSERT_EQUAL(wall.h_left, mirror.h_left);
    CU_ASSERT_EQUAL(wall.hn_left, mirror.hn_left);
    CU_ASSERT_EQUAL(wall.h_right, 0);
    CU_ASSERT_EQUAL(wall.hn_right, 0);
    CU_ASSERT_EQUAL(wall.ht_right, 0);
    CU_ASSERT(close_to(3 + wall.h_left, 0, 1)); /* no mass through the wall */

    /* 2 m of water at 8 m/s piles up higher than 2.2 m against a wall:
     * a dry step of 2.2 m is overtopped, and the dry cell gains water. */
    swe_net_updates overtop = solve(SWE_SOLVER_AUGRIE, (edge_state){2, 0, 16, 0, 0, 0, 0, 2.2});
    CU_ASSERT(overtop.h_right < 0);
    CU_ASSERT(overtop.h_left > -16);
    /* Water at rest below the step does not. */
    swe_net_updates rest = solve(SWE_SOLVER_AUGRIE, (edge_state){2, 0, 0, 0, 0, 0, 0, 2.2});
    CU_ASSERT_EQUAL(rest.h_left, 0);
    CU_ASSERT_EQUAL(rest.h_right, 0);
    CU_ASSERT_EQUAL(rest.hn_right, 0);
}

/* A film on a ledge above the deep side's surface, running off towards
 * it at speed v, after a step at Courant number 1/2 (of the edge's and
 * both cells' speeds): no faster than water that fell from the ledge with
 * that speed, sqrt(v^2 + 2 g drop), give or take a quarter (measured: up
 * to 6 % over for f-wave, 18 % for augrie, whose wave speeds are the deep
 * side's). f-wave, with the whole step in its momentum jump, gave a film
 * at rest 2150 m/s in one step, one at 6 m/s 192 m/s; on Thacker's bowl
 * (7 x 5 cells) a film went from 6 to 68 m/s in seven steps, each one
 * setting dt. */
static void test_film_running_off_a_ledge_keeps_its_speed(void)
{
    const double deep = 0.064, deep_bed = -0.0673, ledge = 0.0306;
    const double films[] = {2 * SWE_DRY_TOLERANCE, 3e-6, 1e-4, 2.4e-4, 0.01};
    const double speeds[] = {0, 1, 6};
    const double drop = ledge - (deep + deep_bed);
    for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
        for (unsigned f = 0; f < sizeof films / sizeof films[0]; ++f) {
            for (unsigned v = 0; v < sizeof speeds / sizeof speeds[0]; ++v) {
                for (int film_right = 0; film_right <= 1; ++film_right) {
                    /* Towards the deep side: negative when the film is right. */
                    double film_hu = (film_right ? -1 : 1) * speeds[v] * films[f];
                    edge_state s = {(real)(film_right ? deep : films[f]),
                                    (real)(film_right ? films[f] : deep),
                                    (real)(film_right ? 0 : film_hu),
                                    (real)(film_right ? film_hu : 0),
                                    0,
                                    0,
                                    (real)(film_right ? deep_bed : ledge),
                                    (real)(film_right ? ledge : deep_bed)};
                    swe_net_updates u = solve(solver, s);
                    double speed = fmax(u.max_speed, swe_cell_wave_speed(s.h_l, s.hn_l, 0));
                    speed = fmax(speed, swe_cell_wave_speed(s.h_r, s.hn_r, 0));
                    double dt_dx = 0.5 / speed;
                    double h = films[f] - dt_dx * (film_right ? u.h_right : u.h_left);
                    double hu = film_hu - dt_dx * (film_right ? u.hn_right : u.hn_left);
                    double bound = 1.25 * sqrt(speeds[v] * speeds[v] + 2 * SWE_GRAVITY * drop);
                    CU_ASSERT(h > 0 && fabs(hu) <= bound * h);
                    if (!(fabs(hu) <= bound * h)) {
                        printf("\n    %s, film %g m at %g m/s: %.3g m/s after one step ",
                               swe_solver_name((enum swe_solver)solver), films[f], speeds[v],
                               hu / h);
                    }
                }
            }
        }
    }
}

void register_riemann_tests(void)
{
    CU_pSuite suite = CU_add_suite("riemann", NULL, NULL);
    swe_test_require_registered(suite, "suite riemann");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"equal states at rest give no updates", test_rest_gives_no_updates},
        {"f-wave keeps a lake at rest exactly", test_fwave_lake_at_rest_is_exact},
        {"hlle and rusanov keep a lake at rest", test_flux_solvers_lake_at_rest},
        {"updates add up to the flux jump", test_conservation},
        {"mirrored edge gives mirrored updates", test_mirror_symmetry},
        {"supercritical flow is upwind", test_supercritical_flow_is_upwind},
        {"two dry cells exchange nothing", test_both_dry_is_silent},
        {"dry high ground is a wall", test_dry_high_ground_is_a_wall},
        {"no negative depth next to dry cells", test_no_negative_depth_next_to_dry_cells},
        {"augrie keeps a lake at rest exactly", test_augrie_lake_at_rest_is_exact},
        {"augrie: dry right, front at u + 2c", test_augrie_dry_right},
        {"augrie: dry left mirrors dry right", test_augrie_dry_left},
        {"augrie: both dry exchange nothing", test_augrie_both_dry},
        {"augrie: wall against a dry step, overtopping", test_augrie_wall_against_dry_step},
        {"a film running off a ledge keeps its speed",
         test_film_running_off_a_ledge_keeps_its_speed},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
