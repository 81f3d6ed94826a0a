/* Pieces of VTK XML files that do not depend on the kind of grid: inline
 * binary data arrays (a UInt64 byte count, then the values, in one base64
 * stream, as VTK reads uncompressed inline data), the machine's byte
 * order, escaped attribute values, and the .pvd collection of a time
 * series. Shared by the Cartesian grid's .vtr/.pvtr files and the
 * triangle mesh's .vtu files. */
#ifndef SWE_VTK_XML_H
#define SWE_VTK_XML_H

#include "core/error.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { SWE_BASE64_BUFFER = 4096 };

/* Base64 encoder that streams bytes to a file, three in, four out. */
typedef struct swe_base64_stream {
    FILE *file;
    unsigned char pending[3];
    int pending_count;
    size_t used;
    char text[SWE_BASE64_BUFFER];
} swe_base64_stream;

void swe_base64_write(swe_base64_stream *stream, const void *data, size_t size);

/* Starts <DataArray type=... Name=... [NumberOfComponents=...]
 * format="binary"> and its byte count; the values follow through
 * swe_base64_write, then swe_vtk_array_end. components 1 leaves the
 * attribute out. */
void swe_vtk_array_begin(swe_base64_stream *stream, FILE *file, const char *type, const char *name,
                         int components, uint64_t bytes);
void swe_vtk_array_end(swe_base64_stream *stream);

/* "LittleEndian" or "BigEndian", as this machine stores the arrays. */
const char *swe_vtk_byte_order(void);

/* text as an XML attribute value (&, <, " escaped). */
void swe_xml_write_escaped(FILE *file, const char *text);

/* One entry of a .pvd collection: a data file (relative to the .pvd) and
 * its simulated time. */
typedef struct swe_vtk_series_entry {
    const char *file;
    double time;
} swe_vtk_series_entry;

/* Writes the .pvd collection at path (through path.tmp and a rename). */
int swe_vtk_write_series(const char *path, const swe_vtk_series_entry *entries, int count,
                         swe_error *err);

#endif
