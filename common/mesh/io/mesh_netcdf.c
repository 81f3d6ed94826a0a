#include "mesh/io/mesh_netcdf_file.h"

#include "io/netcdf_create.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const swe_mesh_netcdf_field_names[FIELD_COUNT] = {"h", "hu", "hv", "eta"};
static const swe_cf_variable field_variables[FIELD_COUNT] = {
    {"h", "water depth", "m", "sea_floor_depth_below_sea_surface"},
    {"hu", "x momentum per unit area (depth times x velocity)", "m2 s-1", NULL},
    {"hv", "y momentum per unit area (depth times y velocity)", "m2 s-1", NULL},
    {"eta", "water surface elevation (h + b), missing where dry", "m",
     "water_surface_height_above_reference_datum"}};
static const swe_cf_variable bed_variable = {
    "b", "bed elevation, negative below the reference level", "m", "bedrock_altitude"};

/* The topology variables, in the order of their ids. */
enum { TOPOLOGY, NODE_X, NODE_Y, FACE_NODES, FACE_X, FACE_Y, MESH_VARIABLE_COUNT };
static const swe_cf_variable mesh_variables[MESH_VARIABLE_COUNT] = {
    [TOPOLOGY] = {"mesh", "triangle mesh topology", NULL, NULL},
    [NODE_X] = {"mesh_node_x", "x of mesh node", "m", "projection_x_coordinate"},
    [NODE_Y] = {"mesh_node_y", "y of mesh node", "m", "projection_y_coordinate"},
    [FACE_NODES] = {"mesh_face_nodes", "nodes of each triangle, counter-clockwise", NULL, NULL},
    [FACE_X] = {"mesh_face_x", "x of triangle centroid", "m", "projection_x_coordinate"},
    [FACE_Y] = {"mesh_face_y", "y of triangle centroid", "m", "projection_y_coordinate"}};

/* Values per chunk along the node or face dimension: as many as a tile of
 * the maps' files, so that a snapshot of a large mesh reads in pieces and
 * a time series at one face reads one chunk per snapshot. */
static size_t chunk_along(size_t count)
{
    const size_t tile = (size_t)SWE_CF_TILE * SWE_CF_TILE;
    return count < tile ? count : tile;
}

/* A variable described by variable, compressed at level in chunks of one
 * snapshot (when over time) by chunk_along(items), further attributes
 * texts[] (name/value pairs, NULL-terminated). */
static int define(const swe_mesh_netcdf *file, const swe_cf_variable *variable, nc_type type,
                  int rank, const int *dims, int level, const char *const *texts, int *varid,
                  swe_error *err)
{
    int status = swe_cf_define(&file->cf, variable, type, rank, dims, varid, err);
    for (int k = 0; status == SWE_OK && texts != NULL && texts[k] != NULL; k += 2) {
        status = swe_cf_put_text(&file->cf, *varid, texts[k], texts[k + 1], err);
    }
    if (status != SWE_OK || rank == 0) {
        return status;
    }
    size_t chunks[2], items = 0;
    int item_dim = dims[0] == file->dim_time ? 1 : 0;
    status = swe_cf_check(&file->cf, nc_inq_dimlen(file->cf.ncid, dims[item_dim], &items),
                          "nc_inq_dimlen", variable->name, err);
    if (status != SWE_OK) {
        return status;
    }
    chunks[0] = item_dim == 1 ? 1 : chunk_along(items);
    chunks[1] = item_dim == 1 ? chunk_along(items) : 3; /* or the corners of a face */
    return swe_cf_compress(&file->cf, *varid, variable->name, level, chunks, err);
}

static int put_int(const swe_mesh_netcdf *file, int varid, const char *name, int value,
                   swe_error *err)
{
    return swe_cf_check(&file->cf, nc_put_att_int(file->cf.ncid, varid, name, NC_INT, 1, &value),
                        "nc_put_att_int", name, err);
}

/* The UGRID mesh topology variable and the variables it names. */
static int define_topology(swe_mesh_netcdf *file, int level, int *ids, swe_error *err)
{
    static const char *const topology[] = {"cf_role",
                                           "mesh_topology",
                                           "node_coordinates",
                                           "mesh_node_x mesh_node_y",
                                           "face_node_connectivity",
                                           "mesh_face_nodes",
                                           "face_dimension",
                                           SWE_MESH_NETCDF_FACES,
                                           "face_coordinates",
                                           "mesh_face_x mesh_face_y",
                                           NULL};
    static const char *const faces[] = {"cf_role", "face_node_connectivity", NULL};
    const int face_corner[2] = {file->dim_face, file->dim_corner};
    const int *dims[MESH_VARIABLE_COUNT] = {NULL,        &file->dim_node, &file->dim_node,
                                            face_corner, &file->dim_face, &file->dim_face};
    int status = SWE_OK;
    for (int v = 0; v < MESH_VARIABLE_COUNT && status == SWE_OK; ++v) {
        status =
            define(file, &mesh_variables[v], v == TOPOLOGY || v == FACE_NODES ? NC_INT : NC_DOUBLE,
                   v == TOPOLOGY     ? 0
                   : v == FACE_NODES ? 2
                                     : 1,
                   dims[v], level,
                   v == TOPOLOGY     ? topology
                   : v == FACE_NODES ? faces
                                     : NULL,
                   &ids[v], err);
    }
    if (status == SWE_OK) {
        status = put_int(file, ids[TOPOLOGY], "topology_dimension", 2, err);
    }
    return status == SWE_OK ? put_int(file, ids[FACE_NODES], "start_index", 0, err) : status;
}

