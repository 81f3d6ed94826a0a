/* Output of an MPI run: the interiors of all ranks' blocks assembled into
 * one block of the whole domain on rank 0, which then writes it with the
 * same writers as a serial run (pictures, checkpoints, and PATH.nc where
 * NetCDF has no parallel I/O: mpi_netcdf.h); and back, from rank 0's
 * whole block to the ranks, when a run restarts. */
#ifndef SWE_MPI_GATHER_H
#define SWE_MPI_GATHER_H

#include "backends/mpi/cartesian/mpi_layer.h"

/* Creates on rank 0 the block of the whole domain that the gathered
 * snapshots go into (same grid geometry as layer->block's domain); other
 * ranks leave whole zeroed and need no memory. Local. */
int swe_mpi_whole_block_create(const swe_mpi_layer *layer, swe_block *whole, swe_error *err);

/* Brings the host arrays of every rank's block up to date
 * (sync_before_read) and copies their interiors (h, hu, hv, b) into whole
 * on rank 0. Collective; whole is ignored on other ranks. */
int swe_mpi_gather(swe_mpi_layer *layer, swe_block *whole, swe_error *err);

/* The reverse, for a restart: copies the interiors (h, hu, hv, b) of
 * whole on rank 0 into every rank's block and brings the backend's copy
 * up to date (sync_after_write). Collective; whole is ignored on other
 * ranks. */
int swe_mpi_scatter(swe_mpi_layer *layer, swe_block *whole, swe_error *err);

#endif
