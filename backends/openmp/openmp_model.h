/* The OpenMP model: the loops shared among the threads of one process,
 * bit for bit as serial. Its option --threads N sets the threads of a run
 * (default: OMP_NUM_THREADS, else one per core). */
#ifndef SWE_OPENMP_MODEL_H
#define SWE_OPENMP_MODEL_H

#include "run/models.h"

extern const swe_programming_model swe_openmp_model;

enum { SWE_OPENMP_OPTION_THREADS = 0 };

/* The threads config asks for: --threads, or 0 (the runtime's default). */
int swe_openmp_threads(const swe_model_config *config, int *threads, swe_error *err);

#endif
