/* VTK output of an MPI run, without a gather: for snapshot k every rank
 * writes its block as the piece PATH_kkkk_pRRRR.vtr (R: its rank), and rank
 * 0 writes PATH_kkkk.pvtr, which assembles the pieces into the whole grid,
 * and lists it in PATH.pvd with its time. ParaView opens either file. */
#ifndef SWE_MPI_VTK_H
#define SWE_MPI_VTK_H

#include "backends/mpi/cartesian/mpi_layer.h"
#include "cartesian/io/output_set.h"
#include "io/vtk_series.h"

typedef struct swe_mpi_vtk {
    const char *path_stem; /* PATH, not owned */
    int compression;       /* zlib level of the pieces */
    swe_vtk_series series; /* rank 0: PATH.pvd over the .pvtr files */
} swe_mpi_vtk;

/* Prepares the VTK output of plan (its path, outputs, t_end and
 * compression); a run restarting at first_snapshot lists the earlier
 * .pvtr files that exist. Local (only rank 0 has a series to prepare). */
int swe_mpi_vtk_create(swe_mpi_vtk *vtk, const swe_mpi_layer *layer, const swe_output_plan *plan,
                       int first_snapshot, swe_error *err);

/* Writes snapshot at time: every rank its piece, then rank 0 the .pvtr
 * and the .pvd. Collective; every rank returns the first failure. */
int swe_mpi_vtk_write(swe_mpi_vtk *vtk, swe_mpi_layer *layer, int snapshot, double time,
                      swe_error *err);

/* Frees what create allocated; safe on a zeroed one. */
void swe_mpi_vtk_free(swe_mpi_vtk *vtk);

#endif
