#include "mesh/solver/mesh_conditions.h"

#include "mesh/numerics/mesh_boundary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[SWE_MESH_CONDITION_KINDS] = {"wall",
                                                                 "outflow",
                                                                 "level",
                                                                 "inflow-velocity",
                                                                 "inflow-discharge",
                                                                 "supercritical-inflow",
                                                                 "level-radiating",
                                                                 "inflow-radiating",
                                                                 "no-slip-wall"};

int swe_mesh_condition_kind_of(const char *name)
{
    for (int k = 0; name != NULL && k < SWE_MESH_CONDITION_KINDS; ++k) {
        if (strcmp(name, kind_names[k]) == 0) {
            return k;
        }
    }
    return -1;
}

const char *swe_mesh_condition_kind_name(int kind)
{
    return kind >= 0 && kind < SWE_MESH_CONDITION_KINDS ? kind_names[kind] : "unknown";
}

static int check_values(const swe_mesh_condition *condition, swe_error *err)
{
    int finite = isfinite(condition->value_a) && isfinite(condition->value_b);
    /* Levels are elevations, and a radiating level's mean flow may enter. */
    int kind = condition->kind;
    int a_any_sign = kind == SWE_MESH_LEVEL || kind == SWE_MESH_LEVEL_RADIATING;
    int b_any_sign = kind == SWE_MESH_LEVEL_RADIATING || kind == SWE_MESH_INFLOW_RADIATING;
    int negative =
        (!a_any_sign && condition->value_a < 0) || (!b_any_sign && condition->value_b < 0);
    if (!finite || negative || condition->kind < 0 || condition->kind >= SWE_MESH_CONDITION_KINDS) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "boundary '%s': a %s condition needs finite values, depths, velocities "
                        "and discharges not negative (got %g, %g)",
                        condition->group, swe_mesh_condition_kind_name(condition->kind),
                        condition->value_a, condition->value_b);
    }
    return SWE_OK;
}

static int condition_of_group(const char *group, const swe_mesh_condition *given, int given_count,
                              const char *scenario, swe_mesh_condition *found, swe_error *err)
{
    for (int k = 0; k < given_count; ++k) {
        if (strcmp(given[k].group, group) == 0) {
            *found = given[k];
            return check_values(found, err);
        }
    }
    int kind = swe_mesh_condition_kind_of(group);
    if (kind == SWE_MESH_WALL || kind == SWE_MESH_FREE_OUTFLOW) {
        *found = (swe_mesh_condition){group, kind, 0, 0};
        return SWE_OK;
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "the mesh has a boundary group '%s' that scenario %s gives no condition "
                    "(name it wall or outflow, or use a group the scenario knows)",
                    group, scenario != NULL ? scenario : "(none)");
}

int swe_mesh_conditions_create(const swe_mesh *mesh, const swe_mesh_condition *given,
                               int given_count, const char *scenario,
                               swe_mesh_conditions *conditions, swe_error *err)
{
    if (mesh == NULL || conditions == NULL || (given == NULL && given_count > 0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no mesh for boundary conditions");
    }
    memset(conditions, 0, sizeof *conditions);
    size_t count = (size_t)mesh->group_count + 1;
    conditions->kind = calloc(count, sizeof *conditions->kind);
    conditions->value_a = calloc(count, sizeof *conditions->value_a);
    conditions->value_b = calloc(count, sizeof *conditions->value_b);
    if (conditions->kind == NULL || conditions->value_a == NULL || conditions->value_b == NULL) {
        swe_mesh_conditions_free(conditions);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for boundary conditions");
    }
    conditions->count = (int)count;
    conditions->kind[0] = SWE_MESH_WALL;
    for (int g = 0; g < mesh->group_count; ++g) {
        swe_mesh_condition found = {NULL, SWE_MESH_WALL, 0, 0};
        int status =
            condition_of_group(mesh->groups[g].name, given, given_count, scenario, &found, err);
        if (status != SWE_OK) {
            swe_mesh_conditions_free(conditions);
            return status;
        }
        conditions->kind[g + 1] = found.kind;
        conditions->value_a[g + 1] = found.value_a;
        conditions->value_b[g + 1] = found.value_b;
    }
    return SWE_OK;
}

void swe_mesh_conditions_free(swe_mesh_conditions *conditions)
{
    if (conditions != NULL) {
        free(conditions->kind);
        free(conditions->value_a);
        free(conditions->value_b);
        memset(conditions, 0, sizeof *conditions);
    }
}
