/* The C threads model: the decomposition into bands, the barrier and the
 * max reduction that OpenMP writes for a program, written by hand with
 * POSIX threads, bit for bit as serial. Its option --threads N sets the
 * threads of a run (default: one per online core). */
#ifndef SWE_PTHREADS_MODEL_H
#define SWE_PTHREADS_MODEL_H

#include "run/models.h"

extern const swe_programming_model swe_pthreads_model;

enum { SWE_PTHREADS_OPTION_THREADS = 0, SWE_PTHREADS_MAX_THREADS = 4096 };

/* The threads config asks for: --threads, else one per online core. */
int swe_pthreads_threads(const swe_model_config *config, int *threads, swe_error *err);

#endif
