/* The extents of the Cartesian VTK files (.vtr pieces, .pvtr), read back
 * for the tests. */
#ifndef SWE_TEST_VTK_EXTENT_H
#define SWE_TEST_VTK_EXTENT_H

#include "cartesian/io/vtk_output.h"

/* Reads `attribute="i0 i1 j0 j1 0 0"` (Extent, WholeExtent) at or after
 * from into *extent; returns where the attribute's value ends, or NULL. */
const char *swe_vtk_read_extent(const char *from, const char *attribute, swe_vtk_extent *extent);

#endif
