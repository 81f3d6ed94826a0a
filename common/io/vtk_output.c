#include "io/vtk_output.h"

#include "io/atomic_file.h"
#include "io/vtk_xml.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SWE_PRECISION_DOUBLE
#define VTK_REAL_TYPE "Float64"
#else
#define VTK_REAL_TYPE "Float32"
#endif

/* The cell arrays of every piece, in the order they are written. */
static const char *const cell_arrays[] = {"h", "hu", "hv", "b", "eta"};
static const char *const coordinate_arrays[] = {"x", "y", "z"};

/* One cell array of the piece, h + b when b_added is given. */
static void write_cell_array(FILE *file, const swe_block *block, const char *name, const real *a,
                             const real *b_added)
{
    uint64_t bytes = (uint64_t)block->nx * (uint64_t)block->ny * sizeof(real);
    swe_base64_stream stream;
    swe_vtk_array_begin(&stream, file, VTK_REAL_TYPE, name, 1, bytes);
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            size_t cell = SWE_INDEX(block, i, j);
            real value = b_added != NULL ? a[cell] + b_added[cell] : a[cell];
            swe_base64_write(&stream, &value, sizeof value);
        }
    }
    swe_vtk_array_end(&stream);
}

/* Point coordinates of a piece along one axis: origin + (offset + k) *
 * spacing, the same bits as the whole grid's points, whichever piece. */
static void write_coordinates(FILE *file, const char *name, double origin, int offset,
                              double spacing, int count)
{
    swe_base64_stream stream;
    swe_vtk_array_begin(&stream, file, "Float64", name, 1, (uint64_t)count * sizeof(double));
    for (int k = 0; k < count; ++k) {
        double value = origin + (offset + k) * spacing;
        swe_base64_write(&stream, &value, sizeof value);
    }
    swe_vtk_array_end(&stream);
}

static int check_extents(const swe_block *block, const swe_vtk_extent *whole,
                         const swe_vtk_extent *piece, swe_error *err)
{
    if (block == NULL || block->h == NULL || whole == NULL || piece == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: VTK piece needs a block, extents");
    }
    int inside = piece->i_begin >= whole->i_begin && piece->i_end <= whole->i_end &&
                 piece->j_begin >= whole->j_begin && piece->j_end <= whole->j_end;
    int sized =
        piece->i_end - piece->i_begin == block->nx && piece->j_end - piece->j_begin == block->ny;
    if (!inside || !sized) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: VTK piece %d..%d x %d..%d does not fit a %d x %d block "
                        "inside %d..%d x %d..%d",
                        piece->i_begin, piece->i_end, piece->j_begin, piece->j_end, block->nx,
                        block->ny, whole->i_begin, whole->i_end, whole->j_begin, whole->j_end);
    }
    return SWE_OK;
}

static void write_piece_body(FILE *file, const swe_block *block, const swe_vtk_extent *whole,
                             const swe_vtk_extent *piece, double time)
{
    fprintf(file,
            "<?xml version=\"1.0\"?>\n"
            "<VTKFile type=\"RectilinearGrid\" version=\"1.0\" byte_order=\"%s\" "
            "header_type=\"UInt64\">\n"
            "  <RectilinearGrid WholeExtent=\"%d %d %d %d 0 0\">\n"
            "    <FieldData>\n"
            "      <DataArray type=\"Float64\" Name=\"TimeValue\" NumberOfTuples=\"1\" "
            "format=\"ascii\">%.17g</DataArray>\n"
            "    </FieldData>\n"
            "    <Piece Extent=\"%d %d %d %d 0 0\">\n"
            "      <CellData Scalars=\"eta\">\n",
            swe_vtk_byte_order(), whole->i_begin, whole->i_end, whole->j_begin, whole->j_end, time,
            piece->i_begin, piece->i_end, piece->j_begin, piece->j_end);
    const real *arrays[] = {block->h, block->hu, block->hv, block->b, block->h};
    for (size_t a = 0; a < sizeof cell_arrays / sizeof cell_arrays[0]; ++a) {
        /* eta = h + b */
        write_cell_array(file, block, cell_arrays[a], arrays[a], a == 4 ? block->b : NULL);
    }
    fputs("      </CellData>\n      <Coordinates>\n", file);
    /* A part of a domain (an MPI rank's block) lies where its first cell
     * lies in the domain, with the domain's cell size. */
    double dx = block->width / block->domain_nx;
    double dy = block->height / block->domain_ny;
    write_coordinates(file, coordinate_arrays[0], block->x0, block->first_i, dx, block->nx + 1);
    write_coordinates(file, coordinate_arrays[1], block->y0, block->first_j, dy, block->ny + 1);
    write_coordinates(file, coordinate_arrays[2], 0.0, 0, 0.0, 1);
    fputs("      </Coordinates>\n    </Piece>\n  </RectilinearGrid>\n</VTKFile>\n", file);
}

