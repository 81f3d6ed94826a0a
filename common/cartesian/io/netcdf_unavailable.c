/* Stand-in for the Cartesian application's NetCDF files on machines
 * without libnetcdf: every call that would touch a file refuses with the
 * message of io/netcdf_unavailable.h. */
#include "io/netcdf_unavailable.h"
#include "cartesian/io/checkpoint.h"
#include "cartesian/io/netcdf_gauges.h"
#include "cartesian/io/netcdf_input.h"
#include "cartesian/io/netcdf_output.h"
#include "cartesian/io/netcdf_series.h"

#include <stddef.h>

static int refuse(swe_error *err)
{
    return swe_netcdf_unavailable(err);
}

int swe_netcdf_create(swe_netcdf_output **output, const char *path_stem, const swe_block *block,
                      const swe_output_info *info, swe_error *err)
{
    (void)path_stem;
    (void)block;
    (void)info;
    if (output != NULL) {
        *output = NULL;
    }
    return refuse(err);
}

int swe_netcdf_create_file(swe_netcdf_output **output, const char *path, const swe_block *block,
                           const swe_output_info *info, swe_error *err)
{
    return swe_netcdf_create(output, path, block, info, err);
}

int swe_netcdf_open_append(swe_netcdf_output **output, const char *path, const swe_block *block,
                           swe_error *err)
{
    (void)path;
    (void)block;
    if (output != NULL) {
        *output = NULL;
    }
    return refuse(err);
}

int swe_netcdf_write(swe_netcdf_output *output, const swe_block *block, double time, swe_error *err)
{
    (void)output;
    (void)block;
    (void)time;
    return refuse(err);
}

int swe_netcdf_write_maxima(swe_netcdf_output *output, const swe_block *block,
                            const real *const maxima[SWE_MAXIMA_COUNT], const double period[2],
                            swe_error *err)
{
    (void)output;
    (void)block;
    (void)maxima;
    (void)period;
    return refuse(err);
}

int swe_netcdf_close(swe_netcdf_output *output, int keep, swe_error *err)
{
    (void)output;
    (void)keep;
    (void)err;
    return SWE_OK; /* nothing was opened */
}

int swe_netcdf_series_open(swe_netcdf_series **series, const swe_series_plan *plan,
                           const swe_block *initial, const swe_output_info *info, swe_error *err)
{
    (void)plan;
    (void)initial;
    (void)info;
    if (series != NULL) {
        *series = NULL;
    }
    return refuse(err);
}

int swe_netcdf_series_write(swe_netcdf_series *series, const swe_block *block, int snapshot,
                            double time, swe_error *err)
{
    (void)series;
    (void)block;
    (void)snapshot;
    (void)time;
    return refuse(err);
}

int swe_netcdf_series_write_maxima(swe_netcdf_series *series, const swe_block *block,
                                   const real *const maxima[SWE_MAXIMA_COUNT],
                                   const double period[2], swe_error *err)
{
    (void)series;
    (void)block;
    (void)maxima;
    (void)period;
    return refuse(err);
}

int swe_netcdf_series_seal(swe_netcdf_series *series, swe_error *err)
{
    (void)series;
    (void)err;
    return SWE_OK; /* nothing was opened */
}

int swe_netcdf_series_close(swe_netcdf_series *series, int keep, swe_error *err)
{
    (void)series;
    (void)keep;
    (void)err;
    return SWE_OK; /* nothing was opened */
}

int swe_netcdf_read(const char *path, int index, swe_block *block, double *time, swe_error *err)
{
    (void)path;
    (void)index;
    (void)block;
    (void)time;
    return refuse(err);
}

int swe_netcdf_snapshot_count(const char *path, swe_error *err)
{
    (void)path;
    refuse(err);
    return -1;
}

/* Checkpoints and NetCDF input need the library as well. */
int swe_checkpoint_write(const char *path, const swe_block *block, const swe_checkpoint_run *run,
                         const swe_checkpoint_position *position, swe_error *err)
{
    (void)path;
    (void)block;
    (void)run;
    (void)position;
    return refuse(err);
}

int swe_checkpoint_read(const char *path, swe_block *block, const swe_checkpoint_run *run,
                        swe_checkpoint_position *position, swe_error *err)
{
    (void)path;
    (void)block;
    (void)run;
    (void)position;
    return refuse(err);
}

int swe_netcdf_input_create_block(const swe_scenario *scenario, int nx, int ny,
                                  const swe_input_files *files, swe_block *block,
                                  swe_map_projection *projection, swe_error *err)
{
    (void)scenario;
    (void)nx;
    (void)ny;
    (void)files;
    (void)block;
    (void)projection;
    return refuse(err);
}

/* Gauge time series are NetCDF files too. */
int swe_gauge_file_create(swe_gauge_file **file, const char *path_stem,
                          const swe_gauge_places *places, const char *title, const char *history,
                          int compression, swe_error *err)
{
    (void)path_stem;
    (void)places;
    (void)title;
    (void)history;
    (void)compression;
    if (file != NULL) {
        *file = NULL;
    }
    return refuse(err);
}

int swe_gauge_file_append(swe_gauge_file *file, const swe_gauge_sample *sample, swe_error *err)
{
    (void)file;
    (void)sample;
    return refuse(err);
}

int swe_gauge_file_close(swe_gauge_file *file, int keep, swe_error *err)
{
    (void)file;
    (void)keep;
    (void)err;
    return SWE_OK;
}
