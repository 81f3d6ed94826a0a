/* Internal to io/netcdf_sealed.c and io/netcdf_sealed_recover.c: the
 * series and its parts, and what both do with them. */
#ifndef SWE_NETCDF_SEALED_PARTS_H
#define SWE_NETCDF_SEALED_PARTS_H

#include "io/child_task.h"
#include "io/netcdf_sealed.h"

/* A file that holds snapshots first .. first + count - 1 of the run, as
 * its records 0 .. count - 1. */
typedef struct swe_sealed_part {
    char *path;
    int first, count;
    int own; /* written by this run (or by the run it restarts, under its own
                PATH): removed once joined */
} swe_sealed_part;

struct swe_sealed_series {
    swe_sealed_plan plan;
    const swe_snapshot_format *format;
    const void *self;
    char *final_path;       /* PATH.nc */
    swe_sealed_part *parts; /* sealed or taken over, in the order of their snapshots */
    int part_count;
    swe_sealed_part current; /* being written; path NULL when there is none */
    int next_snapshot;
    int finished; /* the format's finish was asked for: the joined file gets it too */
};

/* Runs work in a child (io/child_task.h) on the file at path; seconds: a
 * read's time limit, 0: a write, which Ctrl-C lets finish. */
int swe_sealed_run_child(const char *action, const char *path, swe_child_work work, void *context,
                         double seconds, swe_error *err);

/* Appends a part (taking path) to the series' parts. */
int swe_sealed_add_part(swe_sealed_series *series, char *path, int first, int count, int own,
                        swe_error *err);

/* Drops the parts from index from on. */
void swe_sealed_drop_parts(swe_sealed_series *series, int from);

/* PATH.nc.part-NNNN for the part whose first snapshot is first. */
char *swe_sealed_part_path(const char *stem, int first);

/* A restart's earlier snapshots: the parts that hold them, found under
 * the checkpointed run's PATH or this run's; refuses to replace a
 * PATH.nc that holds other snapshots (netcdf_sealed_recover.c). */
int swe_sealed_recover(swe_sealed_series *series, swe_error *err);

#endif
