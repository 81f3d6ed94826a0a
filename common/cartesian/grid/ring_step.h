/* One time step in two halves, so that the halo exchange of the MPI layer
 * can travel while most cells are computed: the interior half updates
 * every cell except the outer ring of the block (the cells next to its
 * edges); the ring half, run once the ghost layers are filled, updates the
 * ring. For host backends whose step reads and writes the host arrays:
 *
 * - the interior half steps a view of the block that starts one cell in
 *   (same arrays and stride, all edges CONNECT), so the ring serves as its
 *   ghost layers and keeps its old values;
 * - before the interior changes, the ring's sides are copied, with the old
 *   cells around them, into small blocks of their own (windows); once the
 *   ghost layers are in, the windows get them, are stepped and copied back.
 *
 * Every cell sees the same edges with the same inputs, summed in the same
 * order, as in one whole step, so the result is the same bit for bit. */
#ifndef SWE_RING_STEP_H
#define SWE_RING_STEP_H

#include "cartesian/grid/block.h"

/* The steps of a backend on a block (its swe_cartesian_backend.step). */
typedef int (*swe_step_function)(swe_block *block, real dt, real *next_speed, swe_error *err);

typedef struct swe_ring_step {
    swe_block window[SWE_EDGE_COUNT]; /* the ring's sides; h == NULL where a side is empty */
    /* window[e]'s cell (a, b) is the block's (offset_i[e] + a, offset_j[e] + b) */
    int offset_i[SWE_EDGE_COUNT], offset_j[SWE_EDGE_COUNT];
    real interior_speed; /* max wave speed of the interior half */
} swe_ring_step;

/* The interior half: sets the WALL and OUTFLOW ghost layers, saves the
 * ring into its windows, steps the interior with step. ring is zeroed
 * before first use and released by swe_ring_step_free. */
int swe_ring_step_interior(swe_ring_step *ring, swe_block *block, swe_step_function step, real dt,
                           swe_error *err);

/* The ring half, after the CONNECT ghost layers were filled: steps the
 * windows and copies them back. Returns the max wave speed of the whole
 * block's new state in *next_speed. */
int swe_ring_step_finish(swe_ring_step *ring, swe_block *block, swe_step_function step, real dt,
                         real *next_speed, swe_error *err);

void swe_ring_step_free(swe_ring_step *ring);

#endif
