#include "backends/mpi/cartesian/mpi_gather.h"

#include "backends/mpi/mpi_check.h"
#include "cartesian/grid/copy_layer.h"
#include "core/memory_budget.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { GATHER_TAG = 200, SCATTER_TAG = 210 };

int swe_mpi_whole_block_create(const swe_mpi_layer *layer, swe_block *whole, swe_error *err)
{
    if (layer == NULL || whole == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no layer or block to gather into");
    }
    memset(whole, 0, sizeof *whole);
    const swe_block *part = layer->block;
    swe_block_extent largest = swe_block_grid_extent(&layer->grid, 0);
    if ((size_t)largest.nx * (size_t)largest.ny > (size_t)INT_MAX) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "blocks of %d x %d cells are too large to gather for output (use more "
                        "ranks or --benchmark)",
                        largest.nx, largest.ny);
    }
    if (layer->rank != 0) {
        return SWE_OK;
    }
    /* The gathered domain and the copies its files make of it. */
    char what[96];
    snprintf(what, sizeof what, "rank 0's gathered domain of %d x %d cells", part->domain_nx,
             part->domain_ny);
    int status = swe_memory_check(
        what, 2.0 * 4.0 * (part->domain_nx + 2.0) * (part->domain_ny + 2.0) * sizeof(real),
        "choose a smaller grid, or --benchmark or --format vtk, which "
        "gather nothing",
        err);
    if (status != SWE_OK) {
        return status;
    }
    status = swe_block_create(whole, part->domain_nx, part->domain_ny, part->x0, part->y0,
                              part->width, part->height, err);
    if (status == SWE_OK) {
        /* The whole domain's own boundary types, for writers that record them. */
        for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
            whole->boundary[edge] = part->boundary[edge];
        }
    }
    return status;
}

/* Visits the rows of the four fields of the cells of extent in block
 * (offset: where the extent starts in block) and the matching rows of a
 * buffer of SWE_COPY_LAYER_FIELDS planes of extent->nx * extent->ny. */
static void copy_rows(swe_block *block, const swe_block_extent *extent, int offset_i, int offset_j,
                      real *buffer, int into_block)
{
    real *fields[SWE_COPY_LAYER_FIELDS] = {block->h, block->hu, block->hv, block->b};
    const size_t row_bytes = (size_t)extent->nx * sizeof(real);
    for (int f = 0; f < SWE_COPY_LAYER_FIELDS; ++f) {
        real *plane = buffer + (size_t)f * (size_t)extent->nx * (size_t)extent->ny;
        for (int j = 1; j <= extent->ny; ++j) {
            real *cells = fields[f] + SWE_INDEX(block, offset_i + 1, offset_j + j);
            real *row = plane + (size_t)(j - 1) * (size_t)extent->nx;
            memcpy(into_block ? cells : row, into_block ? row : cells, row_bytes);
        }
    }
}

/* A buffer for the four fields of the largest block: block 0 is one of
 * them, since the first blocks get the extra cells. */
static real *transfer_buffer(const swe_mpi_layer *layer)
{
    swe_block_extent largest = swe_block_grid_extent(&layer->grid, 0);
    size_t capacity = (size_t)largest.nx * (size_t)largest.ny;
    real *buffer = malloc(SWE_COPY_LAYER_FIELDS * capacity * sizeof(real));
    if (buffer == NULL) {
        /* The others wait in the gather or scatter. */
        swe_mpi_abort("out of memory for the gather and scatter buffer", SWE_ERROR_RUNTIME);
    }
    return buffer;
}

int swe_mpi_gather(swe_mpi_layer *layer, swe_block *whole, swe_error *err)
{
    if (layer == NULL || (layer->rank == 0 && (whole == NULL || whole->h == NULL))) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: gather needs a layer and a block");
    }
    swe_block *part = layer->block;
    int status = part->backend->sync_before_read(part, err);
    if (status != SWE_OK) {
        swe_mpi_abort(err->message, status); /* the others wait in the gather */
    }
    real *buffer = transfer_buffer(layer);
    swe_block_extent own = swe_block_grid_extent(&layer->grid, layer->rank);
    copy_rows(part, &own, 0, 0, buffer, 0);
    int plane = own.nx * own.ny; /* <= INT_MAX: checked by swe_mpi_whole_block_create */
    if (layer->rank != 0) {
        for (int f = 0; f < SWE_COPY_LAYER_FIELDS; ++f) {
            MPI_CHECK(MPI_Send(buffer + (size_t)f * (size_t)plane, plane, SWE_MPI_REAL, 0,
                               GATHER_TAG + f, layer->comm));
        }
    } else {
        copy_rows(whole, &own, own.first_i, own.first_j, buffer, 1);
        for (int rank = 1; rank < swe_block_grid_count(&layer->grid); ++rank) {
            swe_block_extent extent = swe_block_grid_extent(&layer->grid, rank);
            int count = extent.nx * extent.ny;
            for (int f = 0; f < SWE_COPY_LAYER_FIELDS; ++f) {
                MPI_CHECK(MPI_Recv(buffer + (size_t)f * (size_t)count, count, SWE_MPI_REAL, rank,
                                   GATHER_TAG + f, layer->comm, MPI_STATUS_IGNORE));
            }
            copy_rows(whole, &extent, extent.first_i, extent.first_j, buffer, 1);
        }
    }
    free(buffer);
    return SWE_OK;
}

int swe_mpi_scatter(swe_mpi_layer *layer, swe_block *whole, swe_error *err)
{
    if (layer == NULL || (layer->rank == 0 && (whole == NULL || whole->h == NULL))) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: scatter needs a layer and a block");
    }
    swe_block *part = layer->block;
    real *buffer = transfer_buffer(layer);
    swe_block_extent own = swe_block_grid_extent(&layer->grid, layer->rank);
    if (layer->rank != 0) {
        int plane = own.nx * own.ny; /* <= INT_MAX: checked by swe_mpi_whole_block_create */
        for (int f = 0; f < SWE_COPY_LAYER_FIELDS; ++f) {
            MPI_CHECK(MPI_Recv(buffer + (size_t)f * (size_t)plane, plane, SWE_MPI_REAL, 0,
                               SCATTER_TAG + f, layer->comm, MPI_STATUS_IGNORE));
        }
    } else {
        for (int rank = 1; rank < swe_block_grid_count(&layer->grid); ++rank) {
            swe_block_extent extent = swe_block_grid_extent(&layer->grid, rank);
            int count = extent.nx * extent.ny;
            copy_rows(whole, &extent, extent.first_i, extent.first_j, buffer, 0);
            for (int f = 0; f < SWE_COPY_LAYER_FIELDS; ++f) {
                MPI_CHECK(MPI_Send(buffer + (size_t)f * (size_t)count, count, SWE_MPI_REAL, rank,
                                   SCATTER_TAG + f, layer->comm));
            }
        }
        copy_rows(whole, &own, own.first_i, own.first_j, buffer, 0);
    }
    copy_rows(part, &own, 0, 0, buffer, 1);
    free(buffer);
    int status = part->backend->sync_after_write(part, err);
    if (status != SWE_OK) {
        swe_mpi_abort(err->message, status); /* the others go on to step */
    }
    return SWE_OK;
}
