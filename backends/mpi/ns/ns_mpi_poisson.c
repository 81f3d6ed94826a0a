#include "backends/mpi/ns/ns_mpi_poisson.h"

#include "backends/mpi/mpi_check.h"
#include "backends/serial/ns/ns_serial_kernels.h"

#include <fftw3-mpi.h>
#include <stdlib.h>

#ifdef SWE_PRECISION_DOUBLE
#define NS_FFTW(name) fftw_##name
#define NS_FFTW_MPI(name) fftw_mpi_##name
#else
#define NS_FFTW(name) fftwf_##name
#define NS_FFTW_MPI(name) fftwf_mpi_##name
#endif

struct ns_mpi_poisson {
    ns_grid slab;                 /* this rank's padded layout */
    int n[NS_AXES];               /* of the whole domain */
    ptrdiff_t y_offset, y_planes; /* this rank's share of the transposed spectrum */
    real *buffer;                 /* the slab's interior, then its transposed spectrum */
    NS_FFTW(plan) forward, backward;
    double *eigenvalue[NS_AXES];
    double scale;
};

void ns_mpi_poisson_layout(MPI_Comm comm, const ns_grid *whole, int *z_offset, int *planes)
{
    ptrdiff_t local_n0 = 0, local_0_start = 0, local_n1 = 0, local_1_start = 0;
    NS_FFTW_MPI(local_size_3d_transposed)
    (whole->n[2], whole->n[1], whole->n[0], comm, &local_n0, &local_0_start, &local_n1,
     &local_1_start);
    *z_offset = (int)local_0_start;
    *planes = (int)local_n0;
}

/* The kinds of the three axes, z first as FFTW's row-major order wants. */
static void kinds_of(const ns_grid *whole, int forward, NS_FFTW(r2r_kind) kind[NS_AXES])
{
    for (int axis = 0; axis < NS_AXES; ++axis) {
        int periodic = ns_grid_periodic(whole, axis);
        kind[NS_AXES - 1 - axis] =
            forward ? (periodic ? FFTW_R2HC : FFTW_REDFT10) : (periodic ? FFTW_HC2R : FFTW_REDFT01);
    }
}

static int plan(ns_mpi_poisson *p, MPI_Comm comm, const ns_grid *whole)
{
    NS_FFTW(r2r_kind) forward[NS_AXES], backward[NS_AXES];
    kinds_of(whole, 1, forward);
    kinds_of(whole, 0, backward);
    p->forward =
        NS_FFTW_MPI(plan_r2r_3d)(p->n[2], p->n[1], p->n[0], p->buffer, p->buffer, comm, forward[0],
                                 forward[1], forward[2], FFTW_ESTIMATE | FFTW_MPI_TRANSPOSED_OUT);
    p->backward =
        NS_FFTW_MPI(plan_r2r_3d)(p->n[2], p->n[1], p->n[0], p->buffer, p->buffer, comm, backward[0],
                                 backward[1], backward[2], FFTW_ESTIMATE | FFTW_MPI_TRANSPOSED_IN);
    return p->forward != NULL && p->backward != NULL ? 0 : -1;
}

/* Eigenvalues per axis and the transforms' scale, as the serial solve. */
static int eigenvalues(ns_mpi_poisson *p, const ns_grid *whole)
{
    p->scale = 1.0;
    for (int axis = 0; axis < NS_AXES; ++axis) {
        int periodic = ns_grid_periodic(whole, axis);
        p->eigenvalue[axis] = malloc((size_t)p->n[axis] * sizeof(double));
        if (p->eigenvalue[axis] == NULL) {
            return -1;
        }
        p->scale /= periodic ? p->n[axis] : 2.0 * p->n[axis];
        for (int m = 0; m < p->n[axis]; ++m) {
            p->eigenvalue[axis][m] = ns_serial_eigenvalue(periodic, m, p->n[axis], whole->h[axis]);
        }
    }
    return 0;
}

