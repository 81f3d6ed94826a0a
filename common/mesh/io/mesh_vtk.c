#include "mesh/io/mesh_vtk.h"

#include "io/atomic_file.h"
#include "io/vtk_xml.h"

#include <stdint.h>

#ifdef SWE_PRECISION_DOUBLE
#define VTK_REAL_TYPE "Float64"
#else
#define VTK_REAL_TYPE "Float32"
#endif

enum { VTK_TRIANGLE = 5 };

static void write_points(FILE *file, const swe_mesh *mesh)
{
    swe_base64_stream stream;
    fputs("      <Points>\n", file);
    swe_vtk_array_begin(&stream, file, "Float64", "Points", 3,
                        (uint64_t)mesh->node_count * 3 * sizeof(double));
    for (int n = 0; n < mesh->node_count; ++n) {
        double point[3] = {mesh->node_x[n], mesh->node_y[n], 0.0};
        swe_base64_write(&stream, point, sizeof point);
    }
    swe_vtk_array_end(&stream);
    fputs("      </Points>\n", file);
}

static void write_cells(FILE *file, const swe_mesh *mesh, const int *run_of_file)
{
    uint64_t count = (uint64_t)mesh->cell_count;
    swe_base64_stream stream;
    fputs("      <Cells>\n", file);
    swe_vtk_array_begin(&stream, file, "Int64", "connectivity", 1, 3 * count * sizeof(int64_t));
    for (int k = 0; k < mesh->cell_count; ++k) {
        const int *node = &mesh->cell_node[3 * (size_t)run_of_file[k]];
        int64_t corners[3] = {node[0], node[1], node[2]};
        swe_base64_write(&stream, corners, sizeof corners);
    }
    swe_vtk_array_end(&stream);
    swe_vtk_array_begin(&stream, file, "Int64", "offsets", 1, count * sizeof(int64_t));
    for (int64_t k = 1; k <= (int64_t)count; ++k) {
        int64_t offset = 3 * k;
        swe_base64_write(&stream, &offset, sizeof offset);
    }
    swe_vtk_array_end(&stream);
    swe_vtk_array_begin(&stream, file, "UInt8", "types", 1, count);
    for (uint64_t k = 0; k < count; ++k) {
        uint8_t type = VTK_TRIANGLE;
        swe_base64_write(&stream, &type, 1);
    }
    swe_vtk_array_end(&stream);
    fputs("      </Cells>\n", file);
}

/* a (+ b when b is given) per cell, in file order. */
static void write_field(FILE *file, const char *name, const swe_mesh *mesh, const int *run_of_file,
                        const real *a, const real *b)
{
    swe_base64_stream stream;
    swe_vtk_array_begin(&stream, file, VTK_REAL_TYPE, name, 1,
                        (uint64_t)mesh->cell_count * sizeof(real));
    for (int k = 0; k < mesh->cell_count; ++k) {
        int c = run_of_file[k];
        real value = b != NULL ? a[c] + b[c] : a[c];
        swe_base64_write(&stream, &value, sizeof value);
    }
    swe_vtk_array_end(&stream);
}

static void write_velocity(FILE *file, const swe_mesh *mesh, const int *run_of_file,
                           const swe_mesh_arrays *host)
{
    swe_base64_stream stream;
    swe_vtk_array_begin(&stream, file, VTK_REAL_TYPE, "velocity", 3,
                        (uint64_t)mesh->cell_count * 3 * sizeof(real));
    for (int k = 0; k < mesh->cell_count; ++k) {
        int c = run_of_file[k];
        real h = host->h[c];
        int wet = h >= SWE_DRY_TOLERANCE;
        real velocity[3] = {wet ? host->hu[c] / h : 0, wet ? host->hv[c] / h : 0, 0};
        swe_base64_write(&stream, velocity, sizeof velocity);
    }
    swe_vtk_array_end(&stream);
}

int swe_mesh_vtk_write(const char *path, const swe_mesh *mesh, const swe_mesh_arrays *host,
                       const int *run_of_file, double time, swe_error *err)
{
    if (path == NULL || mesh == NULL || host == NULL || host->h == NULL || run_of_file == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a .vtu needs a mesh and a state");
    }
    swe_atomic_file out;
    int status = swe_atomic_file_open(&out, path, err);
    if (status != SWE_OK) {
        return status;
    }
    FILE *file = out.stream;
    fprintf(file,
            "<?xml version=\"1.0\"?>\n"
            "<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" byte_order=\"%s\" "
            "header_type=\"UInt64\">\n"
            "  <UnstructuredGrid>\n"
            "    <FieldData>\n"
            "      <DataArray type=\"Float64\" Name=\"TimeValue\" NumberOfTuples=\"1\" "
            "format=\"ascii\">%.17g</DataArray>\n"
            "    </FieldData>\n"
            "    <Piece NumberOfPoints=\"%d\" NumberOfCells=\"%d\">\n",
            swe_vtk_byte_order(), time, mesh->node_count, mesh->cell_count);
    write_points(file, mesh);
    write_cells(file, mesh, run_of_file);
    fputs("      <CellData Scalars=\"eta\" Vectors=\"velocity\">\n", file);
    write_field(file, "h", mesh, run_of_file, host->h, NULL);
    write_field(file, "hu", mesh, run_of_file, host->hu, NULL);
    write_field(file, "hv", mesh, run_of_file, host->hv, NULL);
    write_field(file, "b", mesh, run_of_file, host->bed, NULL);
    write_field(file, "eta", mesh, run_of_file, host->h, host->bed);
    write_velocity(file, mesh, run_of_file, host);
    fputs("      </CellData>\n    </Piece>\n  </UnstructuredGrid>\n</VTKFile>\n", file);
    return swe_atomic_file_commit(&out, err);
}
