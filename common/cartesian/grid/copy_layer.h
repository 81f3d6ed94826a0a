/* Copy layers and ghost layers of CONNECT edges in contiguous buffers, the
 * format in which neighbouring blocks (MPI ranks) exchange them.
 *
 * Along edge LEFT or RIGHT a layer is a column of ny cells (j = 1..ny),
 * along BOTTOM or TOP a row of nx cells (i = 1..nx); the buffer holds the
 * layer's h, then hu, hv and b: 4 * swe_copy_layer_length values. The copy
 * layer is the interior layer next to the edge (i = 1 or nx, j = 1 or ny),
 * the ghost layer the one outside it (i = 0 or nx+1, j = 0 or ny+1). Corner
 * ghost cells belong to no layer: the 5-point stencil never reads them. */
#ifndef SWE_COPY_LAYER_H
#define SWE_COPY_LAYER_H

#include "cartesian/grid/block.h"

enum { SWE_COPY_LAYER_FIELDS = 4 }; /* h, hu, hv, b */

/* Cells in one layer along edge: ny for LEFT/RIGHT, nx for BOTTOM/TOP. */
int swe_copy_layer_length(const swe_block *block, enum swe_edge edge);

/* The edge on the other side of a neighbour: LEFT <-> RIGHT, BOTTOM <-> TOP. */
enum swe_edge swe_opposite_edge(enum swe_edge edge);

/* Where a layer lies in the arrays: its first cell, the distance from one
 * of its cells to the next, and its length. */
typedef struct swe_layer_position {
    size_t first;
    size_t step;
    int length;
} swe_layer_position;

enum { SWE_GHOST_LAYER_DEPTH = 0, SWE_COPY_LAYER_DEPTH = 1 };

/* The layer along edge at depth SWE_COPY_LAYER_DEPTH or SWE_GHOST_LAYER_DEPTH. */
swe_layer_position swe_layer_position_of(const swe_block *block, enum swe_edge edge, int depth);

/* SWE_OK when block, edge and buffer are fit for a pack or an unpack;
 * otherwise an internal-error message in err. */
int swe_check_layer_arguments(const swe_block *block, enum swe_edge edge, const real *buffer,
                              swe_error *err);

/* The host-array versions of swe_cartesian_backend.pack_copy_layer and
 * unpack_ghost_layer, for backends whose state is the host arrays. */
int swe_host_pack_copy_layer(swe_block *block, enum swe_edge edge, real *buffer, swe_error *err);
int swe_host_unpack_ghost_layer(swe_block *block, enum swe_edge edge, const real *buffer,
                                swe_error *err);

#endif
