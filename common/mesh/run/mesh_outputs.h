/* The files of a shallows-mesh run: a VTK series and a NetCDF file, each
 * written when asked for, snapshot by snapshot. */
#ifndef SWE_MESH_OUTPUTS_H
#define SWE_MESH_OUTPUTS_H

#include "mesh/run/mesh_cli.h"

struct swe_mesh_netcdf;

typedef struct swe_mesh_outputs {
    const swe_mesh_cli *cli;
    struct swe_mesh_vtk_series *vtk;
    struct swe_mesh_netcdf *netcdf;
    int snapshot;
} swe_mesh_outputs;

/* Opens the files the options ask for and writes the initial snapshot. */
int swe_mesh_outputs_open(swe_mesh_outputs *outputs, const swe_mesh_cli *cli, swe_mesh_model *model,
                          swe_error *err);

/* Writes the model's current state as the next snapshot. */
int swe_mesh_outputs_write(swe_mesh_outputs *outputs, swe_mesh_model *model, swe_error *err);

/* Completes the files after a successful run (status SWE_OK), abandons
 * them otherwise; returns status, or the closing error. */
int swe_mesh_outputs_close(swe_mesh_outputs *outputs, int status, swe_error *err);

#endif
