#include "cartesian/io/netcdf_gauges.h"

#include "cartesian/io/netcdf_layout.h"
#include "io/atomic_file.h"
#include "io/netcdf_cf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef SWE_PRECISION_DOUBLE
#define nc_put_vara_real nc_put_vara_double
#else
#define nc_put_vara_real nc_put_vara_float
#endif

/* Samples per chunk along time: a series reads in few chunks. */
enum { TIME_CHUNK = 1024 };

enum { SERIES_H, SERIES_ETA, SERIES_U, SERIES_V, SERIES_COUNT };

static const swe_cf_variable series_variables[SERIES_COUNT] = {
    [SERIES_H] = {"h", "water depth at the gauge", "m", "sea_floor_depth_below_sea_surface"},
    [SERIES_ETA] = {"eta", "water surface elevation at the gauge, missing where dry", "m",
                    "water_surface_height_above_reference_datum"},
    [SERIES_U] = {"u", "x velocity at the gauge, missing where dry", "m s-1",
                  "sea_water_x_velocity"},
    [SERIES_V] = {"v", "y velocity at the gauge, missing where dry", "m s-1",
                  "sea_water_y_velocity"},
};

struct swe_gauge_file {
    swe_cf_file file;
    int count;
    int time_id, series_id[SERIES_COUNT];
    size_t samples;
    double last_time;
    char *temp_path, *final_path;
};

static void free_gauge_file(swe_gauge_file *gauges)
{
    free(gauges->temp_path);
    free(gauges->final_path);
    free(gauges);
}

/* A variable over (gauge) with the positions. */
static int define_places(const swe_gauge_file *gauges, int gauge_dim, int ids[4], swe_error *err)
{
    static const swe_cf_variable places[4] = {
        {"x", "x of the gauge as asked for", "m", "projection_x_coordinate"},
        {"y", "y of the gauge as asked for", "m", "projection_y_coordinate"},
        {"cell_x", "x of the centre of the cell sampled", "m", NULL},
        {"cell_y", "y of the centre of the cell sampled", "m", NULL},
    };
    int status = SWE_OK;
    for (int p = 0; p < 4 && status == SWE_OK; ++p) {
        status = swe_cf_define(&gauges->file, &places[p], NC_DOUBLE, 1, &gauge_dim, &ids[p], err);
    }
    return status;
}

static int define_series(swe_gauge_file *gauges, const int dims[2], int compression, swe_error *err)
{
    int status = swe_cf_define_time(&gauges->file, dims[0], &gauges->time_id, err);
    const size_t chunks[2] = {TIME_CHUNK, (size_t)gauges->count};
    for (int s = 0; s < SERIES_COUNT && status == SWE_OK; ++s) {
        const swe_cf_variable *variable = &series_variables[s];
        status = swe_cf_define(&gauges->file, variable, SWE_NC_REAL, 2, dims, &gauges->series_id[s],
                               err);
        if (status == SWE_OK) {
            status = swe_cf_compress(&gauges->file, gauges->series_id[s], variable->name,
                                     compression, chunks, err);
        }
        if (status == SWE_OK) {
            status =
                swe_cf_put_text(&gauges->file, gauges->series_id[s], "coordinates", "x y", err);
        }
        if (status == SWE_OK && s != SERIES_H) {
            status = swe_cf_put_nan_fill(&gauges->file, gauges->series_id[s], SWE_NC_REAL, err);
        }
    }
    return status;
}

static int define_and_place(swe_gauge_file *gauges, const swe_gauge_places *places,
                            const char *title, const char *history, int compression, swe_error *err)
{
    int dims[2], place_ids[4];
    int status =
        swe_cf_check(&gauges->file, nc_def_dim(gauges->file.ncid, "time", NC_UNLIMITED, &dims[0]),
                     "nc_def_dim", "time", err);
    if (status == SWE_OK) {
        status = swe_cf_check(
            &gauges->file, nc_def_dim(gauges->file.ncid, "gauge", (size_t)places->count, &dims[1]),
            "nc_def_dim", "gauge", err);
    }
    if (status == SWE_OK) {
        status = define_places(gauges, dims[1], place_ids, err);
    }
    if (status == SWE_OK) {
        status = define_series(gauges, dims, compression, err);
    }
    if (status == SWE_OK) {
        status = swe_cf_put_globals(&gauges->file, title, history, err);
    }
    if (status == SWE_OK) { /* below which eta, u and v are missing */
        status = swe_cf_put_double(&gauges->file, NC_GLOBAL, "dry_tolerance",
                                   (double)SWE_DRY_TOLERANCE, err);
    }
    if (status == SWE_OK) {
        status = swe_cf_check(&gauges->file, nc_enddef(gauges->file.ncid), "nc_enddef", "", err);
    }
    const double *values[4] = {places->x, places->y, places->cell_x, places->cell_y};
    for (int p = 0; p < 4 && status == SWE_OK; ++p) {
        status = swe_cf_check(&gauges->file,
                              nc_put_var_double(gauges->file.ncid, place_ids[p], values[p]),
                              "nc_put_var_double", "gauge places", err);
    }
    return status;
}

