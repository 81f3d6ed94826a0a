/* A run of the Cartesian blocks: the model driven by the run driver with
 * the settings of the command line. */
#ifndef SWE_CARTESIAN_RUN_H
#define SWE_CARTESIAN_RUN_H

#include "cartesian/model/block_model.h"
#include "run/driver.h"

/* Drives model (made from options) from its start or from
 * options->run.restart_path to t_end, writing the files of options->run.formats
 * and checkpoints unless benchmarking; team: NULL on one process. Fills
 * result. */
int swe_cartesian_drive(swe_cartesian_model *model, const swe_run_team *team,
                        swe_run_result *result, swe_error *err);

/* The whole run of one process that the options describe: what shallows
 * runs. A run stopped by an unstable state keeps the snapshots written
 * before it and fails with SWE_ERROR_RUNTIME. */
int swe_run(const swe_options *options, swe_run_result *result, swe_error *err);

#endif
