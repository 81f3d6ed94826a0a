/* Pieces of VTK XML files that do not depend on the kind of grid: the
 * time of a data set, the machine's byte order, escaped attribute values,
 * and the .pvd collection of a time series. Shared by the Cartesian
 * grid's .vtr/.pvtr files, the volume's .vti and the triangle mesh's .vtu
 * files (their arrays: io/vtk_appended.h). */
#ifndef SWE_VTK_XML_H
#define SWE_VTK_XML_H

#include "core/error.h"

#include <stddef.h>
#include <stdio.h>

/* The <FieldData> of a data set with its simulated time as TimeValue,
 * which ParaView shows as the time of a file opened alone. */
void swe_vtk_write_time_value(FILE *stream, double time);

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
