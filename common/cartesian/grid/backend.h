/* The backend interface: one table of functions per programming model of
 * the Cartesian blocks, and the registry of the tables built in.
 *
 * The contract. A table must fill `name`, `description` and the REQUIRED
 * verbs init, finalize, sync_after_write, sync_before_read,
 * max_wave_speed and step; every other verb is OPTIONAL (NULL: the
 * caller does without it, as each verb's comment says). Some optional
 * verbs come in pairs (pack_copy_layer/unpack_ghost_layer,
 * step_interior/step_ring), and advances needs advance. swe_backend_check refuses a table that
 * breaks a rule, naming the verb, and the registry checks every table before it hands it out, so no
 * caller ever calls through a NULL verb.
 *
 * A backend keeps its own fields (device arrays, queues, buffers) in
 * block->ext. The host arrays block->h, hu, hv, b are the exchange format
 * with the rest of the program; init may replace them by arrays of its
 * own with the same contents (OpenMP allocates them again so that each
 * thread first touches its own rows), so callers read the pointers from
 * the block after init, never from before. */
#ifndef SWE_BACKEND_H
#define SWE_BACKEND_H

#include "cartesian/grid/block.h"
#include "core/clock.h"
#include "shallow_water/riemann.h"

#include <stdio.h>

/* Most options one backend (or one program) may declare. */
enum { SWE_BACKEND_MAX_OPTIONS = 4 };

/* A command-line option that a backend declares for itself (or a program
 * for itself: shallows-mpi's --overlap). The core parses it and passes
 * the text on without knowing what it means. */
typedef struct swe_backend_option {
    const char *name;     /* without the dashes: "cl-device" */
    const char *argument; /* the value's name in --help ("P:D"); NULL: a flag */
    const char *help;     /* one line for --help, with the default */
    /* Where the value goes: swe_backend_config.option_values[slot] (a
     * flag's value is "" when given); NULL when not given. */
    int slot;
    /* Instead of a value, an action that replaces the run (--list-devices):
     * prints to stream; SWE_ERROR_USAGE when it has nothing to show. It
     * needs no --backend; every backend declaring the name runs it. */
    int (*action)(FILE *stream, swe_error *err);
} swe_backend_option;

typedef struct swe_backend_config {
    enum swe_solver solver;
    int level;    /* optimisation level, 1..backend->levels; 0: the backend's best */
    real manning; /* Manning coefficient n, s/m^(1/3), applied by common/shallow_water/friction.h;
                     0: none */
    /* Which accelerator of the node a device backend takes: 0 for a single
     * process; under MPI the rank's index among the ranks on its node, so
     * that each rank of a node gets a GPU of its own. */
    int device;
    /* The values of the backend's own options, by their slot. */
    const char *option_values[SWE_BACKEND_MAX_OPTIONS];
} swe_backend_config;

/* How long (wall seconds) an advance that batches steps may go without
 * returning, so that the driver can report progress. */
#define SWE_ADVANCE_REPORT_SECONDS 0.25

