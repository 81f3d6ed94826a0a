/* The transpose of a transform distributed over slabs (ns_slabs.h), as
 * index maths a device backend carries out with its own copies and the
 * slabs' all_to_all: before it, slab s holds its planes[s] z planes (the
 * slabs in z order), each of `rows` rows of row_bytes bytes; after it,
 * every slab holds all z planes of its block of rows (ns_slab_rows). Slab
 * s packs, for every slab r, r's block of rows out of each of its planes
 * (one 2D copy, ns_slab_transpose_pack) and sends it; r receives the
 * blocks in slab order, which is z order, so that its share lies as
 * [z][row of its block][bytes of a row] as it arrives. The way back is the
 * same all-to-all with the send and receive sides swapped, unpacked by the
 * same 2D copies with source and target swapped. */
#ifndef NS_SLAB_TRANSPOSE_H
#define NS_SLAB_TRANSPOSE_H

#include "core/error.h"

#include <stddef.h>

/* A strided copy of height rows of width bytes (cudaMemcpy2D's shape):
 * row h from source + source_offset + h source_pitch to target +
 * target_offset + h target_pitch. */
typedef struct ns_copy_2d {
    size_t source_offset, source_pitch, target_offset, target_pitch, width, height;
} ns_copy_2d;

typedef struct ns_slab_transpose {
    int slabs, self;         /* how many; this one's index */
    int planes, nz;          /* this slab's z planes before; the domain's, after */
    int rows;                /* rows of a plane */
    size_t row_bytes;        /* bytes of a row */
    int first_row, own_rows; /* this slab's block of rows after */
    /* Bytes, per slab r: what this slab sends r from its packed buffer
     * (slab bytes: planes rows row_bytes) and receives from r into its
     * share (column bytes: nz own_rows row_bytes), at the offsets. */
    size_t *send_counts, *send_offsets, *receive_counts, *receive_offsets;
    size_t slab_bytes, column_bytes;
} ns_slab_transpose;

/* Slab s's block of rows among slabs: rows / slabs each, the first
 * rows % slabs slabs one more (a slab may get none). */
void ns_slab_rows(int rows, int slabs, int s, int *first, int *count);

/* The layout of slab self of slabs (planes: every slab's z planes, each
 * at least 1) for planes of rows rows of row_bytes bytes. SWE_ERROR_USAGE
 * for a bad argument, SWE_ERROR_RUNTIME out of memory. */
int ns_slab_transpose_create(ns_slab_transpose *transpose, const int *planes, int slabs, int self,
                             int rows, size_t row_bytes, swe_error *err);
void ns_slab_transpose_destroy(ns_slab_transpose *transpose);

/* The copy of slab r's block of rows out of this slab's planes (source:
 * [plane][row][bytes]) into the packed send buffer (target); width 0 when
 * r has no rows or is not a slab (nothing to copy). */
ns_copy_2d ns_slab_transpose_pack(const ns_slab_transpose *transpose, int r);

#endif
