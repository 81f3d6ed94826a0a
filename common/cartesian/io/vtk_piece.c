/* One .vtr piece: the XML header naming every array by its offset in the
 * appended section, then the arrays (io/vtk_appended.h). */
#include "cartesian/io/output_fields.h"
#include "cartesian/io/vtk_arrays.h"
#include "cartesian/io/vtk_output.h"
#include "io/atomic_file.h"
#include "io/vtk_appended.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef SWE_PRECISION_DOUBLE
#define VTK_REAL_TYPE "Float64"
#else
#define VTK_REAL_TYPE "Float32"
#endif

const swe_vtk_array_kind swe_vtk_arrays[SWE_VTK_ARRAY_COUNT] = {
    [SWE_VTK_H] = {"h", VTK_REAL_TYPE, 1},     [SWE_VTK_B] = {"b", VTK_REAL_TYPE, 1},
    [SWE_VTK_ETA] = {"eta", VTK_REAL_TYPE, 1}, [SWE_VTK_VELOCITY] = {"velocity", VTK_REAL_TYPE, 3},
    [SWE_VTK_X] = {"x", "Float64", 1},         [SWE_VTK_Y] = {"y", "Float64", 1},
    [SWE_VTK_Z] = {"z", "Float64", 1},
};

/* Bytes of array a of a piece of block. */
static size_t array_bytes(const swe_block *block, int a)
{
    size_t cells = (size_t)block->nx * (size_t)block->ny;
    switch (a) {
    case SWE_VTK_X:
        return (size_t)(block->nx + 1) * sizeof(double);
    case SWE_VTK_Y:
        return (size_t)(block->ny + 1) * sizeof(double);
    case SWE_VTK_Z:
        return sizeof(double);
    default:
        return cells * (size_t)swe_vtk_arrays[a].components * sizeof(real);
    }
}

/* Bytes of the largest array of a piece: the velocity's three components
 * per cell, or the nx + 1 (ny + 1) doubles of a coordinate, which are more
 * where a piece is one cell wide or high (1 x 1: 16 bytes of x against 12
 * of velocity in single precision). */
static size_t largest_array_bytes(const swe_block *block)
{
    size_t largest = 0;
    for (int a = 0; a < SWE_VTK_ARRAY_COUNT; ++a) {
        size_t bytes = array_bytes(block, a);
        largest = bytes > largest ? bytes : largest;
    }
    return largest;
}

/* Point coordinates along one axis: origin + (offset + k) * spacing, the
 * same bits as the whole grid's points, whichever piece. */
static void fill_coordinates(double *out, double origin, int offset, double spacing, int count)
{
    for (int k = 0; k < count; ++k) {
        out[k] = origin + (offset + k) * spacing;
    }
}

/* (u, v, 0) per cell, zero where dry, for ParaView's glyphs. */
static void fill_velocity(const swe_block *block, real *out)
{
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            size_t cell = SWE_INDEX(block, i, j);
            real h = block->h[cell];
            int wet = swe_cell_is_wet(h);
            *out++ = wet ? block->hu[cell] / h : 0;
            *out++ = wet ? block->hv[cell] / h : 0;
            *out++ = 0;
        }
    }
}

/* The values of array a into out (array_bytes(block, a) bytes). */
static void fill_array(const swe_block *block, int a, void *out)
{
    /* A part of a domain (an MPI rank's block) lies where its first cell
     * lies in the domain, with the domain's cell size. */
    double dx = block->width / block->domain_nx, dy = block->height / block->domain_ny;
    static const enum swe_output_field fields[] = {
        [SWE_VTK_H] = SWE_FIELD_H, [SWE_VTK_ETA] = SWE_FIELD_ETA};
    switch (a) {
    case SWE_VTK_B:
        swe_output_bed_plane(block, out);
        break;
    case SWE_VTK_VELOCITY:
        fill_velocity(block, out);
        break;
    case SWE_VTK_X:
        fill_coordinates(out, block->x0, block->first_i, dx, block->nx + 1);
        break;
    case SWE_VTK_Y:
        fill_coordinates(out, block->y0, block->first_j, dy, block->ny + 1);
        break;
    case SWE_VTK_Z:
        fill_coordinates(out, 0.0, 0, 0.0, 1);
        break;
    default:
        swe_output_field_plane(block, fields[a], out);
    }
}

/* Every array of the piece, filled in turn into scratch and added. */
static int prepare(swe_vtk_appended *section, const swe_block *block, int compression,
                   swe_error *err)
{
    swe_vtk_appended_init(section, compression);
    void *scratch = malloc(largest_array_bytes(block));
    int status = scratch != NULL ? SWE_OK
                                 : swe_fail(err, SWE_ERROR_RUNTIME,
                                            "out of memory for a VTK piece of %d x %d cells",
                                            block->nx, block->ny);
    for (int a = 0; status == SWE_OK && a < SWE_VTK_ARRAY_COUNT; ++a) {
        fill_array(block, a, scratch);
        status =
            swe_vtk_appended_add(section, swe_vtk_arrays[a].type, swe_vtk_arrays[a].name,
                                 swe_vtk_arrays[a].components, scratch, array_bytes(block, a), err);
    }
    free(scratch);
    return status;
}

static void write_header(FILE *file, const swe_vtk_extent *whole, const swe_vtk_extent *piece,
                         double time, const swe_vtk_appended *section)
{
    swe_vtk_appended_open_file(file, "RectilinearGrid", section);
    fprintf(file, "  <RectilinearGrid WholeExtent=\"%d %d %d %d 0 0\">\n", whole->i_begin,
            whole->i_end, whole->j_begin, whole->j_end);
    swe_vtk_write_time_value(file, time);
    fprintf(file,
            "    <Piece Extent=\"%d %d %d %d 0 0\">\n"
            "      <CellData Scalars=\"eta\" Vectors=\"velocity\">\n",
            piece->i_begin, piece->i_end, piece->j_begin, piece->j_end);
    for (int a = 0; a < SWE_VTK_ARRAY_COUNT; ++a) {
        if (a == SWE_VTK_FIRST_COORDINATE) {
            fputs("      </CellData>\n      <Coordinates>\n", file);
        }
        swe_vtk_appended_declare(file, section, a, 8);
    }
    fputs("      </Coordinates>\n    </Piece>\n  </RectilinearGrid>\n", file);
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

int swe_vtk_write_piece(const char *path, const swe_block *block, const swe_vtk_extent *whole,
                        const swe_vtk_extent *piece, double time, int compression, swe_error *err)
{
    int status = check_extents(block, whole, piece, err);
    if (status == SWE_OK && (compression < 0 || compression > 9)) {
        status = swe_fail(err, SWE_ERROR_USAGE, "internal error: VTK compression %d", compression);
    }
    if (status != SWE_OK) {
        return status;
    }
    swe_vtk_appended section;
    status = prepare(&section, block, compression, err);
    swe_atomic_file file;
    if (status == SWE_OK) {
        status = swe_atomic_file_open(&file, path, err);
    }
    if (status == SWE_OK) {
        write_header(file.stream, whole, piece, time, &section);
        swe_vtk_appended_write(file.stream, &section);
        status = swe_atomic_file_commit(&file, err);
    }
    swe_vtk_appended_free(&section);
    return status;
}
