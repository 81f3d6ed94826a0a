/* The Navier-Stokes solver as a model of the run driver (run/model.h):
 * start, advance by fractional steps, the guard, restore, snapshots and
 * checkpoints, on one process or on the slabs of several.
 *
 * A model holds this process's solver and, on the process that writes
 * files (the only one, or rank 0), the whole domain's host state `whole`:
 * the solver itself on one process, a copy gathered from the slabs on
 * several (ns_model_split, backends/mpi/ns/). Files, checkpoints
 * and the summary's figures come from `whole`. */
#ifndef NS_MODEL_H
#define NS_MODEL_H

#include "ns/cases/ns_cases.h"
#include "ns/io/ns_output.h"
#include "ns/model/ns_checkpoint.h"
#include "run/model.h"

/* How the slabs of a run over several processes act as one domain; every
 * verb is collective. */
typedef struct ns_model_split {
    void *context;
    /* Brings every slab's host state (velocity, history, pressure) into
     * whole on the writing process (slabs synced from their backends). */
    int (*gather)(void *context, const ns_solver *slab, ns_solver *whole, swe_error *err);
    /* The opposite: whole's velocity, history, pressure into every slab's
     * host arrays. */
    int (*scatter)(void *context, const ns_solver *whole, ns_solver *slab, swe_error *err);
    /* bytes (size of them) from the writing process to every process. */
    int (*share)(void *context, void *bytes, size_t size, swe_error *err);
    /* The first failure of any process, on every process. */
    int (*agree)(void *context, int status, swe_error *err);
} ns_model_split;

/* What a run writes, besides what the case and solver say. */
/* The most steps a run may take to --t-end, with a fixed --dt or the
 * steps the flow allows: a billion steps of the smallest grid take days. */
#define NS_MAX_STEPS 1.0e9

typedef struct ns_model_files {
    const char *path_stem; /* PATH of PATH.nc, PATH_NNNN.vti, ... */
    int formats;           /* enum swe_format bits; 0: none */
    int outputs;           /* snapshots after the initial one */
    int compression;       /* --compress: deflate / zlib level 0..9 */
    double t_end;
    const char *backend_name; /* for the files' metadata */
    const char *history;      /* the files' CF history: date and command line */
    const char *restart_path; /* the checkpoint a restart continues (PATH.checkpoint.nc), or NULL */
} ns_model_files;

typedef struct ns_model {
    const ns_case *kase;
    ns_model_files files;
    ns_solver *solver;           /* this process's slab, or the domain */
    ns_solver *whole;            /* the domain's host state where files are written; else NULL */
    const ns_model_split *split; /* NULL: one process */
    double vorticity_top;        /* the pictures' colour bar, from the initial state */
    int host_current;            /* the solver's host arrays hold its current state */
    int whole_current;           /* whole holds it too */
    ns_output *output;
} ns_model;

/* Makes a model of a created, started solver and the whole domain's host
 * state (NULL on the processes that write no files), initial states both;
 * split NULL on one process. The colour bar of the pictures comes from
 * whole's initial state. */
int ns_model_init(ns_model *model, const ns_case *kase, const ns_model_files *files,
                  ns_solver *solver, ns_solver *whole, const ns_model_split *split, swe_error *err);

/* A model of one process: the case's solver with settings on its backend. */
int ns_model_create(ns_model *model, const ns_case *kase, const ns_case_settings *settings,
                    const ns_model_files *files, swe_error *err);

/* Frees what ns_model_create made (the solver; whole is the solver). */
void ns_model_destroy(ns_model *model);

/* The model's eight verbs for swe_drive. */
swe_model ns_model_of(ns_model *model);

/* Brings whole up to the solver's current state (syncing the solver, and
 * gathering the slabs); collective on several processes. */
int ns_model_refresh_whole(ns_model *model, swe_error *err);

#endif
