#include "io/vtk_xml.h"

#include "io/atomic_file.h"

#include <stdint.h>
#include <string.h>

void swe_vtk_write_time_value(FILE *stream, double time)
{
    fprintf(stream,
            "    <FieldData>\n"
            "      <DataArray type=\"Float64\" Name=\"TimeValue\" NumberOfTuples=\"1\" "
            "format=\"ascii\">%.17g</DataArray>\n"
            "    </FieldData>\n",
            time);
}

const char *swe_vtk_byte_order(void)
{
    const uint16_t probe = 1;
    unsigned char first;
    memcpy(&first, &probe, 1);
    return first == 1 ? "LittleEndian" : "BigEndian";
}

void swe_xml_write_escaped(FILE *file, const char *text)
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
        swe_xml_write_escaped(file.stream, entries[k].file);
        fputs("\"/>\n", file.stream);
    }
    fprintf(file.stream, "  </Collection>\n</VTKFile>\n");
    return swe_atomic_file_commit(&file, err);
}
