/* The augmented solver against George (2008): a small reference written
 * from the paper in double precision (its own Einfeldt speeds, its own
 * exact middle state, the steady wave of the linearised Bernoulli
 * relation, the 3 x 3 wave system solved by Cramer's rule), the solver's
 * first step of the 10 | 2 m dam break against it and against the figures
 * GeoClaw's implementation gives, and the properties the paper proves:
 * exact for the lake at rest, non-negative depths, Einfeldt's bounds. */
#include "cartesian/scenarios/validation.h"
#include "shallow_water/riemann.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>

static const double gravity = 9.81;

typedef struct reference_waves {
    double speed[3];
    double left_h, left_hu, right_h, right_hu; /* A-dQ and A+dQ */
} reference_waves;

/* Velocity change across the wave from depth h to h_star (Toro's f_K). */
static double wave_curve(double h_star, double h)
{
    if (h_star > h) {
        return (h_star - h) * sqrt(0.5 * gravity * (h_star + h) / (h_star * h));
    }
    return 2 * (sqrt(gravity * h_star) - sqrt(gravity * h));
}

/* Middle depth of the flat-bed Riemann problem, by bisection to the end. */
static double exact_middle_depth(double h_l, double h_r, double u_l, double u_r)
{
    double low = 0, high = 100 * (h_l + h_r) + 100;
    for (int k = 0; k < 200; ++k) {
        double mid = 0.5 * (low + high);
        double f = wave_curve(mid, h_l) + wave_curve(mid, h_r) + (u_r - u_l);
        *(f > 0 ? &high : &low) = mid;
    }
    return 0.5 * (low + high);
}

/* George's solver for two wet sides (no dry state, no wall). */
static reference_waves george_reference(double h_l, double h_r, double hu_l, double hu_r,
                                        double b_l, double b_r)
{
    double u_l = hu_l / h_l, u_r = hu_r / h_r;
    double c_l = sqrt(gravity * h_l), c_r = sqrt(gravity * h_r);
    double u_hat = (sqrt(h_l) * u_l + sqrt(h_r) * u_r) / (sqrt(h_l) + sqrt(h_r));
    double c_hat = sqrt(gravity * 0.5 * (h_l + h_r));
    double h_m = exact_middle_depth(h_l, h_r, u_l, u_r);
    double c_m = sqrt(gravity * h_m);
    double s1m = u_l - wave_curve(h_m, h_l) - c_m, s2m = u_r + wave_curve(h_m, h_r) + c_m;
    double s1 = fmin(fmin(u_l - c_l, u_hat - c_hat), s2m);
    double s3 = fmax(fmax(u_r + c_r, u_hat + c_hat), s1m);

    /* Steady wave: (u^2 - g h) dh = g h db, and -g h_tilde db in phi. */
    double db = b_r - b_l, h_bar = 0.5 * (h_l + h_r);
    double bar = pow(0.5 * (u_l + u_r), 2) - gravity * h_bar;
    double tilde = fmax(0, u_l * u_r) - gravity * h_bar;
    double steady_h = db * gravity * h_bar / bar;
    double steady_phi = -db * gravity * h_bar * tilde / bar;
    double h_hll = (hu_l - hu_r + s3 * h_r - s1 * h_l) / (s3 - s1);
    if (s1 < 0 && s3 > 0) { /* both middle depths non-negative */
        steady_h = fmax(fmin(steady_h, h_hll * (s3 - s1) / s3), h_hll * (s3 - s1) / s1);
    }
    steady_phi = fmax(fmin(steady_phi, gravity * fmax(-h_l * db, -h_r * db)),
                      gravity * fmin(-h_l * db, -h_r * db));
    double phi_l = hu_l * u_l + 0.5 * gravity * h_l * h_l;
    double phi_r = hu_r * u_r + 0.5 * gravity * h_r * h_r;
    double jump[3] = {h_r - h_l - steady_h, hu_r - hu_l, phi_r - phi_l - steady_phi};

    /* Columns (1, s1, s1^2), (0, 0, 1), (1, s3, s3^2); Cramer's rule. */
    double m[3][3] = {{1, 0, 1}, {s1, 0, s3}, {s1 * s1, 1, s3 * s3}};
    double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                 m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                 m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    double beta[3];
    for (int k = 0; k < 3; ++k) {
        double a[3][3];
        for (int r = 0; r < 3; ++r) {
            for (int c = 0; c < 3; ++c) {
                a[r][c] = c == k ? jump[r] : m[r][c];
            }
        }
        beta[k] = (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
                   a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
                   a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])) /
                  det;
    }
    reference_waves waves = {{s1, 0.5 * (s1 + s3), s3}, 0, 0, 0, 0};
    for (int p = 0; p < 3; ++p) {
        /* f-waves: (beta s, beta s^2) for the acoustic waves, (0, beta) for the corrector */
        double mass = p == 1 ? 0 : beta[p] * waves.speed[p];
        double momentum = p == 1 ? beta[p] : beta[p] * waves.speed[p] * waves.speed[p];
        double left = waves.speed[p] < 0 ? 1 : (waves.speed[p] > 0 ? 0 : 0.5);
        waves.left_h += left * mass;
        waves.left_hu += left * momentum;
        waves.right_h += (1 - left) * mass;
        waves.right_hu += (1 - left) * momentum;
    }
    return waves;
}

