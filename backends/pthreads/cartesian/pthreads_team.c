/* A team of POSIX threads handed one job at a time (pthreads_team.h). */
#include "backends/pthreads/cartesian/pthreads_team.h"

#include <stdlib.h>
#include <string.h>

typedef struct worker {
    swe_pthreads_team *team;
    int thread;
} worker;

struct swe_pthreads_team {
    int threads;
    int started; /* threads started besides the caller */
    pthread_t *ids;
    worker *workers;
    pthread_mutex_t lock;
    pthread_cond_t posted_changed, working_changed;
    unsigned long posted; /* jobs posted so far */
    int working;          /* started threads still on the current job */
    swe_pthreads_job job; /* NULL with a job posted: end */
    void *work;
};

static void *work_loop(void *argument)
{
    const worker *self = argument;
    swe_pthreads_team *team = self->team;
    unsigned long seen = 0;
    pthread_mutex_lock(&team->lock);
    for (;;) {
        while (team->posted == seen) {
            pthread_cond_wait(&team->posted_changed, &team->lock);
        }
        seen = team->posted;
        swe_pthreads_job job = team->job;
        void *work = team->work;
        if (job == NULL) {
            break;
        }
        pthread_mutex_unlock(&team->lock);
        job(work, self->thread);
        pthread_mutex_lock(&team->lock);
        team->working -= 1;
        if (team->working == 0) {
            pthread_cond_signal(&team->working_changed);
        }
    }
    pthread_mutex_unlock(&team->lock);
    return NULL;
}

/* Posts job to the started threads (NULL: end) under the lock. */
static void post(swe_pthreads_team *team, swe_pthreads_job job, void *work)
{
    team->job = job;
    team->work = work;
    team->working = team->started;
    team->posted += 1;
    pthread_cond_broadcast(&team->posted_changed);
}

static void free_team(swe_pthreads_team *team)
{
    free(team->workers);
    free(team->ids);
    free(team);
}

int swe_pthreads_team_start(swe_pthreads_team **result, int threads, swe_error *err)
{
    if (result == NULL || threads < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a thread team of no threads");
    }
    *result = NULL;
    swe_pthreads_team *team = calloc(1, sizeof *team);
    if (team == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the thread team");
    }
    team->threads = threads;
    team->ids = calloc((size_t)threads, sizeof *team->ids);
    team->workers = calloc((size_t)threads, sizeof *team->workers);
    if (team->ids == NULL || team->workers == NULL) {
        free_team(team);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the thread team");
    }
    /* Default attributes: these fail only for want of memory. */
    int code = pthread_mutex_init(&team->lock, NULL);
    if (code == 0 && (code = pthread_cond_init(&team->posted_changed, NULL)) != 0) {
        pthread_mutex_destroy(&team->lock);
    }
    if (code == 0 && (code = pthread_cond_init(&team->working_changed, NULL)) != 0) {
        pthread_cond_destroy(&team->posted_changed);
        pthread_mutex_destroy(&team->lock);
    }
    if (code != 0) {
        free_team(team);
        return swe_fail(err, SWE_ERROR_RUNTIME, "cannot set up the thread team: %s",
                        strerror(code));
    }
    /* The threads wait for the lock until all are started, so that a failed
     * start can end those already running. */
    pthread_mutex_lock(&team->lock);
    for (int t = 1; t < threads && code == 0; ++t) {
        team->workers[t] = (worker){team, t};
        code = pthread_create(&team->ids[t], NULL, work_loop, &team->workers[t]);
        team->started += code == 0;
    }
    pthread_mutex_unlock(&team->lock);
    if (code != 0) {
        const int failed = team->started + 2; /* counting the caller as the first */
        swe_pthreads_team_stop(team);
        return swe_fail(err, SWE_ERROR_RUNTIME, "cannot start thread %d of %d: %s", failed, threads,
                        strerror(code));
    }
    *result = team;
    return SWE_OK;
}

void swe_pthreads_team_run(swe_pthreads_team *team, swe_pthreads_job job, void *work)
{
    if (team == NULL || job == NULL) {
        return;
    }
    pthread_mutex_lock(&team->lock);
    post(team, job, work);
    pthread_mutex_unlock(&team->lock);
    job(work, 0);
    pthread_mutex_lock(&team->lock);
    while (team->working > 0) {
        pthread_cond_wait(&team->working_changed, &team->lock);
    }
    pthread_mutex_unlock(&team->lock);
}

void swe_pthreads_team_stop(swe_pthreads_team *team)
{
    if (team == NULL) {
        return;
    }
    pthread_mutex_lock(&team->lock);
    post(team, NULL, NULL);
    pthread_mutex_unlock(&team->lock);
    for (int t = 1; t <= team->started; ++t) {
        pthread_join(team->ids[t], NULL);
    }
    pthread_cond_destroy(&team->working_changed);
    pthread_cond_destroy(&team->posted_changed);
    pthread_mutex_destroy(&team->lock);
    free_team(team);
}
