/* The records of the UGRID file: one per snapshot, each appended to the
 * file that swe_mesh_netcdf_create_at made. */
#include "mesh/io/mesh_netcdf_file.h"

#include "io/atomic_file.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void swe_mesh_netcdf_release(swe_mesh_netcdf *file)
{
    free(file->run_of_file);
    free(file->buffer);
    free(file->final_path);
    free(file);
}

swe_mesh_netcdf *swe_mesh_netcdf_allocate(const char *path, const swe_mesh *mesh,
                                          const int *run_of_file)
{
    swe_mesh_netcdf *file = calloc(1, sizeof *file);
    if (file == NULL) {
        return NULL;
    }
    size_t faces = (size_t)mesh->cell_count;
    file->cf.ncid = -1;
    file->face_count = mesh->cell_count;
    file->run_of_file = malloc(faces * sizeof *file->run_of_file);
    file->buffer = malloc(faces * sizeof *file->buffer);
    file->final_path = swe_path_join(path, "");
    if (file->run_of_file == NULL || file->buffer == NULL || file->final_path == NULL) {
        swe_mesh_netcdf_release(file);
        return NULL;
    }
    file->cf.path = file->final_path;
    memcpy(file->run_of_file, run_of_file, faces * sizeof *file->run_of_file);
    return file;
}

/* The ids of the time and the fields in a file this writer made, and the
 * snapshots it holds. */
static int find_variables(swe_mesh_netcdf *file, swe_error *err)
{
    int status = swe_cf_check(&file->cf, nc_inq_varid(file->cf.ncid, "time", &file->time_id),
                              "nc_inq_varid", "time", err);
    for (int f = 0; status == SWE_OK && f < FIELD_COUNT; ++f) {
        status = swe_cf_check(
            &file->cf,
            nc_inq_varid(file->cf.ncid, swe_mesh_netcdf_field_names[f], &file->field_id[f]),
            "nc_inq_varid", swe_mesh_netcdf_field_names[f], err);
    }
    int face_dim = -1, time_dim = -1;
    size_t faces = 0;
    if (status == SWE_OK) {
        status =
            swe_cf_check(&file->cf, nc_inq_dimid(file->cf.ncid, SWE_MESH_NETCDF_FACES, &face_dim),
                         "nc_inq_dimid", SWE_MESH_NETCDF_FACES, err);
    }
    if (status == SWE_OK) {
        status = swe_cf_check(&file->cf, nc_inq_dimlen(file->cf.ncid, face_dim, &faces),
                              "nc_inq_dimlen", SWE_MESH_NETCDF_FACES, err);
    }
    if (status == SWE_OK) {
        status = swe_cf_check(&file->cf, nc_inq_dimid(file->cf.ncid, "time", &time_dim),
                              "nc_inq_dimid", "time", err);
    }
    if (status == SWE_OK) {
        status = swe_cf_check(&file->cf, nc_inq_dimlen(file->cf.ncid, time_dim, &file->snapshots),
                              "nc_inq_dimlen", "time", err);
    }
    if (status == SWE_OK && file->snapshots > 0) {
        const size_t last = file->snapshots - 1;
        status = swe_cf_check(
            &file->cf, nc_get_var1_double(file->cf.ncid, file->time_id, &last, &file->last_time),
            "nc_get_var1_double", "time", err);
    }
    if (status == SWE_OK && faces != (size_t)file->face_count) {
        status = swe_fail(err, SWE_ERROR_USAGE, "'%s' holds another mesh (%zu faces, not %d)",
                          file->final_path, faces, file->face_count);
    }
    return status;
}

static int write_record(swe_mesh_netcdf *file, const swe_mesh_arrays *host, double time,
                        swe_error *err)
{
    if (file->snapshots > 0 && !(time > file->last_time)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: NetCDF times must grow");
    }
    size_t at = file->snapshots, one = 1;
    const real *fields[FIELD_COUNT] = {host->h, host->hu, host->hv, host->h};
    size_t start[2] = {at, 0}, count[2] = {1, (size_t)file->face_count};
    int status = SWE_OK;
    for (int f = 0; status == SWE_OK && f < FIELD_COUNT; ++f) {
        for (int k = 0; k < file->face_count; ++k) {
            int c = file->run_of_file[k];
            int dry = !(host->h[c] >= SWE_DRY_TOLERANCE);
            file->buffer[k] = f != FIELD_ETA ? fields[f][c]
                              : dry          ? (real)NAN
                                             : host->h[c] + host->bed[c];
        }
        status = swe_cf_check(
            &file->cf,
            nc_put_vara_real(file->cf.ncid, file->field_id[f], start, count, file->buffer),
            "nc_put_vara", swe_mesh_netcdf_field_names[f], err);
    }
    /* The time goes last: a snapshot counts once all its fields are in. */
    return status == SWE_OK
               ? swe_cf_check(&file->cf,
                              nc_put_vara_double(file->cf.ncid, file->time_id, &at, &one, &time),
                              "nc_put_vara_double", "time", err)
               : status;
}

int swe_mesh_netcdf_append_at(const char *path, const swe_mesh_netcdf_source *source,
                              const swe_mesh_arrays *host, double time, swe_error *err)
{
    if (path == NULL || source == NULL || source->mesh == NULL || source->run_of_file == NULL ||
        host == NULL || host->h == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no NetCDF file or state");
    }
    swe_mesh_netcdf *file = swe_mesh_netcdf_allocate(path, source->mesh, source->run_of_file);
    if (file == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the NetCDF output");
    }
    int status =
        swe_cf_check(&file->cf, nc_open(path, NC_WRITE, &file->cf.ncid), "nc_open", "file", err);
    if (status == SWE_OK) {
        status = find_variables(file, err);
        status = status == SWE_OK ? write_record(file, host, time, err) : status;
        int close_status =
            swe_cf_check(&file->cf, nc_close(file->cf.ncid), "nc_close", "file", err);
        status = status == SWE_OK ? close_status : status;
    }
    swe_mesh_netcdf_release(file);
    return status;
}
