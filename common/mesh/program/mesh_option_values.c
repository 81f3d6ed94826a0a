#include "mesh/program/mesh_option_values.h"

#include "io/compression.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_number(const char *text, const char *option, double *value, swe_error *err)
{
    char *end = NULL;
    errno = 0;
    double parsed = strtod(text, &end);
    if (end == text || *end != '\0' || errno != 0 || !isfinite(parsed)) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s needs a finite number, got '%s'", option, text);
    }
    *value = parsed;
    return SWE_OK;
}

int swe_mesh_parse_whole(const char *text, const char *option, int low, int high, int *value,
                         swe_error *err)
{
    char *end = NULL;
    errno = 0;
    long parsed = strtol(text, &end, 10);
    if (end == text || *end != '\0' || errno != 0 || parsed < low || parsed > high) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s needs a whole number in %d..%d, got '%s'", option,
                        low, high, text);
    }
    *value = (int)parsed;
    return SWE_OK;
}

/* A number in (low, high] (or [low, high] when closed). */
static int parse_bounded(const char *text, const char *option, double low, double high, int closed,
                         double *value, swe_error *err)
{
    int status = parse_number(text, option, value, err);
    if (status == SWE_OK && !((closed ? *value >= low : *value > low) && *value <= high)) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s must lie in %s%g, %g], got %s", option,
                        closed ? "[" : "(", low, high, text);
    }
    return status;
}

static int parse_physics(int id, const char *value, swe_mesh_options *options, swe_error *err)
{
    swe_mesh_model_options *model = &options->model;
    switch (id) {
    case OPTION_ORDER:
        return swe_mesh_parse_whole(value, "--order", 1, 2, &model->order, err);
    case OPTION_CFL:
        return parse_bounded(value, "--cfl", 0, 1, 0, &model->cfl, err);
    case OPTION_MANNING:
        return parse_bounded(value, "--manning", 0, 1, 1, &model->manning, err);
    case OPTION_VISCOSITY:
        return parse_bounded(value, "--viscosity", 0, 1e6, 1, &model->viscosity, err);
    case OPTION_T_END:
        return parse_bounded(value, "--t-end", 0, 1e12, 0, &options->plan.t_end, err);
    default:
        return parse_bounded(value, "--checkpoint-every", 0, 1e12, 0, &options->checkpoint_every,
                             err);
    }
}

int swe_mesh_parse_value(int id, const char *value, swe_mesh_options *options, swe_error *err)
{
    int seed = 0, status = SWE_OK;
    switch (id) {
    case OPTION_MESH:
        options->model.mesh_path = value;
        break;
    case OPTION_BACKEND:
        options->model.backend = value;
        break;
    case OPTION_ORDERING:
        return swe_mesh_ordering_parse(value, &options->model.ordering, err);
    case OPTION_SEED:
        status = swe_mesh_parse_whole(value, "--seed", 0, 2147483647, &seed, err);
        options->model.seed = (unsigned long long)seed;
        break;
    case OPTION_OUTPUTS:
        return swe_mesh_parse_whole(value, "--outputs", 1, 100000, &options->plan.outputs, err);
    case OPTION_COMPRESS:
        return swe_mesh_parse_whole(value, "--compress", 0, SWE_MAX_COMPRESSION,
                                    &options->plan.compression, err);
    case OPTION_OUTPUT:
        options->plan.path_stem = value;
        break;
    case OPTION_BENCHMARK:
        options->benchmark = 1;
        break;
    case OPTION_QUIET:
        options->quiet = 1;
        break;
    case OPTION_RESTART:
        options->restart_path = value;
        break;
    case OPTION_ORDER:
    case OPTION_CFL:
    case OPTION_MANNING:
    case OPTION_VISCOSITY:
    case OPTION_T_END:
    case OPTION_CHECKPOINT_EVERY:
        return parse_physics(id, value, options, err);
    default:
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: option %d has no parser", id);
    }
    return status;
}

static int parse_set(const char *text, swe_mesh_scenario *scenario, swe_error *err)
{
    const char *equals = strchr(text, '=');
    char name[64];
    if (equals == NULL || equals == text || (size_t)(equals - text) >= sizeof name) {
        return swe_fail(err, SWE_ERROR_USAGE, "--set needs NAME=VALUE, got '%s'", text);
    }
    memcpy(name, text, (size_t)(equals - text));
    name[equals - text] = '\0';
    double value = 0;
    int status = parse_number(equals + 1, "--set", &value, err);
    return status == SWE_OK ? swe_mesh_scenario_set(scenario, name, value, err) : status;
}

/* "netcdf,vtk,png" in any order and number. */
static int parse_formats(const char *text, unsigned *formats, swe_error *err)
{
    static const struct {
        const char *name;
        unsigned flag;
    } known[] = {{"netcdf", SWE_FORMAT_NETCDF}, {"vtk", SWE_FORMAT_VTK}, {"png", SWE_FORMAT_PNG}};
    *formats = 0;
    for (const char *at = text; *at != '\0';) {
        size_t length = strcspn(at, ",");
        unsigned flag = 0;
        for (size_t k = 0; k < sizeof known / sizeof known[0]; ++k) {
            if (strlen(known[k].name) == length && strncmp(at, known[k].name, length) == 0) {
                flag = known[k].flag;
            }
        }
        if (flag == 0) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "unknown format in --format '%s' (netcdf, vtk, png, comma-separated)",
                            text);
        }
        *formats |= flag;
        at += length + (at[length] == ',');
    }
    return *formats != 0 ? SWE_OK
                         : swe_fail(err, SWE_ERROR_USAGE, "--format needs netcdf, vtk or png");
}

static int settle_scenario(swe_mesh_options *options, const char *name, const char *const *sets,
                           int set_count, swe_error *err)
{
    const swe_mesh_scenario *scenario = swe_mesh_scenario_find(name);
    if (scenario == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "unknown scenario '%s' (see --list-scenarios)", name);
    }
    options->scenario = *scenario;
    for (int k = 0; k < set_count; ++k) {
        int status = parse_set(sets[k], &options->scenario, err);
        if (status != SWE_OK) {
            return status;
        }
    }
    options->model.scenario = &options->scenario;
    return SWE_OK;
}

int swe_mesh_settle_options(swe_mesh_options *options, const char *scenario,
                            const char *const *sets, int set_count, const char *formats,
                            swe_error *err)
{
    if (options->model.mesh_path == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "a triangle run needs --mesh FILE.msh (the cases' meshes are in "
                        "common/mesh/geo/, make meshes writes the large ones)");
    }
    int status = settle_scenario(options, scenario != NULL ? scenario : "partial-dam-break", sets,
                                 set_count, err);
    if (status == SWE_OK) {
        options->plan.formats = SWE_FORMAT_NETCDF;
        status = formats != NULL ? parse_formats(formats, &options->plan.formats, err) : SWE_OK;
    }
    if (status != SWE_OK) {
        return status;
    }
    if (options->plan.t_end == 0) {
        options->plan.t_end = options->scenario.t_end;
    }
    if (options->plan.path_stem == NULL) {
        options->plan.path_stem = options->scenario.name;
    }
    if (options->benchmark) {
        options->plan.formats = 0;
        if (options->checkpoint_every > 0 || options->restart_path != NULL) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "--benchmark writes no files: no --checkpoint-every or --restart");
        }
    }
    return SWE_OK;
}
