/* VTK output of a partitioned triangle run without gathering: every rank
 * writes the cells it owns as its piece STEM_NNNN_pRRRR.vtu (the writer
 * of shallows --mesh over the part's owned cells), rank 0 writes
 * STEM_NNNN.pvtu, which names the pieces, and STEM.pvd over time, which
 * ParaView opens as one grid. */
#ifndef SWE_MESH_MPI_VTK_H
#define SWE_MESH_MPI_VTK_H

#include "backends/mpi/mesh/mesh_mpi_model.h"
#include "io/vtk_series.h"
#include "mesh/program/mesh_outputs.h"

typedef struct swe_mesh_mpi_vtk {
    const char *path_stem; /* not owned */
    int compression;       /* zlib level of the pieces (--compress) */
    swe_vtk_series series; /* rank 0 */
    int open;
} swe_mesh_mpi_vtk;

/* Starts the series (rank 0) of plan; a restart at first_snapshot > 0
 * keeps the snapshots before it. Collective. */
int swe_mesh_mpi_vtk_open(swe_mesh_mpi_vtk *vtk, const swe_mesh_mpi_model *model,
                          const swe_mesh_output_plan *plan, int first_snapshot, swe_error *err);

/* Every rank its piece of snapshot, then rank 0 the .pvtu and the .pvd.
 * Collective; every rank returns the first failure. */
int swe_mesh_mpi_vtk_write(swe_mesh_mpi_vtk *vtk, swe_mesh_mpi_model *model, int snapshot,
                           double time, swe_error *err);

/* Frees; safe on a zeroed or closed one. */
void swe_mesh_mpi_vtk_close(swe_mesh_mpi_vtk *vtk);

#endif
