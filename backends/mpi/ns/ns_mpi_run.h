/* A Navier-Stokes run over MPI ranks: the slabs, this rank's solver, the
 * whole domain's host state on rank 0 (initial state, files, checkpoints,
 * figures) and the model over them, driven by the shared driver with the
 * ranks as its team. */
#ifndef NS_MPI_RUN_H
#define NS_MPI_RUN_H

#include "backends/mpi/mpi_node.h"
#include "backends/mpi/ns/ns_mpi_slabs.h"
#include "ns/program/ns_program.h"

typedef struct ns_mpi_run {
    ns_mpi_slabs slabs;
    ns_solver *solver; /* this rank's slab */
    ns_solver *whole;  /* rank 0: the domain's host state; else NULL */
    ns_model model;
    swe_mpi_node node;     /* this rank's node and, on a device model, its device */
    char backend_name[64]; /* "mpi+serial" */
} ns_mpi_run;

/* Sets up the run the options describe on comm: the same status on every
 * rank. A device model's ranks take their node's devices in turn (rank 0
 * notes on stderr where ranks share one). Collective. */
int ns_mpi_run_create(ns_mpi_run *run, MPI_Comm comm, const ns_options *options, swe_error *err);

/* Runs it to the end; report filled on rank 0. Collective. */
int ns_mpi_run_drive(ns_mpi_run *run, const ns_options *options, ns_run_report *report,
                     swe_error *err);

/* Frees what create made (safe after a failed create). */
void ns_mpi_run_destroy(ns_mpi_run *run);

#endif
