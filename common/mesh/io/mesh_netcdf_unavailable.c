/* A build without libnetcdf: the triangle solver's NetCDF output refuses
 * with a message that says how to get it. */
#include "mesh/io/mesh_netcdf.h"

#include "io/netcdf_unavailable.h"

int swe_mesh_netcdf_create(swe_mesh_netcdf **file, const char *path, const swe_mesh *mesh,
                           const swe_mesh_arrays *host, const int *run_of_file,
                           const swe_mesh_netcdf_info *info, swe_error *err)
{
    (void)path;
    (void)mesh;
    (void)host;
    (void)run_of_file;
    (void)info;
    if (file != NULL) {
        *file = NULL;
    }
    return swe_netcdf_unavailable(err);
}

int swe_mesh_netcdf_append(swe_mesh_netcdf **file, const char *path, const swe_mesh *mesh,
                           const int *run_of_file, int first_snapshot, swe_error *err)
{
    (void)path;
    (void)mesh;
    (void)run_of_file;
    (void)first_snapshot;
    return swe_mesh_netcdf_create(file, NULL, NULL, NULL, NULL, NULL, err);
}

int swe_mesh_netcdf_write(swe_mesh_netcdf *file, const swe_mesh_arrays *host, double time,
                          swe_error *err)
{
    (void)file;
    (void)host;
    (void)time;
    return swe_netcdf_unavailable(err);
}

int swe_mesh_netcdf_close(swe_mesh_netcdf *file, int keep, swe_error *err)
{
    (void)file;
    (void)keep;
    (void)err;
    return SWE_OK;
}
