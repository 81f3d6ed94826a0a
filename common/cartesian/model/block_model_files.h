/* The file verbs of the Cartesian model (block_model_files.c): outputs,
 * checkpoints and restarts, on one process or through a split. Internal
 * to common/cartesian/; the driver reaches them through
 * swe_cartesian_model_of. */
#ifndef SWE_CARTESIAN_BLOCK_MODEL_FILES_H
#define SWE_CARTESIAN_BLOCK_MODEL_FILES_H

#include "cartesian/model/block_model.h"

int swe_cartesian_restore(void *self, const char *path, swe_checkpoint_position *position,
                          swe_error *err);
int swe_cartesian_open_outputs(void *self, int first_snapshot, swe_error *err);
int swe_cartesian_write_snapshot(void *self, int snapshot, double time, swe_error *err);
int swe_cartesian_write_checkpoint(void *self, const char *path,
                                   const swe_checkpoint_position *position, swe_error *err);
int swe_cartesian_close_outputs(void *self, int keep, swe_error *err);

/* The checksum of the whole domain's state (common/cartesian/grid/block_checksum.h)
 * as text, on the writer (empty elsewhere). Collective under a split. */
int swe_cartesian_checksum(swe_cartesian_model *model, char *text, size_t size, swe_error *err);

#endif
