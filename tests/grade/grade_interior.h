/* The interior of a block as arrays of nx*ny values, row by row: how the
 * graded outputs lay out a state (GRADE_CELLS in grade_stream.h), in the
 * graded suites and in the MPI case program alike. */
#ifndef SWE_GRADE_INTERIOR_H
#define SWE_GRADE_INTERIOR_H

#include "cartesian/grid/block.h"

static inline void grade_copy_interior(const swe_block *block, real *h, real *hu, real *hv)
{
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            size_t out = (size_t)(j - 1) * (size_t)block->nx + (size_t)(i - 1);
            h[out] = block->h[SWE_INDEX(block, i, j)];
            hu[out] = block->hu[SWE_INDEX(block, i, j)];
            hv[out] = block->hv[SWE_INDEX(block, i, j)];
        }
    }
}

#endif
