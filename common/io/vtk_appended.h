/* The appended section of a VTK XML file, shared by every VTK writer of
 * the project (the maps' .vtr pieces, the volume's .vti, the triangles'
 * .vtu): arrays are added one by one and encoded at once, either in VTK's
 * zlib blocks (io/vtk_zlib.h) or raw (a UInt64 byte count, then the
 * values), so that the header can give each its offset; then the header
 * declares them (swe_vtk_appended_declare) and the section follows.
 *
 *   <VTKFile ... header_type="UInt64" compressor="vtkZLibDataCompressor">
 *     ... <DataArray ... format="appended" offset="0"/> ...
 *     <AppendedData encoding="raw">_ARRAYS</AppendedData>
 *   </VTKFile> */
#ifndef SWE_VTK_APPENDED_H
#define SWE_VTK_APPENDED_H

#include "core/error.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { SWE_VTK_APPENDED_MAX = 16 };

typedef struct swe_vtk_appended {
    int count;
    int level; /* zlib level 1..9; 0: raw */
    const char *type[SWE_VTK_APPENDED_MAX];
    const char *name[SWE_VTK_APPENDED_MAX];
    int components[SWE_VTK_APPENDED_MAX];
    unsigned char *data[SWE_VTK_APPENDED_MAX]; /* as the section holds it */
    uint64_t size[SWE_VTK_APPENDED_MAX];
} swe_vtk_appended;

/* An empty section compressed at level (0..9; 0, or a build without
 * zlib: raw). */
void swe_vtk_appended_init(swe_vtk_appended *section, int level);

/* Adds bytes of values as the array name of VTK type ("Float32",
 * "Float64", "Int64", "UInt8") with components per tuple; values may be
 * reused once this returns. Fails (SWE_ERROR_RUNTIME) when out of memory
 * or zlib fails, SWE_ERROR_USAGE on bad arguments or a full section. */
int swe_vtk_appended_add(swe_vtk_appended *section, const char *type, const char *name,
                         int components, const void *values, size_t bytes, swe_error *err);

/* Writes <?xml?> and the opening <VTKFile type="..."> element, with the
 * byte order, the UInt64 header type and the compressor where compressed. */
void swe_vtk_appended_open_file(FILE *stream, const char *type, const swe_vtk_appended *section);

/* Writes the <DataArray .../> element of array index (in the order
 * added), indented by indent spaces, with its offset in the section. */
void swe_vtk_appended_declare(FILE *stream, const swe_vtk_appended *section, int index, int indent);

/* Writes the section and closes the file's </VTKFile> (a failed write
 * leaves the stream's error flag, which swe_atomic_file_commit reports). */
void swe_vtk_appended_write(FILE *stream, const swe_vtk_appended *section);

void swe_vtk_appended_free(swe_vtk_appended *section);

#endif
