/* The buffers the layer's halo travels in (private to the layer): where
 * they live, and the layers packed into and unpacked from them. */
#ifndef SWE_MPI_HALO_BUFFERS_H
#define SWE_MPI_HALO_BUFFERS_H

#include "backends/mpi/cartesian/mpi_layer.h"

/* One send and one receive buffer per CONNECT edge of layer->block, its
 * neighbours already set: on the device when the MPI library takes device
 * pointers and the backend has layer buffers for this block
 * (alloc_layer_buffer), else in the model's staging memory (pinned pages
 * for a GPU, alloc_staging), else from malloc. SWE_ERROR_RUNTIME when out
 * of memory (the buffers made so far are kept for swe_mpi_halo_buffers_free). */
int swe_mpi_halo_buffers_create(swe_mpi_layer *layer, swe_error *err);
void swe_mpi_halo_buffers_free(swe_mpi_layer *layer);

#endif
