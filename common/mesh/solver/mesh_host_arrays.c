#include "mesh/solver/mesh_host_arrays.h"

#include <stdlib.h>
#include <string.h>

#define ALLOCATE(name, count)                                                                      \
    ok = ok && (arrays->name = calloc((count) + 1, sizeof *arrays->name)) != NULL;
#define ALLOCATE_CELL(name) ALLOCATE(name, cells)
#define ALLOCATE_EDGE(name) ALLOCATE(name, edges)
#define ALLOCATE_BOUNDARY(name) ALLOCATE(name, boundary)
#define FREE(name) free(arrays->name);

static void fill_cells(swe_mesh_arrays *arrays, const swe_mesh *mesh)
{
    for (int c = 0; c < mesh->cell_count; ++c) {
        arrays->area[c] = (real)mesh->cell_area[c];
        arrays->chi[c] = (real)mesh->cell_chi[c];
        arrays->cell_edge_0[c] = mesh->cell_edge[3 * c];
        arrays->cell_edge_1[c] = mesh->cell_edge[3 * c + 1];
        arrays->cell_edge_2[c] = mesh->cell_edge[3 * c + 2];
    }
}

/* Vectors and weights in double, rounded once to the solver's precision. */
static void fill_edges(swe_mesh_arrays *arrays, const swe_mesh *mesh)
{
    for (int e = 0; e < mesh->edge_count; ++e) {
        int l = mesh->edge_left[e], r = mesh->edge_right[e];
        arrays->edge_left[e] = l;
        arrays->edge_right[e] = r;
        arrays->normal_x[e] = (real)mesh->edge_normal_x[e];
        arrays->normal_y[e] = (real)mesh->edge_normal_y[e];
        arrays->length[e] = (real)mesh->edge_length[e];
        arrays->left_to_mid_x[e] = (real)(mesh->edge_mid_x[e] - mesh->cell_x[l]);
        arrays->left_to_mid_y[e] = (real)(mesh->edge_mid_y[e] - mesh->cell_y[l]);
        double weight = 0;
        if (r >= 0) {
            arrays->right_to_mid_x[e] = (real)(mesh->edge_mid_x[e] - mesh->cell_x[r]);
            arrays->right_to_mid_y[e] = (real)(mesh->edge_mid_y[e] - mesh->cell_y[r]);
            double dx = mesh->cell_x[r] - mesh->cell_x[l], dy = mesh->cell_y[r] - mesh->cell_y[l];
            weight = mesh->edge_length[e] *
                     (dx * mesh->edge_normal_x[e] + dy * mesh->edge_normal_y[e]) /
                     (dx * dx + dy * dy);
        } else {
            /* The centroid's distance to the wall's line (> 0 in a triangle). */
            double distance = (mesh->edge_mid_x[e] - mesh->cell_x[l]) * mesh->edge_normal_x[e] +
                              (mesh->edge_mid_y[e] - mesh->cell_y[l]) * mesh->edge_normal_y[e];
            weight = distance > 0 ? mesh->edge_length[e] / distance : 0;
        }
        arrays->viscous_weight[e] = (real)weight;
        arrays->value_scale[e] = 1;
    }
}

static void fill_conditions(swe_mesh_arrays *arrays, const swe_mesh *mesh,
                            const swe_mesh_conditions *conditions)
{
    for (int e = mesh->interior_edge_count; e < mesh->edge_count; ++e) {
        int group = mesh->edge_group[e];
        arrays->boundary_condition[e - mesh->interior_edge_count] =
            group == SWE_MESH_NO_GROUP ? 0 : group + 1;
    }
    for (int k = 0; k < conditions->count; ++k) {
        arrays->condition_kind[k] = conditions->kind[k];
        arrays->condition_value_a[k] = (real)conditions->value_a[k];
        arrays->condition_value_b[k] = (real)conditions->value_b[k];
    }
}

int swe_mesh_host_arrays_create(swe_mesh_arrays *arrays, const swe_mesh *mesh,
                                const swe_mesh_conditions *conditions, swe_error *err)
{
    if (arrays == NULL || mesh == NULL || conditions == NULL ||
        conditions->count != mesh->group_count + 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: host arrays need a mesh");
    }
    memset(arrays, 0, sizeof *arrays);
    size_t cells = (size_t)mesh->cell_count, edges = (size_t)mesh->edge_count;
    size_t boundary = edges - (size_t)mesh->interior_edge_count;
    size_t conditions_count = (size_t)conditions->count;
    int ok = 1;
    SWE_MESH_STATE_ARRAYS(ALLOCATE_CELL)
    SWE_MESH_CELL_REALS(ALLOCATE_CELL)
    SWE_MESH_CELL_INTS(ALLOCATE_CELL)
    SWE_MESH_EDGE_REALS(ALLOCATE_EDGE)
    SWE_MESH_EDGE_INTS(ALLOCATE_EDGE)
    SWE_MESH_BOUNDARY_INTS(ALLOCATE_BOUNDARY)
#define ALLOCATE_CONDITIONS(name) ALLOCATE(name, conditions_count)
    SWE_MESH_CONDITION_INTS(ALLOCATE_CONDITIONS)
    SWE_MESH_CONDITION_REALS(ALLOCATE_CONDITIONS)
#undef ALLOCATE_CONDITIONS
    if (!ok) {
        swe_mesh_host_arrays_free(arrays);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the arrays of %d cells",
                        mesh->cell_count);
    }
    arrays->cell_count = mesh->cell_count;
    arrays->interior_edge_count = mesh->interior_edge_count;
    arrays->edge_count = mesh->edge_count;
    arrays->condition_count = conditions->count;
    fill_cells(arrays, mesh);
    fill_edges(arrays, mesh);
    fill_conditions(arrays, mesh, conditions);
    return SWE_OK;
}

int swe_mesh_host_arrays_add_work(swe_mesh_arrays *arrays, swe_error *err)
{
    if (arrays == NULL || arrays->h == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no host arrays");
    }
    if (arrays->h_stage != NULL) {
        return SWE_OK;
    }
    size_t cells = (size_t)arrays->cell_count, edges = (size_t)arrays->edge_count;
    int ok = 1;
    SWE_MESH_STAGE_ARRAYS(ALLOCATE_CELL)
    SWE_MESH_GRADIENT_ARRAYS(ALLOCATE_CELL)
    SWE_MESH_FLUX_ARRAYS(ALLOCATE_EDGE)
    return ok ? SWE_OK
              : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the work arrays of %d cells",
                         arrays->cell_count);
}

void swe_mesh_host_arrays_free(swe_mesh_arrays *arrays)
{
    if (arrays == NULL) {
        return;
    }
    SWE_MESH_STATE_ARRAYS(FREE)
    SWE_MESH_STAGE_ARRAYS(FREE)
    SWE_MESH_CELL_REALS(FREE)
    SWE_MESH_GRADIENT_ARRAYS(FREE)
    SWE_MESH_CELL_INTS(FREE)
    SWE_MESH_EDGE_REALS(FREE)
    SWE_MESH_FLUX_ARRAYS(FREE)
    SWE_MESH_EDGE_INTS(FREE)
    SWE_MESH_BOUNDARY_INTS(FREE)
    SWE_MESH_CONDITION_INTS(FREE)
    SWE_MESH_CONDITION_REALS(FREE)
    memset(arrays, 0, sizeof *arrays);
}
