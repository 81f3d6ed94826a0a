#include "mesh/io/mesh_vtk.h"

#include "io/atomic_file.h"
#include "io/vtk_appended.h"
#include "io/vtk_xml.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#ifdef SWE_PRECISION_DOUBLE
#define VTK_REAL_TYPE "Float64"
#else
#define VTK_REAL_TYPE "Float32"
#endif

enum { VTK_TRIANGLE = 5 };

/* The arrays of a .vtu, in the order they are added: the topology, then
 * the cell data. */
enum mesh_vtk_array {
    ARRAY_POINTS,
    ARRAY_CONNECTIVITY,
    ARRAY_OFFSETS,
    ARRAY_TYPES,
    ARRAY_H,
    ARRAY_B,
    ARRAY_ETA,
    ARRAY_VELOCITY,
    ARRAY_COUNT,
    ARRAY_FIRST_CELL_DATA = ARRAY_H
};

/* What the arrays are filled from. */
typedef struct mesh_snapshot {
    const swe_mesh *mesh;
    const swe_mesh_arrays *host;
    const int *run_of_file;
} mesh_snapshot;

static void fill_topology(const mesh_snapshot *snapshot, int array, void *out)
{
    const swe_mesh *mesh = snapshot->mesh;
    for (int k = 0; k < (array == ARRAY_POINTS ? mesh->node_count : mesh->cell_count); ++k) {
        if (array == ARRAY_POINTS) {
            double *point = (double *)out + 3 * (size_t)k;
            point[0] = mesh->node_x[k];
            point[1] = mesh->node_y[k];
            point[2] = 0.0;
        } else if (array == ARRAY_CONNECTIVITY) {
            const int *node = &mesh->cell_node[3 * (size_t)snapshot->run_of_file[k]];
            int64_t *corners = (int64_t *)out + 3 * (size_t)k;
            corners[0] = node[0];
            corners[1] = node[1];
            corners[2] = node[2];
        } else if (array == ARRAY_OFFSETS) {
            ((int64_t *)out)[k] = 3 * (int64_t)(k + 1);
        } else {
            ((uint8_t *)out)[k] = VTK_TRIANGLE;
        }
    }
}

/* Depth, bed, surface (NaN where dry, as in the maps' files) or velocity
 * (u, v, 0; zero where dry) of file triangle k. */
static void fill_cell_data(const mesh_snapshot *snapshot, int array, real *out)
{
    const swe_mesh_arrays *host = snapshot->host;
    for (int k = 0; k < snapshot->mesh->cell_count; ++k) {
        int c = snapshot->run_of_file[k];
        real h = host->h[c];
        int wet = h >= SWE_DRY_TOLERANCE;
        if (array == ARRAY_VELOCITY) {
            out[3 * (size_t)k] = wet ? host->hu[c] / h : 0;
            out[3 * (size_t)k + 1] = wet ? host->hv[c] / h : 0;
            out[3 * (size_t)k + 2] = 0;
        } else {
            out[k] = array == ARRAY_H   ? h
                     : array == ARRAY_B ? host->bed[c]
                     : wet              ? h + host->bed[c]
                                        : (real)NAN;
        }
    }
}

/* components: as VTK declares the array; per_item: values per node
 * (the points) or per triangle (the rest). */
static const struct {
    const char *name, *type;
    int components, per_item;
    size_t value_size;
} arrays[ARRAY_COUNT] = {
    [ARRAY_POINTS] = {"Points", "Float64", 3, 3, sizeof(double)},
    [ARRAY_CONNECTIVITY] = {"connectivity", "Int64", 1, 3, sizeof(int64_t)},
    [ARRAY_OFFSETS] = {"offsets", "Int64", 1, 1, sizeof(int64_t)},
    [ARRAY_TYPES] = {"types", "UInt8", 1, 1, sizeof(uint8_t)},
    [ARRAY_H] = {"h", VTK_REAL_TYPE, 1, 1, sizeof(real)},
    [ARRAY_B] = {"b", VTK_REAL_TYPE, 1, 1, sizeof(real)},
    [ARRAY_ETA] = {"eta", VTK_REAL_TYPE, 1, 1, sizeof(real)},
    [ARRAY_VELOCITY] = {"velocity", VTK_REAL_TYPE, 3, 3, sizeof(real)},
};

