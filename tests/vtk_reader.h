/* Reading back what the VTK writers write, for the tests: the arrays of the appended section, raw
 * or zlib-compressed in VTK's block format (io/vtk_appended.h: the .vtr, .vti and .vtu files),
 * checked against their headers. */
#ifndef SWE_VTK_READER_H
#define SWE_VTK_READER_H

#include <stddef.h>

/* The values of the DataArray called name in the VTK file held in
 * file[0 .. size), in a new allocation; NULL when there is no such array,
 * or its byte count, block sizes or compressed data do not add up.
 * *bytes: their size. */
void *swe_vtk_read_array(const char *file, size_t size, const char *name, size_t *bytes);

/* Whether the file's arrays are zlib-compressed (a compressor attribute). */
int swe_vtk_is_compressed(const char *file);

#endif
