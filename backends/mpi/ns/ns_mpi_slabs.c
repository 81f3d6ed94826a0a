#include "backends/mpi/ns/ns_mpi_slabs.h"

#include "backends/mpi/mpi_agree.h"
#include "backends/mpi/mpi_check.h"
#include "core/timer.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- the solver's hooks ---- */

static int exchange_planes(void *context, const void *to_below, const void *to_above,
                           void *from_below, void *from_above, size_t bytes, swe_error *err)
{
    ns_mpi_slabs *slabs = context;
    if (bytes > (size_t)INT_MAX) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "a slab's ghost planes of %zu bytes exceed what one MPI message carries",
                        bytes);
    }
    double start = swe_wall_seconds();
    int count = (int)bytes;
    /* The top planes go up and fill the ghosts below of the slab above;
     * the bottom planes go down. */
    MPI_CHECK(MPI_Sendrecv(to_above, count, MPI_BYTE, slabs->above, 0, from_below, count, MPI_BYTE,
                           slabs->below, 0, slabs->comm, MPI_STATUS_IGNORE));
    MPI_CHECK(MPI_Sendrecv(to_below, count, MPI_BYTE, slabs->below, 1, from_above, count, MPI_BYTE,
                           slabs->above, 1, slabs->comm, MPI_STATUS_IGNORE));
    slabs->exchange_seconds += swe_wall_seconds() - start;
    return SWE_OK;
}

/* A host field's planes: the interior next to each face out, the ghosts
 * behind it in. */
static int exchange(void *context, const ns_grid *grid, void *field, size_t element_size,
                    swe_error *err)
{
    size_t plane = grid->stride[2] * element_size;
    char *bytes_of = field;
    size_t n = (size_t)grid->n[2];
    return exchange_planes(context, bytes_of + NS_GHOST * plane, bytes_of + n * plane, bytes_of,
                           bytes_of + (n + NS_GHOST) * plane, NS_GHOST * plane, err);
}

static int sum_planes(void *context, const double *partials, int count, int width, double *sums,
                      swe_error *err)
{
    (void)err;
    ns_mpi_slabs *slabs = context;
    double start = swe_wall_seconds();
    for (int r = 0; r < slabs->size; ++r) {
        slabs->counts[r] = slabs->planes[r] * width;
        slabs->displacements[r] = slabs->offsets[r] * width;
    }
    MPI_CHECK(MPI_Allgatherv(partials, count * width, MPI_DOUBLE, slabs->gathered, slabs->counts,
                             slabs->displacements, MPI_DOUBLE, slabs->comm));
    for (int w = 0; w < width; ++w) {
        sums[w] = 0.0;
        for (int k = 0; k < slabs->whole.n[2]; ++k) {
            sums[w] += slabs->gathered[(size_t)k * (size_t)width + (size_t)w];
        }
    }
    slabs->reduction_seconds += swe_wall_seconds() - start;
    return SWE_OK;
}

/* Every rank's count values, rank after rank, in slabs->gathered. */
static const double *gather_values(ns_mpi_slabs *slabs, const double *values, int count)
{
    MPI_CHECK(
        MPI_Allgather(values, count, MPI_DOUBLE, slabs->gathered, count, MPI_DOUBLE, slabs->comm));
    return slabs->gathered;
}

/* MPI_MAX may drop a NaN; every rank's values are gathered and folded
 * with the rule of the time step instead (a NaN wins). */
static int max_over_slabs(void *context, double *values, int count, swe_error *err)
{
    (void)err;
    ns_mpi_slabs *slabs = context;
    double start = swe_wall_seconds();
    const double *all = gather_values(slabs, values, count);
    for (int c = 0; c < count; ++c) {
        for (int r = 0; r < slabs->size; ++r) {
            double here = all[(size_t)r * (size_t)count + (size_t)c];
            values[c] = here > values[c] || here != here ? here : values[c];
        }
    }
    slabs->reduction_seconds += swe_wall_seconds() - start;
    return SWE_OK;
}

