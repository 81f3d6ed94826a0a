/* The Cartesian application's backend interface: its table of verbs for
 * a programming model (common/run/models.h registers the models; each
 * model's table for the blocks lives in backends/<model>/cartesian/, as
 * swe_cartesian_<model>_backend).
 *
 * The contract. A table must name its model (table.model) and fill the
 * REQUIRED verbs init, finalize, sync_after_write, sync_before_read,
 * max_wave_speed and step; every other verb is OPTIONAL (NULL: the
 * caller does without it, as each verb's comment says). Some optional
 * verbs come in pairs (pack_copy_layer/unpack_ghost_layer,
 * step_interior/step_ring, alloc_layer_buffer/free_layer_buffer), advances
 * needs advance, overlaps needs step_interior, sync_layers the packing pair
 * and the layer buffers sync_layers. The registry
 * (swe_cartesian_models) refuses a table that breaks a rule, naming the
 * verb, and hands out only tables that keep it, so no caller ever calls
 * through a NULL verb.
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
#include "run/models.h"
#include "shallow_water/riemann.h"

typedef struct swe_cartesian_backend_config {
    enum swe_solver solver;
    real manning; /* Manning coefficient n, s/m^(1/3), applied by common/shallow_water/friction.h;
                     0: none */
    swe_model_config model; /* the level, the device, the model's own options */
} swe_cartesian_backend_config;

/* How long (wall seconds) an advance that batches steps may go without
 * returning, so that the driver can report progress. */
#define SWE_ADVANCE_REPORT_SECONDS 0.25

typedef struct swe_cartesian_backend {
    /* The model, what the blocks do on it, its levels (--level 1..levels). */
    swe_model_table table;
    /* REQUIRED. Sets up the backend's fields for a block whose host arrays
     * hold the initial state; SWE_ERROR_USAGE when the backend cannot run
     * here (e.g. no device) or an option value is wrong. */
    int (*init)(swe_block *block, const swe_cartesian_backend_config *config, swe_error *err);
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
    /* Optional, with the packing pair, for device backends: the pair may
     * only queue its copies (on the backend's stream), and sync_layers
     * returns once every queued pack and unpack is done: the pack buffers
     * hold their layers, the unpack buffers may be written again (as they
     * may once the next step has returned: it runs behind the unpacks).
     * The MPI layer packs every edge, then syncs once. NULL: each call of
     * the pair is done when it returns. */
    int (*sync_layers)(swe_block *block, swe_error *err);
    /* Optional, both or neither, with sync_layers: bytes of device memory
     * for packed layers in *buffer, which the packing pair also takes as
     * its buffer, so that an MPI library that reads device memory sends the
     * layers as they are (swe_mpi_takes_device_pointers). SWE_OK with
     * *buffer NULL when this block's layers do not stay on the device (a
     * level that steps from the host arrays). NULL: layers cross to the
     * host. */
    int (*alloc_layer_buffer)(swe_block *block, size_t bytes, void **buffer, swe_error *err);
    void (*free_layer_buffer)(swe_block *block, void *buffer);
    /* Optional, both or neither, for overlapping the halo exchange with
     * work (shallows-mpi --overlap, which also needs the packing pair):
     * step_interior updates every cell except the outer ring of the block,
     * before the CONNECT ghost layers are filled; step_ring, after they
     * are, updates the ring and returns the max wave speed of the new
     * state. Together they must equal step bit for bit. The ring is one
     * cell wide on host backends, which build them on
     * common/cartesian/grid/ring_step.h; a device backend may take a wider
     * one. step_interior may return while its work is queued. NULL: no
     * overlap. */
    int (*step_interior)(swe_block *block, real dt, swe_error *err);
    int (*step_ring)(swe_block *block, real dt, real *next_speed, swe_error *err);
    /* Optional, with step_interior: nonzero when the pair serves this block
     * (the levels that have it). NULL: it serves every block. */
    int (*overlaps)(const swe_block *block);
} swe_cartesian_backend;

/* The Cartesian tables of the models linked into this program. */
extern const swe_model_registry swe_cartesian_models;

/* The table of the model called name: SWE_OK, or SWE_ERROR_USAGE when
 * no such model is built or its table breaks the contract (named). */
int swe_cartesian_backend_lookup(const char *name, const swe_cartesian_backend **backend,
                                 swe_error *err);
/* The index-th table linked (0 .. swe_registry_count(&swe_cartesian_models)
 * - 1) when it keeps the contract; NULL otherwise. */
const swe_cartesian_backend *swe_cartesian_backend_at(int index);
/* The table of the model called name, or NULL when it is not built or
 * breaks the contract. */
const swe_cartesian_backend *swe_cartesian_backend_find(const char *name);
/* The model's name of a table. */
const char *swe_cartesian_backend_name(const swe_cartesian_backend *backend);

#endif
