/* How a backend's run is held against serial's run of the same case:
 * bit for bit, or to the tolerances stated in agreement_check.c, as the
 * backend's table says (enum swe_serial_agreement in common/cartesian/grid/backend.h). */
#ifndef SWE_TEST_AGREEMENT_CHECK_H
#define SWE_TEST_AGREEMENT_CHECK_H

#include "tests/cartesian/backend_run.h"

/* What separates two runs of one case. */
typedef struct swe_test_agreement {
    long differing_values;     /* interior values of h, hu, hv not bit for bit equal */
    double largest_difference; /* relative, as in agreement_check.c; INFINITY for NaN */
    int same_clock;            /* steps, t and max wave speed bit for bit */
    long step_difference;      /* run's steps minus the reference's */
    double time_difference;    /* relative */
    double speed_difference;   /* relative */
} swe_test_agreement;

/* The differences of run from reference (same shape, host arrays read). */
swe_test_agreement swe_test_compare(const swe_test_run *reference, const swe_test_run *run);

/* Whether the differences are within what the kind of agreement allows. */
int swe_test_agreement_holds(const swe_test_agreement *agreement, enum swe_serial_agreement kind);

/* swe_test_compare and swe_test_agreement_holds; prints what differs,
 * under label, when it does not hold. Returns whether it holds. */
int swe_test_check_agreement(const swe_test_run *reference, const swe_test_run *run,
                             enum swe_serial_agreement kind, const char *label);

/* Starts run on a threaded backend with `threads` threads. */
typedef void (*swe_test_threaded_start)(swe_test_run *run, const swe_test_case *c, int threads);

/* Runs serial once and start with 1..max_threads threads, each `steps`
 * steps, and holds each bit for bit against serial: what every CPU
 * threading model promises, whatever the rows' split. */
void swe_test_compare_threads_with_serial(const swe_test_case *c, int steps, int max_threads,
                                          swe_test_threaded_start start);

/* The relative difference of two states, for tests of an effect's size
 * (e.g. friction changes a run by far more than the tolerance). */
double swe_test_state_difference(const swe_block *reference, const swe_block *other);

/* The tolerance of swe_test_agreement_holds for rounding backends. */
double swe_test_rounding_tolerance(void);

#endif
