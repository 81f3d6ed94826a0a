#include "io/vti_output.h"

#include "io/atomic_file.h"
#include "io/compression.h"
#include "io/vtk_xml.h"
#include "io/vtk_zlib.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ARRAYS = 16 };

/* The arrays of the appended section: zlib blocks encoded ahead (their
 * sizes give the offsets in the header), or NULL where written raw. */
typedef struct encoded_arrays {
    unsigned char *data[MAX_ARRAYS];
    uint64_t size[MAX_ARRAYS]; /* bytes in the section */
} encoded_arrays;

static uint64_t array_bytes(const swe_vti_image *image, const swe_vti_array *array)
{
    return (uint64_t)image->cells[0] * (uint64_t)image->cells[1] * (uint64_t)image->cells[2] *
           (uint64_t)array->components * sizeof(float);
}

static int check(const swe_vti_image *image, const swe_vti_array *arrays, int count, swe_error *err)
{
    if (image == NULL || arrays == NULL || count < 1 || count > MAX_ARRAYS) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a .vti needs an image and arrays");
    }
    for (int axis = 0; axis < 3; ++axis) {
        if (image->cells[axis] < 1 || !(image->spacing[axis] > 0.0)) {
            return swe_fail(err, SWE_ERROR_USAGE, "internal error: bad .vti image size");
        }
    }
    for (int a = 0; a < count; ++a) {
        if (arrays[a].name == NULL || arrays[a].values == NULL ||
            (arrays[a].components != 1 && arrays[a].components != 3)) {
            return swe_fail(err, SWE_ERROR_USAGE, "internal error: bad .vti array %d", a);
        }
    }
    return SWE_OK;
}

static void free_encoded(encoded_arrays *encoded)
{
    for (int a = 0; a < MAX_ARRAYS; ++a) {
        free(encoded->data[a]);
    }
}

/* Compresses every array at the default level where zlib is built in. */
static int encode(const swe_vti_image *image, const swe_vti_array *arrays, int count,
                  encoded_arrays *encoded, swe_error *err)
{
    memset(encoded, 0, sizeof *encoded);
    for (int a = 0; a < count; ++a) {
        uint64_t bytes = array_bytes(image, &arrays[a]);
        encoded->size[a] = sizeof(uint64_t) + bytes;
        size_t encoded_size = 0;
        if (swe_vtk_zlib_available()) {
            if (swe_vtk_zlib_encode(arrays[a].values, (size_t)bytes, SWE_DEFAULT_COMPRESSION,
                                    &encoded->data[a], &encoded_size) != 0) {
                free_encoded(encoded);
                return swe_fail(err, SWE_ERROR_RUNTIME,
                                "out of memory for the .vti array '%s' (or zlib failed)",
                                arrays[a].name);
            }
            encoded->size[a] = encoded_size;
        }
    }
    return SWE_OK;
}

static void write_header(FILE *stream, const swe_vti_image *image, const swe_vti_array *arrays,
                         int count, const encoded_arrays *encoded)
{
    fprintf(stream,
            "<?xml version=\"1.0\"?>\n<VTKFile type=\"ImageData\" version=\"1.0\" "
            "byte_order=\"%s\" header_type=\"UInt64\"%s>\n"
            "  <ImageData WholeExtent=\"0 %d 0 %d 0 %d\" Origin=\"%.17g %.17g %.17g\" "
            "Spacing=\"%.17g %.17g %.17g\">\n"
            "    <Piece Extent=\"0 %d 0 %d 0 %d\">\n      <CellData>\n",
            swe_vtk_byte_order(),
            encoded->data[0] != NULL ? " compressor=\"vtkZLibDataCompressor\"" : "",
            image->cells[0], image->cells[1], image->cells[2], image->origin[0], image->origin[1],
            image->origin[2], image->spacing[0], image->spacing[1], image->spacing[2],
            image->cells[0], image->cells[1], image->cells[2]);
    uint64_t offset = 0;
    for (int a = 0; a < count; ++a) {
        fprintf(stream,
                "        <DataArray type=\"Float32\" Name=\"%s\" NumberOfComponents=\"%d\" "
                "format=\"appended\" offset=\"%llu\"/>\n",
                arrays[a].name, arrays[a].components, (unsigned long long)offset);
        offset += encoded->size[a];
    }
    fprintf(stream, "      </CellData>\n    </Piece>\n  </ImageData>\n"
                    "  <AppendedData encoding=\"raw\">\n_");
}

static int write_section(FILE *stream, const swe_vti_image *image, const swe_vti_array *arrays,
                         int count, const encoded_arrays *encoded)
{
    int failed = 0;
    for (int a = 0; a < count && !failed; ++a) {
        if (encoded->data[a] != NULL) {
            failed = fwrite(encoded->data[a], 1, encoded->size[a], stream) != encoded->size[a];
            continue;
        }
        uint64_t bytes = array_bytes(image, &arrays[a]);
        failed = fwrite(&bytes, sizeof bytes, 1, stream) != 1 ||
                 fwrite(arrays[a].values, 1, bytes, stream) != bytes;
    }
    return failed || fprintf(stream, "\n  </AppendedData>\n</VTKFile>\n") < 0;
}

int swe_vti_write(const char *path, const swe_vti_image *image, const swe_vti_array *arrays,
                  int count, swe_error *err)
{
    int status = check(image, arrays, count, err);
    encoded_arrays encoded;
    if (status == SWE_OK) {
        status = encode(image, arrays, count, &encoded, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    swe_atomic_file file;
    status = swe_atomic_file_open(&file, path, err);
    if (status == SWE_OK) {
        write_header(file.stream, image, arrays, count, &encoded);
        if (write_section(file.stream, image, arrays, count, &encoded)) {
            swe_atomic_file_abandon(&file);
            status =
                swe_fail(err, SWE_ERROR_RUNTIME, "cannot write '%s' (check free disk space)", path);
        } else {
            status = swe_atomic_file_commit(&file, err);
        }
    }
    free_encoded(&encoded);
    return status;
}
