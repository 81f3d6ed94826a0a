#include "io/vti_output.h"

#include "io/atomic_file.h"
#include "io/vtk_xml.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t array_bytes(const swe_vti_image *image, const swe_vti_array *array)
{
    return (uint64_t)image->cells[0] * (uint64_t)image->cells[1] * (uint64_t)image->cells[2] *
           (uint64_t)array->components * sizeof(float);
}

static int check(const swe_vti_image *image, const swe_vti_array *arrays, int count, swe_error *err)
{
    if (image == NULL || arrays == NULL || count < 1) {
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

static void write_header(FILE *stream, const swe_vti_image *image, const swe_vti_array *arrays,
                         int count)
{
    fprintf(stream,
            "<?xml version=\"1.0\"?>\n<VTKFile type=\"ImageData\" version=\"1.0\" "
            "byte_order=\"%s\" header_type=\"UInt64\">\n"
            "  <ImageData WholeExtent=\"0 %d 0 %d 0 %d\" Origin=\"%.17g %.17g %.17g\" "
            "Spacing=\"%.17g %.17g %.17g\">\n"
            "    <Piece Extent=\"0 %d 0 %d 0 %d\">\n      <CellData>\n",
            swe_vtk_byte_order(), image->cells[0], image->cells[1], image->cells[2],
            image->origin[0], image->origin[1], image->origin[2], image->spacing[0],
            image->spacing[1], image->spacing[2], image->cells[0], image->cells[1],
            image->cells[2]);
    uint64_t offset = 0;
    for (int a = 0; a < count; ++a) {
        fprintf(stream,
                "        <DataArray type=\"Float32\" Name=\"%s\" NumberOfComponents=\"%d\" "
                "format=\"appended\" offset=\"%llu\"/>\n",
                arrays[a].name, arrays[a].components, (unsigned long long)offset);
        offset += sizeof(uint64_t) + array_bytes(image, &arrays[a]);
    }
    fprintf(stream, "      </CellData>\n    </Piece>\n  </ImageData>\n"
                    "  <AppendedData encoding=\"raw\">\n_");
}

int swe_vti_write(const char *path, const swe_vti_image *image, const swe_vti_array *arrays,
                  int count, swe_error *err)
{
    int status = check(image, arrays, count, err);
    swe_atomic_file file;
    if (status == SWE_OK) {
        status = swe_atomic_file_open(&file, path, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    write_header(file.stream, image, arrays, count);
    int failed = 0;
    for (int a = 0; a < count && !failed; ++a) {
        uint64_t bytes = array_bytes(image, &arrays[a]);
        failed = fwrite(&bytes, sizeof bytes, 1, file.stream) != 1 ||
                 fwrite(arrays[a].values, 1, bytes, file.stream) != bytes;
    }
    failed = failed || fprintf(file.stream, "\n  </AppendedData>\n</VTKFile>\n") < 0;
    if (failed) {
        swe_atomic_file_abandon(&file);
        return swe_fail(err, SWE_ERROR_RUNTIME, "cannot write '%s' (check free disk space)", path);
    }
    return swe_atomic_file_commit(&file, err);
}