int swe_gauge_file_create(swe_gauge_file **file, const char *path_stem,
                          const swe_gauge_places *places, const char *title, const char *history,
                          int compression, swe_error *err)
{
    if (file == NULL || path_stem == NULL || places == NULL || places->count < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a gauge file needs gauges");
    }
    *file = NULL;
    swe_gauge_file *gauges = calloc(1, sizeof *gauges);
    if (gauges != NULL) {
        gauges->final_path = swe_path_join(path_stem, "_gauges.nc");
        /* A fresh name, created exclusively below (never through a link). */
        gauges->temp_path =
            gauges->final_path != NULL ? swe_temp_path_for(gauges->final_path) : NULL;
    }
    if (gauges == NULL || gauges->temp_path == NULL || gauges->final_path == NULL) {
        if (gauges != NULL) {
            free_gauge_file(gauges);
        }
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the gauge file");
    }
    gauges->count = places->count;
    gauges->file.path = gauges->temp_path;
    int nc_status = nc_create(gauges->temp_path, NC_NETCDF4 | NC_CLASSIC_MODEL | NC_NOCLOBBER,
                              &gauges->file.ncid);
    if (nc_status != NC_NOERR) {
        int status = swe_fail(err, SWE_ERROR_USAGE,
                              "cannot create '%s': %s (choose a writable --output path)",
                              gauges->temp_path, nc_strerror(nc_status));
        free_gauge_file(gauges);
        return status;
    }
    int status = define_and_place(gauges, places, title, history, compression, err);
    if (status != SWE_OK) {
        swe_gauge_file_close(gauges, 0, NULL);
        return status;
    }
    *file = gauges;
    return SWE_OK;
}

int swe_gauge_file_append(swe_gauge_file *gauges, const swe_gauge_sample *sample, swe_error *err)
{
    if (gauges == NULL || sample == NULL || sample->h == NULL || sample->eta == NULL ||
        sample->u == NULL || sample->v == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a gauge sample needs its values");
    }
    if (!isfinite(sample->time) || (gauges->samples > 0 && !(sample->time > gauges->last_time))) {
        return SWE_OK; /* the same time twice (a snapshot after a step) is sampled once */
    }
    const real *series[SERIES_COUNT] = {sample->h, sample->eta, sample->u, sample->v};
    const size_t start[] = {gauges->samples, 0}, count[] = {1, (size_t)gauges->count};
    int status = SWE_OK;
    for (int s = 0; s < SERIES_COUNT && status == SWE_OK; ++s) {
        status = swe_cf_check(
            &gauges->file,
            nc_put_vara_real(gauges->file.ncid, gauges->series_id[s], start, count, series[s]),
            "nc_put_vara", series_variables[s].name, err);
    }
    if (status == SWE_OK) {
        status = swe_cf_check(
            &gauges->file,
            nc_put_var1_double(gauges->file.ncid, gauges->time_id, start, &sample->time),
            "nc_put_var1_double", "time", err);
    }
    gauges->samples += status == SWE_OK;
    gauges->last_time = sample->time;
    return status;
}

int swe_gauge_file_close(swe_gauge_file *gauges, int keep, swe_error *err)
{
    if (gauges == NULL) {
        return SWE_OK;
    }
    int status = swe_cf_check(&gauges->file, nc_close(gauges->file.ncid), "nc_close", "", err);
    if (status != SWE_OK || !keep) {
        remove(gauges->temp_path);
    } else {
        status = swe_commit_path(gauges->temp_path, gauges->final_path, err);
        if (status != SWE_OK) {
            remove(gauges->temp_path);
        }
    }
    free_gauge_file(gauges);
    return status;
}
