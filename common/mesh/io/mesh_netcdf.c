#include "mesh/io/mesh_netcdf_file.h"

#include "io/atomic_file.h"
#include "io/netcdf_cf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const swe_mesh_netcdf_field_names[FIELD_COUNT] = {"h", "hu", "hv", "eta"};
static const char *const field_long_names[FIELD_COUNT] = {
    "water depth", "x momentum per unit area (depth times x velocity)",
    "y momentum per unit area (depth times y velocity)", "water surface elevation (h + b)"};
static const char *const field_units[FIELD_COUNT] = {"m", "m2 s-1", "m2 s-1", "m"};

/* Every NetCDF call goes through here: a failure names the call, the
 * object and the file. */
int swe_mesh_netcdf_checked(const swe_mesh_netcdf *file, int nc_status, const char *call,
                            const char *object, swe_error *err)
{
    if (nc_status == NC_NOERR) {
        return SWE_OK;
    }
    return swe_fail(err, SWE_ERROR_RUNTIME,
                    "writing '%s' failed in %s(%s): %s (check free disk space and permissions)",
                    file->temp_path, call, object, nc_strerror(nc_status));
}

static int put_text(const swe_mesh_netcdf *file, int varid, const char *name, const char *value,
                    swe_error *err)
{
    return swe_mesh_netcdf_checked(file,
                                   nc_put_att_text(file->ncid, varid, name, strlen(value), value),
                                   "nc_put_att_text", name, err);
}

static int put_double(const swe_mesh_netcdf *file, int varid, const char *name, double value,
                      swe_error *err)
{
    return swe_mesh_netcdf_checked(file,
                                   nc_put_att_double(file->ncid, varid, name, NC_DOUBLE, 1, &value),
                                   "nc_put_att_double", name, err);
}

static int put_int(const swe_mesh_netcdf *file, int varid, const char *name, int value,
                   swe_error *err)
{
    return swe_mesh_netcdf_checked(file, nc_put_att_int(file->ncid, varid, name, NC_INT, 1, &value),
                                   "nc_put_att_int", name, err);
}

/* A variable with long_name and units; texts[] are further attribute
 * name/value pairs (NULL-terminated). */
static int define(const swe_mesh_netcdf *file, const char *name, nc_type type, int rank,
                  const int *dims, const char *long_name, const char *units,
                  const char *const *texts, int *varid, swe_error *err)
{
    int status = swe_mesh_netcdf_checked(
        file, nc_def_var(file->ncid, name, type, rank, dims, varid), "nc_def_var", name, err);
    if (status == SWE_OK && long_name != NULL) {
        status = put_text(file, *varid, "long_name", long_name, err);
    }
    if (status == SWE_OK && units != NULL) {
        status = put_text(file, *varid, "units", units, err);
    }
    for (int k = 0; status == SWE_OK && texts != NULL && texts[k] != NULL; k += 2) {
        status = put_text(file, *varid, texts[k], texts[k + 1], err);
    }
    return status;
}

/* The UGRID mesh topology variable and the variables it names. */
static int define_topology(swe_mesh_netcdf *file, int *ids, swe_error *err)
{
    static const char *const topology[] = {"cf_role",
                                           "mesh_topology",
                                           "node_coordinates",
                                           "mesh_node_x mesh_node_y",
                                           "face_node_connectivity",
                                           "mesh_face_nodes",
                                           "face_dimension",
                                           "face",
                                           "face_coordinates",
                                           "mesh_face_x mesh_face_y",
                                           NULL};
    static const char *const node_x[] = {"standard_name", "projection_x_coordinate", NULL};
    static const char *const node_y[] = {"standard_name", "projection_y_coordinate", NULL};
    static const char *const faces[] = {"cf_role", "face_node_connectivity", NULL};
    int status = define(file, "mesh", NC_INT, 0, NULL, "triangle mesh topology", NULL, topology,
                        &ids[0], err);
    if (status == SWE_OK) {
        status = put_int(file, ids[0], "topology_dimension", 2, err);
    }
    int face_corner[2] = {file->dim_face, file->dim_corner};
    if (status == SWE_OK) {
        status = define(file, "mesh_node_x", NC_DOUBLE, 1, &file->dim_node, "x of mesh node", "m",
                        node_x, &ids[1], err);
    }
    if (status == SWE_OK) {
        status = define(file, "mesh_node_y", NC_DOUBLE, 1, &file->dim_node, "y of mesh node", "m",
                        node_y, &ids[2], err);
    }
    if (status == SWE_OK) {
        status = define(file, "mesh_face_nodes", NC_INT, 2, face_corner,
                        "nodes of each triangle, counter-clockwise", NULL, faces, &ids[3], err);
    }
    if (status == SWE_OK) {
        status = put_int(file, ids[3], "start_index", 0, err);
    }
    if (status == SWE_OK) {
        status = define(file, "mesh_face_x", NC_DOUBLE, 1, &file->dim_face,
                        "x of triangle centroid", "m", node_x, &ids[4], err);
    }
    if (status == SWE_OK) {
        status = define(file, "mesh_face_y", NC_DOUBLE, 1, &file->dim_face,
                        "y of triangle centroid", "m", node_y, &ids[5], err);
    }
    return status;
}