/* Bed, time and the fields over the faces; eta missing (NaN) where dry. */
static int define_fields(swe_mesh_netcdf *file, int level, int *bed_id, swe_error *err)
{
    static const char *const on_faces[] = {
        "mesh", "mesh", "location", "face", "coordinates", "mesh_face_x mesh_face_y", NULL};
    int status =
        define(file, &bed_variable, NC_REAL, 1, &file->dim_face, level, on_faces, bed_id, err);
    if (status == SWE_OK) {
        status = swe_cf_define_time(&file->cf, file->dim_time, &file->time_id, err);
    }
    const int time_face[2] = {file->dim_time, file->dim_face};
    for (int f = 0; status == SWE_OK && f < FIELD_COUNT; ++f) {
        status = define(file, &field_variables[f], NC_REAL, 2, time_face, level, on_faces,
                        &file->field_id[f], err);
    }
    return status == SWE_OK
               ? swe_cf_put_nan_fill(&file->cf, file->field_id[FIELD_ETA], NC_REAL, err)
               : status;
}

static int put_real(const swe_mesh_netcdf *file, const char *name, real value, swe_error *err)
{
    return swe_cf_check(&file->cf,
                        nc_put_att_real(file->cf.ncid, NC_GLOBAL, name, NC_REAL, 1, &value),
                        "nc_put_att", name, err);
}

static int define_globals(const swe_mesh_netcdf *file, const swe_mesh_netcdf_info *info,
                          swe_error *err)
{
    const swe_mesh_scenario *scenario = info->scenario;
    char title[256];
    const char *slash = strrchr(info->mesh_file, '/');
    snprintf(title, sizeof title, "shallows triangle run: %s, on the mesh %s", scenario->title,
             slash != NULL ? slash + 1 : info->mesh_file);
    int status = swe_cf_put_globals(&file->cf, title, info->history, err);
    /* The UGRID conventions on top of CF's, in the same attribute. */
    const char *texts[][2] = {{"Conventions", SWE_CF_CONVENTIONS " UGRID-1.0"},
                              {"scenario", scenario->name},
                              {"mesh_file", info->mesh_file},
                              {"solver", "roe"},
                              {"backend", info->backend},
                              {"ordering", info->ordering},
                              {"precision", SWE_PRECISION_NAME}};
    for (size_t a = 0; status == SWE_OK && a < sizeof texts / sizeof texts[0]; ++a) {
        status = swe_cf_put_text(&file->cf, NC_GLOBAL, texts[a][0], texts[a][1], err);
    }
    for (int p = 0; status == SWE_OK && p < scenario->parameter_count; ++p) {
        /* Parameter names are the scenario table's own, well below the limit. */
        char name[NC_MAX_NAME + 1], units[NC_MAX_NAME + 1];
        snprintf(name, sizeof name, "scenario_%.64s", scenario->parameters[p].name);
        snprintf(units, sizeof units, "scenario_%.64s_units", scenario->parameters[p].name);
        status = swe_cf_put_double(&file->cf, NC_GLOBAL, name, scenario->parameters[p].value, err);
        if (status == SWE_OK) {
            status =
                swe_cf_put_text(&file->cf, NC_GLOBAL, units, scenario->parameters[p].units, err);
        }
    }
    if (status == SWE_OK) {
        status = put_int(file, NC_GLOBAL, "order", info->order, err);
    }
    if (status == SWE_OK) {
        status = swe_cf_put_double(&file->cf, NC_GLOBAL, "cfl", info->cfl, err);
    }
    if (status == SWE_OK) {
        status = put_real(file, "dry_tolerance", SWE_DRY_TOLERANCE, err);
    }
    return status == SWE_OK ? put_real(file, "gravity", SWE_GRAVITY, err) : status;
}

static int put_doubles(const swe_mesh_netcdf *file, int varid, const char *name,
                       const double *values, size_t count, swe_error *err)
{
    size_t start = 0;
    return swe_cf_check(&file->cf, nc_put_vara_double(file->cf.ncid, varid, &start, &count, values),
                        "nc_put_vara_double", name, err);
}

