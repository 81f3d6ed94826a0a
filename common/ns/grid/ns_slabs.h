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
    int z_offset;         /* the whole domain's index of this slab's plane 0 */
    int nz;               /* planes of the whole domain */
    const ns_grid *whole; /* the whole domain's grid */
    int self, count;      /* this slab's index among the slabs (z order), how many */
    const int *planes;    /* every slab's planes */
    /* Fills the ghost planes behind the slab's neighbour faces (z) of a
     * padded field of element_size bytes (a real, or the fluid mask's
     * byte) from the slabs next door, whose x and y ghosts are filled. */
    int (*exchange)(void *context, const ns_grid *grid, void *field, size_t element_size,
                    swe_error *err);
    /* The same exchange on buffers of bytes each: to_below goes to the slab
     * below and fills its from_above, to_above the slab above's
     * from_below; a buffer towards a wall is neither sent nor filled.
     * Device memory where device_pointers is set (an MPI that reads the
     * GPU's memory), else host memory (a device backend's staging). */
    int (*exchange_planes)(void *context, const void *to_below, const void *to_above,
                           void *from_below, void *from_above, size_t bytes, swe_error *err);
    int device_pointers;
    /* sums[w] = the sum over the planes of the whole domain, in its plane
     * order, of partials[k * width + w] (k: this slab's planes, count of
     * them): the same bits as one process adding all planes in order. */
    int (*sum_planes)(void *context, const double *partials, int count, int width, double *sums,
                      swe_error *err);
    /* values[0..count-1] = their sums over all slabs, added in the slabs'
     * order (the same bits on every process): the device backends, whose
     * reductions give one value per slab, not one per plane. */
    int (*sum)(void *context, double *values, int count, swe_error *err);
    /* values[0..count-1] = their largest over all slabs (NaN wins). */
    int (*max)(void *context, double *values, int count, swe_error *err);
    /* One all-to-all (ns_slab_transpose.h): slab r receives
     * send_counts[r] bytes from send + send_offsets[r], into its receive
     * buffer at its receive_offsets[this slab]; this slab receives
     * receive_counts[r] bytes from slab r at receive + receive_offsets[r].
     * Device memory where device_pointers is set, else host memory. */
    int (*all_to_all)(void *context, const void *send, const size_t *send_counts,
                      const size_t *send_offsets, void *receive, const size_t *receive_counts,
                      const size_t *receive_offsets, swe_error *err);
    /* out = the preconditioner of the whole domain applied to in (padded
     * fields of this slab, in times the fluid mask), in place of the
     * backend's own. */
    int (*precondition)(void *context, const real *in, const unsigned char *fluid, real *out,
                        swe_error *err);
} ns_slabs;

#endif