/* Bed, time and the fields over the faces. */
static int define_fields(swe_mesh_netcdf *file, int *bed_id, swe_error *err)
{
    static const char *const on_faces[] = {
        "mesh", "mesh", "location", "face", "coordinates", "mesh_face_x mesh_face_y", NULL};
    int status =
        define(file, "b", NC_REAL, 1, &file->dim_face,
               "bed elevation, negative below the reference level", "m", on_faces, bed_id, err);
    if (status == SWE_OK) {
        static const char *const time_texts[] = {"standard_name", "time", "calendar", "standard",
                                                 NULL};
        status = define(file, "time", NC_DOUBLE, 1, &file->dim_time,
                        "simulated time since the start of the run", SWE_CF_TIME_UNITS, time_texts,
                        &file->time_id, err);
    }
    int time_face[2] = {file->dim_time, file->dim_face};
    for (int f = 0; status == SWE_OK && f < FIELD_COUNT; ++f) {
        status = define(file, swe_mesh_netcdf_field_names[f], NC_REAL, 2, time_face,
                        field_long_names[f], field_units[f], on_faces, &file->field_id[f], err);
    }
    return status;
}

static int define_globals(const swe_mesh_netcdf *file, const swe_mesh_netcdf_info *info,
                          swe_error *err)
{
    const swe_mesh_scenario *scenario = info->scenario;
    const char *texts[][2] = {{"Conventions", "CF-1.8 UGRID-1.0"},
                              {"title", scenario->title},
                              {"source", "shallows (triangle solver)"},
                              {"history", "shallows-mesh " SWE_VERSION},
                              {"scenario", scenario->name},
                              {"mesh_file", info->mesh_file},
                              {"solver", "roe"},
                              {"backend", info->backend},
                              {"ordering", info->ordering},
                              {"precision", SWE_PRECISION_NAME}};
    int status = SWE_OK;
    for (size_t a = 0; status == SWE_OK && a < sizeof texts / sizeof texts[0]; ++a) {
        status = put_text(file, NC_GLOBAL, texts[a][0], texts[a][1], err);
    }
    for (int p = 0; status == SWE_OK && p < scenario->parameter_count; ++p) {
        /* Parameter names are the scenario table's own, well below the limit. */
        char name[NC_MAX_NAME + 1], units[NC_MAX_NAME + 1];
        snprintf(name, sizeof name, "scenario_%.64s", scenario->parameters[p].name);
        snprintf(units, sizeof units, "scenario_%.64s_units", scenario->parameters[p].name);
        status = put_double(file, NC_GLOBAL, name, scenario->parameters[p].value, err);
        if (status == SWE_OK) {
            status = put_text(file, NC_GLOBAL, units, scenario->parameters[p].units, err);
        }
    }
    if (status == SWE_OK) {
        status = put_int(file, NC_GLOBAL, "order", info->order, err);
    }
    if (status == SWE_OK) {
        status = put_double(file, NC_GLOBAL, "cfl", info->cfl, err);
    }
    const real tolerance = SWE_DRY_TOLERANCE, gravity = SWE_GRAVITY;
    if (status == SWE_OK) {
        status = swe_mesh_netcdf_checked(
            file, nc_put_att_real(file->ncid, NC_GLOBAL, "dry_tolerance", NC_REAL, 1, &tolerance),
            "nc_put_att", "dry_tolerance", err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_netcdf_checked(
            file, nc_put_att_real(file->ncid, NC_GLOBAL, "gravity", NC_REAL, 1, &gravity),
            "nc_put_att", "gravity", err);
    }
    return status;
}

static int put_doubles(const swe_mesh_netcdf *file, int varid, const char *name,
                       const double *values, size_t count, swe_error *err)
{
    size_t start = 0;
    return swe_mesh_netcdf_checked(file,
                                   nc_put_vara_double(file->ncid, varid, &start, &count, values),
                                   "nc_put_vara_double", name, err);
}

/* Nodes, connectivity, centroids (file order) and the bed. */
static int write_mesh(swe_mesh_netcdf *file, const int *ids, int bed_id, const swe_mesh *mesh,
                      const swe_mesh_arrays *host, swe_error *err)
{
    size_t faces = (size_t)mesh->cell_count;
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
    int status =
        put_doubles(file, ids[1], "mesh_node_x", mesh->node_x, (size_t)mesh->node_count, err);
    if (status == SWE_OK) {
        status =
            put_doubles(file, ids[2], "mesh_node_y", mesh->node_y, (size_t)mesh->node_count, err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_netcdf_checked(file,
                                         nc_put_vara_int(file->ncid, ids[3], start, count, corners),
                                         "nc_put_vara_int", "mesh_face_nodes", err);
    }
    if (status == SWE_OK) {
        status = put_doubles(file, ids[4], "mesh_face_x", centre, faces, err);
    }
    if (status == SWE_OK) {
        status = put_doubles(file, ids[5], "mesh_face_y", centre + faces, faces, err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_netcdf_checked(
            file, nc_put_vara_real(file->ncid, bed_id, start, &faces, file->buffer), "nc_put_vara",
            "b", err);
    }
    free(corners);
    free(centre);
    return status;
}

static int define_and_write(swe_mesh_netcdf *file, const swe_mesh *mesh,
                            const swe_mesh_arrays *host, const swe_mesh_netcdf_info *info,
                            swe_error *err)
{
    int ids[6], bed_id = -1;
    int status = swe_mesh_netcdf_checked(
        file, nc_def_dim(file->ncid, "node", (size_t)mesh->node_count, &file->dim_node),
        "nc_def_dim", "node", err);
    if (status == SWE_OK) {
        status = swe_mesh_netcdf_checked(
            file, nc_def_dim(file->ncid, "face", (size_t)mesh->cell_count, &file->dim_face),
            "nc_def_dim", "face", err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_netcdf_checked(
            file, nc_def_dim(file->ncid, "max_face_nodes", 3, &file->dim_corner), "nc_def_dim",
            "max_face_nodes", err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_netcdf_checked(
            file, nc_def_dim(file->ncid, "time", NC_UNLIMITED, &file->dim_time), "nc_def_dim",
            "time", err);
    }
    if (status == SWE_OK) {
        status = define_topology(file, ids, err);
    }
    if (status == SWE_OK) {
        status = define_fields(file, &bed_id, err);
    }
    if (status == SWE_OK) {
        status = define_globals(file, info, err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_netcdf_checked(file, nc_enddef(file->ncid), "nc_enddef", "header", err);
    }
    return status == SWE_OK ? write_mesh(file, ids, bed_id, mesh, host, err) : status;
}

int swe_mesh_netcdf_create(swe_mesh_netcdf **created, const char *path, const swe_mesh *mesh,
                           const swe_mesh_arrays *host, const int *run_of_file,
                           const swe_mesh_netcdf_info *info, swe_error *err)
{
    if (created == NULL || path == NULL || mesh == NULL || host == NULL || run_of_file == NULL ||
        info == NULL || info->scenario == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a NetCDF file needs a mesh");
    }
    *created = NULL;
    swe_mesh_netcdf *file = swe_mesh_netcdf_allocate(path, mesh, run_of_file);
    if (file == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the NetCDF output");
    }
    int nc_status =
        nc_create(file->temp_path, NC_CLOBBER | NC_NETCDF4 | NC_CLASSIC_MODEL, &file->ncid);
    if (nc_status != NC_NOERR) {
        swe_fail(err, SWE_ERROR_USAGE, "cannot create '%s': %s", file->temp_path,
                 nc_strerror(nc_status));
        swe_mesh_netcdf_release(file);
        return SWE_ERROR_USAGE;
    }
    int status = define_and_write(file, mesh, host, info, err);
    if (status != SWE_OK) {
        swe_mesh_netcdf_close(file, 0, NULL);
        return status;
    }
    *created = file;
    return SWE_OK;
}
