#include "io/vtk_appended.h"

#include "io/vtk_xml.h"
#include "io/vtk_zlib.h"

#include <stdlib.h>
#include <string.h>

void swe_vtk_appended_init(swe_vtk_appended *section, int level)
{
    memset(section, 0, sizeof *section);
    section->level = level > 0 && level <= 9 && swe_vtk_zlib_available() ? level : 0;
}

/* A UInt64 byte count and a copy of the values, as VTK reads raw arrays. */
static unsigned char *raw_copy(const void *values, size_t bytes, uint64_t *size)
{
    uint64_t count = bytes;
    unsigned char *copy = malloc(sizeof count + (bytes > 0 ? bytes : 1));
    if (copy != NULL) {
        memcpy(copy, &count, sizeof count);
        memcpy(copy + sizeof count, values, bytes);
        *size = sizeof count + bytes;
    }
    return copy;
}

int swe_vtk_appended_add(swe_vtk_appended *section, const char *type, const char *name,
                         int components, const void *values, size_t bytes, swe_error *err)
{
    if (section == NULL || type == NULL || name == NULL || values == NULL || components < 1 ||
        section->count == SWE_VTK_APPENDED_MAX) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a VTK array '%s' not added",
                        name != NULL ? name : "?");
    }
    int k = section->count;
    unsigned char *data = NULL;
    if (section->level > 0) {
        size_t encoded_size = 0;
        if (swe_vtk_zlib_encode(values, bytes, section->level, &data, &encoded_size) == 0) {
            section->size[k] = encoded_size;
        }
    } else {
        data = raw_copy(values, bytes, &section->size[k]);
    }
    if (data == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME,
                        "out of memory for the VTK array '%s' of %zu bytes (or zlib failed)", name,
                        bytes);
    }
    section->data[k] = data;
    section->type[k] = type;
    section->name[k] = name;
    section->components[k] = components;
    section->count++;
    return SWE_OK;
}

void swe_vtk_appended_open_file(FILE *stream, const char *type, const swe_vtk_appended *section)
{
    fprintf(stream,
            "<?xml version=\"1.0\"?>\n"
            "<VTKFile type=\"%s\" version=\"1.0\" byte_order=\"%s\" header_type=\"UInt64\"%s>\n",
            type, swe_vtk_byte_order(),
            section->level > 0 ? " compressor=\"vtkZLibDataCompressor\"" : "");
}

void swe_vtk_appended_declare(FILE *stream, const swe_vtk_appended *section, int index, int indent)
{
    uint64_t offset = 0;
    for (int k = 0; k < index && k < section->count; ++k) {
        offset += section->size[k];
    }
    fprintf(stream,
            "%*s<DataArray type=\"%s\" Name=\"%s\" NumberOfComponents=\"%d\" "
            "format=\"appended\" offset=\"%llu\"/>\n",
            indent, "", section->type[index], section->name[index], section->components[index],
            (unsigned long long)offset);
}

void swe_vtk_appended_write(FILE *stream, const swe_vtk_appended *section)
{
    fputs("  <AppendedData encoding=\"raw\">\n   _", stream);
    for (int k = 0; k < section->count && !ferror(stream); ++k) {
        fwrite(section->data[k], 1, section->size[k], stream);
    }
    fputs("\n  </AppendedData>\n</VTKFile>\n", stream);
}

void swe_vtk_appended_free(swe_vtk_appended *section)
{
    if (section == NULL) {
        return;
    }
    for (int k = 0; k < section->count; ++k) {
        free(section->data[k]);
    }
    section->count = 0;
}
