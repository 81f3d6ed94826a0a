/* The backend interface: one table of functions per programming model.
 * A backend keeps its own fields (device arrays, queues, buffers) in
 * block->ext; the host arrays block->h, hu, hv, b are the exchange format
 * with the rest of the program. */
#ifndef SWE_BACKEND_H
#define SWE_BACKEND_H

#include "block.h"
#include "riemann.h"

#include <stdio.h>

typedef struct swe_backend_config {
    enum swe_solver solver;
    int level;    /* optimisation level, 1..backend->levels; 0: the backend's best */
    real manning; /* Manning coefficient n, s/m^(1/3), applied by common/friction.h; 0: none */
    const char *cl_device; /* OpenCL "P:D" (platform:device); NULL: prefer a GPU */
} swe_backend_config;

/* Where a simulation stands in time; owned by the driver, advanced by
 * the backend. */
typedef struct swe_clock {
    double t;        /* simulated time, seconds */
    long steps;      /* time steps taken */
    double last_dt;  /* the last step's dt, seconds */
    double cfl;      /* dt = cfl * min(dx, dy) / wave speed */
    real wave_speed; /* max cell wave speed of the current state */
} swe_clock;

typedef struct swe_backend {
    const char *name;
    const char *description;
    /* Optimisation levels that teach in steps (--level 1..levels); 0 when
     * the backend has only one. */
    int levels;
    /* Sets up the backend's fields for a block whose host arrays hold the
     * initial state; SWE_ERROR_USAGE when the backend cannot run here
     * (e.g. no device). */
    int (*init)(swe_block *block, const swe_backend_config *config, swe_error *err);
    void (*finalize)(swe_block *block);
    /* Host -> backend after the host arrays were written (initial
     * conditions, restart); backend -> host before they are read (output). */
    int (*sync_after_write)(swe_block *block, swe_error *err);
    int (*sync_before_read)(swe_block *block, swe_error *err);
    /* Max cell wave speed of the current state (interior cells). */
    int (*max_wave_speed)(swe_block *block, real *speed, swe_error *err);
    /* One time step: ghost layers, net updates on all edges, Euler update
     * with dt; returns the max wave speed of the new state. */
    int (*step)(swe_block *block, real dt, real *next_speed, swe_error *err);
    /* Optional: steps until clock->t reaches t_target without the host
     * looking at each step (device-side dt). NULL: the driver calls step. */
    int (*advance)(swe_block *block, swe_clock *clock, double t_target, swe_error *err);
    /* Optional: prints the devices this backend can run on (--list-devices);
     * SWE_ERROR_USAGE when there are none. NULL: the backend has no devices. */
    int (*list_devices)(FILE *stream, swe_error *err);
} swe_backend;

/* The backends built into this binary. */
int swe_backend_count(void);
const swe_backend *swe_backend_at(int index);
/* The backend called name, or NULL when it is not built. */
const swe_backend *swe_backend_find(const char *name);

#endif
