#include "backends/mpi/ns/ns_mpi_run.h"

#include "backends/mpi/mpi_agree.h"
#include "backends/mpi/mpi_check.h"
#include "ns/grid/ns_boundary.h"
#include "ns/grid/ns_ghost.h"

#include <stdio.h>
#include <string.h>

/* The whole domain's initial state on rank 0 (a host state, never
 * stepped): the case, its obstacles, its ghosts for the pictures. */
static int create_whole(const ns_options *options, const ns_grid *grid,
                        const ns_parameters *parameters, ns_solver **whole, swe_error *err)
{
    int status = ns_solver_create(grid, parameters, "serial", whole, err);
    if (status == SWE_OK) {
        status = ns_case_initialise(options->kase, &options->settings, *whole, err);
    }
    if (status == SWE_OK) {
        ns_solver *w = *whole;
        ns_fill_mask_ghosts(&w->grid, w->fluid);
        for (int c = 0; c < NS_AXES; ++c) {
            ns_fill_ghosts(&w->grid, w->velocity[c], c);
        }
        ns_fill_ghosts(&w->grid, w->pressure, NS_FILL_SCALAR);
    }
    return status;
}

/* This rank's solver: its slab of the grid, the initial state scattered
 * from rank 0, started over the slabs. */
static int create_slab(ns_mpi_run *run, const ns_options *options, const ns_parameters *parameters,
                       swe_error *err)
{
    int status = ns_solver_create(&run->slabs.slab, parameters, options->settings.backend,
                                  &run->solver, err);
    status = swe_mpi_agree(run->slabs.comm, status, err);
    if (status != SWE_OK) {
        return status;
    }
    run->solver->slabs = &run->slabs.hooks;
    run->slabs.split.scatter(&run->slabs, run->whole, run->solver, err);
    ns_mpi_slabs_scatter_mask(&run->slabs, run->whole, run->solver);
    return swe_mpi_agree(run->slabs.comm, ns_solver_start(run->solver, err), err);
}

/* This rank's device (none on a host model) into the solver's parameters;
 * a device model's ghost planes as device pointers where MPI reads them. */
static int place(ns_mpi_run *run, MPI_Comm comm, const ns_options *options,
                 ns_parameters *parameters, int *device_pointers, swe_error *err)
{
    const swe_model_table *table = NULL;
    int status = swe_registry_lookup(&ns_models, options->settings.backend, &table, err);
    if (status == SWE_OK) {
        status = swe_mpi_node_place(comm, table->model, stderr, &run->node, err);
    }
    if (status == SWE_OK) {
        parameters->model.device = run->node.device;
        *device_pointers = table->model->needs_device && swe_mpi_takes_device_pointers();
    }
    return status;
}

int ns_mpi_run_create(ns_mpi_run *run, MPI_Comm comm, const ns_options *options, swe_error *err)
{
    memset(run, 0, sizeof *run);
    snprintf(run->backend_name, sizeof run->backend_name, "mpi+%s", options->settings.backend);
    ns_grid grid;
    ns_parameters parameters;
    int status = ns_case_setup(options->kase, &options->settings, &grid, &parameters, err);
    if (status != SWE_OK) {
        return status; /* the same on every rank: the options are */
    }
    int device_pointers = 0;
    status = place(run, comm, options, &parameters, &device_pointers, err);
    if (status != SWE_OK) {
        return status;
    }
    status = ns_mpi_slabs_create(&run->slabs, comm, &grid, err);
    run->slabs.hooks.device_pointers = device_pointers;
    if (status == SWE_OK && run->slabs.rank == 0) {
        status = create_whole(options, &grid, &parameters, &run->whole, err);
    }
    status = swe_mpi_agree(comm, status, err);
    if (status == SWE_OK) {
        status = create_slab(run, options, &parameters, err);
    }
    const ns_model_files files = ns_model_files_of(options, run->backend_name);
    if (status == SWE_OK) {
        status = ns_model_init(&run->model, options->kase, &files, run->solver, run->whole,
                               &run->slabs.split, err);
        status = swe_mpi_agree(comm, status, err);
    }
    return status;
}

void ns_mpi_run_destroy(ns_mpi_run *run)
{
    if (run == NULL) {
        return;
    }
    swe_error ignored;
    ns_output_close(run->model.output, 0, &ignored);
    ns_solver_destroy(run->solver);
    ns_solver_destroy(run->whole);
    ns_mpi_slabs_destroy(&run->slabs);
    memset(run, 0, sizeof *run);
}

static int team_agree(void *context, int status, swe_error *err)
{
    return swe_mpi_agree(*(MPI_Comm *)context, status, err);
}

int ns_mpi_run_drive(ns_mpi_run *run, const ns_options *options, ns_run_report *report,
                     swe_error *err)
{
    swe_run_team team = {
        .agree = team_agree, .context = &run->slabs.comm, .reports = run->slabs.rank == 0};
    return ns_drive(&run->model, &options->run, &team, report, err);
}
