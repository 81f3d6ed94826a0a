/* The OpenMP plane runner (solutions/openmp/ns/ns_openmp_runner.c). */
#ifndef NS_OPENMP_RUNNER_H
#define NS_OPENMP_RUNNER_H

#include "backends/serial/ns/ns_cpu_backend.h"

/* Runs body(context, p) for p in 0..count-1 on up to `threads` threads;
 * each plane exactly once, by one thread. */
void ns_openmp_run_planes(int count, ns_plane_body *body, void *context, int threads);

#endif
