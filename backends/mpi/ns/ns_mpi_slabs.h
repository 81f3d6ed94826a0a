/* The slabs of a Navier-Stokes run over MPI ranks: each rank holds the
 * z planes that FFTW's distributed transforms give it (at least two),
 * with two ghost planes on each side filled from its neighbours; the
 * solver's slab hooks (ns/grid/ns_slabs.h: the ghost exchange, the CG's
 * sums over planes in the domain's plane order, the largest speed, the
 * distributed preconditioner, the all-to-all of a device backend's own
 * distributed transforms) and the model's split (gather to rank 0,
 * scatter from it, share, agree) over one communicator. */
#ifndef NS_MPI_SLABS_H
#define NS_MPI_SLABS_H

#include "backends/mpi/ns/ns_mpi_poisson.h"
#include "ns/model/ns_model.h"

#include <mpi.h>

typedef struct ns_mpi_slabs {
    MPI_Comm comm;
    int rank, size;
    int below, above;      /* neighbour ranks across the z faces; MPI_PROC_NULL at walls */
    int *planes, *offsets; /* every rank's planes and its first plane's index */
    ns_grid whole, slab;   /* the domain's grid, this rank's */
    ns_slabs hooks;        /* what the solver calls */
    ns_model_split split;  /* what the model calls */
    ns_mpi_poisson *poisson;
    double *gathered;            /* the domain's per-plane partials of one sum */
    int *counts, *displacements; /* of gathers: per rank */
    int *transpose_units;        /* of the all-to-all hook: counts and offsets, 4 per rank */
    /* transform: the distributed preconditioner (FFTW's, or a device
     * backend's all-to-alls) */
    double exchange_seconds, reduction_seconds, transform_seconds;
} ns_mpi_slabs;

/* The slabs of whole on comm: this rank's slab grid in slabs->slab;
 * SWE_ERROR_USAGE (on every rank) when some rank would get fewer than two
 * planes. Collective. */
int ns_mpi_slabs_create(ns_mpi_slabs *slabs, MPI_Comm comm, const ns_grid *whole, swe_error *err);
void ns_mpi_slabs_destroy(ns_mpi_slabs *slabs);

/* Copies the fluid mask's interior planes of whole (rank 0) into every
 * slab's mask. Collective. */
void ns_mpi_slabs_scatter_mask(ns_mpi_slabs *slabs, const ns_solver *whole, ns_solver *slab);

#endif
