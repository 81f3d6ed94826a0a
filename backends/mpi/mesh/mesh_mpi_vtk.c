#include "backends/mpi/mesh/mesh_mpi_vtk.h"

#include "backends/mpi/mpi_agree.h"
#include "io/atomic_file.h"
#include "io/vtk_xml.h"
#include "mesh/io/mesh_vtk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int swe_mesh_mpi_vtk_open(swe_mesh_mpi_vtk *vtk, const swe_mesh_mpi_model *model,
                          const swe_mesh_output_plan *plan, int first_snapshot, swe_error *err)
{
    if (vtk == NULL || model == NULL || plan == NULL || plan->path_stem == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: VTK pieces need a path");
    }
    memset(vtk, 0, sizeof *vtk);
    vtk->path_stem = plan->path_stem;
    vtk->compression = plan->compression;
    int status = model->rank == 0
                     ? swe_vtk_series_create(&vtk->series, plan->path_stem, ".pvtu", plan->outputs,
                                             plan->t_end, first_snapshot, err)
                     : SWE_OK;
    vtk->open = status == SWE_OK;
    return swe_mpi_agree(model->comm, status, err);
}

/* STEM_kkkk_pRRRR.vtu; with stem the file name alone, as the .pvtu
 * beside it names the piece. */
static char *piece_path(const char *stem, int snapshot, int rank)
{
    char suffix[32];
    snprintf(suffix, sizeof suffix, "_p%04d.vtu", rank);
    return swe_snapshot_path(stem, snapshot, suffix);
}

/* The owned cells (k < owned_count come first in the part's file order). */
static int write_own_piece(const swe_mesh_mpi_vtk *vtk, swe_mesh_mpi_model *model, int snapshot,
                           double time, swe_error *err)
{
    swe_mesh_model *part = model->part;
    int status = swe_mesh_model_sync(part, err);
    char *path = status == SWE_OK ? piece_path(vtk->path_stem, snapshot, model->rank) : NULL;
    if (status == SWE_OK && path == NULL) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a VTK file name");
    }
    if (status == SWE_OK) {
        swe_mesh owned = part->run.mesh; /* a view: the first owned_count cells in file order */
        owned.cell_count = model->sub.owned_count;
        status = swe_mesh_vtk_write(path, &owned, &part->run.host, part->run_of_file, time,
                                    vtk->compression, err);
    }
    free(path);
    return status;
}

static void write_pvtu_body(FILE *file, const char *stem_name, int snapshot, int pieces)
{
    fprintf(file,
            "<?xml version=\"1.0\"?>\n"
            "<VTKFile type=\"PUnstructuredGrid\" version=\"1.0\" byte_order=\"%s\" "
            "header_type=\"UInt64\">\n"
            "  <PUnstructuredGrid GhostLevel=\"0\">\n"
            "    <PPoints>\n"
            "      <PDataArray type=\"Float64\" Name=\"Points\" NumberOfComponents=\"3\"/>\n"
            "    </PPoints>\n",
            swe_vtk_byte_order());
    swe_mesh_vtk_declare_cell_data(file);
    for (int rank = 0; rank < pieces; ++rank) {
        fprintf(file, "    <Piece Source=\"%s_%04d_p%04d.vtu\"/>\n", stem_name, snapshot, rank);
    }
    fputs("  </PUnstructuredGrid>\n</VTKFile>\n", file);
}

/* Rank 0: STEM_kkkk.pvtu naming every rank's piece, then the .pvd. */
static int write_pvtu(swe_mesh_mpi_vtk *vtk, int pieces, int snapshot, double time, swe_error *err)
{
    char *path = swe_snapshot_path(vtk->path_stem, snapshot, ".pvtu");
    if (path == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a .pvtu name");
    }
    const char *slash = strrchr(vtk->path_stem, '/');
    swe_atomic_file out;
    int status = swe_atomic_file_open(&out, path, err);
    if (status == SWE_OK) {
        write_pvtu_body(out.stream, slash != NULL ? slash + 1 : vtk->path_stem, snapshot, pieces);
        status = swe_atomic_file_commit(&out, err);
    }
    free(path);
    return status == SWE_OK ? swe_vtk_series_add(&vtk->series, snapshot, time, err) : status;
}

int swe_mesh_mpi_vtk_write(swe_mesh_mpi_vtk *vtk, swe_mesh_mpi_model *model, int snapshot,
                           double time, swe_error *err)
{
    if (vtk == NULL || model == NULL || !vtk->open) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: VTK pieces not open");
    }
    /* The .pvtu names only pieces that every rank has written. */
    int status = swe_mpi_agree(model->comm, write_own_piece(vtk, model, snapshot, time, err), err);
    if (status == SWE_OK && model->rank == 0) {
        status = write_pvtu(vtk, model->size, snapshot, time, err);
    }
    return swe_mpi_agree(model->comm, status, err);
}

void swe_mesh_mpi_vtk_close(swe_mesh_mpi_vtk *vtk)
{
    if (vtk != NULL && vtk->open) {
        swe_vtk_series_free(&vtk->series);
        vtk->open = 0;
    }
}