int swe_vtk_write_piece(const char *path, const swe_block *block, const swe_vtk_extent *whole,
                        const swe_vtk_extent *piece, double time, swe_error *err)
{
    int status = check_extents(block, whole, piece, err);
    if (status != SWE_OK) {
        return status;
    }
    swe_atomic_file file;
    status = swe_atomic_file_open(&file, path, err);
    if (status != SWE_OK) {
        return status;
    }
    write_piece_body(file.stream, block, whole, piece, time);
    return swe_atomic_file_commit(&file, err);
}

static int valid_extent(const swe_vtk_extent *extent, const swe_vtk_extent *inside)
{
    int ordered = extent->i_begin < extent->i_end && extent->j_begin < extent->j_end;
    return ordered && (inside == NULL ||
                       (extent->i_begin >= inside->i_begin && extent->i_end <= inside->i_end &&
                        extent->j_begin >= inside->j_begin && extent->j_end <= inside->j_end));
}

int swe_vtk_write_parallel(const char *path, const swe_vtk_extent *whole,
                           const swe_vtk_piece *pieces, int count, swe_error *err)
{
    if (path == NULL || whole == NULL || pieces == NULL || count < 1 ||
        !valid_extent(whole, NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: a .pvtr needs a path, a whole extent and pieces");
    }
    for (int k = 0; k < count; ++k) {
        if (pieces[k].file == NULL || !valid_extent(&pieces[k].extent, whole)) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "internal error: piece %d of '%s' lies outside the whole grid", k,
                            path);
        }
    }
    swe_atomic_file file;
    int status = swe_atomic_file_open(&file, path, err);
    if (status != SWE_OK) {
        return status;
    }
    FILE *out = file.stream;
    fprintf(out,
            "<?xml version=\"1.0\"?>\n"
            "<VTKFile type=\"PRectilinearGrid\" version=\"1.0\" byte_order=\"%s\" "
            "header_type=\"UInt64\">\n"
            "  <PRectilinearGrid WholeExtent=\"%d %d %d %d 0 0\" GhostLevel=\"0\">\n"
            "    <PCellData Scalars=\"eta\">\n",
            swe_vtk_byte_order(), whole->i_begin, whole->i_end, whole->j_begin, whole->j_end);
    for (size_t a = 0; a < sizeof cell_arrays / sizeof cell_arrays[0]; ++a) {
        fprintf(out, "      <PDataArray type=\"%s\" Name=\"%s\"/>\n", VTK_REAL_TYPE,
                cell_arrays[a]);
    }
    fputs("    </PCellData>\n    <PCoordinates>\n", out);
    for (size_t a = 0; a < sizeof coordinate_arrays / sizeof coordinate_arrays[0]; ++a) {
        fprintf(out, "      <PDataArray type=\"Float64\" Name=\"%s\"/>\n", coordinate_arrays[a]);
    }
    fputs("    </PCoordinates>\n", out);
    for (int k = 0; k < count; ++k) {
        const swe_vtk_extent *e = &pieces[k].extent;
        fprintf(out, "    <Piece Extent=\"%d %d %d %d 0 0\" Source=\"", e->i_begin, e->i_end,
                e->j_begin, e->j_end);
        swe_xml_write_escaped(out, pieces[k].file);
        fputs("\"/>\n", out);
    }
    fputs("  </PRectilinearGrid>\n</VTKFile>\n", out);
    return swe_atomic_file_commit(&file, err);
}
