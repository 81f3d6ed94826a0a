/* The triangle solver on the shallows command line: `shallows --mesh
 * FILE.msh [options]` comes here (common/programs/shallows.c). Parses,
 * does what the options ask (--help, --version, --list-backends,
 * --list-scenarios, --list-devices, --write-square, or a run through the
 * run driver) and prints the outcome: one 'summary:' line for a run, one
 * line on stderr for a failure. Returns the exit status: 0, 1 for a run
 * that failed, 2 for bad input. */
#ifndef SWE_MESH_PROGRAM_H
#define SWE_MESH_PROGRAM_H

#include "mesh/program/mesh_options.h"
#include "run/driver.h"

int swe_mesh_program_main(const char *program_name, int argc, char **argv);

/* What the driver is asked for a run of model with options (shallows-mpi
 * --mesh passes its rank's part: the same clock). */
swe_drive_settings swe_mesh_drive_settings(const swe_mesh_options *options,
                                           const swe_mesh_model *model,
                                           const char *checkpoint_path);

/* Whether a command line asks for the triangle solver: --mesh before any
 * "--" (shallows and shallows-mpi take either application). */
int swe_mesh_program_wanted(int argc, char **argv);

#endif
