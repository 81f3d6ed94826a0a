/* The options of shallows-mesh and the run they ask for. */
#ifndef SWE_MESH_CLI_H
#define SWE_MESH_CLI_H

#include "core/error.h"
#include "mesh/solver/mesh_model.h"

typedef struct swe_mesh_cli {
    swe_mesh_scenario scenario; /* a copy, with --set parameters */
    swe_mesh_model_options options;
    double t_end;
    int outputs;             /* snapshots after the initial one */
    const char *vtk_stem;    /* NULL: no VTK */
    const char *netcdf_path; /* NULL: no NetCDF */
    int quiet;
    int write_square;       /* > 0: write an N x N square to the mesh path */
    int done;               /* --help, --list-*: nothing left to run */
    char default_mesh[256]; /* common/mesh/geo/<scenario mesh>.msh */
} swe_mesh_cli;

/* Parses argv; SWE_ERROR_USAGE with a message for bad input. */
int swe_mesh_cli_parse(int argc, char **argv, swe_mesh_cli *cli, swe_error *err);

/* Runs what cli asks for and prints the summary line. */
int swe_mesh_cli_run(const swe_mesh_cli *cli, swe_error *err);

#endif
