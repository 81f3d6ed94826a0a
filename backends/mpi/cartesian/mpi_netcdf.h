/* PATH.nc of an MPI run written in parallel (NetCDF-4 over MPI-IO and
 * HDF5, Debian's libnetcdf-mpi-dev): every rank writes its part of each
 * field, collectively, into the one file that a serial run writes (the
 * layout of common/cartesian/io/netcdf_layout.h, compressed alike), so rank 0 never
 * holds the whole domain for it. Built where the parallel library is
 * (SWE_WITH_PARALLEL_NETCDF); without it the domain is gathered on rank 0
 * and written by the serial writer. Every function is collective and
 * returns the same status on every rank. */
#ifndef SWE_MPI_NETCDF_H
#define SWE_MPI_NETCDF_H

#include "backends/mpi/cartesian/mpi_layer.h"
#include "cartesian/io/netcdf_layout.h"
#include "cartesian/io/output_set.h"

typedef struct swe_mpi_netcdf {
    int open;
    swe_cf_file file; /* its ncid and temp_path */
    swe_output_layout layout;
    size_t snapshot_count;
    real *plane;      /* this rank's interior, nx * ny */
    char *temp_path;  /* PATH.nc.tmp while the run goes on */
    char *final_path; /* PATH.nc once kept */
} swe_mpi_netcdf;

/* Creates PATH.nc.tmp (plan's path) for the domain of layer's blocks, with
 * the attributes of info, and writes the coordinates and the bed. */
int swe_mpi_netcdf_create(swe_mpi_netcdf *output, swe_mpi_layer *layer, const swe_output_plan *plan,
                          const swe_output_info *info, swe_error *err);

/* Appends one snapshot at time: every rank its part of every field. */
int swe_mpi_netcdf_write(swe_mpi_netcdf *output, swe_mpi_layer *layer, double time, swe_error *err);

/* Closes the file and, when keep is nonzero, renames it into place (rank
 * 0); otherwise removes it. Safe on a zeroed one. */
int swe_mpi_netcdf_close(swe_mpi_netcdf *output, swe_mpi_layer *layer, int keep, swe_error *err);

#endif
