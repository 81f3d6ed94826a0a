/* The UGRID file as a format of the sealed series of snapshots
 * (io/netcdf_sealed.h). */
#include "mesh/io/mesh_netcdf_file.h"

#include <stdlib.h>

struct swe_mesh_netcdf_series {
    swe_sealed_series *sealed;
    swe_mesh_netcdf_source source;
};

static int create(const void *self, const char *path, swe_error *err)
{
    return swe_mesh_netcdf_create_at(path, self, err);
}

static int append(const void *self, const char *path, const void *snapshot, double time,
                  swe_error *err)
{
    return swe_mesh_netcdf_append_at(path, self, snapshot, time, err);
}

static const swe_snapshot_format ugrid_format = {.create = create, .append = append};

int swe_mesh_netcdf_open(swe_mesh_netcdf_series **series, const swe_sealed_plan *plan,
                         const swe_mesh *mesh, const swe_mesh_arrays *host, const int *run_of_file,
                         const swe_mesh_netcdf_info *info, swe_error *err)
{
    if (series == NULL || plan == NULL || mesh == NULL || host == NULL || run_of_file == NULL ||
        info == NULL || info->scenario == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a NetCDF file needs a mesh");
    }
    *series = NULL;
    swe_mesh_netcdf_series *opened = calloc(1, sizeof *opened);
    if (opened == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the NetCDF output");
    }
    opened->source = (swe_mesh_netcdf_source){mesh, host, run_of_file, *info};
    int status = swe_sealed_series_open(&opened->sealed, plan, &ugrid_format, &opened->source, err);
    if (status != SWE_OK) {
        free(opened);
        return status;
    }
    *series = opened;
    return SWE_OK;
}

int swe_mesh_netcdf_write(swe_mesh_netcdf_series *series, const swe_mesh_arrays *host, int snapshot,
                          double time, swe_error *err)
{
    if (series == NULL || host == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no NetCDF file or state");
    }
    return swe_sealed_series_write(series->sealed, host, snapshot, time, err);
}

int swe_mesh_netcdf_seal(swe_mesh_netcdf_series *series, swe_error *err)
{
    return series != NULL ? swe_sealed_series_seal(series->sealed, err) : SWE_OK;
}

int swe_mesh_netcdf_close(swe_mesh_netcdf_series *series, int keep, swe_error *err)
{
    if (series == NULL) {
        return SWE_OK;
    }
    int status = swe_sealed_series_close(series->sealed, keep, err);
    free(series);
    return status;
}
