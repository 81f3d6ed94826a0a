/* Ghost layers of host arrays (the CPU backends, and the host copy that
 * output and tests read), by the rules of staggered/ns_boundary.h. The
 * work is O(n^2) against the O(n^3) of a step: one thread does it. */
#ifndef NS_GHOST_H
#define NS_GHOST_H

#include "staggered/ns_grid.h"

/* Fills the ghost layers of field, which holds `what`: velocity component
 * 0..2 or NS_FILL_SCALAR (staggered/ns_boundary.h). */
void ns_fill_ghosts(const ns_grid *grid, real *field, int what);

/* Fills the ghost layers of the fluid mask: periodic copies, 0 behind walls. */
void ns_fill_mask_ghosts(const ns_grid *grid, unsigned char *fluid);

#endif
