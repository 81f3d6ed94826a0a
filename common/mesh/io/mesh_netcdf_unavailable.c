/* A build without libnetcdf: the triangle solver's NetCDF output refuses
 * with a message that says how to get it. */
#include "mesh/io/mesh_netcdf.h"

#include "io/netcdf_unavailable.h"

int swe_mesh_netcdf_open(swe_mesh_netcdf_series **series, const swe_sealed_plan *plan,
                         const swe_mesh *mesh, const swe_mesh_arrays *host, const int *run_of_file,
                         const swe_mesh_netcdf_info *info, swe_error *err)
{
    (void)plan;
    (void)mesh;
    (void)host;
    (void)run_of_file;
    (void)info;
    if (series != NULL) {
        *series = NULL;
    }
    return swe_netcdf_unavailable(err);
}

int swe_mesh_netcdf_write(swe_mesh_netcdf_series *series, const swe_mesh_arrays *host, int snapshot,
                          double time, swe_error *err)
{
    (void)series;
    (void)host;
    (void)snapshot;
    (void)time;
    return swe_netcdf_unavailable(err);
}

int swe_mesh_netcdf_seal(swe_mesh_netcdf_series *series, swe_error *err)
{
    (void)series;
    (void)err;
    return SWE_OK;
}

int swe_mesh_netcdf_close(swe_mesh_netcdf_series *series, int keep, swe_error *err)
{
    (void)series;
    (void)keep;
    (void)err;
    return SWE_OK;
}
