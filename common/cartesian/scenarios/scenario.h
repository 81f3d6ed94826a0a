/* Scenarios: a domain, its boundary types and initial conditions, with the
 * parameters that define them (written into every output file). */
#ifndef SWE_SCENARIO_H
#define SWE_SCENARIO_H

#include "cartesian/grid/block.h"
#include "shallow_water/parameter.h"

enum { SWE_MAX_SCENARIO_PARAMETERS = 8 };

typedef struct swe_scenario {
    const char *name;             /* command-line name, e.g. "radial-dam-break" */
    const char *title;            /* one line for --help and the output's title */
    double x0, y0, width, height; /* domain, metres */
    enum swe_boundary boundary[SWE_EDGE_COUNT];
    int default_nx, default_ny;
    double default_t_end; /* seconds */
    double default_cfl;
    int parameter_count;
    swe_parameter parameters[SWE_MAX_SCENARIO_PARAMETERS];
    /* Nonzero for the scenario read from --bathymetry and --displacement
     * files (see netcdf_input.h); its domain comes from the files. */
    int needs_input_files;
    /* Sets h, hu, hv and b on the interior cells of a block created on
     * this scenario's domain. */
    void (*initialise)(swe_block *block, const struct swe_scenario *scenario);
} swe_scenario;

/* The scenario called name, or NULL. */
const swe_scenario *swe_scenario_find(const char *name);

/* All scenarios, for --help. */
const swe_scenario *swe_scenario_at(int index);
int swe_scenario_count(void);

/* Value of the named parameter of a scenario (must exist). */
double swe_scenario_parameter(const swe_scenario *scenario, const char *name);

/* Creates a block of nx x ny cells on the scenario's domain, sets its
 * boundary types and initial conditions. */
int swe_scenario_create_block(const swe_scenario *scenario, int nx, int ny, swe_block *block,
                              swe_error *err);

/* The same for the part of nx x ny cells at cell (first_i, first_j) of the
 * scenario's grid of domain_nx x domain_ny cells: its cells hold bit for
 * bit the values of the same cells of the whole block; edges on the domain
 * boundary get the scenario's types, edges inside it CONNECT. */
int swe_scenario_create_part(const swe_scenario *scenario, int domain_nx, int domain_ny,
                             int first_i, int first_j, int nx, int ny, swe_block *block,
                             swe_error *err);

#endif
