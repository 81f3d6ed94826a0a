/* An XDMF 2 description (STEM.xmf2) beside a finished NetCDF-4 file
 * (STEM.nc), so that ParaView opens the run with one reader and no
 * question: for a .nc its GUI offers the CF reader and the CAM reader
 * (which accepts any NetCDF file and then fails) and asks which, while
 * .xmf2 belongs to its XDMF Reader alone. The description holds no data:
 * it names the file's HDF5 datasets (a NetCDF-4 variable is one), one
 * hyperslab per snapshot, so the sidecar stays a few hundred bytes per
 * field and snapshot and ParaView reads the compressed fields directly.
 *
 * What it describes, from the file itself:
 *   - a map or volume (coordinates x, y [, z] at the cell centres, evenly
 *     spaced): an image with its points at the cell centres, as ParaView's
 *     CF reader shows the .nc, and every field over ([time,] [z,] y, x) as
 *     point data; u, v [, w] joined into the vector "velocity"; a field
 *     over another leading dimension than time (the maxima over their
 *     period) shows its last entry in every snapshot;
 *   - a UGRID triangle mesh (mesh_node_x, mesh_node_y, mesh_face_nodes):
 *     the triangles, and every field with location "face" as cell data
 *     (ParaView 5.11 has no UGRID reader of its own);
 * with the file's times. The sidecar is written under a temporary name and
 * renamed. A file name with ':' (which XDMF takes for the end of the file
 * name) or no .nc ending gets none. */
#ifndef SWE_NETCDF_XDMF_H
#define SWE_NETCDF_XDMF_H

#include "core/error.h"

int swe_netcdf_write_xdmf(const char *netcdf_path, swe_error *err);

#endif
