#include "tests/cartesian/agreement_check.h"

#include "cartesian/grid/state_check.h"
#include "shallow_water/solver_names.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Backends that agree to rounding (CUDA, OpenCL) evaluate the same
 * expressions of common/shallow_water/ as the serial loops, but a device
 * compiler may contract a*b+c into one FMA (one rounding instead of two)
 * and, in single precision, divide and take square roots with the
 * hardware's approximations (within a few ulp) and flush denormals
 * (backends/cuda/model.mk; OpenCL does the same on a GPU, and asks a CPU
 * for correctly rounded division and square root). Double precision: differences
 * of an ulp per operation (1.1e-16) stay far below 1e-12 over the few dozen
 * steps of these tests (largest measured: 1.3e-15 for CUDA on the H100,
 * 8.9e-16 for OpenCL; docs/RESULTS-cuda.md, RESULTS-opencl.md). Single
 * precision: a few ulp of 6e-8 per operation, errors of the kind and size
 * of fp32's own rounding (largest measured: 4.8e-7 for CUDA, 4.9e-7 for
 * OpenCL on the H100); serial in
 * fp32 differs from serial in fp64 by up to 5.9e-7 on these cases, and
 * 1e-4 leaves two orders of magnitude for a wave speed rounded the other
 * way, which moves dt and every later step by an ulp.
 * A wrong kernel (a missed edge, a wrong sign, a stale ghost cell) moves
 * some value by the size of a wave, orders of magnitude more.
 * The max wave speed a backend reports is held to its own final state
 * (the fastest cell, swe_state_max_wave_speed on the host): where that cell
 * is a film just above the dry tolerance, its velocity hu / h is a ratio
 * of two remainders of large cancellations, and fp32 roundings an ulp
 * apart can move serial's own speed by far more than the rounding
 * tolerance (a film of micrometres on a coarse Thacker bowl). The speed
 * reaches the result only through
 * dt, which the step count, t and the states check against serial; what
 * the speed itself shows is whether the backend's reduction is right. */
#ifdef SWE_PRECISION_DOUBLE
#define ROUNDING_TOLERANCE 1.0e-12
#else
#define ROUNDING_TOLERANCE 1.0e-4
#endif
/* A wave speed an ulp off moves dt, and the last step, clipped to the
 * target time, may then fall either side of it: one step more or less. */
#define ROUNDING_STEP_SLACK 1
/* The targets are reached exactly, up to the sum of the dt's rounding. */
#define TIME_TOLERANCE 1.0e-12

double swe_test_rounding_tolerance(void)
{
    return ROUNDING_TOLERANCE;
}

static int same_bits(const void *a, const void *b, size_t size)
{
    return memcmp(a, b, size) == 0;
}

static double relative(double a, double b)
{
    double scale = fmax(fabs(a), fabs(b));
    double difference = fabs(a - b);
    return isnan(difference) ? INFINITY : (scale > 0 ? difference / scale : 0.0);
}

/* max |a - b| over the interior of each field, relative to the field's
 * scale: the largest depth for h, the momentum h sqrt(g h) of a wave in
 * that depth for hu and hv (their own maximum can be zero at rest). */
double swe_test_state_difference(const swe_block *reference, const swe_block *other)
{
    double h_max = 0, difference[3] = {0, 0, 0};
    const real *fields[3][2] = {
        {reference->h, other->h}, {reference->hu, other->hu}, {reference->hv, other->hv}};
    for (int j = 1; j <= reference->ny; ++j) {
        for (int i = 1; i <= reference->nx; ++i) {
            size_t c = SWE_INDEX(reference, i, j);
            h_max = fmax(h_max, fabs((double)reference->h[c]));
            for (int f = 0; f < 3; ++f) {
                double d = fabs((double)fields[f][0][c] - (double)fields[f][1][c]);
                difference[f] = isnan(d) ? INFINITY : fmax(difference[f], d);
            }
        }
    }
    double h_scale = h_max > 0 ? h_max : 1;
    double momentum_scale = h_scale * sqrt((double)SWE_GRAVITY * h_scale);
    return fmax(difference[0] / h_scale, fmax(difference[1], difference[2]) / momentum_scale);
}

