/* The OpenMP backend of the Navier-Stokes application: the CPU verbs of
 * the serial backend with a runner that shares the planes among threads
 * (solutions/openmp/ns/ns_openmp_runner.c). */
#include "backends/openmp/ns/ns_openmp_runner.h"
#include "backends/openmp/openmp_model.h"
#include "backends/serial/ns/ns_cpu_backend.h"

#include <omp.h>

static int openmp_init(ns_solver *solver, swe_error *err)
{
    int threads = 0;
    int status = swe_openmp_threads(&solver->parameters.model, &threads, err);
    return status != SWE_OK ? status
                            : ns_cpu_init(solver, ns_openmp_run_planes,
                                          threads > 0 ? threads : omp_get_max_threads(), err);
}

const ns_backend ns_openmp_backend = {
    .table = {&swe_openmp_model, "CPU threads over planes; FFTW batches shared the same way", 0},
    .init = openmp_init,
    NS_CPU_BACKEND_VERBS,
};
