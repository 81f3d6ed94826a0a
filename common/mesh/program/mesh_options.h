/* The mesh application on the command line, `shallows --mesh FILE ...`:
 * its own options (the mesh, the scenario and its parameters, the
 * ordering, the order, the physics) beside those every program shares
 * (run/command_line.h), their defaults and their checks. */
#ifndef SWE_MESH_OPTIONS_H
#define SWE_MESH_OPTIONS_H

#include "core/error.h"
#include "mesh/program/mesh_outputs.h"
#include "mesh/solver/mesh_model.h"
#include "run/command_line.h"

/* Most --set options of a run. */
enum { SWE_MESH_MAX_SETS = 16 };

/* The application's action options (swe_run_options.application_action). */
enum { SWE_MESH_ACTION_LIST_SCENARIOS = 100, SWE_MESH_ACTION_WRITE_SQUARE };

typedef struct swe_mesh_options {
    swe_run_options run;       /* the options every program shares: first */
    int square;                /* --write-square N: 2 N^2 triangles */
    const char *scenario_name; /* --scenario; NULL: partial-dam-break */
    int ordering_given;        /* --ordering was given (shallows-mpi's default is another) */
    const char *sets[SWE_MESH_MAX_SETS];
    int set_count;
    swe_mesh_scenario scenario; /* a copy, with the --set parameters */
    swe_mesh_model_options model;
    swe_range_choice colour_range; /* --colour-range */
    char mesh_found[4096];         /* where a bare --mesh NAME was found (mesh_options.c) */
    swe_mesh_output_plan plan;     /* formats, file stem, outputs, t_end (from run) */
} swe_mesh_options;

/* The mesh application: its options, parse and completion. Its context
 * is a swe_mesh_options. */
extern const swe_application swe_mesh_application;

/* Parses argv of a mesh run (argv[0] the program) into options. */
int swe_mesh_options_parse(int argc, char **argv, swe_mesh_options *options, swe_error *err);

#endif
