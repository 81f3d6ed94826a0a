/* Reading back what common/io/vtk_output.c writes, for the tests: extents and
 * the inline base64 arrays of VTK XML text. */
#ifndef SWE_VTK_READER_H
#define SWE_VTK_READER_H

#include "io/vtk_output.h"

#include <stddef.h>

/* The payload of the binary DataArray called name in xml, in a new
 * allocation, once its UInt64 byte count matches the data that follows;
 * NULL when there is no such array or the count does not match. *bytes:
 * the payload's size. */
void *swe_vtk_read_array(const char *xml, const char *name, size_t *bytes);

/* Reads `attribute="i0 i1 j0 j1 0 0"` (Extent, WholeExtent) at or after
 * from into *extent; returns where the attribute's value ends, or NULL. */
const char *swe_vtk_read_extent(const char *from, const char *attribute, swe_vtk_extent *extent);

#endif
