/* What the serial and OpenMP backends of the Navier-Stokes application
 * share: their fields and every verb, written over a plane runner that
 * runs a body for planes (or FFT batches) 0..count-1 - one after the other
 * in the serial backend, shared among threads in the OpenMP one. Every
 * plane does the same arithmetic either way and the reductions add the
 * per-plane partial sums in plane order, so both backends agree bit for
 * bit, for any number of threads. */
#ifndef NS_CPU_BACKEND_H
#define NS_CPU_BACKEND_H

#include "backends/serial/ns/ns_fftw_poisson.h"
#include "backends/serial/ns/ns_serial_kernels.h"
#include "ns/solver/ns_solver.h"

typedef void ns_plane_body(void *context, int plane);
/* Runs body(context, p) for every p in 0..count-1, each exactly once,
 * with up to `threads` threads. */
typedef void ns_plane_runner(int count, ns_plane_body *body, void *context, int threads);

typedef struct ns_cpu_ext {
    ns_cpu_arrays arrays;
    real *vector[NS_VECTORS]; /* vector[NS_PRESSURE] is the solver's pressure */
    ns_fftw_poisson *poisson;
    double *partial; /* per plane: sums, or speeds (NS_AXES each) */
    ns_plane_runner *run;
    int threads;
} ns_cpu_ext;

/* init of a CPU backend: its fields, FFT plans and runner. */
int ns_cpu_init(ns_solver *solver, ns_plane_runner *run, int threads, swe_error *err);

/* The verbs of ns_backend for the CPU backends (ns/solver/ns_backend.h). */
void ns_cpu_finalize(ns_solver *solver);
int ns_cpu_transfer(ns_solver *solver, swe_error *err);
int ns_cpu_max_speeds(ns_solver *solver, double speed[NS_AXES], swe_error *err);
int ns_cpu_momentum(ns_solver *solver, swe_error *err);
int ns_cpu_predict(ns_solver *solver, real dt, real weight_new, real weight_old, swe_error *err);
int ns_cpu_divergence(ns_solver *solver, real scale, swe_error *err);
int ns_cpu_laplacian(ns_solver *solver, enum ns_vector in, enum ns_vector out, swe_error *err);
int ns_cpu_precondition(ns_solver *solver, enum ns_vector in, enum ns_vector out, swe_error *err);
int ns_cpu_remove_mean(ns_solver *solver, enum ns_vector x, swe_error *err);
int ns_cpu_dot(ns_solver *solver, enum ns_vector x, enum ns_vector y, double *result,
               swe_error *err);
int ns_cpu_axpy(ns_solver *solver, real alpha, enum ns_vector x, enum ns_vector y, swe_error *err);
int ns_cpu_xpay(ns_solver *solver, enum ns_vector x, real beta, enum ns_vector y, swe_error *err);
int ns_cpu_correct(ns_solver *solver, real factor, swe_error *err);
int ns_cpu_measure_momentum(ns_solver *solver, int launches, double *seconds, double *copy_GBps,
                            swe_error *err);

/* The table of a CPU backend with these verbs and its own init. */
#define NS_CPU_BACKEND_VERBS                                                                       \
    .finalize = ns_cpu_finalize, .upload = ns_cpu_transfer, .download = ns_cpu_transfer,           \
    .max_speeds = ns_cpu_max_speeds, .momentum = ns_cpu_momentum, .predict = ns_cpu_predict,       \
    .divergence = ns_cpu_divergence, .laplacian = ns_cpu_laplacian,                                \
    .precondition = ns_cpu_precondition, .remove_mean = ns_cpu_remove_mean, .dot = ns_cpu_dot,     \
    .axpy = ns_cpu_axpy, .xpay = ns_cpu_xpay, .correct = ns_cpu_correct,                           \
    .measure_momentum = ns_cpu_measure_momentum

#endif
