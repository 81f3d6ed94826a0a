/* The test cases of the triangle solver, each with its parameters, its
 * boundary conditions by physical group, its defaults and its mesh: the
 * .geo source in common/mesh/geo/ (make meshes writes meshes of every
 * size from it) and the small mesh committed beside it. */
#ifndef SWE_MESH_SCENARIO_H
#define SWE_MESH_SCENARIO_H

#include "mesh/solver/mesh_conditions.h"
#include "shallow_water/parameter.h"

#define SWE_MESH_MAX_PARAMETERS 10
#define SWE_MESH_MAX_CONDITIONS 4

/* The state and bed of a cell whose centroid is at (x, y). */
typedef struct swe_mesh_initial {
    double h, hu, hv, bed;
} swe_mesh_initial;

/* The condition of a boundary group, its values named by parameter
 * (NULL: 0), so that changing a parameter changes the condition. */
typedef struct swe_mesh_condition_spec {
    const char *group;
    int kind;
    const char *value_a, *value_b;
} swe_mesh_condition_spec;

typedef struct swe_mesh_scenario {
    const char *name;
    const char *title;
    const char *geo;  /* common/mesh/geo/<geo>.geo */
    const char *mesh; /* the committed mesh, common/mesh/geo/<mesh>.msh */
    double t_end;     /* s */
    double cfl;       /* <= 1 (Optimized GPU n.d., eq. 16) */
    int order;        /* 1 or 2 */
    double manning;   /* s/m^(1/3) */
    double viscosity; /* m^2/s */
    int parameter_count;
    swe_parameter parameters[SWE_MESH_MAX_PARAMETERS];
    int condition_count;
    swe_mesh_condition_spec conditions[SWE_MESH_MAX_CONDITIONS];
    swe_mesh_initial (*initial)(const struct swe_mesh_scenario *scenario, double x, double y);
    /* The mean factor of the inflow velocity over the boundary segment
     * from (x0, y0) to (x1, y1) (NULL: 1, a uniform inflow). */
    double (*inflow_profile)(const struct swe_mesh_scenario *scenario, double x0, double y0,
                             double x1, double y1);
} swe_mesh_scenario;

int swe_mesh_scenario_count(void);
const swe_mesh_scenario *swe_mesh_scenario_at(int index);
/* The scenario called name, or NULL. */
const swe_mesh_scenario *swe_mesh_scenario_find(const char *name);

/* The value of the scenario's parameter called name (NaN if it has none). */
double swe_mesh_scenario_parameter(const swe_mesh_scenario *scenario, const char *name);

/* The conditions of the scenario with their values from its parameters,
 * into out (SWE_MESH_MAX_CONDITIONS entries); returns how many. Its walls
 * are no-slip where its parameter no_slip is 1. */
int swe_mesh_scenario_conditions(const swe_mesh_scenario *scenario, swe_mesh_condition *out);

/* The factor of the inflow velocity on the boundary segment from (x0, y0)
 * to (x1, y1): the mean of the scenario's profile over it, 1 for a
 * uniform inflow. */
double swe_mesh_scenario_inflow_scale(const swe_mesh_scenario *scenario, double x0, double y0,
                                      double x1, double y1);

/* Sets a parameter of a scenario copy; SWE_ERROR_USAGE for a name it
 * does not have. */
int swe_mesh_scenario_set(swe_mesh_scenario *scenario, const char *name, double value,
                          swe_error *err);

#endif