/* In the slabs' order on every rank, as sum_planes adds planes. */
static int sum_over_slabs(void *context, double *values, int count, swe_error *err)
{
    (void)err;
    ns_mpi_slabs *slabs = context;
    double start = swe_wall_seconds();
    const double *all = gather_values(slabs, values, count);
    for (int c = 0; c < count; ++c) {
        values[c] = 0.0;
        for (int r = 0; r < slabs->size; ++r) {
            values[c] += all[(size_t)r * (size_t)count + (size_t)c];
        }
    }
    slabs->reduction_seconds += swe_wall_seconds() - start;
    return SWE_OK;
}

static int precondition(void *context, const real *in, const unsigned char *fluid, real *out,
                        swe_error *err)
{
    (void)err;
    ns_mpi_slabs *slabs = context;
    double start = swe_wall_seconds();
    ns_mpi_poisson_apply(slabs->poisson, in, fluid, out);
    slabs->transform_seconds += swe_wall_seconds() - start;
    return SWE_OK;
}

static size_t common_divisor(size_t a, size_t b)
{
    while (b != 0) {
        size_t rest = a % b;
        a = b;
        b = rest;
    }
    return a;
}

/* MPI's counts are ints: the bytes go in units of the largest size that
 * divides every count and offset (a whole row of the spectrum at least),
 * so that a slab's spectrum of several GiB still goes in one call. */
static int all_to_all(void *context, const void *send, const size_t *send_counts,
                      const size_t *send_offsets, void *receive, const size_t *receive_counts,
                      const size_t *receive_offsets, swe_error *err)
{
    ns_mpi_slabs *slabs = context;
    const size_t *given[4] = {send_counts, send_offsets, receive_counts, receive_offsets};
    size_t unit = 0;
    for (int a = 0; a < 4; ++a) {
        for (int r = 0; r < slabs->size; ++r) {
            unit = common_divisor(unit, given[a][r]);
        }
    }
    unit = unit == 0 ? 1 : unit;
    int *units = slabs->transpose_units;
    for (int a = 0; a < 4; ++a) {
        for (int r = 0; r < slabs->size; ++r) {
            if (given[a][r] / unit > (size_t)INT_MAX || unit > (size_t)INT_MAX) {
                return swe_fail(err, SWE_ERROR_USAGE,
                                "the slabs' transpose (%zu bytes to or from one rank) exceeds "
                                "what one MPI all-to-all carries: use more ranks",
                                given[a][r]);
            }
            units[(size_t)a * (size_t)slabs->size + (size_t)r] = (int)(given[a][r] / unit);
        }
    }
    double start = swe_wall_seconds();
    MPI_Datatype type;
    MPI_CHECK(MPI_Type_contiguous((int)unit, MPI_BYTE, &type));
    MPI_CHECK(MPI_Type_commit(&type));
    int ranks = slabs->size;
    MPI_CHECK(MPI_Alltoallv(send, units, units + ranks, type, receive, units + 2 * ranks,
                            units + 3 * ranks, type, slabs->comm));
    MPI_CHECK(MPI_Type_free(&type));
    slabs->transform_seconds += swe_wall_seconds() - start;
    return SWE_OK;
}

/* ---- the model's split: whole planes between the slabs and rank 0 ---- */

/* The interior planes of a padded field of one slab as a count of
 * `plane` datatypes, from padded plane NS_GHOST on. */
static void plane_counts(const ns_mpi_slabs *slabs, int *counts, int *displacements)
{
    for (int r = 0; r < slabs->size; ++r) {
        counts[r] = slabs->planes[r];
        displacements[r] = slabs->offsets[r] + NS_GHOST;
    }
}

static void gather_field(ns_mpi_slabs *slabs, MPI_Datatype plane, const void *from, void *to,
                         size_t plane_bytes)
{
    plane_counts(slabs, slabs->counts, slabs->displacements);
    MPI_CHECK(MPI_Gatherv((const char *)from + NS_GHOST * plane_bytes, slabs->slab.n[2], plane, to,
                          slabs->counts, slabs->displacements, plane, 0, slabs->comm));
}

