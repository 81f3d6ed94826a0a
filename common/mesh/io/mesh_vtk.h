/* A snapshot of a triangle run as a VTK UnstructuredGrid file (.vtu) for
 * ParaView, which opens the triangles from these (ParaView 5.11 has no
 * reader of the UGRID NetCDF file): the nodes, the triangles in the .msh
 * file's order, and cell data h, b, eta = h + b (NaN where dry, as in the
 * maps' files) and the velocity (u, v, 0; zero where dry). The momenta
 * hu, hv, which the velocity shows, are in the NetCDF file only. Arrays
 * are appended and compressed with zlib (io/vtk_appended.h); the file is
 * written under a temporary name and renamed. A time series of them is an
 * io/vtk_series.h series with suffix ".vtu". */
#ifndef SWE_MESH_VTK_H
#define SWE_MESH_VTK_H

#include "core/error.h"
#include "mesh/geometry/mesh.h"
#include "mesh/numerics/mesh_arrays.h"

#include <stdio.h>

/* host: the run's host arrays (synchronised); run_of_file[k]: the run's
 * number of file triangle k. time is stored as the field TimeValue;
 * compression: the zlib level 0..9 (--compress; 0: raw). */
int swe_mesh_vtk_write(const char *path, const swe_mesh *mesh, const swe_mesh_arrays *host,
                       const int *run_of_file, double time, int compression, swe_error *err);

/* The <PCellData> element of a .pvtu over pieces this writer wrote: every
 * cell array by its name, type and components, so that the two never
 * disagree. */
void swe_mesh_vtk_declare_cell_data(FILE *file);

#endif
