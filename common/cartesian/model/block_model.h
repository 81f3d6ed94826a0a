/* The Cartesian blocks as a model of the run driver (run/model.h): a
 * block of the scenario stepped by a backend, its output files and its
 * checkpoints. One process holds the whole domain; under shallows-mpi
 * each rank holds a part, and a split (below) lets the parts meet for the
 * files, so that the same model code serves both programs. */
#ifndef SWE_CARTESIAN_BLOCK_MODEL_H
#define SWE_CARTESIAN_BLOCK_MODEL_H

#include "cartesian/grid/backend.h"
#include "cartesian/io/output_set.h"
#include "cartesian/model/gauges.h"
#include "cartesian/model/maxima.h"
#include "cartesian/program/options.h"
#include "io/map_projection.h"
#include "run/model.h"

/* This process's part of the domain: cells first_i .. first_i + nx - 1
 * and first_j .. first_j + ny - 1 (0-based), on accelerator `device` of
 * its node. A run of one process has none: the whole domain, device 0. */
typedef struct swe_block_place {
    int first_i, first_j, nx, ny;
    int device;
} swe_block_place;

/* How the parts of one domain on several processes meet (the MPI ranks,
 * backends/mpi/cartesian/mpi_split.c). Every hook is collective and returns the same
 * status on every process. */
typedef struct swe_block_split {
    void *context;
    int writer;         /* this process writes the files of the whole domain */
    swe_block *stepped; /* this process's block as the steps see it (the halo
                           exchange and the global wave speed around it) */
    /* The first failure of any process, on every process. */
    int (*agree)(void *context, int status, swe_error *err);
    /* Every part's interior, read back from its backend, into the block of
     * the whole domain that the split keeps on the writer; *whole points to
     * it there, NULL elsewhere. */
    int (*gather)(void *context, swe_block **whole, swe_error *err);
    /* The reverse: the writer's whole block into every part, which is then
     * brought to its backend (sync_after_write). */
    int (*scatter)(void *context, swe_error *err);
    /* *value summed over every process, on every process. */
    int (*sum)(void *context, double *value, swe_error *err);
    /* size bytes at bytes, from the writer to every process. */
    int (*share)(void *context, void *bytes, size_t size, swe_error *err);
    /* VTK without a gather: every process writes its part as a piece, the
     * writer the file that assembles them and the series. */
    int (*open_pieces)(void *context, const swe_output_plan *plan, int first_snapshot,
                       swe_error *err);
    int (*write_pieces)(void *context, int snapshot, double time, swe_error *err);
    /* NetCDF without a gather, where the library does parallel I/O (NULL
     * otherwise: the writer writes the gathered domain): every process
     * writes its part of PATH.nc. */
    int (*open_netcdf)(void *context, const swe_output_plan *plan, const swe_output_info *info,
                       swe_error *err);
    int (*write_netcdf)(void *context, double time, swe_error *err);
    int (*close_netcdf)(void *context, int keep, swe_error *err);
} swe_block_split;

typedef struct swe_cartesian_model {
    const swe_options *options;
    const swe_cartesian_backend *backend; /* the fine-grain backend of the block */
    char backend_name[64];                /* as the files name it: "serial", "mpi+serial" */
    swe_block block;                      /* this process's block: the whole domain or its part */
    int initialised;                      /* backend->init succeeded on block */
    int host_current;                     /* block's host arrays hold the backend's state */
    const swe_block_split *split;         /* NULL: one process */
    swe_output_set *outputs;              /* on the writer: the formats of the whole domain */
    swe_map_projection projection;        /* how geographic input files became metres */
    /* Gauges and maxima (--gauge, --maxima), sampled after the steps. */
    int samples;           /* either is asked for, and their files are open */
    double next_sample;    /* simulated time of the next sample (--sample-every) */
    swe_gauges gauges;     /* count 0: none */
    swe_maxima maxima;     /* field NULL: none */
    int closed_basin;      /* walls on every side: the water volume must stay */
    double initial_volume; /* of the whole domain, m^3, at t = 0 */
} swe_cartesian_model;

/* Makes the block of place (NULL: the whole domain) from the scenario or
 * its input files, and sets the backend of options up on it; a grid that
 * does not fit into the memory available is refused first, with the
 * figures. On failure the model is left for swe_cartesian_model_destroy. */
int swe_cartesian_model_create(swe_cartesian_model *model, const swe_options *options,
                               const swe_block_place *place, swe_error *err);

/* From now on the model steps split->stepped and writes through split
 * (which must outlive the model's use). */
void swe_cartesian_model_set_split(swe_cartesian_model *model, const swe_block_split *split);

/* The water volume of the whole domain, m^3: this process's block summed
 * over the split. Collective under a split; every process must call it,
 * whatever its own block holds. */
int swe_cartesian_volume(swe_cartesian_model *model, double *volume, swe_error *err);

/* The cells of the whole domain (every process's block together). */
long swe_cartesian_cell_count(const swe_cartesian_model *model);

/* The model as the driver sees it. */
swe_model swe_cartesian_model_of(swe_cartesian_model *model);

/* Finalizes the backend and frees the block; safe after a failed create. */
void swe_cartesian_model_destroy(swe_cartesian_model *model);

#endif
