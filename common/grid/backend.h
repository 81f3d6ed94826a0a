/* The backend interface: one table of functions per programming model.
 * A backend keeps its own fields (device arrays, queues, buffers) in
 * block->ext; the host arrays block->h, hu, hv, b are the exchange format
 * with the rest of the program. */
#ifndef SWE_BACKEND_H
#define SWE_BACKEND_H

#include "grid/block.h"
#include "numerics/riemann.h"

#include <stdio.h>

typedef struct swe_backend_config {
    enum swe_solver solver;
    int level;    /* optimisation level, 1..backend->levels; 0: the backend's best */
    real manning; /* Manning coefficient n, s/m^(1/3), applied by common/numerics/friction.h; 0:
                     none */
    const char *cl_device; /* OpenCL "P:D" (platform:device); NULL: prefer a GPU */
    /* Which accelerator of the node a device backend takes: 0 for a single
     * process; under MPI the rank's index among the ranks on its node, so
     * that each rank of a node gets a GPU of its own. */
    int device;
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

/* How closely a backend's results must match serial's: what the agreement
 * suite (tests/test_agreement.c) and make bench (tools/bench_verify.sh)
 * hold it to. */
enum swe_serial_agreement {
    /* The same operations in the same order, so every value bit for bit:
     * CPU backends, and any table that does not say. */
    SWE_AGREES_BIT_FOR_BIT = 0,
    /* A device compiler rounds differently (contracted FMAs, approximate
     * division and square root): to the tolerances stated there. */
    SWE_AGREES_TO_ROUNDING
};

typedef struct swe_backend {
    const char *name;
    const char *description;
    /* Optimisation levels that teach in steps (--level 1..levels); 0 when
     * the backend has only one. */
    int levels;
    enum swe_serial_agreement agreement;
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
    /* Optional, for CONNECT edges (the MPI layer, common/grid/copy_layer.h):
     * pack_copy_layer writes the interior row or column next to edge into
     * buffer as swe_copy_layer_length(block, edge) values of h, then hu, hv
     * and b; unpack_ghost_layer writes such a buffer into the ghost layer
     * of edge. Corner ghost cells are neither read nor written. Host
     * backends use swe_host_pack_copy_layer / swe_host_unpack_ghost_layer;
     * device backends pack on the device into a host buffer. NULL: the MPI
     * layer falls back to the host versions around sync_before_read and
     * sync_after_write (correct, but it moves the whole block each step).
     * step must leave the ghost cells of CONNECT edges as they are. */
    int (*pack_copy_layer)(swe_block *block, enum swe_edge edge, real *buffer, swe_error *err);
    int (*unpack_ghost_layer)(swe_block *block, enum swe_edge edge, const real *buffer,
                              swe_error *err);
    /* Optional, for overlapping the halo exchange with work (shallows-mpi
     * --overlap): step_interior updates every cell except the outer ring
     * of the block, before the CONNECT ghost layers are filled; step_ring,
     * after they are, updates the ring and returns the max wave speed of
     * the new state. Together they must equal step bit for bit. Used only
     * with pack_copy_layer and unpack_ghost_layer. Host backends build them
     * on common/grid/ring_step.h; NULL: no overlap. */
    int (*step_interior)(swe_block *block, real dt, swe_error *err);
    int (*step_ring)(swe_block *block, real dt, real *next_speed, swe_error *err);
} swe_backend;

/* The backends built into this binary. */
int swe_backend_count(void);
const swe_backend *swe_backend_at(int index);
/* The backend called name, or NULL when it is not built. */
const swe_backend *swe_backend_find(const char *name);
/* "bit-for-bit" or "rounding", as --list-backends prints it. */
const char *swe_serial_agreement_name(enum swe_serial_agreement agreement);

#endif
