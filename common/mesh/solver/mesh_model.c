#include "mesh/solver/mesh_model.h"
#include "run/option_values.h"

#include "mesh/numerics/mesh_boundary.h"
#include "mesh/solver/mesh_host_arrays.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

swe_mesh_model_options swe_mesh_model_defaults(const swe_mesh_scenario *scenario,
                                               const char *mesh_path)
{
    swe_mesh_model_options options = {.mesh_path = mesh_path,
                                      .scenario = scenario,
                                      .backend = NULL,
                                      .ordering = SWE_MESH_ORDERING_GMSH,
                                      .seed = 1,
                                      .order = 0,
                                      .cfl = 0,
                                      .manning = -1,
                                      .viscosity = -1};
    return options;
}

static int check_options(const swe_mesh_model_options *options, swe_error *err)
{
    if (options == NULL || options->scenario == NULL || options->mesh_path == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "a triangle run needs a mesh and a scenario");
    }
    if (options->order != 0 && options->order != 1 && options->order != 2) {
        return swe_fail(err, SWE_ERROR_USAGE, "order must be 1 or 2, not %d", options->order);
    }
    /* 0: the scenario's */
    int status = options->cfl == 0 ? SWE_OK : swe_check_cfl(options->cfl, err);
    if (status != SWE_OK) {
        return status;
    }
    if (!isfinite(options->manning) || !isfinite(options->viscosity)) {
        return swe_fail(err, SWE_ERROR_USAGE, "Manning's n and the viscosity must be finite");
    }
    return SWE_OK;
}

/* The scenario's state on every cell, at its centroid. */
static void set_initial_state(swe_mesh_model *model)
{
    const swe_mesh *mesh = &model->run.mesh;
    swe_mesh_arrays *host = &model->run.host;
    for (int c = 0; c < mesh->cell_count; ++c) {
        swe_mesh_initial state =
            model->scenario.initial(&model->scenario, mesh->cell_x[c], mesh->cell_y[c]);
        host->h[c] = (real)state.h;
        host->hu[c] = (real)state.hu;
        host->hv[c] = (real)state.hv;
        host->bed[c] = (real)state.bed;
    }
}

/* Numbers the run's mesh (read or handed over) by the options' ordering. */
static int prepare_mesh(swe_mesh_model *model, const swe_mesh_model_options *options,
                        swe_error *err)
{
    swe_mesh *mesh = &model->run.mesh;
    int status = swe_mesh_reorder(mesh, options->ordering, options->seed, err);
    if (status == SWE_OK) {
        model->run_of_file = malloc(((size_t)mesh->cell_count + 1) * sizeof(int));
        if (model->run_of_file == NULL) {
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the cell numbering");
        }
        for (int c = 0; c < mesh->cell_count; ++c) {
            model->run_of_file[mesh->cell_file_index[c]] = c;
        }
    }
    return status;
}

/* The scenario's inflow profile on every inflow-velocity edge, from the
 * edge's end points (its midpoint less and plus half its length along
 * its tangent). */
static void set_inflow_profile(swe_mesh_model *model)
{
    const swe_mesh *mesh = &model->run.mesh;
    swe_mesh_arrays *host = &model->run.host;
    for (int e = mesh->interior_edge_count; e < mesh->edge_count; ++e) {
        int condition = host->boundary_condition[e - mesh->interior_edge_count];
        if (host->condition_kind[condition] != SWE_MESH_INFLOW_VELOCITY) {
            continue;
        }
        double half_x = -0.5 * mesh->edge_length[e] * mesh->edge_normal_y[e];
        double half_y = 0.5 * mesh->edge_length[e] * mesh->edge_normal_x[e];
        host->value_scale[e] = (real)swe_mesh_scenario_inflow_scale(
            &model->scenario, mesh->edge_mid_x[e] - half_x, mesh->edge_mid_y[e] - half_y,
            mesh->edge_mid_x[e] + half_x, mesh->edge_mid_y[e] + half_y);
    }
}

