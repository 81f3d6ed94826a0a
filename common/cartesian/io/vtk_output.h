/* VTK XML output for ParaView: one RectilinearGrid file (.vtr) per block
 * and snapshot with cell data h, b, eta = h + b (NaN where dry,
 * which ParaView paints in its NaN colour instead of stretching the
 * colour range over the land) and the vector velocity (u, v, 0; zero
 * where dry) for glyphs and stream tracers, and a .pvd collection that
 * lists the snapshots with their times (io/vtk_xml.h). The momenta hu, hv, which the
 * velocity shows, are in the NetCDF file only.
 *
 * A .vtr file describes one piece of a whole grid by its extent, so that a
 * run of several blocks (MPI ranks) writes one piece per block and a .pvtr
 * that names them, without changing the piece format. Extents count grid
 * points as VTK does: a piece of cells i0..i1-1 in x spans points i0..i1.
 * Arrays are stored after the XML in an appended section of raw bytes
 * (header_type UInt64), compressed with zlib in VTK's block format
 * (io/vtk_zlib.h) at levels 1..9, uncompressed at level 0 or without
 * zlib; VTK's readers and ParaView read both. */
#ifndef SWE_VTK_OUTPUT_H
#define SWE_VTK_OUTPUT_H

#include "cartesian/grid/block.h"
#include "core/error.h"
#include "io/vtk_xml.h"

/* Point extent of a grid or piece: x from i_begin to i_end, y from j_begin
 * to j_end (z is always 0 0). */
typedef struct swe_vtk_extent {
    int i_begin, i_end, j_begin, j_end;
} swe_vtk_extent;

/* Writes the interior of block as the piece `piece` of a grid `whole` to
 * path (through path.tmp and a rename), its arrays compressed at
 * compression (0..9). The piece must span exactly block->nx x block->ny
 * cells and lie inside whole. time is stored as the field TimeValue. */
int swe_vtk_write_piece(const char *path, const swe_block *block, const swe_vtk_extent *whole,
                        const swe_vtk_extent *piece, double time, int compression, swe_error *err);

/* One piece of a grid split over blocks: its extent and its .vtr file
 * (a name relative to the .pvtr that lists it). */
typedef struct swe_vtk_piece {
    swe_vtk_extent extent;
    const char *file;
} swe_vtk_piece;

/* Writes a .pvtr at path (via path.tmp and a rename) that assembles the
 * pieces, each written by swe_vtk_write_piece, into the grid whole. */
int swe_vtk_write_parallel(const char *path, const swe_vtk_extent *whole,
                           const swe_vtk_piece *pieces, int count, swe_error *err);

#endif
