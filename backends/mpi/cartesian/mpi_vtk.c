#include "backends/mpi/cartesian/mpi_vtk.h"

#include "backends/mpi/mpi_agree.h"
#include "cartesian/io/vtk_output.h"
#include "io/atomic_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int swe_mpi_vtk_create(swe_mpi_vtk *vtk, const swe_mpi_layer *layer, const swe_output_plan *plan,
                       int first_snapshot, swe_error *err)
{
    if (vtk == NULL || layer == NULL || plan == NULL || plan->path_stem == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: MPI VTK output needs a path");
    }
    memset(vtk, 0, sizeof *vtk);
    vtk->path_stem = plan->path_stem;
    vtk->compression = plan->vtk_compression;
    return layer->rank == 0 ? swe_vtk_series_create(&vtk->series, plan->path_stem, ".pvtr",
                                                    plan->outputs, plan->t_end, first_snapshot, err)
                            : SWE_OK;
}

/* PATH_kkkk_pRRRR.vtr, or with stem the last part of PATH only, the name
 * by which the .pvtr beside it lists the piece. */
static char *piece_path(const char *stem, int snapshot, int rank)
{
    char suffix[32];
    snprintf(suffix, sizeof suffix, "_p%04d.vtr", rank);
    return swe_snapshot_path(stem, snapshot, suffix);
}

static swe_vtk_extent extent_of(const swe_block_extent *cells)
{
    return (swe_vtk_extent){cells->first_i, cells->first_i + cells->nx, cells->first_j,
                            cells->first_j + cells->ny};
}

static int write_own_piece(const swe_mpi_vtk *vtk, swe_mpi_layer *layer, int snapshot, double time,
                           swe_error *err)
{
    swe_block *part = layer->block;
    int status = part->backend->sync_before_read(part, err);
    if (status != SWE_OK) {
        return status;
    }
    char *path = piece_path(vtk->path_stem, snapshot, layer->rank);
    if (path == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a VTK file name");
    }
    const swe_vtk_extent whole = {0, part->domain_nx, 0, part->domain_ny};
    swe_block_extent own = swe_block_grid_extent(&layer->grid, layer->rank);
    const swe_vtk_extent piece = extent_of(&own);
    status = swe_vtk_write_piece(path, part, &whole, &piece, time, vtk->compression, err);
    free(path);
    return status;
}

/* Rank 0: the .pvtr naming every rank's piece, then the .pvd. */
static int write_assembly(swe_mpi_vtk *vtk, const swe_mpi_layer *layer, int snapshot, double time,
                          swe_error *err)
{
    const int count = swe_block_grid_count(&layer->grid);
    const char *slash = strrchr(vtk->path_stem, '/');
    const char *base = slash != NULL ? slash + 1 : vtk->path_stem;
    swe_vtk_piece *pieces = calloc((size_t)count, sizeof *pieces);
    char *pvtr_path = swe_snapshot_path(vtk->path_stem, snapshot, ".pvtr");
    int status = pieces != NULL && pvtr_path != NULL
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a .pvtr");
    for (int rank = 0; rank < count && status == SWE_OK; ++rank) {
        swe_block_extent cells = swe_block_grid_extent(&layer->grid, rank);
        pieces[rank].extent = extent_of(&cells);
        pieces[rank].file = piece_path(base, snapshot, rank);
        if (pieces[rank].file == NULL) {
            status = swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a .pvtr");
        }
    }
    const swe_block *part = layer->block;
    const swe_vtk_extent whole = {0, part->domain_nx, 0, part->domain_ny};
    if (status == SWE_OK) {
        status = swe_vtk_write_parallel(pvtr_path, &whole, pieces, count, err);
    }
    if (status == SWE_OK) {
        status = swe_vtk_series_add(&vtk->series, snapshot, time, err);
    }
    for (int rank = 0; pieces != NULL && rank < count; ++rank) {
        free((char *)pieces[rank].file);
    }
    free(pieces);
    free(pvtr_path);
    return status;
}

int swe_mpi_vtk_write(swe_mpi_vtk *vtk, swe_mpi_layer *layer, int snapshot, double time,
                      swe_error *err)
{
    if (vtk == NULL || layer == NULL || vtk->path_stem == NULL || snapshot < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: MPI VTK write needs its output");
    }
    int status = write_own_piece(vtk, layer, snapshot, time, err);
    /* The .pvtr names only pieces that every rank has written. */
    status = swe_mpi_agree(layer->comm, status, err);
    if (status == SWE_OK && layer->rank == 0) {
        status = write_assembly(vtk, layer, snapshot, time, err);
    }
    return swe_mpi_agree(layer->comm, status, err);
}

void swe_mpi_vtk_free(swe_mpi_vtk *vtk)
{
    if (vtk != NULL) {
        swe_vtk_series_free(&vtk->series);
    }
}