static int prepare_arrays(swe_mesh_model *model, swe_error *err)
{
    swe_mesh_condition given[SWE_MESH_MAX_CONDITIONS];
    int count = swe_mesh_scenario_conditions(&model->scenario, given);
    swe_mesh_conditions conditions;
    int status = swe_mesh_conditions_create(&model->run.mesh, given, count, model->scenario.name,
                                            &conditions, err);
    if (status == SWE_OK) {
        status = swe_mesh_host_arrays_create(&model->run.host, &model->run.mesh, &conditions, err);
        swe_mesh_conditions_free(&conditions);
    }
    if (status == SWE_OK) {
        set_inflow_profile(model);
    }
    return status;
}

static void apply_physics(swe_mesh_model *model, const swe_mesh_model_options *options)
{
    const swe_mesh_scenario *scenario = &model->scenario;
    model->run.order = options->order != 0 ? options->order : scenario->order;
    model->clock.cfl = options->cfl > 0 ? options->cfl : scenario->cfl;
    model->run.host.manning = (real)(options->manning >= 0 ? options->manning : scenario->manning);
    model->run.host.viscosity =
        (real)(options->viscosity >= 0 ? options->viscosity : scenario->viscosity);
}

static int start_backend(swe_mesh_model *model, const swe_mesh_model_options *options,
                         swe_error *err)
{
    const char *name = options->backend != NULL ? options->backend : "serial";
    const swe_mesh_backend *backend = NULL;
    int status = swe_mesh_backend_lookup(name, &backend, err);
    if (status == SWE_OK) {
        model->run.backend = backend;
        status = backend->init(&model->run, &options->config, err);
    }
    if (status == SWE_OK) {
        model->backend_started = 1;
        status = backend->upload(&model->run, err);
    }
    return status;
}

int swe_mesh_model_create(const swe_mesh_model_options *options, swe_mesh_model **model,
                          swe_error *err)
{
    if (model == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nowhere to put the model");
    }
    *model = NULL;
    int status = check_options(options, err);
    swe_mesh mesh;
    memset(&mesh, 0, sizeof mesh);
    if (status == SWE_OK) {
        status = swe_mesh_read(options->mesh_path, &mesh, err);
    }
    return status == SWE_OK ? swe_mesh_model_create_from_mesh(options, &mesh, model, err) : status;
}

int swe_mesh_model_create_from_mesh(const swe_mesh_model_options *options, swe_mesh *mesh,
                                    swe_mesh_model **model, swe_error *err)
{
    int status = model != NULL && mesh != NULL
                     ? check_options(options, err)
                     : swe_fail(err, SWE_ERROR_USAGE, "internal error: no mesh or model");
    swe_mesh_model *created = status == SWE_OK ? calloc(1, sizeof *created) : NULL;
    if (status == SWE_OK && created == NULL) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a triangle run");
    }
    if (status != SWE_OK) {
        if (mesh != NULL) {
            swe_mesh_free(mesh);
        }
        return status;
    }
    *model = NULL;
    created->run.mesh = *mesh;
    memset(mesh, 0, sizeof *mesh);
    created->scenario = *options->scenario;
    created->ordering = options->ordering;
    status = prepare_mesh(created, options, err);
    if (status == SWE_OK) {
        status = prepare_arrays(created, err);
    }
    if (status == SWE_OK) {
        apply_physics(created, options);
        set_initial_state(created);
        status = start_backend(created, options, err);
    }
    if (status != SWE_OK) {
        swe_mesh_model_free(created);
        return status;
    }
    *model = created;
    return SWE_OK;
}

int swe_mesh_model_step(swe_mesh_model *model, double t_target, swe_error *err)
{
    if (model == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no model");
    }
    return swe_mesh_step(&model->run, &model->clock, t_target, err);
}

int swe_mesh_model_advance(swe_mesh_model *model, double t_target, swe_error *err)
{
    if (model == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no model");
    }
    return swe_mesh_advance(&model->run, &model->clock, t_target, err);
}

int swe_mesh_model_sync(swe_mesh_model *model, swe_error *err)
{
    if (model == NULL || model->run.backend == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no model");
    }
    return model->run.backend->download(&model->run, err);
}

void swe_mesh_model_free(swe_mesh_model *model)
{
    if (model == NULL) {
        return;
    }
    if (model->backend_started && model->run.backend != NULL) {
        model->run.backend->finalize(&model->run);
    }
    swe_mesh_host_arrays_free(&model->run.host);
    swe_mesh_free(&model->run.mesh);
    free(model->run_of_file);
    free(model);
}
