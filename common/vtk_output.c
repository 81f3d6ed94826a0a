#include "vtk_output.h"

#include "atomic_file.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SWE_PRECISION_DOUBLE
#define VTK_REAL_TYPE "Float64"
#else
#define VTK_REAL_TYPE "Float32"
#endif

/* Base64 encoder that streams bytes to a file, three in, four out,
 * through a buffer of encoded text. */
enum { BASE64_BUFFER = 4096 };

typedef struct base64_stream {
    FILE *file;
    unsigned char pending[3];
    int pending_count;
    size_t used;
    char text[BASE64_BUFFER];
} base64_stream;

static const char base64_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void base64_emit(base64_stream *stream, int count)
{
    const unsigned char *in = stream->pending;
    unsigned group = (unsigned)in[0] << 16 | (unsigned)in[1] << 8 | (unsigned)in[2];
    if (stream->used + 4 > BASE64_BUFFER) {
        fwrite(stream->text, 1, stream->used, stream->file);
        stream->used = 0;
    }
    char *out = stream->text + stream->used;
    for (int k = 0; k < 4; ++k) {
        out[k] = k <= count ? base64_alphabet[(group >> (18 - 6 * k)) & 63] : '=';
    }
    stream->used += 4;
}

static void base64_write(base64_stream *stream, const void *data, size_t size)
{
    const unsigned char *bytes = data;
    for (size_t k = 0; k < size; ++k) {
        stream->pending[stream->pending_count++] = bytes[k];
        if (stream->pending_count == 3) {
            base64_emit(stream, 3);
            stream->pending_count = 0;
        }
    }
}

static void base64_finish(base64_stream *stream)
{
    if (stream->pending_count > 0) {
        int count = stream->pending_count;
        memset(stream->pending + count, 0, (size_t)(3 - count));
        base64_emit(stream, count);
        stream->pending_count = 0;
    }
    fwrite(stream->text, 1, stream->used, stream->file);
    stream->used = 0;
}

/* Little or big endian, as the machine stores the arrays. */
static const char *byte_order(void)
{
    const uint16_t probe = 1;
    unsigned char first;
    memcpy(&first, &probe, 1);
    return first == 1 ? "LittleEndian" : "BigEndian";
}

/* One inline binary DataArray: a UInt64 byte count, then the values, all
 * in one base64 stream, as VTK reads uncompressed inline data. */
static void write_cell_array(FILE *file, const swe_block *block, const char *name, const real *a,
                             const real *b_added)
{
    uint64_t bytes = (uint64_t)block->nx * (uint64_t)block->ny * sizeof(real);
    fprintf(file, "        <DataArray type=\"%s\" Name=\"%s\" format=\"binary\">\n          ",
            VTK_REAL_TYPE, name);
    base64_stream stream = {.file = file, .used = 0};
    base64_write(&stream, &bytes, sizeof bytes);
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            size_t cell = SWE_INDEX(block, i, j);
            real value = b_added != NULL ? a[cell] + b_added[cell] : a[cell];
            base64_write(&stream, &value, sizeof value);
        }
    }
    base64_finish(&stream);
    fputs("\n        </DataArray>\n", file);
}

/* Point coordinates of a piece along one axis: first + k * spacing. */
static void write_coordinates(FILE *file, const char *name, double first, double spacing, int count)
{
    uint64_t bytes = (uint64_t)count * sizeof(double);
    fprintf(file, "        <DataArray type=\"Float64\" Name=\"%s\" format=\"binary\">\n          ",
            name);
    base64_stream stream = {.file = file, .used = 0};
    base64_write(&stream, &bytes, sizeof bytes);
    for (int k = 0; k < count; ++k) {
        double value = first + k * spacing;
        base64_write(&stream, &value, sizeof value);
    }
    base64_finish(&stream);
    fputs("\n        </DataArray>\n", file);
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
            byte_order(), whole->i_begin, whole->i_end, whole->j_begin, whole->j_end, time,
            piece->i_begin, piece->i_end, piece->j_begin, piece->j_end);
    write_cell_array(file, block, "h", block->h, NULL);
    write_cell_array(file, block, "hu", block->hu, NULL);
    write_cell_array(file, block, "hv", block->hv, NULL);
    write_cell_array(file, block, "b", block->b, NULL);
    write_cell_array(file, block, "eta", block->h, block->b);
    fputs("      </CellData>\n      <Coordinates>\n", file);
    double dx = block->width / block->nx;
    double dy = block->height / block->ny;
    write_coordinates(file, "x", block->x0, dx, block->nx + 1);
    write_coordinates(file, "y", block->y0, dy, block->ny + 1);
    write_coordinates(file, "z", 0.0, 0.0, 1);
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

/* A file name as an XML attribute value. */
static void write_escaped(FILE *file, const char *text)
{
    for (; *text != '\0'; ++text) {
        switch (*text) {
        case '&':
            fputs("&amp;", file);
            break;
        case '<':
            fputs("&lt;", file);
            break;
        case '"':
            fputs("&quot;", file);
            break;
        default:
            fputc(*text, file);
        }
    }
}

int swe_vtk_write_series(const char *path, const swe_vtk_series_entry *entries, int count,
                         swe_error *err)
{
    if (path == NULL || (entries == NULL && count > 0) || count < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: VTK series needs a path, entries");
    }
    swe_atomic_file file;
    int status = swe_atomic_file_open(&file, path, err);
    if (status != SWE_OK) {
        return status;
    }
    fprintf(file.stream, "<?xml version=\"1.0\"?>\n"
                         "<VTKFile type=\"Collection\" version=\"1.0\">\n"
                         "  <Collection>\n");
    for (int k = 0; k < count; ++k) {
        fprintf(file.stream, "    <DataSet timestep=\"%.17g\" part=\"0\" file=\"", entries[k].time);
        write_escaped(file.stream, entries[k].file);
        fputs("\"/>\n", file.stream);
    }
    fprintf(file.stream, "  </Collection>\n</VTKFile>\n");
    return swe_atomic_file_commit(&file, err);
}
