#include "io/vtk_xml.h"

#include "io/atomic_file.h"

#include <string.h>

static const char base64_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void base64_emit(swe_base64_stream *stream, int count)
{
    const unsigned char *in = stream->pending;
    unsigned group = (unsigned)in[0] << 16 | (unsigned)in[1] << 8 | (unsigned)in[2];
    if (stream->used + 4 > SWE_BASE64_BUFFER) {
        fwrite(stream->text, 1, stream->used, stream->file);
        stream->used = 0;
    }
    char *out = stream->text + stream->used;
    for (int k = 0; k < 4; ++k) {
        out[k] = k <= count ? base64_alphabet[(group >> (18 - 6 * k)) & 63] : '=';
    }
    stream->used += 4;
}

void swe_base64_write(swe_base64_stream *stream, const void *data, size_t size)
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

static void base64_finish(swe_base64_stream *stream)
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

void swe_vtk_array_begin(swe_base64_stream *stream, FILE *file, const char *type, const char *name,
                         int components, uint64_t bytes)
{
    fprintf(file, "        <DataArray type=\"%s\" Name=\"%s\"", type, name);
    if (components > 1) {
        fprintf(file, " NumberOfComponents=\"%d\"", components);
    }
    fputs(" format=\"binary\">\n          ", file);
    stream->file = file;
    stream->pending_count = 0;
    stream->used = 0;
    swe_base64_write(stream, &bytes, sizeof bytes);
}

void swe_vtk_array_end(swe_base64_stream *stream)
{
    base64_finish(stream);
    fputs("\n        </DataArray>\n", stream->file);
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
