#include "cartesian/io/vtk_output.h"

#include "cartesian/io/vtk_arrays.h"
#include "io/atomic_file.h"
#include "io/vtk_xml.h"

#include <stdio.h>

static int valid_extent(const swe_vtk_extent *extent, const swe_vtk_extent *inside)
{
    int ordered = extent->i_begin < extent->i_end && extent->j_begin < extent->j_end;
    return ordered && (inside == NULL ||
                       (extent->i_begin >= inside->i_begin && extent->i_end <= inside->i_end &&
                        extent->j_begin >= inside->j_begin && extent->j_end <= inside->j_end));
}

int swe_vtk_write_parallel(const char *path, const swe_vtk_extent *whole,
                           const swe_vtk_piece *pieces, int count, swe_error *err)
{
    if (path == NULL || whole == NULL || pieces == NULL || count < 1 ||
        !valid_extent(whole, NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: a .pvtr needs a path, a whole extent and pieces");
    }
    for (int k = 0; k < count; ++k) {
        if (pieces[k].file == NULL || !valid_extent(&pieces[k].extent, whole)) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "internal error: piece %d of '%s' lies outside the whole grid", k,
                            path);
        }
    }
    swe_atomic_file file;
    int status = swe_atomic_file_open(&file, path, err);
    if (status != SWE_OK) {
        return status;
    }
    FILE *out = file.stream;
    fprintf(out,
            "<?xml version=\"1.0\"?>\n"
            "<VTKFile type=\"PRectilinearGrid\" version=\"1.0\" byte_order=\"%s\" "
            "header_type=\"UInt64\">\n"
            "  <PRectilinearGrid WholeExtent=\"%d %d %d %d 0 0\" GhostLevel=\"0\">\n"
            "    <PCellData Scalars=\"eta\" Vectors=\"velocity\">\n",
            swe_vtk_byte_order(), whole->i_begin, whole->i_end, whole->j_begin, whole->j_end);
    for (int a = 0; a < SWE_VTK_ARRAY_COUNT; ++a) {
        if (a == SWE_VTK_FIRST_COORDINATE) {
            fputs("    </PCellData>\n    <PCoordinates>\n", out);
        }
        fprintf(out, "      <PDataArray type=\"%s\" Name=\"%s\" NumberOfComponents=\"%d\"/>\n",
                swe_vtk_arrays[a].type, swe_vtk_arrays[a].name, swe_vtk_arrays[a].components);
    }
    fputs("    </PCoordinates>\n", out);
    for (int k = 0; k < count; ++k) {
        const swe_vtk_extent *e = &pieces[k].extent;
        fprintf(out, "    <Piece Extent=\"%d %d %d %d 0 0\" Source=\"", e->i_begin, e->i_end,
                e->j_begin, e->j_end);
        swe_xml_write_escaped(out, pieces[k].file);
        fputs("\"/>\n", out);
    }
    fputs("  </PRectilinearGrid>\n</VTKFile>\n", out);
    return swe_atomic_file_commit(&file, err);
}