static void scatter_field(ns_mpi_slabs *slabs, MPI_Datatype plane, const void *from, void *to,
                          size_t plane_bytes)
{
    plane_counts(slabs, slabs->counts, slabs->displacements);
    MPI_CHECK(MPI_Scatterv(from, slabs->counts, slabs->displacements, plane,
                           (char *)to + NS_GHOST * plane_bytes, slabs->slab.n[2], plane, 0,
                           slabs->comm));
}

/* Moves the seven fields of the state between a slab and whole. */
static void move_state(ns_mpi_slabs *slabs, const ns_solver *slab, const ns_solver *whole,
                       int gathering)
{
    MPI_Datatype plane;
    MPI_CHECK(MPI_Type_contiguous((int)slabs->slab.stride[2], SWE_MPI_REAL, &plane));
    MPI_CHECK(MPI_Type_commit(&plane));
    size_t plane_bytes = slabs->slab.stride[2] * sizeof(real);
    for (int f = 0; f < 2 * NS_AXES + 1; ++f) {
        real *mine = f < NS_AXES       ? slab->velocity[f]
                     : f < 2 * NS_AXES ? slab->history[f - NS_AXES]
                                       : slab->pressure;
        real *all = whole == NULL     ? NULL
                    : f < NS_AXES     ? whole->velocity[f]
                    : f < 2 * NS_AXES ? whole->history[f - NS_AXES]
                                      : whole->pressure;
        if (gathering) {
            gather_field(slabs, plane, mine, all, plane_bytes);
        } else {
            scatter_field(slabs, plane, all, mine, plane_bytes);
        }
    }
    MPI_CHECK(MPI_Type_free(&plane));
}

static int gather(void *context, const ns_solver *slab, ns_solver *whole, swe_error *err)
{
    (void)err;
    move_state(context, slab, whole, 1);
    return SWE_OK;
}

static int scatter(void *context, const ns_solver *whole, ns_solver *slab, swe_error *err)
{
    (void)err;
    move_state(context, slab, whole, 0);
    return SWE_OK;
}

static int share(void *context, void *bytes, size_t size, swe_error *err)
{
    (void)err;
    const ns_mpi_slabs *slabs = context;
    MPI_CHECK(MPI_Bcast(bytes, (int)size, MPI_BYTE, 0, slabs->comm));
    return SWE_OK;
}

static int agree(void *context, int status, swe_error *err)
{
    const ns_mpi_slabs *slabs = context;
    return swe_mpi_agree(slabs->comm, status, err);
}

void ns_mpi_slabs_scatter_mask(ns_mpi_slabs *slabs, const ns_solver *whole, ns_solver *slab)
{
    MPI_Datatype plane;
    MPI_CHECK(MPI_Type_contiguous((int)slabs->slab.stride[2], MPI_UNSIGNED_CHAR, &plane));
    MPI_CHECK(MPI_Type_commit(&plane));
    scatter_field(slabs, plane, whole != NULL ? whole->fluid : NULL, slab->fluid,
                  slabs->slab.stride[2]);
    MPI_CHECK(MPI_Type_free(&plane));
}

/* ---- set-up ---- */

/* The ranks across the slab's z faces: a ring when z is periodic (a slab
 * of its own on one rank), none behind walls. */
static void find_neighbours(ns_mpi_slabs *slabs)
{
    int periodic = ns_grid_periodic(&slabs->whole, 2);
    slabs->below = slabs->above = MPI_PROC_NULL;
    if (periodic && slabs->size > 1) {
        slabs->below = (slabs->rank + slabs->size - 1) % slabs->size;
        slabs->above = (slabs->rank + 1) % slabs->size;
    } else if (!periodic) {
        slabs->below = slabs->rank > 0 ? slabs->rank - 1 : MPI_PROC_NULL;
        slabs->above = slabs->rank < slabs->size - 1 ? slabs->rank + 1 : MPI_PROC_NULL;
    }
}

