/* The values of the triangle run's options, each checked, and the
 * settling of what was given into a complete run (mesh_options.c parses
 * the command line with them). */
#ifndef SWE_MESH_OPTION_VALUES_H
#define SWE_MESH_OPTION_VALUES_H

#include "mesh/program/mesh_options.h"

enum {
    OPTION_MESH = 256,
    OPTION_SCENARIO,
    OPTION_BACKEND,
    OPTION_ORDERING,
    OPTION_SEED,
    OPTION_ORDER,
    OPTION_CFL,
    OPTION_MANNING,
    OPTION_VISCOSITY,
    OPTION_T_END,
    OPTION_SET,
    OPTION_OUTPUTS,
    OPTION_OUTPUT,
    OPTION_FORMAT,
    OPTION_COMPRESS,
    OPTION_BENCHMARK,
    OPTION_QUIET,
    OPTION_CHECKPOINT_EVERY,
    OPTION_RESTART,
    OPTION_WRITE_SQUARE,
    OPTION_LIST_BACKENDS,
    OPTION_LIST_SCENARIOS,
    OPTION_LIST_DEVICES,
    OPTION_VERSION,
    OPTION_HELP,
    OPTION_BACKEND_OWN /* + k: the k-th backend option collected */
};

/* A whole number in low..high. */
int swe_mesh_parse_whole(const char *text, const char *option, int low, int high, int *value,
                         swe_error *err);

/* The value of option id (OPTION_MESH .. OPTION_RESTART) into options. */
int swe_mesh_parse_value(int id, const char *value, swe_mesh_options *options, swe_error *err);

/* The scenario (NULL: the default) with its --set parameters, the formats
 * (NULL: netcdf), the output stem, t_end; what needs --mesh. */
int swe_mesh_settle_options(swe_mesh_options *options, const char *scenario,
                            const char *const *sets, int set_count, const char *formats,
                            swe_error *err);

#endif
