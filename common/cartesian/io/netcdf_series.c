/* The Cartesian file (cartesian/io/netcdf_output.h) as a format of the
 * sealed series of snapshots (io/netcdf_sealed.h). */
#include "cartesian/io/netcdf_series.h"

#include "io/netcdf_sealed.h"

#include <stdlib.h>
#include <string.h>

struct swe_netcdf_series {
    swe_sealed_series *sealed;
    swe_output_info info;
    swe_block bed;           /* the grid and the run's bed (b: the initial state's) */
    real *maxima;            /* the latest maxima, plane after plane; NULL: none yet */
    double maxima_period[2]; /* the period they cover */
};

static int create(const void *self, const char *path, swe_error *err)
{
    const swe_netcdf_series *series = self;
    swe_netcdf_output *output = NULL;
    int status = swe_netcdf_create_file(&output, path, &series->bed, &series->info, err);
    return status == SWE_OK ? swe_netcdf_close(output, 1, err) : status;
}

static int append(const void *self, const char *path, const void *snapshot, double time,
                  swe_error *err)
{
    const swe_block *block = snapshot;
    (void)self;
    swe_netcdf_output *output = NULL;
    int status = swe_netcdf_open_append(&output, path, block, err);
    if (status == SWE_OK) {
        status = swe_netcdf_write(output, block, time, err);
        int close_status = swe_netcdf_close(output, status == SWE_OK, err);
        status = status == SWE_OK ? close_status : status;
    }
    return status;
}

/* The file's bed is the run's. */
static int same_run(const void *self, const char *path)
{
    const swe_netcdf_series *series = self;
    const swe_block *s = &series->bed;
    swe_block scratch;
    swe_error ignored;
    double time;
    if (swe_block_create(&scratch, s->nx, s->ny, s->x0, s->y0, s->width, s->height, &ignored) !=
        SWE_OK) {
        return 0;
    }
    int same = swe_netcdf_read(path, 0, &scratch, &time, &ignored) == SWE_OK;
    for (int j = 1; j <= s->ny && same; ++j) {
        same = memcmp(&scratch.b[SWE_INDEX(&scratch, 1, j)], &s->b[SWE_INDEX(s, 1, j)],
                      (size_t)s->nx * sizeof(real)) == 0;
    }
    swe_block_destroy(&scratch);
    return same;
}

static int finish(const void *self, const char *path, swe_error *err)
{
    const swe_netcdf_series *series = self;
    const size_t plane = (size_t)series->bed.nx * (size_t)series->bed.ny;
    const real *planes[SWE_MAXIMA_COUNT];
    for (int m = 0; m < SWE_MAXIMA_COUNT; ++m) {
        planes[m] = series->maxima + (size_t)m * plane;
    }
    swe_netcdf_output *output = NULL;
    int status = swe_netcdf_open_append(&output, path, &series->bed, err);
    if (status == SWE_OK) {
        status = swe_netcdf_write_maxima(output, &series->bed, planes, series->maxima_period, err);
        int close_status = swe_netcdf_close(output, status == SWE_OK, err);
        status = status == SWE_OK ? close_status : status;
    }
    return status;
}

static const swe_snapshot_format cartesian_format = {
    .create = create, .append = append, .same_run = same_run, .finish = finish};

int swe_netcdf_series_open(swe_netcdf_series **series, const swe_series_plan *plan,
                           const swe_block *initial, const swe_output_info *info, swe_error *err)
{
    if (series == NULL || plan == NULL || plan->path_stem == NULL || initial == NULL ||
        initial->b == NULL || info == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a series needs a plan and a block");
    }
    *series = NULL;
    swe_netcdf_series *opened = calloc(1, sizeof *opened);
    if (opened == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the NetCDF series");
    }
    opened->info = *info;
    const swe_block *s = initial;
    int status =
        swe_block_create(&opened->bed, s->nx, s->ny, s->x0, s->y0, s->width, s->height, err);
    if (status != SWE_OK) {
        free(opened);
        return status;
    }
    for (int j = 1; j <= s->ny; ++j) {
        memcpy(&opened->bed.b[SWE_INDEX(&opened->bed, 1, j)], &s->b[SWE_INDEX(s, 1, j)],
               (size_t)s->nx * sizeof(real));
    }
    const swe_sealed_plan sealed = {.path_stem = plan->path_stem,
                                    .earlier_stem = plan->earlier_stem,
                                    .outputs = plan->outputs,
                                    .t_end = plan->t_end,
                                    .first_snapshot = plan->first_snapshot};
    status = swe_sealed_series_open(&opened->sealed, &sealed, &cartesian_format, opened, err);
    if (status != SWE_OK) {
        swe_netcdf_series_close(opened, 0, NULL);
        return status;
    }
    *series = opened;
    return SWE_OK;
}

int swe_netcdf_series_write(swe_netcdf_series *series, const swe_block *block, int snapshot,
                            double time, swe_error *err)
{
    if (series == NULL || block == NULL || block->nx != series->bed.nx ||
        block->ny != series->bed.ny) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: snapshots of the series' grid");
    }
    return swe_sealed_series_write(series->sealed, block, snapshot, time, err);
}

int swe_netcdf_series_write_maxima(swe_netcdf_series *series, const swe_block *block,
                                   const real *const maxima[SWE_MAXIMA_COUNT],
                                   const double period[2], swe_error *err)
{
    if (series == NULL || block == NULL || maxima == NULL || period == NULL ||
        block->nx != series->bed.nx || block->ny != series->bed.ny) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: maxima of the series' grid");
    }
    const size_t plane = (size_t)block->nx * (size_t)block->ny;
    if (series->maxima == NULL) {
        series->maxima = malloc(SWE_MAXIMA_COUNT * plane * sizeof(real));
        if (series->maxima == NULL) {
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the maxima");
        }
    }
    for (int m = 0; m < SWE_MAXIMA_COUNT; ++m) {
        memcpy(series->maxima + (size_t)m * plane, maxima[m], plane * sizeof(real));
    }
    series->maxima_period[0] = period[0];
    series->maxima_period[1] = period[1];
    return swe_sealed_series_finish(series->sealed, err);
}

int swe_netcdf_series_seal(swe_netcdf_series *series, swe_error *err)
{
    return series != NULL ? swe_sealed_series_seal(series->sealed, err) : SWE_OK;
}

int swe_netcdf_series_close(swe_netcdf_series *series, int keep, swe_error *err)
{
    if (series == NULL) {
        return SWE_OK;
    }
    int status = swe_sealed_series_close(series->sealed, keep, err);
    swe_block_destroy(&series->bed);
    free(series->maxima);
    free(series);
    return status;
}
