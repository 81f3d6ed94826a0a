/* The random cases of the Navier-Stokes exercises' grading
 * (tests/grade/grade_ns.c, grade_ns_preconditioner.c): a grid of 2-40 x
 * 2-20 x 2-12 cells with random walls, velocity, pressure, obstacles and
 * physics, from the run's seed, with the CPU arrays the kernels take. */
#ifndef GRADE_NS_CASES_H
#define GRADE_NS_CASES_H

#include "backends/serial/ns/ns_cpu_backend.h"
#include "tests/grade/grade_support.h"

#include <stddef.h>

#ifdef SWE_PRECISION_DOUBLE
#define GRADE_NS_EPSILON 2.2e-16
#else
#define GRADE_NS_EPSILON 1.2e-7
#endif

typedef struct ns_case {
    ns_solver *solver;
    ns_cpu_arrays arrays;
} ns_case;

/* Case case_number of test test_id (ghosts of velocity and mask filled,
 * residual arrays allocated). */
void grade_ns_make_case(const char *test_id, int case_number, ns_case *c);
void grade_ns_free_case(ns_case *c);

/* The grid of that case in words: its cells and walls. */
void grade_ns_describe(const char *test_id, int case_number, char *text, size_t size);
double grade_ns_interior_cells(const char *test_id, int case_number);

#endif
