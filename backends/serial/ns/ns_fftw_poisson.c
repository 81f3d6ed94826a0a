#include "backends/serial/ns/ns_fftw_poisson.h"

#include "backends/serial/ns/ns_serial_kernels.h"

#include <fftw3.h>
#include <stdlib.h>
#include <string.h>

#ifdef SWE_PRECISION_DOUBLE
#define NS_FFTW(name) fftw_##name
#else
#define NS_FFTW(name) fftwf_##name
#endif

typedef NS_FFTW(plan) ns_plan;

struct ns_fftw_poisson {
    int n[NS_AXES];
    size_t stride[NS_AXES]; /* of the padded fields */
    size_t padded_origin;   /* padded index of cell (0, 0, 0) */
    real *buffer;           /* n[0] n[1] n[2], x fastest */
    ns_plan forward[NS_AXES], backward[NS_AXES];
    double *eigenvalue[NS_AXES]; /* of minus the 1D Laplacian, per mode */
    double scale;                /* 1 / (the product of the r2r normalisations) */
};

/* One 1D transform per line along axis, for one batch: a plane (x, y) or a
 * row (z) of lines. */
static ns_plan plan_axis(const int n[NS_AXES], int axis, real *buffer, NS_FFTW(r2r_kind) kind)
{
    int length = n[axis];
    int lines = axis == 0 ? n[1] : n[0];
    int stride = axis == 0 ? 1 : axis == 1 ? n[0] : n[0] * n[1];
    int distance = axis == 0 ? n[0] : 1;
    return NS_FFTW(plan_many_r2r)(1, &length, lines, buffer, NULL, stride, distance, buffer, NULL,
                                  stride, distance, &kind, FFTW_ESTIMATE | FFTW_UNALIGNED);
}

static int plan_all(ns_fftw_poisson *poisson, const ns_grid *grid)
{
    for (int axis = 0; axis < NS_AXES; ++axis) {
        int periodic = ns_grid_periodic(grid, axis);
        poisson->forward[axis] =
            plan_axis(poisson->n, axis, poisson->buffer, periodic ? FFTW_R2HC : FFTW_REDFT10);
        poisson->backward[axis] =
            plan_axis(poisson->n, axis, poisson->buffer, periodic ? FFTW_HC2R : FFTW_REDFT01);
        poisson->eigenvalue[axis] = malloc((size_t)poisson->n[axis] * sizeof(double));
        if (poisson->forward[axis] == NULL || poisson->backward[axis] == NULL ||
            poisson->eigenvalue[axis] == NULL) {
            return -1;
        }
        /* HC2R after R2HC multiplies by n, REDFT01 after REDFT10 by 2n. */
        poisson->scale /= periodic ? poisson->n[axis] : 2.0 * poisson->n[axis];
        for (int m = 0; m < poisson->n[axis]; ++m) {
            poisson->eigenvalue[axis][m] =
                ns_serial_eigenvalue(periodic, m, poisson->n[axis], grid->h[axis]);
        }
    }
    return 0;
}

int ns_fftw_poisson_create(const ns_grid *grid, ns_fftw_poisson **out, swe_error *err)
{
    if (grid == NULL || out == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: ns_fftw_poisson_create needs a grid");
    }
    ns_fftw_poisson *poisson = calloc(1, sizeof *poisson);
    if (poisson == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the FFT preconditioner");
    }
    for (int axis = 0; axis < NS_AXES; ++axis) {
        poisson->n[axis] = grid->n[axis];
        poisson->stride[axis] = grid->stride[axis];
    }
    poisson->padded_origin = ns_index(grid, 0, 0, 0);
    poisson->scale = 1.0;
    poisson->buffer = NS_FFTW(malloc)(ns_grid_interior_cells(grid) * sizeof(real));
    if (poisson->buffer == NULL || plan_all(poisson, grid) != 0) {
        ns_fftw_poisson_destroy(poisson);
        return swe_fail(err, SWE_ERROR_RUNTIME,
                        "FFTW could not plan the %d x %d x %d transforms (out of memory?)",
                        grid->n[0], grid->n[1], grid->n[2]);
    }
    *out = poisson;
    return SWE_OK;
}