/* How closely a backend's results must match serial's: what the agreement
 * suite (tests/cartesian/test_agreement.c) and make bench (tools/bench/bench_verify.sh)
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
    /* REQUIRED. Sets up the backend's fields for a block whose host arrays
     * hold the initial state; SWE_ERROR_USAGE when the backend cannot run
     * here (e.g. no device) or an option value is wrong. */
    int (*init)(swe_block *block, const swe_backend_config *config, swe_error *err);
    void (*finalize)(swe_block *block); /* REQUIRED */
    /* REQUIRED. Host -> backend after the host arrays were written
     * (initial conditions, restart); backend -> host before they are read
     * (output, the check of an invalid state). */
    int (*sync_after_write)(swe_block *block, swe_error *err);
    int (*sync_before_read)(swe_block *block, swe_error *err);
    /* REQUIRED. Max cell wave speed of the current state (interior cells). */
    int (*max_wave_speed)(swe_block *block, real *speed, swe_error *err);
    /* REQUIRED. One time step: ghost layers, net updates on all edges,
     * Euler update with dt; returns the max wave speed of the new state. */
    int (*step)(swe_block *block, real dt, real *next_speed, swe_error *err);
    /* Optional: steps with dt chosen on the device (common/shallow_water/
     * time_step.h, the same rule as the host's) toward t_target, without
     * the host looking at each step. It returns at a step boundary: at the
     * latest once clock->t reaches t_target, or once it reaches or passes
     * t_pause (the driver's next checkpoint; INFINITY: none), and it may
     * return sooner, after at least one step, at least every
     * SWE_ADVANCE_REPORT_SECONDS. t_pause never changes a dt: only t_target
     * clips the last step, so a run with checkpoints takes the steps of a
     * run without. A wave speed that is not finite ends it (the caller
     * reports the invalid state). NULL: the caller calls step. */
    int (*advance)(swe_block *block, swe_clock *clock, double t_target, double t_pause,
                   swe_error *err);
    /* Optional, with advance: nonzero when advance serves this block (the
     * levels that keep dt on the device); the caller steps the others.
     * NULL: advance serves every block. */
    int (*advances)(const swe_block *block);
    /* Optional, for CONNECT edges (the MPI layer, common/cartesian/grid/copy_layer.h),
     * both or neither: pack_copy_layer writes the interior row or column
     * next to edge into buffer as swe_copy_layer_length(block, edge) values
     * of h, then hu, hv and b; unpack_ghost_layer writes such a buffer into
     * the ghost layer of edge. Corner ghost cells are neither read nor
     * written. Host backends use swe_host_pack_copy_layer /
     * swe_host_unpack_ghost_layer; device backends pack on the device into
     * a host buffer. NULL: the MPI layer falls back to the host versions
     * around sync_before_read and sync_after_write (correct, but it moves
     * the whole block each step). step must leave the ghost cells of
     * CONNECT edges as they are. */
    int (*pack_copy_layer)(swe_block *block, enum swe_edge edge, real *buffer, swe_error *err);
    int (*unpack_ghost_layer)(swe_block *block, enum swe_edge edge, const real *buffer,
                              swe_error *err);
    /* Optional, both or neither, for overlapping the halo exchange with
     * work (shallows-mpi --overlap, which also needs the packing pair):
     * step_interior updates every cell except the outer ring of the block,
     * before the CONNECT ghost layers are filled; step_ring, after they
     * are, updates the ring and returns the max wave speed of the new
     * state. Together they must equal step bit for bit. Host backends
     * build them on common/cartesian/grid/ring_step.h; NULL: no overlap. */
    int (*step_interior)(swe_block *block, real dt, swe_error *err);
    int (*step_ring)(swe_block *block, real dt, real *next_speed, swe_error *err);
    /* Optional: the backend's own command-line options (--cl-device), at
     * most SWE_BACKEND_MAX_OPTIONS, each with its own slot. */
    const swe_backend_option *options;
    int option_count;
} swe_backend;

/* SWE_OK when table keeps the contract above; else SWE_ERROR_USAGE with a
 * message naming the backend and the first verb or option that breaks it. */
int swe_backend_check(const swe_backend *table, swe_error *err);

/* The backends built into this binary, checked: swe_backend_at gives a
 * table only when it keeps the contract (NULL otherwise, and for an index
 * out of range); swe_backend_lookup says why not. */
int swe_backend_count(void);
const swe_backend *swe_backend_at(int index);
/* The backend called name: SWE_OK, or SWE_ERROR_USAGE when no such
 * backend is built or its table breaks the contract (the message names the
 * missing verb). */
int swe_backend_lookup(const char *name, const swe_backend **backend, swe_error *err);
/* The backend called name, or NULL when it is not built or incomplete. */
const swe_backend *swe_backend_find(const char *name);
/* "bit-for-bit" or "rounding", as --list-backends prints it. */
const char *swe_serial_agreement_name(enum swe_serial_agreement agreement);
/* The name of registry entry index, whether or not its table is complete
 * (for listings); NULL out of range. */
const char *swe_backend_name_at(int index);

#endif
