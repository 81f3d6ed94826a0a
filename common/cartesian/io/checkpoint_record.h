/* What a checkpoint file records besides the fields, and how it is judged
 * on reading: the identity of the run (every option that changes the
 * numbers it computes), the position (clock and next snapshot), their
 * checksum with the fields, and the checks that refuse a checkpoint of
 * another run, one whose counters disagree, or one whose state is not
 * physical. Internal to io/checkpoint.c. */
#ifndef SWE_CHECKPOINT_RECORD_H
#define SWE_CHECKPOINT_RECORD_H

#include "cartesian/io/checkpoint.h"

#include <stdint.h>

/* The numbers of a checkpoint, as its attributes hold them. */
typedef struct swe_checkpoint_numbers {
    double t, steps, last_dt, wave_speed;               /* position */
    double cfl, t_end, manning, dry_tolerance, gravity; /* identity */
    int nx, ny, outputs, next_snapshot;
} swe_checkpoint_numbers;

/* The numbers of this run at position. */
swe_checkpoint_numbers swe_checkpoint_numbers_of(const swe_block *block,
                                                 const swe_checkpoint_run *run,
                                                 const swe_checkpoint_position *position);

/* Writes the text and number attributes into the file in define mode. */
int swe_checkpoint_put_attributes(int ncid, const char *path, const swe_checkpoint_run *run,
                                  const swe_checkpoint_numbers *n, swe_error *err);

/* Reads the number attributes; a missing one is refused. */
int swe_checkpoint_get_numbers(int ncid, const char *path, swe_checkpoint_numbers *n,
                               swe_error *err);

/* Reads the text attribute name (at most size - 1 characters). */
int swe_checkpoint_get_text(int ncid, const char *path, const char *name, char *value, size_t size,
                            swe_error *err);

/* The checkpoint must be of this very run: format, precision, grid,
 * scenario, solver and every number of the identity; its numbers into *n. */
int swe_checkpoint_check_identity(int ncid, const char *path, const swe_block *block,
                                  const swe_checkpoint_run *run, swe_checkpoint_numbers *n,
                                  swe_error *err);

/* The position must be one the driver writes: snapshot next_snapshot - 1
 * written and t past it, t at most the time of next_snapshot, at least one
 * step, a positive last dt no longer than t. */
int swe_checkpoint_check_position(const char *path, const swe_checkpoint_numbers *n,
                                  swe_error *err);

/* FNV-1a over the fields and the position: a damaged file is refused. */
uint64_t swe_checkpoint_checksum(const real *const planes[4], size_t cells,
                                 const swe_checkpoint_position *position);

/* Refusal of a checkpoint: "checkpoint 'path' <problem> (<fix>)", bad
 * input. */
int swe_checkpoint_refuse(swe_error *err, const char *path, const char *problem, const char *fix);

#endif