#ifdef SWE_PRECISION_DOUBLE
#define REFERENCE_TOLERANCE 1e-12
#else
#define REFERENCE_TOLERANCE 2e-5
#endif

static int near(double value, double expected, double scale)
{
    return fabs(value - expected) <= REFERENCE_TOLERANCE * (fabs(scale) + 1);
}

/* The 10 | 2 m dam break on 1000 cells of 1 m, one step of 0.04 s: cells
 * 499 and 500 (0-based) beside the dam against the reference, and against
 * GeoClaw's riemann_aug_JCP (h 8.6166 / 3.3834, hu 8.22 / 10.61). */
static void test_first_step_of_the_dam_break(void)
{
    swe_error err;
    swe_block block;
    long steps;
    CU_ASSERT_EQUAL_FATAL(swe_validation_run("dam-break-1d-wet", "serial", 1000, 1,
                                             SWE_SOLVER_AUGRIE, 0.0, 0.04, &block, &steps, &err),
                          SWE_OK);
    CU_ASSERT_EQUAL(steps, 1);
    reference_waves waves = george_reference(10, 2, 0, 0, 0, 0);
    const double dt_dx = 0.04 / (double)block.dx;
    size_t left = SWE_INDEX(&block, 500, 1), right = SWE_INDEX(&block, 501, 1);
    CU_ASSERT(near(block.h[left], 10 - dt_dx * waves.left_h, 10));
    CU_ASSERT(near(block.hu[left], -dt_dx * waves.left_hu, 10));
    CU_ASSERT(near(block.h[right], 2 - dt_dx * waves.right_h, 10));
    CU_ASSERT(near(block.hu[right], -dt_dx * waves.right_hu, 10));
    CU_ASSERT(fabs(block.h[left] - 8.6166) < 5e-5 && fabs(block.h[right] - 3.3834) < 5e-5);
    CU_ASSERT(fabs(block.hu[left] - 8.22) < 5e-3 && fabs(block.hu[right] - 10.61) < 5e-3);
    /* Einfeldt's speeds, not the middle state's u + c (12.8 m/s). */
    CU_ASSERT(fabs(waves.speed[2] - sqrt(gravity * 6)) < 1e-12);
    swe_validation_finish(&block);
}

/* Edges with bed steps, flowing both ways, against the reference. */
static void test_steps_against_the_reference(void)
{
    const double states[][6] = {
        /* h_l, h_r, hu_l, hu_r, b_l, b_r */
        {10, 2, 0, 0, 0, 0},       {3, 2.5, 1.5, 2, -3, -2.5}, {4, 6, -2, 3, -1, -3},
        {2, 1.2, 3, 3.5, 0, 0.4},  {5, 5.5, 6, -4, 0.2, 0},    {1, 1.5, 12, 14, 0.1, 0},
        {6, 3, -20, -11, -2, 0.5}, {8, 7.6, 1, 1, 0, 0.3},
    };
    for (unsigned s = 0; s < sizeof states / sizeof states[0]; ++s) {
        const double *q = states[s];
        reference_waves waves = george_reference(q[0], q[1], q[2], q[3], q[4], q[5]);
        swe_net_updates u = swe_augrie((real)q[0], (real)q[1], (real)q[2], (real)q[3], 0, 0,
                                       (real)q[4], (real)q[5]);
        double scale = fabs(waves.left_hu) + fabs(waves.right_hu) + 10;
        CU_ASSERT(near(u.h_left, waves.left_h, scale));
        CU_ASSERT(near(u.h_right, waves.right_h, scale));
        CU_ASSERT(near(u.hn_left, waves.left_hu, scale));
        CU_ASSERT(near(u.hn_right, waves.right_hu, scale));
    }
}

/* Water at rest over steps, next to thin and dry cells: no waves at all. */
static void test_lake_at_rest_is_exact(void)
{
    const real t = (real)SWE_DRY_TOLERANCE;
    const real rest[][4] = {
        /* h_l, h_r, b_l, b_r; surface 0 */
        {5, 3, -5, -3},
        {0.5, 7, -0.5, -7},
        {5, (real)0.0005, -5, (real)-0.0005},
        {5, 0.5f * t, -5, -0.5f * t},
        {2, 0, -2, 0},
        {2, 0, -2, 1},
        {0, 4, 3, -4},
    };
    for (unsigned s = 0; s < sizeof rest / sizeof rest[0]; ++s) {
        swe_net_updates u = swe_augrie(rest[s][0], rest[s][1], 0, 0, 0, 0, rest[s][2], rest[s][3]);
        CU_ASSERT_EQUAL(u.h_left, 0);
        CU_ASSERT_EQUAL(u.h_right, 0);
        CU_ASSERT_EQUAL(u.hn_left, 0);
        CU_ASSERT_EQUAL(u.hn_right, 0);
    }
}