int ns_mpi_poisson_create(ns_mpi_poisson **out, MPI_Comm comm, const ns_grid *whole,
                          const ns_grid *slab, swe_error *err)
{
    ns_mpi_poisson *p = calloc(1, sizeof *p);
    if (p == NULL || out == NULL || whole == NULL || slab == NULL) {
        free(p);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the FFT preconditioner");
    }
    p->slab = *slab;
    for (int axis = 0; axis < NS_AXES; ++axis) {
        p->n[axis] = whole->n[axis];
    }
    ptrdiff_t local_n0 = 0, local_0_start = 0;
    ptrdiff_t alloc = NS_FFTW_MPI(local_size_3d_transposed)(
        p->n[2], p->n[1], p->n[0], comm, &local_n0, &local_0_start, &p->y_planes, &p->y_offset);
    p->buffer = NS_FFTW(alloc_real)((size_t)(alloc > 0 ? alloc : 1));
    /* Planning is collective: every rank plans, then all learn of a failure. */
    int failed = p->buffer == NULL || plan(p, comm, whole) != 0 || eigenvalues(p, whole) != 0;
    int any_failed = failed;
    MPI_CHECK(MPI_Allreduce(&failed, &any_failed, 1, MPI_INT, MPI_MAX, comm));
    if (any_failed) {
        ns_mpi_poisson_destroy(p);
        return swe_fail(err, SWE_ERROR_RUNTIME,
                        "FFTW could not plan the distributed %d x %d x %d transforms (out of "
                        "memory?)",
                        whole->n[0], whole->n[1], whole->n[2]);
    }
    *out = p;
    return SWE_OK;
}

void ns_mpi_poisson_destroy(ns_mpi_poisson *p)
{
    if (p == NULL) {
        return;
    }
    if (p->forward != NULL) {
        NS_FFTW(destroy_plan)(p->forward);
    }
    if (p->backward != NULL) {
        NS_FFTW(destroy_plan)(p->backward);
    }
    for (int axis = 0; axis < NS_AXES; ++axis) {
        free(p->eigenvalue[axis]);
    }
    NS_FFTW(free)(p->buffer);
    free(p);
}

/* Between the slab's padded field and the packed buffer, times the mask:
 * into the buffer when from is given, else out of it into to. */
static void pack(ns_mpi_poisson *p, const real *from, const unsigned char *fluid, real *to)
{
    const ns_grid *g = &p->slab;
    real *packed = p->buffer;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            size_t row = ns_index(g, 0, j, k);
            for (int i = 0; i < g->n[0]; ++i, ++packed) {
                if (from != NULL) {
                    *packed = (real)fluid[row + (size_t)i] * from[row + (size_t)i];
                } else {
                    to[row + (size_t)i] = (real)fluid[row + (size_t)i] * *packed;
                }
            }
        }
    }
}

void ns_mpi_poisson_apply(ns_mpi_poisson *p, const real *in, const unsigned char *fluid, real *out)
{
    pack(p, in, fluid, NULL);
    NS_FFTW(execute)(p->forward);
    /* Transposed: y planes of this rank, each nz rows of nx modes. */
    size_t plane = (size_t)p->n[2] * (size_t)p->n[0];
    for (ptrdiff_t j = 0; j < p->y_planes; ++j) {
        ptrdiff_t y = p->y_offset + j;
        ns_serial_spectral_divide_plane(p->buffer + (size_t)j * plane, p->n[0], p->n[2],
                                        p->eigenvalue[0], p->eigenvalue[2], p->eigenvalue[1][y],
                                        y == 0, p->scale);
    }
    NS_FFTW(execute)(p->backward);
    pack(p, NULL, fluid, out);
}

void ns_mpi_start(int *argc, char ***argv)
{
    swe_mpi_init(argc, argv);
#ifdef SWE_PRECISION_DOUBLE
    fftw_mpi_init();
#else
    fftwf_mpi_init();
#endif
}

void ns_mpi_finish(void)
{
#ifdef SWE_PRECISION_DOUBLE
    fftw_mpi_cleanup();
#else
    fftwf_mpi_cleanup();
#endif
    MPI_CHECK(MPI_Finalize());
}
