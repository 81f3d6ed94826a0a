/* Internal to cartesian/io/netcdf_series.c and cartesian/io/netcdf_series_recover.c: the
 * series and its parts, and what both do with them. */
#ifndef SWE_NETCDF_SERIES_PARTS_H
#define SWE_NETCDF_SERIES_PARTS_H

#include "cartesian/io/netcdf_series.h"
#include "io/child_task.h"

/* A file that holds snapshots first .. first + count - 1 of the run, as
 * its snapshots 0 .. count - 1. */
typedef struct swe_series_part {
    char *path;
    int first, count;
    int own; /* written by this run (or by the run it restarts, under its own
                PATH): removed once joined */
} swe_series_part;

struct swe_netcdf_series {
    swe_series_plan plan;
    swe_output_info info;
    char *final_path;       /* PATH.nc */
    swe_block shape;        /* the grid and its geometry, no arrays */
    swe_series_part *parts; /* sealed or taken over, in the order of their snapshots */
    int part_count;
    swe_series_part current; /* being written; path NULL when there is none */
    int next_snapshot;
    real *maxima;            /* the latest maxima, plane after plane; NULL: none yet */
    double maxima_period[2]; /* the period they cover */
};

/* Runs work in a child (io/child_task.h) on the file at path; seconds: a
 * read's time limit, 0: a write, which Ctrl-C lets finish. */
int swe_series_run_child(const char *action, const char *path, swe_child_work work, void *context,
                         double seconds, void **result, size_t *size, swe_error *err);

/* Appends a part (taking path) to the series' parts. */
int swe_series_add_part(swe_netcdf_series *series, char *path, int first, int count, int own,
                        swe_error *err);

/* Drops the parts from index from on. */
void swe_series_drop_parts(swe_netcdf_series *series, int from);

/* PATH.nc.part-NNNN for the part whose first snapshot is first. */
char *swe_series_part_path(const char *stem, int first);

/* A block of the series' grid with its arrays, for reading snapshots. */
int swe_series_scratch_block(const swe_netcdf_series *series, swe_block *block, swe_error *err);

/* A restart's earlier snapshots: the parts that hold them, found under
 * the checkpointed run's PATH or this run's; refuses to replace a
 * PATH.nc that holds other snapshots (netcdf_series_recover.c). */
int swe_series_recover(swe_netcdf_series *series, const swe_block *initial, swe_error *err);

#endif