void ns_fftw_poisson_destroy(ns_fftw_poisson *poisson)
{
    if (poisson == NULL) {
        return;
    }
    for (int axis = 0; axis < NS_AXES; ++axis) {
        if (poisson->forward[axis] != NULL) {
            NS_FFTW(destroy_plan)(poisson->forward[axis]);
        }
        if (poisson->backward[axis] != NULL) {
            NS_FFTW(destroy_plan)(poisson->backward[axis]);
        }
        free(poisson->eigenvalue[axis]);
    }
    NS_FFTW(free)(poisson->buffer);
    free(poisson);
}

void ns_fftw_clear_plane(ns_fftw_poisson *poisson, int k)
{
    size_t plane = (size_t)poisson->n[0] * (size_t)poisson->n[1];
    memset(poisson->buffer + (size_t)k * plane, 0, plane * sizeof(real));
}

int ns_fftw_pass_batches(const ns_fftw_poisson *poisson, enum ns_fft_pass pass)
{
    return pass == NS_FFT_FORWARD_Z || pass == NS_FFT_BACKWARD_Z ? poisson->n[1] : poisson->n[2];
}

/* Copies plane k between the padded field and the buffer, times the mask. */
static void copy_plane(const ns_fftw_poisson *poisson, int k, const real *from_padded,
                       const unsigned char *fluid, real *to_padded)
{
    size_t plane = (size_t)k * (size_t)poisson->n[0] * (size_t)poisson->n[1];
    for (int j = 0; j < poisson->n[1]; ++j) {
        size_t padded = poisson->padded_origin + (size_t)k * poisson->stride[2] +
                        (size_t)j * poisson->stride[1];
        real *packed = poisson->buffer + plane + (size_t)j * (size_t)poisson->n[0];
        for (int i = 0; i < poisson->n[0]; ++i) {
            if (from_padded != NULL) {
                packed[i] = (real)fluid[padded + (size_t)i] * from_padded[padded + (size_t)i];
            } else {
                to_padded[padded + (size_t)i] = (real)fluid[padded + (size_t)i] * packed[i];
            }
        }
    }
}

void ns_fftw_run_batch(ns_fftw_poisson *poisson, enum ns_fft_pass pass, int batch, const real *in,
                       const unsigned char *fluid, real *out)
{
    size_t plane = (size_t)batch * (size_t)poisson->n[0] * (size_t)poisson->n[1];
    size_t row = (size_t)batch * (size_t)poisson->n[0];
    real *buffer = poisson->buffer;
    switch (pass) {
    case NS_FFT_PACK:
        copy_plane(poisson, batch, in, fluid, NULL);
        break;
    case NS_FFT_FORWARD_X:
    case NS_FFT_FORWARD_Y:
        NS_FFTW(execute_r2r)
        (poisson->forward[pass - NS_FFT_FORWARD_X], buffer + plane, buffer + plane);
        break;
    case NS_FFT_FORWARD_Z:
        NS_FFTW(execute_r2r)(poisson->forward[2], buffer + row, buffer + row);
        break;
    case NS_FFT_DIVIDE:
        ns_serial_spectral_divide_plane(buffer + plane, poisson->n[0], poisson->n[1],
                                        poisson->eigenvalue[0], poisson->eigenvalue[1],
                                        poisson->eigenvalue[2][batch], batch == 0, poisson->scale);
        break;
    case NS_FFT_BACKWARD_Z:
        NS_FFTW(execute_r2r)(poisson->backward[2], buffer + row, buffer + row);
        break;
    case NS_FFT_BACKWARD_Y:
    case NS_FFT_BACKWARD_X:
        NS_FFTW(execute_r2r)
        (poisson->backward[NS_FFT_BACKWARD_X - pass], buffer + plane, buffer + plane);
        break;
    case NS_FFT_UNPACK:
        copy_plane(poisson, batch, NULL, fluid, out);
        break;
    case NS_FFT_PASSES:
        break;
    }
}