/* Every rank's planes, as FFTW lays them out; the thinnest slab. */
static int lay_out(ns_mpi_slabs *slabs)
{
    int mine[2];
    ns_mpi_poisson_layout(slabs->comm, &slabs->whole, &mine[0], &mine[1]);
    int *all = malloc(2 * (size_t)slabs->size * sizeof(int));
    if (all == NULL) {
        swe_mpi_abort("out of memory for the slab layout", 1);
    }
    MPI_CHECK(MPI_Allgather(mine, 2, MPI_INT, all, 2, MPI_INT, slabs->comm));
    int thinnest = slabs->whole.n[2];
    for (int r = 0; r < slabs->size; ++r) {
        slabs->offsets[r] = all[2 * r];
        slabs->planes[r] = all[2 * r + 1];
        thinnest = slabs->planes[r] < thinnest ? slabs->planes[r] : thinnest;
    }
    free(all);
    return thinnest;
}

int ns_mpi_slabs_create(ns_mpi_slabs *slabs, MPI_Comm comm, const ns_grid *whole, swe_error *err)
{
    memset(slabs, 0, sizeof *slabs);
    slabs->comm = comm;
    slabs->whole = *whole;
    MPI_CHECK(MPI_Comm_rank(comm, &slabs->rank));
    MPI_CHECK(MPI_Comm_size(comm, &slabs->size));
    size_t ranks = (size_t)slabs->size;
    slabs->planes = calloc(ranks, sizeof(int));
    slabs->offsets = calloc(ranks, sizeof(int));
    slabs->counts = calloc(ranks, sizeof(int));
    slabs->displacements = calloc(ranks, sizeof(int));
    slabs->transpose_units = calloc(4 * ranks, sizeof(int));
    slabs->gathered = malloc((3 * (size_t)whole->n[2] + 3 * ranks) * sizeof(double));
    if (slabs->planes == NULL || slabs->offsets == NULL || slabs->counts == NULL ||
        slabs->displacements == NULL || slabs->transpose_units == NULL || slabs->gathered == NULL) {
        swe_mpi_abort("out of memory for the slabs", 1); /* every rank's the same size */
    }
    int thinnest = lay_out(slabs);
    if (thinnest < NS_GHOST) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "%d planes along z cannot go to %d processes with at least %d each "
                        "(FFTW's slabs: use at most %d processes or more cells along z)",
                        whole->n[2], slabs->size, NS_GHOST, whole->n[2] / NS_GHOST);
    }
    find_neighbours(slabs);
    int status = ns_grid_slab(whole, slabs->offsets[slabs->rank], slabs->planes[slabs->rank],
                              slabs->below != MPI_PROC_NULL, slabs->above != MPI_PROC_NULL,
                              &slabs->slab, err);
    if (status == SWE_OK) {
        status = ns_mpi_poisson_create(&slabs->poisson, comm, whole, &slabs->slab, err);
    }
    slabs->hooks = (ns_slabs){.context = slabs,
                              .z_offset = slabs->offsets[slabs->rank],
                              .nz = whole->n[2],
                              .whole = &slabs->whole,
                              .self = slabs->rank,
                              .count = slabs->size,
                              .planes = slabs->planes,
                              .exchange = exchange,
                              .exchange_planes = exchange_planes,
                              .sum_planes = sum_planes,
                              .sum = sum_over_slabs,
                              .max = max_over_slabs,
                              .all_to_all = all_to_all,
                              .precondition = precondition};
    slabs->split = (ns_model_split){
        .context = slabs, .gather = gather, .scatter = scatter, .share = share, .agree = agree};
    return status;
}

void ns_mpi_slabs_destroy(ns_mpi_slabs *slabs)
{
    if (slabs == NULL) {
        return;
    }
    ns_mpi_poisson_destroy(slabs->poisson);
    free(slabs->planes);
    free(slabs->offsets);
    free(slabs->counts);
    free(slabs->displacements);
    free(slabs->transpose_units);
    free(slabs->gathered);
    memset(slabs, 0, sizeof *slabs);
}
