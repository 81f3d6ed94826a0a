/* The triangle solver's files: a .vtu holds the mesh in file order and
 * the state bit for bit; the UGRID NetCDF file names its topology as the
 * conventions say and holds every snapshot bit for bit; files appear
 * under their name only once complete. */
#include "mesh/io/mesh_netcdf.h"
#include "mesh/io/mesh_vtk.h"
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"
#include "tests/vtk_reader.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef SWE_WITHOUT_NETCDF
#include <netcdf.h>
#endif

static swe_mesh_model *stepped_model(void)
{
    swe_mesh_model *model =
        swe_mesh_test_model("circular-dam-break", SWE_MESH_GEO "circular_dam_break_coarse.msh",
                            NULL, SWE_MESH_ORDERING_RCM_EDGES, 2, 0);
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(swe_mesh_model_advance(model, 0.2, &err), SWE_OK);
    return model;
}

/* The .vtu written at level holds the state bit for bit and the
 * triangles in file order; its size, or 0 when it could not be read. */
static size_t check_vtu(swe_mesh_model *model, const char *path, int level)
{
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(swe_mesh_vtk_write(path, &model->run.mesh, &model->run.host,
                                             model->run_of_file, model->clock.t, level, &err),
                          SWE_OK);
    size_t size = 0, bytes = 0;
    char *xml = swe_read_file(path, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<VTKFile type=\"UnstructuredGrid\""));
    CU_ASSERT_EQUAL(swe_vtk_is_compressed(xml), level > 0);
    int cells = model->run.mesh.cell_count;
    swe_mesh_test_state state = swe_mesh_test_state_of(model);
    real *h = swe_vtk_read_array(xml, size, "h", &bytes);
    CU_ASSERT_FATAL(h != NULL && bytes == (size_t)cells * sizeof(real));
    CU_ASSERT(memcmp(h, state.h, bytes) == 0);
    int64_t *corners = swe_vtk_read_array(xml, size, "connectivity", &bytes);
    CU_ASSERT_FATAL(corners != NULL && bytes == 3 * (size_t)cells * sizeof(int64_t));
    for (int k = 0; k < cells; ++k) {
        const int *node = &model->run.mesh.cell_node[3 * (size_t)model->run_of_file[k]];
        CU_ASSERT(corners[3 * k] == node[0] && corners[3 * k + 2] == node[2]);
    }
    real *velocity = swe_vtk_read_array(xml, size, "velocity", &bytes);
    CU_ASSERT(velocity != NULL && bytes == 3 * (size_t)cells * sizeof(real));
    char temp[600];
    snprintf(temp, sizeof temp, "%s.tmp", path);
    CU_ASSERT_FALSE(swe_file_exists(temp));
    free(h);
    free(corners);
    free(velocity);
    free(xml);
    swe_mesh_test_state_free(&state);
    return size;
}

static void test_vtu_holds_mesh_and_state(void)
{
    char dir[256], raw[512], compressed[512];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "mesh-vtu"), 0);
    swe_path_in(raw, sizeof raw, dir, "raw.vtu");
    swe_path_in(compressed, sizeof compressed, dir, "compressed.vtu");
    swe_mesh_model *model = stepped_model();
    size_t raw_size = check_vtu(model, raw, 0);
    size_t compressed_size = check_vtu(model, compressed, 1);
    CU_ASSERT(compressed_size > 0 && 2 * compressed_size < raw_size);
    swe_mesh_model_free(model);
    swe_remove_test_directory(dir);
}

#ifndef SWE_WITHOUT_NETCDF
static void expect_text(int ncid, int varid, const char *name, const char *expected)
{
    char value[256] = {0};
    size_t length = 0;
    CU_ASSERT_EQUAL_FATAL(nc_inq_attlen(ncid, varid, name, &length), NC_NOERR);
    CU_ASSERT_FATAL(length < sizeof value);
    CU_ASSERT_EQUAL_FATAL(nc_get_att_text(ncid, varid, name, value), NC_NOERR);
    if (strstr(value, expected) == NULL) {
        fprintf(stderr, "\n  attribute %s is '%s', expected '%s'\n", name, value, expected);
    }
    CU_ASSERT_PTR_NOT_NULL(strstr(value, expected));
}

