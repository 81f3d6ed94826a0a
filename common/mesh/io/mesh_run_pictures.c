#include "mesh/io/mesh_run_pictures.h"

#include "io/atomic_file.h"
#include "mesh/io/mesh_netcdf.h"
#include "mesh/io/mesh_png.h"

#include <stdlib.h>

#ifdef SWE_WITHOUT_NETCDF
#include "io/netcdf_unavailable.h"

int swe_mesh_draw_run_pictures(const swe_mesh_run_pictures *pictures, swe_error *err)
{
    (void)pictures;
    return swe_netcdf_unavailable(err);
}
#else
#include <netcdf.h>

typedef struct run_file {
    const swe_mesh_run_pictures *pictures;
    const char *path;
    int ncid, h_id, time_id;
    size_t faces, snapshots;
    double *buffer;       /* one snapshot in the file's order */
    swe_mesh_arrays host; /* h and bed in the run's order */
} run_file;

static int failed(const run_file *file, int nc_status, const char *what, swe_error *err)
{
    return swe_fail(err, SWE_ERROR_RUNTIME, "cannot draw the pictures from '%s': %s: %s",
                    file->path, what, nc_strerror(nc_status));
}

/* Reads variable varid at snapshot k (or, with no time, whole) into
 * values, in the run's order. */
static int read_faces(run_file *file, int varid, int timed, size_t k, real *values, swe_error *err)
{
    size_t start[2] = {k, 0}, count[2] = {1, file->faces};
    int nc_status = nc_get_vara_double(file->ncid, varid, timed ? start : start + 1,
                                       timed ? count : count + 1, file->buffer);
    if (nc_status != NC_NOERR) {
        return failed(file, nc_status, "nc_get_vara_double", err);
    }
    for (size_t f = 0; f < file->faces; ++f) {
        values[file->pictures->run_of_file[f]] = (real)file->buffer[f];
    }
    return SWE_OK;
}

static int open_file(run_file *file, swe_error *err)
{
    int dim, b_id, nc_status = nc_open(file->path, NC_NOWRITE, &file->ncid);
    if (nc_status != NC_NOERR) {
        file->ncid = -1;
        return failed(file, nc_status, "nc_open", err);
    }
    nc_status = nc_inq_dimid(file->ncid, SWE_MESH_NETCDF_FACES, &dim);
    nc_status = nc_status == NC_NOERR ? nc_inq_dimlen(file->ncid, dim, &file->faces) : nc_status;
    nc_status =
        nc_status == NC_NOERR ? nc_inq_varid(file->ncid, "time", &file->time_id) : nc_status;
    nc_status = nc_status == NC_NOERR ? nc_inq_dimid(file->ncid, "time", &dim) : nc_status;
    nc_status =
        nc_status == NC_NOERR ? nc_inq_dimlen(file->ncid, dim, &file->snapshots) : nc_status;
    nc_status = nc_status == NC_NOERR ? nc_inq_varid(file->ncid, "h", &file->h_id) : nc_status;
    nc_status = nc_status == NC_NOERR ? nc_inq_varid(file->ncid, "b", &b_id) : nc_status;
    if (nc_status != NC_NOERR) {
        return failed(file, nc_status, "the mesh's faces, time, h and b", err);
    }
    if (file->snapshots > (size_t)file->pictures->last_snapshot + 1) {
        return swe_fail(err, SWE_ERROR_RUNTIME,
                        "cannot draw the pictures from '%s': %zu snapshots, the run wrote %d",
                        file->path, file->snapshots, file->pictures->last_snapshot + 1);
    }
    size_t cells = (size_t)file->pictures->mesh->cell_count;
    if (file->faces != cells) {
        return swe_fail(err, SWE_ERROR_RUNTIME,
                        "cannot draw the pictures from '%s': %zu faces, the run has %zu",
                        file->path, file->faces, cells);
    }
    file->buffer = malloc(cells * sizeof *file->buffer);
    file->host.h = malloc(cells * sizeof *file->host.h);
    file->host.bed = malloc(cells * sizeof *file->host.bed);
    if (file->buffer == NULL || file->host.h == NULL || file->host.bed == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the pictures of '%s'",
                        file->path);
    }
    file->host.cell_count = (int)cells;
    return read_faces(file, b_id, 0, 0, file->host.bed, err);
}

/* Pass 1 (range == NULL): widens *widest over every snapshot. Pass 2:
 * draws each snapshot in *range. */
static int each_snapshot(run_file *file, swe_colour_range *widest, const swe_colour_range *range,
                         swe_error *err)
{
    const swe_mesh_run_pictures *pictures = file->pictures;
    const int first = pictures->last_snapshot + 1 - (int)file->snapshots;
    int status = SWE_OK;
    for (size_t k = 0; k < file->snapshots && status == SWE_OK; ++k) {
        double time = 0.0;
        int nc_status = nc_get_var1_double(file->ncid, file->time_id, &k, &time);
        status = nc_status != NC_NOERR ? failed(file, nc_status, "time", err)
                                       : read_faces(file, file->h_id, 1, k, file->host.h, err);
        if (status != SWE_OK) {
            break;
        }
        if (range == NULL) {
            swe_colour_range own = swe_mesh_png_range_of(pictures->mesh, &file->host);
            if (k == 0) {
                *widest = own;
            }
            swe_colour_range_widen(widest, &own);
            continue;
        }
        char *path = swe_snapshot_path(pictures->path_stem, first + (int)k, ".png");
        if (path == NULL) {
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a PNG file name");
        }
        status = swe_mesh_png_write(path, pictures->mesh, &file->host, time, range, err);
        free(path);
    }
    return status;
}

int swe_mesh_draw_run_pictures(const swe_mesh_run_pictures *pictures, swe_error *err)
{
    if (pictures == NULL || pictures->path_stem == NULL || pictures->mesh == NULL ||
        pictures->run_of_file == NULL || pictures->last_snapshot < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: run pictures need a run");
    }
    run_file file = {.pictures = pictures, .ncid = -1};
    char *path = swe_path_join(pictures->path_stem, ".nc");
    if (path == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
    }
    file.path = path;
    swe_colour_range range = {0.0, 1.0, 0};
    int status = open_file(&file, err);
    if (status == SWE_OK) {
        status = each_snapshot(&file, &range, NULL, err);
    }
    if (status == SWE_OK) {
        status = each_snapshot(&file, NULL, &range, err);
    }
    if (file.ncid >= 0) {
        nc_close(file.ncid);
    }
    free(file.buffer);
    free(file.host.h);
    free(file.host.bed);
    free(path);
    return status;
}
#endif
