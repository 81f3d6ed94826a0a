/* VTK XML output for ParaView: one RectilinearGrid file (.vtr) per block
 * and snapshot with cell data h, hu, hv, b and eta = h + b, and a .pvd
 * collection that lists the snapshots with their times.
 *
 * A .vtr file describes one piece of a whole grid by its extent, so that a
 * run of several blocks (MPI ranks) writes one piece per block and a .pvtr
 * that names them, without changing the piece format. Extents count grid
 * points as VTK does: a piece of cells i0..i1-1 in x spans points i0..i1.
 * Arrays are stored inline as base64 (format="binary", header_type UInt64,
 * io/vtk_xml.h), so the files are well-formed XML that any XML parser
 * reads. */
#ifndef SWE_VTK_OUTPUT_H
#define SWE_VTK_OUTPUT_H

#include "core/error.h"
#include "grid/block.h"
#include "io/vtk_xml.h"

/* Point extent of a grid or piece: x from i_begin to i_end, y from j_begin
 * to j_end (z is always 0 0). */
typedef struct swe_vtk_extent {
    int i_begin, i_end, j_begin, j_end;
} swe_vtk_extent;

/* Writes the interior of block as the piece `piece` of a grid `whole` to
 * path (through path.tmp and a rename). The piece must span exactly
 * block->nx x block->ny cells and lie inside whole. time is stored as the
 * field TimeValue. */
int swe_vtk_write_piece(const char *path, const swe_block *block, const swe_vtk_extent *whole,
                        const swe_vtk_extent *piece, double time, swe_error *err);

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
