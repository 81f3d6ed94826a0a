#include "backends/mpi/cartesian/mpi_netcdf.h"

#include "backends/mpi/mpi_agree.h"
#include "io/atomic_file.h"
#include "io/netcdf_xdmf.h"

#include <netcdf_par.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every variable is written by all ranks at once: HDF5 compresses a
 * chunk only in collective writes. */
static int make_collective(const swe_cf_file *file, swe_error *err)
{
    int count = 0;
    int status = swe_cf_check(file, nc_inq_nvars(file->ncid, &count), "nc_inq_nvars", "", err);
    for (int varid = 0; varid < count && status == SWE_OK; ++varid) {
        status = swe_cf_check(file, nc_var_par_access(file->ncid, varid, NC_COLLECTIVE),
                              "nc_var_par_access", "", err);
    }
    return status;
}

static int allocate(swe_mpi_netcdf *output, const swe_block *part, const char *path_stem)
{
    output->plane = malloc((size_t)part->nx * (size_t)part->ny * sizeof *output->plane);
    output->temp_path = swe_path_join(path_stem, ".nc.tmp");
    output->final_path = swe_path_join(path_stem, ".nc");
    return output->plane != NULL && output->temp_path != NULL && output->final_path != NULL;
}

static void release(swe_mpi_netcdf *output)
{
    free(output->plane);
    free(output->temp_path);
    free(output->final_path);
    memset(output, 0, sizeof *output);
}

int swe_mpi_netcdf_create(swe_mpi_netcdf *output, swe_mpi_layer *layer, const swe_output_plan *plan,
                          const swe_output_info *info, swe_error *err)
{
    if (output == NULL || layer == NULL || plan == NULL || info == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: parallel NetCDF needs a layer");
    }
    memset(output, 0, sizeof *output);
    const swe_block *part = layer->block;
    int status = allocate(output, part, plan->path_stem)
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the NetCDF output");
    status = swe_mpi_agree(layer->comm, status, err);
    if (status != SWE_OK) {
        release(output);
        return status;
    }
    output->file.path = output->temp_path;
    int nc_status = nc_create_par(output->temp_path, NC_NETCDF4 | NC_CLASSIC_MODEL | NC_CLOBBER,
                                  layer->comm, MPI_INFO_NULL, &output->file.ncid);
    status = nc_status == NC_NOERR
                 ? SWE_OK
                 : swe_fail(err, SWE_ERROR_USAGE,
                            "cannot create output '%s': %s (choose a writable --output path)",
                            output->temp_path, nc_strerror(nc_status));
    status = swe_mpi_agree(layer->comm, status, err);
    if (status != SWE_OK) {
        release(output);
        return status;
    }
    output->open = 1;
    status = swe_output_layout_define(&output->file, part, info, &output->layout, err);
    if (status == SWE_OK) {
        status = swe_cf_check(&output->file, nc_enddef(output->file.ncid), "nc_enddef", "", err);
    }
    if (status == SWE_OK) {
        status = make_collective(&output->file, err);
    }
    if (status == SWE_OK) {
        status = part->backend->sync_before_read((swe_block *)part, err);
    }
    if (status == SWE_OK) {
        status = swe_output_layout_write_static(&output->file, &output->layout, part, info,
                                                output->plane, err);
    }
    return swe_mpi_agree(layer->comm, status, err);
}

int swe_mpi_netcdf_write(swe_mpi_netcdf *output, swe_mpi_layer *layer, double time, swe_error *err)
{
    if (output == NULL || !output->open || layer == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no parallel NetCDF output open");
    }
    swe_block *part = layer->block;
    int status = part->backend->sync_before_read(part, err);
    for (int f = 0; f < SWE_FIELD_COUNT && status == SWE_OK; ++f) {
        swe_output_field_plane(part, (enum swe_output_field)f, output->plane);
        status = swe_output_layout_write_plane(&output->file, output->layout.field_id[f],
                                               swe_output_field_name(f), part,
                                               (long)output->snapshot_count, output->plane, err);
    }
    /* The time last, from rank 0; the others take part in the write. */
    const size_t start = output->snapshot_count, count = layer->rank == 0 ? 1 : 0;
    if (status == SWE_OK) {
        status = swe_cf_check(
            &output->file,
            nc_put_vara_double(output->file.ncid, output->layout.time_id, &start, &count, &time),
            "nc_put_vara_double", "time", err);
    }
    status = swe_mpi_agree(layer->comm, status, err);
    output->snapshot_count += status == SWE_OK;
    return status;
}

int swe_mpi_netcdf_close(swe_mpi_netcdf *output, swe_mpi_layer *layer, int keep, swe_error *err)
{
    if (output == NULL || layer == NULL || !output->open) {
        return SWE_OK;
    }
    int status = swe_cf_check(&output->file, nc_close(output->file.ncid), "nc_close", "", err);
    status = swe_mpi_agree(layer->comm, status, err);
    if (layer->rank == 0) {
        if (status == SWE_OK && keep) {
            status = swe_rename_into_place(output->temp_path, output->final_path, err);
            /* The sidecar ParaView opens without asking for a reader. */
            status = status == SWE_OK ? swe_netcdf_write_xdmf(output->final_path, err) : status;
        } else {
            remove(output->temp_path); /* incomplete, or not to be kept */
        }
    }
    status = swe_mpi_agree(layer->comm, status, err);
    release(output);
    return status;
}
