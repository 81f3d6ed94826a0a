/* Boundary conditions of a triangle run: one per boundary group of the
 * mesh, chosen by the group's physical name, plus condition 0, a wall,
 * for boundary edges in no group. */
#ifndef SWE_MESH_CONDITIONS_H
#define SWE_MESH_CONDITIONS_H

#include "core/error.h"
#include "mesh/geometry/mesh.h"

/* A condition for the boundary group called group (kinds: mesh_boundary.h). */
typedef struct swe_mesh_condition {
    const char *group;
    int kind;
    double value_a, value_b;
} swe_mesh_condition;

typedef struct swe_mesh_conditions {
    int count; /* 1 + the mesh's group count */
    int *kind;
    double *value_a, *value_b;
} swe_mesh_conditions;

/* The kind a name stands for ("wall", "outflow", "level",
 * "inflow-velocity", "inflow-discharge", "supercritical-inflow",
 * "level-radiating", "inflow-radiating", "no-slip-wall"), or -1. */
int swe_mesh_condition_kind_of(const char *name);
const char *swe_mesh_condition_kind_name(int kind);

/* Conditions for every group of mesh: the one of given[] with the group's
 * name, else the kind the name itself stands for (a group called "wall"
 * or "outflow" needs no entry). A group with neither is refused, naming
 * it and scenario, as is an entry whose values make no sense (a negative
 * depth, discharge or inflow velocity). */
int swe_mesh_conditions_create(const swe_mesh *mesh, const swe_mesh_condition *given,
                               int given_count, const char *scenario,
                               swe_mesh_conditions *conditions, swe_error *err);

void swe_mesh_conditions_free(swe_mesh_conditions *conditions);

#endif
