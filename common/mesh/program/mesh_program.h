/* The mesh application on the shallows command line: `shallows --mesh
 * FILE.msh [options]` comes here (common/programs/shallows.c): the run
 * through the run driver, its report, and the application's actions
 * (--list-scenarios, --write-square), in the shared program body
 * (run/program.h). */
#ifndef SWE_MESH_PROGRAM_H
#define SWE_MESH_PROGRAM_H

#include "mesh/program/mesh_options.h"
#include "run/driver.h"

/* The program `name` of one process over the mesh application, for argv;
 * returns the exit status. */
int swe_mesh_program_main(const char *name, int argc, char **argv);

/* --list-scenarios and --write-square N. */
int swe_mesh_program_act(const swe_mesh_options *options, swe_error *err);

/* What the driver is asked for a run of model with options (shallows-mpi
 * --mesh passes its rank's part: the same clock). */
swe_drive_settings swe_mesh_drive_settings(const swe_mesh_options *options,
                                           const char *checkpoint_path);

/* Whether a command line asks for the mesh application: --mesh before any
 * "--" (shallows and shallows-mpi take either application). */
int swe_mesh_program_wanted(int argc, char **argv);

#endif
