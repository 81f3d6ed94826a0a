/* A partitioned triangle run as a model of the run driver (run/model.h),
 * for shallows-mpi --mesh: every rank steps its part; rank 0 holds the
 * whole mesh once more (a one-process model, the "mirror") into which it
 * gathers the state for the NetCDF file, pictures, checkpoints and
 * figures, written by the one-process code itself: those files are the
 * ones of shallows --mesh, and checkpoints continue on any rank count.
 * VTK needs no gather: every rank writes its piece (mesh_mpi_vtk.h). */
#ifndef SWE_MESH_MPI_DRIVEN_H
#define SWE_MESH_MPI_DRIVEN_H

#include "backends/mpi/mesh/mesh_mpi_model.h"
#include "backends/mpi/mesh/mesh_mpi_vtk.h"
#include "mesh/program/mesh_driven.h"

typedef struct swe_mesh_mpi_driven {
    swe_mesh_mpi_model *model;     /* not owned */
    swe_mesh_model *mirror;        /* rank 0: the whole mesh (not owned); NULL elsewhere */
    swe_mesh_driven mirror_driven; /* rank 0: its files and checkpoints */
    double smallest_chi;           /* m, over every rank's owned cells */
    swe_mesh_output_plan plan;     /* as asked; the mirror's lacks VTK */
    const char *mesh_path;         /* for messages */
    swe_mesh_mpi_vtk vtk;          /* the pieces, with VTK asked */
} swe_mesh_mpi_driven;

/* Sets driven up over model (and on rank 0 mirror: created with the same
 * options, at its initial state). Collective. */
int swe_mesh_mpi_driven_init(swe_mesh_mpi_driven *driven, swe_mesh_mpi_model *model,
                             swe_mesh_model *mirror, const swe_mesh_output_plan *plan,
                             const char *mesh_path, swe_error *err);

swe_model swe_mesh_mpi_driven_model(swe_mesh_mpi_driven *driven);

/* Gathers the state into the mirror (rank 0). Collective. */
int swe_mesh_mpi_driven_gather(swe_mesh_mpi_driven *driven, swe_error *err);

#endif
