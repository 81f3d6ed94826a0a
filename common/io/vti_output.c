#include "io/vti_output.h"

#include "io/atomic_file.h"
#include "io/vtk_appended.h"
#include "io/vtk_xml.h"

#include <stdint.h>
#include <stdio.h>

static uint64_t array_bytes(const swe_vti_image *image, const swe_vti_array *array)
{
    return (uint64_t)image->cells[0] * (uint64_t)image->cells[1] * (uint64_t)image->cells[2] *
           (uint64_t)array->components * sizeof(float);
}

static int check(const swe_vti_image *image, const swe_vti_array *arrays, int count, swe_error *err)
{
    if (image == NULL || arrays == NULL || count < 1 || count > SWE_VTK_APPENDED_MAX) {
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

/* Every array, compressed at compression where zlib is built in. */
static int encode(const swe_vti_image *image, const swe_vti_array *arrays, int count,
                  int compression, swe_vtk_appended *section, swe_error *err)
{
    swe_vtk_appended_init(section, compression);
    int status = SWE_OK;
    for (int a = 0; a < count && status == SWE_OK; ++a) {
        status =
            swe_vtk_appended_add(section, "Float32", arrays[a].name, arrays[a].components,
                                 arrays[a].values, (size_t)array_bytes(image, &arrays[a]), err);
    }
    return status;
}

static void write_header(FILE *stream, const swe_vti_image *image, const swe_vtk_appended *section)
{
    swe_vtk_appended_open_file(stream, "ImageData", section);
    fprintf(stream,
            "  <ImageData WholeExtent=\"0 %d 0 %d 0 %d\" Origin=\"%.17g %.17g %.17g\" "
            "Spacing=\"%.17g %.17g %.17g\">\n"
            "    <Piece Extent=\"0 %d 0 %d 0 %d\">\n      <CellData",
            image->cells[0], image->cells[1], image->cells[2], image->origin[0], image->origin[1],
            image->origin[2], image->spacing[0], image->spacing[1], image->spacing[2],
            image->cells[0], image->cells[1], image->cells[2]);
    /* The first scalar and the first vector are the active ones, as in
     * the other applications' VTK files: ParaView draws the vector's
     * glyphs and streamlines without asking which. */
    const char *kinds[2] = {" Scalars", " Vectors"};
    int marked[2] = {0, 0};
    for (int a = 0; a < section->count; ++a) {
        int vector = section->components[a] == 3;
        if ((section->components[a] == 1 || vector) && !marked[vector]) {
            fprintf(stream, "%s=\"", kinds[vector]);
            swe_xml_write_escaped(stream, section->name[a]);
            fputc('"', stream);
            marked[vector] = 1;
        }
    }
    fputs(">\n", stream);
    for (int a = 0; a < section->count; ++a) {
        swe_vtk_appended_declare(stream, section, a, 8);
    }
    fputs("      </CellData>\n    </Piece>\n  </ImageData>\n", stream);
}

int swe_vti_write(const char *path, const swe_vti_image *image, const swe_vti_array *arrays,
                  int count, int compression, swe_error *err)
{
    int status = check(image, arrays, count, err);
    swe_vtk_appended section;
    swe_vtk_appended_init(&section, 0);
    if (status == SWE_OK) {
        status = encode(image, arrays, count, compression, &section, err);
    }
    swe_atomic_file file;
    if (status == SWE_OK) {
        status = swe_atomic_file_open(&file, path, err);
    }
    if (status == SWE_OK) {
        write_header(file.stream, image, &section);
        swe_vtk_appended_write(file.stream, &section);
        status = swe_atomic_file_commit(&file, err);
    }
    swe_vtk_appended_free(&section);
    return status;
}
