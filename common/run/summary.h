/* The summary line every run ends with, for scripts and the benchmark:
 * "summary: backend=... solver=... precision=... cells=... steps=...
 * seconds=... cell_updates_per_s=...". */
#ifndef SWE_SUMMARY_H
#define SWE_SUMMARY_H

#include <stdio.h>

typedef struct swe_run_result {
    char backend_name[64]; /* "serial", "mpi+cuda" */
    const char *solver;    /* "fwave" */
    long cells;            /* per step, of the whole domain */
    long steps;            /* of the whole run, restarts included */
    double seconds;        /* wall time spent stepping, without set-up and output */
} swe_run_result;

void swe_print_summary(FILE *stream, const swe_run_result *result);

#endif