/* On a grid of states, wet and dry, flat and stepped: one step with
 * Courant number 1/2 of the solver's own fastest wave never leaves a
 * negative depth, and the speeds bound Einfeldt's. */
static void test_positivity_and_einfeldt_bounds(void)
{
    const double depths[] = {0, 1e-4, 0.3, 2, 9};
    const double velocities[] = {-12, -3, 0, 2, 9};
    const double beds[] = {0, 0.2, -1.5};
    int checked = 0;
    for (int a = 0; a < 5; ++a) {
        for (int c = 0; c < 5; ++c) {
            for (int v = 0; v < 25; ++v) {
                for (int d = 0; d < 3; ++d) {
                    double h_l = depths[a], h_r = depths[c];
                    double u_l = velocities[v % 5], u_r = velocities[v / 5];
                    swe_net_updates u = swe_augrie((real)h_l, (real)h_r, (real)(h_l * u_l),
                                                   (real)(h_r * u_r), 0, 0, 0, (real)beds[d]);
                    if (u.max_speed == 0) {
                        continue;
                    }
                    double dt_dx = 0.5 / u.max_speed;
                    CU_ASSERT(h_l - dt_dx * u.h_left >= -64 * SWE_TEST_EPSILON * (h_l + h_r));
                    CU_ASSERT(h_r - dt_dx * u.h_right >= -64 * SWE_TEST_EPSILON * (h_l + h_r));
                    if (h_l > 1e-3 &&
                        h_r > 1e-3) { /* s1 <= u_l - c_l, s3 >= u_r + c_r, and Roe's */
                        double c_l = sqrt(gravity * h_l), c_r = sqrt(gravity * h_r);
                        double u_hat =
                            (sqrt(h_l) * u_l + sqrt(h_r) * u_r) / (sqrt(h_l) + sqrt(h_r));
                        double c_hat = sqrt(gravity * 0.5 * (h_l + h_r));
                        double bound = fmax(fmax(c_l - u_l, u_r + c_r), c_hat + fabs(u_hat));
                        CU_ASSERT(u.max_speed >= bound * (1 - 16 * SWE_TEST_EPSILON));
                    }
                    ++checked;
                }
            }
        }
    }
    CU_ASSERT(checked > 1000);
}

/* A film on a ledge that stands above the neighbour's surface, at rest:
 * after one step at Courant number 1/2 of the solver's own speed it runs
 * off no faster than water that fell from the ledge, sqrt(2 g drop), and
 * the water below stays nearly at rest. With the whole step in the
 * momentum jump, the lower water's depth times the step pushed the film
 * (3 um beside 8 cm on the Thacker bowl's ledge: 1600 m/s). */
static void test_film_on_a_ledge_runs_off_as_falling_water(void)
{
    const double films[] = {2 * SWE_DRY_TOLERANCE, 3e-6, 1e-4, 0.01};
    const double deep = 0.08, deep_bed = -0.0673, ledge = 0.0306;
    for (unsigned f = 0; f < sizeof films / sizeof films[0]; ++f) {
        for (int film_right = 0; film_right <= 1; ++film_right) {
            double h_l = film_right ? deep : films[f], h_r = film_right ? films[f] : deep;
            double b_l = film_right ? deep_bed : ledge, b_r = film_right ? ledge : deep_bed;
            swe_net_updates u = swe_augrie((real)h_l, (real)h_r, 0, 0, 0, 0, (real)b_l, (real)b_r);
            CU_ASSERT_FATAL(u.max_speed > 0);
            double dt_dx = 0.5 / u.max_speed;
            double film_h = films[f] - dt_dx * (film_right ? u.h_right : u.h_left);
            double film_hu = -dt_dx * (film_right ? u.hn_right : u.hn_left);
            double deep_h = deep - dt_dx * (film_right ? u.h_left : u.h_right);
            double deep_hu = -dt_dx * (film_right ? u.hn_left : u.hn_right);
            double fall = sqrt(2 * gravity * (ledge - (deep + deep_bed)));
            CU_ASSERT(film_h > 0);
            CU_ASSERT(fabs(film_hu) <= fall * film_h);
            CU_ASSERT(fabs(deep_hu) <= fall * films[f]);
            CU_ASSERT(deep_h > 0);
        }
    }
}

void register_augrie_tests(void)
{
    CU_pSuite suite = CU_add_suite("augrie", NULL, NULL);
    swe_test_require_registered(suite, "suite augrie");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"first step of the 10 | 2 m dam break as George's", test_first_step_of_the_dam_break},
        {"bed steps against a reference from the paper", test_steps_against_the_reference},
        {"lake at rest is exact beside thin and dry cells", test_lake_at_rest_is_exact},
        {"depths stay non-negative; Einfeldt's bounds", test_positivity_and_einfeldt_bounds},
        {"a film on a ledge runs off as water falling from it",
         test_film_on_a_ledge_runs_off_as_falling_water},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
