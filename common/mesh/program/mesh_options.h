/* The command line of a triangle run, `shallows --mesh FILE ...`: the
 * options, their defaults and their checks. Bad input is SWE_ERROR_USAGE
 * with one line naming it. */
#ifndef SWE_MESH_OPTIONS_H
#define SWE_MESH_OPTIONS_H

#include "core/error.h"
#include "mesh/program/mesh_outputs.h"
#include "mesh/solver/mesh_model.h"

#include <stdio.h>

enum swe_mesh_action {
    SWE_MESH_ACTION_RUN = 0,
    SWE_MESH_ACTION_HELP,
    SWE_MESH_ACTION_VERSION,
    SWE_MESH_ACTION_LIST_BACKENDS,
    SWE_MESH_ACTION_LIST_SCENARIOS,
    SWE_MESH_ACTION_LIST_DEVICES,
    SWE_MESH_ACTION_WRITE_SQUARE /* a generated mesh to --mesh FILE, no run */
};

typedef struct swe_mesh_options {
    enum swe_mesh_action action;
    int square;                 /* --write-square N: 2 N^2 triangles */
    swe_mesh_scenario scenario; /* a copy, with the --set parameters */
    swe_mesh_model_options model;
    swe_mesh_output_plan plan; /* formats, file stem, outputs, t_end */
    int benchmark;             /* no files, timing only */
    int quiet;                 /* no progress lines */
    double checkpoint_every;   /* simulated seconds; 0: none */
    const char *restart_path;  /* a checkpoint to continue from */
} swe_mesh_options;

/* Parses argv (argv[0] the program) into options. */
int swe_mesh_options_parse(int argc, char **argv, swe_mesh_options *options, swe_error *err);

void swe_mesh_options_print_help(FILE *stream, const char *program);

#endif
