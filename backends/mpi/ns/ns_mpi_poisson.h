/* The preconditioner of the pressure solve over MPI ranks: the exact
 * inverse of minus the Laplacian of the obstacle-free domain (as
 * backends/serial/ns/ns_fftw_poisson.h: the halfcomplex DFT on
 * periodic axes, the cosine transform between walls) with FFTW's
 * distributed r2r transforms. FFTW cuts the domain into slabs of z planes
 * (its default block distribution, which the run's slabs follow) and
 * returns the forward transform transposed (slabs of y planes), so that
 * one all-to-all each way is all the communication; the divide by the
 * eigenvalues runs on the transposed slabs. */
#ifndef NS_MPI_POISSON_H
#define NS_MPI_POISSON_H

#include "core/error.h"
#include "ns/grid/ns_grid.h"

#include <mpi.h>

typedef struct ns_mpi_poisson ns_mpi_poisson;

/* MPI and FFTW's MPI layer, started and ended around a whole program
 * (shallows-ns-mpi and its tests). */
void ns_mpi_start(int *argc, char ***argv);
void ns_mpi_finish(void);

/* The z planes FFTW gives this rank of comm for whole's grid. */
void ns_mpi_poisson_layout(MPI_Comm comm, const ns_grid *whole, int *z_offset, int *planes);

/* Plans the transforms of whole on comm for the slab of this rank (its
 * padded fields have slab's layout); SWE_ERROR_RUNTIME when FFTW cannot.
 * Collective. */
int ns_mpi_poisson_create(ns_mpi_poisson **out, MPI_Comm comm, const ns_grid *whole,
                          const ns_grid *slab, swe_error *err);
void ns_mpi_poisson_destroy(ns_mpi_poisson *poisson);

/* out = M in on this rank's slab (padded fields, times the fluid mask on
 * the way in and out). Collective. */
void ns_mpi_poisson_apply(ns_mpi_poisson *poisson, const real *in, const unsigned char *fluid,
                          real *out);

#endif
