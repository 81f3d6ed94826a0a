/* The summary line every run ends with, for scripts and the benchmark:
 * "summary: backend=... solver=... precision=... cells=... steps=...
 * seconds=... cell_updates_per_s=... [checksum]". steps and the rate
 * count the steps this run took; a restarted run adds
 * "restarted_at_step=K", the steps of the run it continued. */
#ifndef SWE_SUMMARY_H
#define SWE_SUMMARY_H

#include <stdio.h>

typedef struct swe_run_result {
    char backend_name[64]; /* "serial", "mpi+cuda" */
    const char *solver;    /* "fwave" */
    long cells;            /* per step, of the whole domain */
    long steps;            /* of the whole run, restarts included */
    long first_step;       /* steps taken before this run (a restart), else 0 */
    double seconds;        /* wall time spent stepping, without set-up and output */
    /* Figures of the final state, "name=value ..." (the Cartesian blocks:
     * common/cartesian/grid/block_checksum.h), for make bench to check the run
     * against serial's; empty where the run has none. */
    char checksum[192];
} swe_run_result;

void swe_print_summary(FILE *stream, const swe_run_result *result);

#endif