static swe_mesh_netcdf_series *written_file(swe_mesh_model *model, const char *stem)
{
    swe_mesh_netcdf_info info = {.scenario = &model->scenario,
                                 .mesh_file = "circular_dam_break_coarse.msh",
                                 .backend = "serial",
                                 .ordering = "rcm+edges",
                                 .order = 2,
                                 .cfl = model->clock.cfl,
                                 .compression = 1};
    const swe_sealed_plan plan = {.path_stem = stem, .outputs = 2, .t_end = 0.2};
    swe_mesh_netcdf_series *file = NULL;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(swe_mesh_netcdf_open(&file, &plan, &model->run.mesh, &model->run.host,
                                               model->run_of_file, &info, &err),
                          SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_mesh_netcdf_write(file, &model->run.host, 0, 0.0, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_mesh_netcdf_write(file, &model->run.host, 1, 0.1, &err), SWE_OK);
    CU_ASSERT_EQUAL(swe_mesh_netcdf_write(file, &model->run.host, 1, 0.1, &err), SWE_ERROR_USAGE);
    return file;
}

static void check_topology(int ncid, const swe_mesh_model *model)
{
    int mesh_id, faces_id, h_id, dims[2], topology = 0, start = -1;
    expect_text(ncid, NC_GLOBAL, "Conventions", "UGRID-1.0");
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "mesh", &mesh_id), NC_NOERR);
    expect_text(ncid, mesh_id, "cf_role", "mesh_topology");
    expect_text(ncid, mesh_id, "node_coordinates", "mesh_node_x mesh_node_y");
    expect_text(ncid, mesh_id, "face_node_connectivity", "mesh_face_nodes");
    expect_text(ncid, mesh_id, "face_coordinates", "mesh_face_x mesh_face_y");
    CU_ASSERT(nc_get_att_int(ncid, mesh_id, "topology_dimension", &topology) == NC_NOERR &&
              topology == 2);
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "mesh_face_nodes", &faces_id), NC_NOERR);
    expect_text(ncid, faces_id, "cf_role", "face_node_connectivity");
    CU_ASSERT(nc_get_att_int(ncid, faces_id, "start_index", &start) == NC_NOERR && start == 0);
    CU_ASSERT_EQUAL_FATAL(nc_inq_vardimid(ncid, faces_id, dims), NC_NOERR);
    size_t faces = 0, corners = 0;
    nc_inq_dimlen(ncid, dims[0], &faces);
    nc_inq_dimlen(ncid, dims[1], &corners);
    CU_ASSERT(faces == (size_t)model->run.mesh.cell_count && corners == 3);
    int *nodes = malloc(3 * faces * sizeof *nodes);
    CU_ASSERT_EQUAL_FATAL(nc_get_var_int(ncid, faces_id, nodes), NC_NOERR);
    for (size_t k = 0; k < faces; ++k) {
        const int *node = &model->run.mesh.cell_node[3 * (size_t)model->run_of_file[k]];
        CU_ASSERT(memcmp(&nodes[3 * k], node, 3 * sizeof(int)) == 0);
    }
    free(nodes);
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "h", &h_id), NC_NOERR);
    expect_text(ncid, h_id, "mesh", "mesh");
    expect_text(ncid, h_id, "location", "face");
    /* Compressed with the shuffle, one snapshot per chunk. */
    int shuffle = 0, deflate = 0, level = 0, storage = -1;
    size_t chunks[2] = {0, 0};
    CU_ASSERT_EQUAL(nc_inq_var_deflate(ncid, h_id, &shuffle, &deflate, &level), NC_NOERR);
    CU_ASSERT(shuffle == 1 && deflate == 1 && level == 1);
    CU_ASSERT_EQUAL(nc_inq_var_chunking(ncid, h_id, &storage, chunks), NC_NOERR);
    CU_ASSERT(storage == NC_CHUNKED && chunks[0] == 1 && chunks[1] == faces);
}

/* The files in dir whose names hold ".tmp." (a writer's fresh temporary
 * names). */
static int count_temporary_files(const char *dir)
{
    DIR *folder = opendir(dir);
    int count = 0;
    for (struct dirent *entry = folder != NULL ? readdir(folder) : NULL; entry != NULL;
         entry = readdir(folder)) {
        count += strstr(entry->d_name, ".tmp.") != NULL;
    }
    if (folder != NULL) {
        closedir(folder);
    }
    return count;
}

static void test_netcdf_follows_ugrid(void)
{
    char dir[256], path[512], stem[512];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "mesh-nc"), 0);
    swe_path_in(path, sizeof path, dir, "run.nc");
    swe_path_in(stem, sizeof stem, dir, "run");
    swe_mesh_model *model = stepped_model();
    swe_mesh_netcdf_series *file = written_file(model, stem);
    /* Written under a fresh temporary name, PATH.tmp.XXXXXX, until kept. */
    CU_ASSERT_EQUAL(count_temporary_files(dir), 1);
    CU_ASSERT_FALSE(swe_file_exists(path));
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(swe_mesh_netcdf_close(file, 1, &err), SWE_OK);
    CU_ASSERT_EQUAL(count_temporary_files(dir), 0);
    int ncid, h_id;
    CU_ASSERT_EQUAL_FATAL(nc_open(path, NC_NOWRITE, &ncid), NC_NOERR);
    check_topology(ncid, model);
    swe_mesh_test_state state = swe_mesh_test_state_of(model);
    real *h = malloc((size_t)state.cells * sizeof *h);
    size_t start[2] = {1, 0}, count[2] = {1, (size_t)state.cells};
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "h", &h_id), NC_NOERR);
#ifdef SWE_PRECISION_DOUBLE
    CU_ASSERT_EQUAL_FATAL(nc_get_vara_double(ncid, h_id, start, count, h), NC_NOERR);
#else
    CU_ASSERT_EQUAL_FATAL(nc_get_vara_float(ncid, h_id, start, count, h), NC_NOERR);
#endif
    CU_ASSERT(memcmp(h, state.h, (size_t)state.cells * sizeof *h) == 0);
    nc_close(ncid);
    free(h);
    /* A run that fails keeps no file. */
    swe_path_in(path, sizeof path, dir, "failed.nc");
    swe_path_in(stem, sizeof stem, dir, "failed");
    file = written_file(model, stem);
    CU_ASSERT_EQUAL(swe_mesh_netcdf_close(file, 0, &err), SWE_OK);
    CU_ASSERT_FALSE(swe_file_exists(path));
    swe_mesh_test_state_free(&state);
    swe_mesh_model_free(model);
    swe_remove_test_directory(dir);
}
#endif

void register_mesh_output_tests(void)
{
    static const swe_mesh_test tests[] = {
        {".vtu holds the mesh and the state", test_vtu_holds_mesh_and_state},
#ifndef SWE_WITHOUT_NETCDF
        {"NetCDF follows UGRID 1.0, snapshots bit for bit", test_netcdf_follows_ugrid},
#endif
    };
    swe_mesh_test_register("mesh-output", tests, (int)(sizeof tests / sizeof tests[0]));
}
