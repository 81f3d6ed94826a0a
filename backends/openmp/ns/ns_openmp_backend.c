/* The OpenMP backend of the Navier-Stokes application: the CPU verbs of
 * the serial backend with a runner that shares the planes among threads
 * (solutions/openmp/ns/ns_openmp_runner.c). */
#include "backends/openmp/ns/ns_openmp_runner.h"
#include "backends/serial/ns/ns_cpu_backend.h"

#include <omp.h>

static int openmp_init(ns_solver *solver, swe_error *err)
{
    int threads =
        solver->parameters.threads > 0 ? solver->parameters.threads : omp_get_max_threads();
    return ns_cpu_init(solver, ns_openmp_run_planes, threads, err);
}

const ns_backend ns_openmp_backend = {
    .name = "openmp",
    .description = "CPU threads over planes; FFTW batches shared the same way",
    .levels = 0,
    .init = openmp_init,
    NS_CPU_BACKEND_VERBS,
};