void swe_mesh_vtk_declare_cell_data(FILE *file)
{
    if (file == NULL) {
        return;
    }
    fputs("    <PCellData Scalars=\"eta\" Vectors=\"velocity\">\n", file);
    for (int a = ARRAY_FIRST_CELL_DATA; a < ARRAY_COUNT; ++a) {
        fprintf(file, "      <PDataArray type=\"%s\" Name=\"%s\" NumberOfComponents=\"%d\"/>\n",
                arrays[a].type, arrays[a].name, arrays[a].components);
    }
    fputs("    </PCellData>\n", file);
}

static size_t array_bytes(const swe_mesh *mesh, int array)
{
    size_t items = (size_t)(array == ARRAY_POINTS ? mesh->node_count : mesh->cell_count);
    return items * (size_t)arrays[array].per_item * arrays[array].value_size;
}

/* Every array, filled in turn into one scratch buffer and added. */
static int prepare(swe_vtk_appended *section, const mesh_snapshot *snapshot, int compression,
                   swe_error *err)
{
    swe_vtk_appended_init(section, compression);
    size_t largest = 0;
    for (int a = 0; a < ARRAY_COUNT; ++a) {
        size_t bytes = array_bytes(snapshot->mesh, a);
        largest = bytes > largest ? bytes : largest;
    }
    void *scratch = malloc(largest);
    int status = scratch != NULL
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a .vtu of %d triangles",
                                snapshot->mesh->cell_count);
    for (int a = 0; a < ARRAY_COUNT && status == SWE_OK; ++a) {
        if (a < ARRAY_FIRST_CELL_DATA) {
            fill_topology(snapshot, a, scratch);
        } else {
            fill_cell_data(snapshot, a, scratch);
        }
        status = swe_vtk_appended_add(section, arrays[a].type, arrays[a].name, arrays[a].components,
                                      scratch, array_bytes(snapshot->mesh, a), err);
    }
    free(scratch);
    return status;
}

static void write_header(FILE *file, const swe_mesh *mesh, double time,
                         const swe_vtk_appended *section)
{
    swe_vtk_appended_open_file(file, "UnstructuredGrid", section);
    fputs("  <UnstructuredGrid>\n", file);
    swe_vtk_write_time_value(file, time);
    fprintf(file, "    <Piece NumberOfPoints=\"%d\" NumberOfCells=\"%d\">\n      <Points>\n",
            mesh->node_count, mesh->cell_count);
    swe_vtk_appended_declare(file, section, ARRAY_POINTS, 8);
    fputs("      </Points>\n      <Cells>\n", file);
    for (int a = ARRAY_CONNECTIVITY; a < ARRAY_FIRST_CELL_DATA; ++a) {
        swe_vtk_appended_declare(file, section, a, 8);
    }
    fputs("      </Cells>\n      <CellData Scalars=\"eta\" Vectors=\"velocity\">\n", file);
    for (int a = ARRAY_FIRST_CELL_DATA; a < ARRAY_COUNT; ++a) {
        swe_vtk_appended_declare(file, section, a, 8);
    }
    fputs("      </CellData>\n    </Piece>\n  </UnstructuredGrid>\n", file);
}

int swe_mesh_vtk_write(const char *path, const swe_mesh *mesh, const swe_mesh_arrays *host,
                       const int *run_of_file, double time, int compression, swe_error *err)
{
    if (path == NULL || mesh == NULL || host == NULL || host->h == NULL || run_of_file == NULL ||
        compression < 0 || compression > 9) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a .vtu needs a mesh and a state");
    }
    const mesh_snapshot snapshot = {mesh, host, run_of_file};
    swe_vtk_appended section;
    int status = prepare(&section, &snapshot, compression, err);
    swe_atomic_file file;
    if (status == SWE_OK) {
        status = swe_atomic_file_open(&file, path, err);
    }
    if (status == SWE_OK) {
        write_header(file.stream, mesh, time, &section);
        swe_vtk_appended_write(file.stream, &section);
        status = swe_atomic_file_commit(&file, err);
    }
    swe_vtk_appended_free(&section);
    return status;
}
