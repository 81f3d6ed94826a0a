/* Snapshots of a triangle run in a NetCDF-4 (classic model) file that
 * follows the UGRID 1.0 conventions on top of CF-1.8, so that xarray,
 * uxarray and ParaView read the mesh: a mesh topology variable "mesh"
 * naming the node coordinates (mesh_node_x, mesh_node_y), the
 * face-node connectivity (mesh_face_nodes, 0-based, counter-clockwise)
 * and the face coordinates (centroids mesh_face_x, mesh_face_y); the bed
 * b over the faces and h, hu, hv, eta over (time, nfaces), each with
 * mesh = "mesh" and location = "face"; eta is missing (NaN) where dry.
 * Faces are in the .msh file's order. Variables are described, timed and
 * compressed (deflate + shuffle, chunks of one snapshot of at most a
 * map tile's cells) as the maps' files are (io/netcdf_cf.h). ParaView
 * 5.11 has no UGRID reader: it opens the triangles from the .vtu files. Global attributes record
 * the scenario and its parameters, the backend, precision, order, ordering and physics.
 * The faces' dimension is named SWE_MESH_NETCDF_FACES: UGRID lets a file
 * name it, and the UGRID checker of compliance-checker (cc-plugin-ugrid)
 * knows the faces only under that name (any other fails its checks with
 * an internal error).
 *
 * The snapshots go into PATH.nc as a sealed series (io/netcdf_sealed.h):
 * each written by a child process into a part sealed at each checkpoint,
 * a restart taking the earlier ones over from the parts or the complete
 * file of the run it continues; every NetCDF call is checked and a
 * failure names the call. */
#ifndef SWE_MESH_NETCDF_H
#define SWE_MESH_NETCDF_H

#include "core/error.h"
#include "io/netcdf_sealed.h"
#include "mesh/geometry/mesh.h"
#include "mesh/numerics/mesh_arrays.h"
#include "mesh/scenarios/mesh_scenario.h"

#define SWE_MESH_NETCDF_FACES "nfaces"

typedef struct swe_mesh_netcdf_info {
    const swe_mesh_scenario *scenario;
    const char *mesh_file;
    const char *backend; /* as the run names it: "serial", "mpi+serial" */
    const char *history; /* CF history: date and command line (NULL: the version) */
    const char *ordering;
    int order;
    double cfl;
    int compression; /* deflate level 0..9, with the shuffle (--compress) */
} swe_mesh_netcdf_info;

typedef struct swe_mesh_netcdf_series swe_mesh_netcdf_series; /* opaque */

/* Prepares the snapshots of plan for the mesh, the bed of host and the
 * metadata (mesh, host, run_of_file and info's texts stay alive until
 * closed); a restart's earlier snapshots are found here
 * (swe_sealed_series_open). */
int swe_mesh_netcdf_open(swe_mesh_netcdf_series **series, const swe_sealed_plan *plan,
                         const swe_mesh *mesh, const swe_mesh_arrays *host, const int *run_of_file,
                         const swe_mesh_netcdf_info *info, swe_error *err);

/* Appends snapshot number snapshot (the next one): the state of host
 * (synchronised) at time. */
int swe_mesh_netcdf_write(swe_mesh_netcdf_series *series, const swe_mesh_arrays *host, int snapshot,
                          double time, swe_error *err);

/* At a checkpoint, or when the run is stopped: seals the snapshots so far. */
int swe_mesh_netcdf_seal(swe_mesh_netcdf_series *series, swe_error *err);

/* Closes; keep: joins the snapshots into PATH.nc, else keeps only the
 * sealed parts. Frees series; safe with NULL. */
int swe_mesh_netcdf_close(swe_mesh_netcdf_series *series, int keep, swe_error *err);

#endif
