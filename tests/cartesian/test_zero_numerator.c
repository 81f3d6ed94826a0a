/* A GPU in double precision skips every division of a zero numerator
 * (SWE_DIVIDE_SKIPS_ZERO, core/real.h), which must not change one bit of
 * any result: +0 and -0 over a positive number are themselves. These
 * tests hold the numerics compiled that way (zero_numerator_skipping.c)
 * against the same numerics with plain divisions, as the CPU backends
 * compile them, bit for bit, on states full of signed zeros: water at
 * rest, mirrored walls (-0 momenta), dry cells. A skip that lost the sign
 * of a zero, or that skipped a division by a negative number, fails. */
#include "cartesian/numerics/solver_sides.h"
#include "shallow_water/friction.h"
#include "tests/cartesian/zero_numerator_skipping.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <stdint.h>
#include <string.h>

#if SWE_DIVIDE_SKIPS_ZERO
#error "the tests compare against plain divisions: this file must not skip zeros"
#endif

static int same_bits(real a, real b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

static int same_updates(swe_net_updates a, swe_net_updates b)
{
    return same_bits(a.h_left, b.h_left) && same_bits(a.h_right, b.h_right) &&
           same_bits(a.hn_left, b.hn_left) && same_bits(a.hn_right, b.hn_right) &&
           same_bits(a.ht_left, b.ht_left) && same_bits(a.ht_right, b.ht_right) &&
           same_bits(a.max_speed, b.max_speed);
}

/* A small random number generator, so that every run sees the same cases. */
static uint64_t next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return *state >> 11;
}

/* Depths: dry, thinner than the dry tolerance, shallow, deep. */
static real random_depth(uint64_t *state)
{
    static const real depths[] = {0, (real)1e-4, (real)0.5, 2, 5, 10, 2000};
    return depths[next_random(state) % (sizeof depths / sizeof depths[0])];
}

/* Momenta: mostly signed zeros, some flows. */
static real random_momentum(uint64_t *state)
{
    static const real momenta[] = {0, -0.0, 0, -0.0, (real)3.5, (real)-1.25, (real)1e-3};
    return momenta[next_random(state) % (sizeof momenta / sizeof momenta[0])];
}

static real random_bed(uint64_t *state)
{
    static const real beds[] = {0, -0.0, -5, -2000, 3, (real)0.25};
    return beds[next_random(state) % (sizeof beds / sizeof beds[0])];
}

enum { CASES = 20000 };

static void test_division_keeps_bits(void)
{
    const real numerators[] = {0, -0.0, 1, -3.5, (real)1e-30};
    const real denominators[] = {(real)1e-3, 1, 9.81, (real)1e30, (real)1e-38, (real)INFINITY};
    int differing = 0;
    for (size_t n = 0; n < sizeof numerators / sizeof numerators[0]; ++n) {
        for (size_t d = 0; d < sizeof denominators / sizeof denominators[0]; ++d) {
            real plain = numerators[n] / denominators[d];
            differing +=
                !same_bits(skipping_divide_positive(numerators[n], denominators[d]), plain);
            differing += !same_bits(swe_divide_positive(numerators[n], denominators[d]), plain);
        }
    }
    CU_ASSERT_EQUAL(differing, 0);
}

static void test_solvers_keep_bits(void)
{
    uint64_t state = 20261124;
    int differing = 0, zero_outputs = 0;
    for (int k = 0; k < CASES; ++k) {
        real h_l = random_depth(&state), h_r = random_depth(&state);
        real hn_l = random_momentum(&state), hn_r = random_momentum(&state);
        real ht_l = random_momentum(&state), ht_r = random_momentum(&state);
        real b_l = random_bed(&state), b_r = random_bed(&state);
        for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
            swe_net_updates plain = swe_riemann(solver, h_l, h_r, hn_l, hn_r, ht_l, ht_r, b_l, b_r);
            swe_net_updates skipping =
                skipping_riemann(solver, h_l, h_r, hn_l, hn_r, ht_l, ht_r, b_l, b_r);
            differing += !same_updates(plain, skipping);
            zero_outputs += plain.h_left == 0 && plain.hn_left == 0;
        }
        if (h_l >= SWE_DRY_TOLERANCE && h_r >= SWE_DRY_TOLERANCE) {
            swe_net_updates plain = swe_fwave(h_l, h_r, hn_l, hn_r, ht_l, ht_r, b_l, b_r);
            differing += !same_updates(
                plain, skipping_fwave_known_wet(h_l, h_r, hn_l, hn_r, ht_l, ht_r, b_l, b_r));
        }
    }
    CU_ASSERT_EQUAL(differing, 0);
    CU_ASSERT(zero_outputs > CASES / 10); /* the cases do divide zeros */
}

static void test_cell_update_keeps_bits(void)
{
    uint64_t state = 7;
    int differing = 0;
    for (int k = 0; k < CASES; ++k) {
        swe_cell cell = {random_depth(&state), random_momentum(&state), random_momentum(&state)};
        differing += !same_bits(swe_cell_wave_speed(cell.h, cell.hu, cell.hv),
                                skipping_cell_wave_speed(cell.h, cell.hu, cell.hv));
        swe_cell plain = swe_manning_friction(cell, (real)0.1, (real)0.03);
        swe_cell skipping = skipping_manning_friction(cell, (real)0.1, (real)0.03);
        differing += !same_bits(plain.h, skipping.h) + !same_bits(plain.hu, skipping.hu) +
                     !same_bits(plain.hv, skipping.hv);
    }
    CU_ASSERT_EQUAL(differing, 0);
}

void register_zero_numerator_tests(void)
{
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"division of signed zeros keeps the bits", test_division_keeps_bits},
        {"every solver keeps the bits", test_solvers_keep_bits},
        {"wave speed and friction keep the bits", test_cell_update_keeps_bits},
    };
    CU_pSuite suite = CU_add_suite("zero-numerator", NULL, NULL);
    swe_test_require_registered(suite, "suite zero-numerator");
    for (size_t t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