/* Nodes, connectivity, centroids (file order) and the bed. */
static int write_mesh(swe_mesh_netcdf *file, const int *ids, int bed_id, const swe_mesh *mesh,
                      const swe_mesh_arrays *host, swe_error *err)
{
    size_t faces = (size_t)mesh->cell_count, nodes = (size_t)mesh->node_count;
    int *corners = malloc(3 * faces * sizeof *corners);
    double *centre = malloc(2 * faces * sizeof *centre);
    if (corners == NULL || centre == NULL) {
        free(corners);
        free(centre);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory writing the mesh to NetCDF");
    }
    for (size_t k = 0; k < faces; ++k) {
        int c = file->run_of_file[k];
        memcpy(&corners[3 * k], &mesh->cell_node[3 * (size_t)c], 3 * sizeof *corners);
        centre[k] = mesh->cell_x[c];
        centre[faces + k] = mesh->cell_y[c];
        file->buffer[k] = host->bed[c];
    }
    size_t start[2] = {0, 0}, count[2] = {faces, 3};
    int status = put_doubles(file, ids[NODE_X], "mesh_node_x", mesh->node_x, nodes, err);
    if (status == SWE_OK) {
        status = put_doubles(file, ids[NODE_Y], "mesh_node_y", mesh->node_y, nodes, err);
    }
    if (status == SWE_OK) {
        status = swe_cf_check(
            &file->cf, nc_put_vara_int(file->cf.ncid, ids[FACE_NODES], start, count, corners),
            "nc_put_vara_int", "mesh_face_nodes", err);
    }
    if (status == SWE_OK) {
        status = put_doubles(file, ids[FACE_X], "mesh_face_x", centre, faces, err);
    }
    if (status == SWE_OK) {
        status = put_doubles(file, ids[FACE_Y], "mesh_face_y", centre + faces, faces, err);
    }
    if (status == SWE_OK) {
        status = swe_cf_check(&file->cf,
                              nc_put_vara_real(file->cf.ncid, bed_id, start, &faces, file->buffer),
                              "nc_put_vara", "b", err);
    }
    free(corners);
    free(centre);
    return status;
}

static int define_dimensions(swe_mesh_netcdf *file, const swe_mesh *mesh, swe_error *err)
{
    const struct {
        const char *name;
        size_t length;
        int *id;
    } dimensions[] = {{"node", (size_t)mesh->node_count, &file->dim_node},
                      {SWE_MESH_NETCDF_FACES, (size_t)mesh->cell_count, &file->dim_face},
                      {"max_face_nodes", 3, &file->dim_corner},
                      {"time", NC_UNLIMITED, &file->dim_time}};
    int status = SWE_OK;
    for (size_t d = 0; status == SWE_OK && d < sizeof dimensions / sizeof dimensions[0]; ++d) {
        status = swe_cf_check(
            &file->cf,
            nc_def_dim(file->cf.ncid, dimensions[d].name, dimensions[d].length, dimensions[d].id),
            "nc_def_dim", dimensions[d].name, err);
    }
    return status;
}

static int define_and_write(swe_mesh_netcdf *file, const swe_mesh *mesh,
                            const swe_mesh_arrays *host, const swe_mesh_netcdf_info *info,
                            swe_error *err)
{
    int ids[MESH_VARIABLE_COUNT], bed_id = -1;
    int status = define_dimensions(file, mesh, err);
    if (status == SWE_OK) {
        status = define_topology(file, info->compression, ids, err);
    }
    if (status == SWE_OK) {
        status = define_fields(file, info->compression, &bed_id, err);
    }
    if (status == SWE_OK) {
        status = define_globals(file, info, err);
    }
    if (status == SWE_OK) {
        status = swe_cf_check(&file->cf, nc_enddef(file->cf.ncid), "nc_enddef", "header", err);
    }
    return status == SWE_OK ? write_mesh(file, ids, bed_id, mesh, host, err) : status;
}

int swe_mesh_netcdf_create_at(const char *path, const swe_mesh_netcdf_source *source,
                              swe_error *err)
{
    const swe_mesh_netcdf_info *info = source != NULL ? &source->info : NULL;
    if (path == NULL || source == NULL || source->mesh == NULL || source->host == NULL ||
        source->run_of_file == NULL || info->scenario == NULL || info->compression < 0 ||
        info->compression > SWE_MAX_COMPRESSION) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a NetCDF file needs a mesh");
    }
    swe_mesh_netcdf *file = swe_mesh_netcdf_allocate(path, source->mesh, source->run_of_file);
    if (file == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the NetCDF output");
    }
    int status = swe_netcdf_create_at(path, NC_NETCDF4 | NC_CLASSIC_MODEL, &file->cf.ncid, err);
    if (status == SWE_OK) {
        status = define_and_write(file, source->mesh, source->host, info, err);
        int close_status =
            swe_cf_check(&file->cf, nc_close(file->cf.ncid), "nc_close", "file", err);
        status = status == SWE_OK ? close_status : status;
    }
    swe_mesh_netcdf_release(file);
    return status;
}
