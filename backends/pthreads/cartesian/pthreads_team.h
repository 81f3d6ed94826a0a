/* A team of POSIX threads started once per block and handed one job at a
 * time: the caller is thread 0 and works beside the others, and a job
 * returns once every thread has finished its part. The hand-over is a
 * counter of jobs posted and one of threads still working, under one lock
 * (not the kernels' barrier, so that a barrier still to be written cannot
 * hang the team). */
#ifndef SWE_PTHREADS_TEAM_H
#define SWE_PTHREADS_TEAM_H

#include "core/error.h"

#include <pthread.h>

/* A job: each thread's part, given the shared work and its index. */
typedef void (*swe_pthreads_job)(void *work, int thread);

typedef struct swe_pthreads_team swe_pthreads_team;

/* A team of `threads` threads (the caller and threads - 1 started here). */
int swe_pthreads_team_start(swe_pthreads_team **team, int threads, swe_error *err);

/* Runs job on every thread of the team; returns when all are done. */
void swe_pthreads_team_run(swe_pthreads_team *team, swe_pthreads_job job, void *work);

/* Ends the team's threads and frees it; NULL: nothing. */
void swe_pthreads_team_stop(swe_pthreads_team *team);

#endif