static long differing_values(const swe_block *a, const swe_block *b)
{
    long differing = 0;
    for (int j = 1; j <= a->ny; ++j) {
        for (int i = 1; i <= a->nx; ++i) {
            size_t c = SWE_INDEX(a, i, j);
            differing += !same_bits(&a->h[c], &b->h[c], sizeof(real)) +
                         !same_bits(&a->hu[c], &b->hu[c], sizeof(real)) +
                         !same_bits(&a->hv[c], &b->hv[c], sizeof(real));
        }
    }
    return differing;
}

swe_test_agreement swe_test_compare(const swe_test_run *reference, const swe_test_run *run)
{
    const swe_clock *expected = &reference->clock, *actual = &run->clock;
    swe_test_agreement agreement = {
        .differing_values = differing_values(&reference->block, &run->block),
        .largest_difference = swe_test_state_difference(&reference->block, &run->block),
        .same_clock = expected->steps == actual->steps &&
                      same_bits(&expected->t, &actual->t, sizeof expected->t) &&
                      same_bits(&expected->wave_speed, &actual->wave_speed, sizeof(real)),
        .step_difference = actual->steps - expected->steps,
        .time_difference = relative(expected->t, actual->t),
        .speed_difference = relative(swe_state_max_wave_speed(&run->block), actual->wave_speed)};
    return agreement;
}

int swe_test_agreement_holds(const swe_test_agreement *agreement, enum swe_serial_agreement kind)
{
    if (kind == SWE_AGREES_BIT_FOR_BIT) {
        return agreement->differing_values == 0 && agreement->same_clock;
    }
    return agreement->largest_difference <= ROUNDING_TOLERANCE &&
           agreement->speed_difference <= ROUNDING_TOLERANCE &&
           agreement->time_difference <= TIME_TOLERANCE &&
           labs(agreement->step_difference) <= ROUNDING_STEP_SLACK;
}

int swe_test_check_agreement(const swe_test_run *reference, const swe_test_run *run,
                             enum swe_serial_agreement kind, const char *label)
{
    swe_test_agreement agreement = swe_test_compare(reference, run);
    int holds = swe_test_agreement_holds(&agreement, kind);
    if (!holds) {
        printf("\n  %s: %s serial (%s): %ld values differ, largest relative difference %.3g, "
               "steps %+ld, t off by %.3g, wave speed off its own state's by %.3g",
               label, kind == SWE_AGREES_BIT_FOR_BIT ? "not bit for bit as" : "too far from",
               swe_serial_agreement_name(kind), agreement.differing_values,
               agreement.largest_difference, agreement.step_difference, agreement.time_difference,
               agreement.speed_difference);
    }
    return holds;
}

extern const swe_cartesian_backend swe_cartesian_serial_backend;

void swe_test_compare_threads_with_serial(const swe_test_case *c, int steps, int max_threads,
                                          swe_test_threaded_start start)
{
    swe_test_run serial;
    swe_test_start(&serial, &swe_cartesian_serial_backend, c);
    swe_test_take_steps(&serial, steps);
    CU_ASSERT(serial.clock.wave_speed > 0); /* there is water to compare */
    for (int threads = 1; threads <= max_threads; ++threads) {
        swe_test_run run;
        start(&run, c, threads);
        swe_test_take_steps(&run, steps);
        char label[160];
        snprintf(label, sizeof label, "%s %s %d x %d, %d threads", c->scenario,
                 swe_solver_name(c->solver), c->nx, c->ny, threads);
        CU_ASSERT(swe_test_check_agreement(&serial, &run, SWE_AGREES_BIT_FOR_BIT, label));
        swe_test_stop(&run);
    }
    swe_test_stop(&serial);
}
