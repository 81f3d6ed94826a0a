/* How the slab of one process meets the others in a run over several
 * processes (MPI: backends/mpi/ns/): the domain is cut along z into
 * slabs of whole xy-planes, one per process, and a solver whose grid is a
 * slab calls these where one process alone would look at the whole
 * domain. A solver of one process has none (solver->slabs NULL). Every
 * verb is collective: every process calls it at the same point. */
#ifndef NS_SLABS_H
#define NS_SLABS_H

#include "core/error.h"
#include "ns/grid/ns_grid.h"

typedef struct ns_slabs {
    void *context;
    int z_offset; /* the whole domain's index of this slab's plane 0 */
    int nz;       /* planes of the whole domain */
    /* Fills the ghost planes behind the slab's neighbour faces (z) of a
     * padded field of element_size bytes (a real, or the fluid mask's
     * byte) from the slabs next door, whose x and y ghosts are filled. */
    int (*exchange)(void *context, const ns_grid *grid, void *field, size_t element_size,
                    swe_error *err);
    /* sums[w] = the sum over the planes of the whole domain, in its plane
     * order, of partials[k * width + w] (k: this slab's planes, count of
     * them): the same bits as one process adding all planes in order. */
    int (*sum_planes)(void *context, const double *partials, int count, int width, double *sums,
                      swe_error *err);
    /* values[0..count-1] = their largest over all slabs (NaN wins). */
    int (*max)(void *context, double *values, int count, swe_error *err);
    /* out = the preconditioner of the whole domain applied to in (padded
     * fields of this slab, in times the fluid mask), in place of the
     * backend's own. */
    int (*precondition)(void *context, const real *in, const unsigned char *fluid, real *out,
                        swe_error *err);
} ns_slabs;

#endif
