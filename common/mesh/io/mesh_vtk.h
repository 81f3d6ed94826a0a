/* A snapshot of a triangle run as a VTK UnstructuredGrid file (.vtu) for
 * ParaView: the nodes, the triangles in the .msh file's order, and cell
 * data h, hu, hv, b, eta = h + b and the velocity. Arrays are inline
 * base64 (io/vtk_xml.h); the file is written under PATH.tmp and renamed.
 * A time series of them is an io/vtk_series.h series with suffix ".vtu". */
#ifndef SWE_MESH_VTK_H
#define SWE_MESH_VTK_H

#include "core/error.h"
#include "mesh/geometry/mesh.h"
#include "mesh/numerics/mesh_arrays.h"

/* host: the run's host arrays (synchronised); run_of_file[k]: the run's
 * number of file triangle k. time is stored as the field TimeValue. */
int swe_mesh_vtk_write(const char *path, const swe_mesh *mesh, const swe_mesh_arrays *host,
                       const int *run_of_file, double time, swe_error *err);

#endif
