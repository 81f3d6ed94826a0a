/* Ghost layers of host arrays (the CPU backends, and the host copy that
 * output and tests read), by the rules of ns/grid/ns_boundary.h: the x
 * ghosts first, then y, then z, each over the full padded extent of the
 * other axes, so that edges and corners come out consistent. Each axis is
 * cut into independent batches (z planes for x and y, y rows for z) that
 * a backend may share among threads. Neighbour faces (a slab's faces
 * towards other processes) are left alone: the exchange fills them. */
#ifndef NS_GHOST_H
#define NS_GHOST_H

#include "ns/grid/ns_grid.h"

/* The independent batches of the fill along axis. */
int ns_ghost_batches(const ns_grid *grid, int axis);

/* Batch `batch` of the fill along axis of field, which holds `what`:
 * velocity component 0..2 or NS_FILL_SCALAR (ns/grid/ns_boundary.h). */
void ns_fill_ghost_batch(const ns_grid *grid, real *field, int what, int axis, int batch);

/* Every batch of every axis, in order. */
void ns_fill_ghosts(const ns_grid *grid, real *field, int what);

/* Fills the ghost layers of the fluid mask: periodic copies, 0 behind walls. */
void ns_fill_mask_ghosts(const ns_grid *grid, unsigned char *fluid);

#endif
