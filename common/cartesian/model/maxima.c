#include "cartesian/model/maxima.h"

#include <math.h>
#include <stdlib.h>

int swe_maxima_create(swe_maxima *maxima, const swe_block *initial, swe_error *err)
{
    if (maxima == NULL || initial == NULL || initial->h == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: maxima need an initial state");
    }
    *maxima = (swe_maxima){.nx = initial->nx, .ny = initial->ny, .period = {NAN, NAN}};
    size_t cells = (size_t)initial->nx * (size_t)initial->ny;
    int ok = 1;
    for (int m = 0; m < SWE_MAXIMA_COUNT; ++m) {
        maxima->field[m] = malloc(cells * sizeof(real));
        ok = ok && maxima->field[m] != NULL;
    }
    maxima->initial_surface = malloc(cells * sizeof(real));
    if (!ok || maxima->initial_surface == NULL) {
        swe_maxima_free(maxima);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the maxima of %d x %d cells",
                        initial->nx, initial->ny);
    }
    size_t k = 0;
    for (int j = 1; j <= initial->ny; ++j) {
        for (int i = 1; i <= initial->nx; ++i, ++k) {
            size_t cell = SWE_INDEX(initial, i, j);
            maxima->initial_surface[k] = initial->h[cell] + initial->b[cell];
            maxima->field[SWE_MAX_DEPTH][k] = 0;
            maxima->field[SWE_MAX_SPEED][k] = (real)NAN;
            maxima->field[SWE_ARRIVAL_TIME][k] = (real)NAN;
        }
    }
    return SWE_OK;
}

void swe_maxima_update(swe_maxima *maxima, const swe_block *block, double time)
{
    if (maxima == NULL || block == NULL || block->nx != maxima->nx || block->ny != maxima->ny) {
        return;
    }
    real *depth = maxima->field[SWE_MAX_DEPTH], *speed = maxima->field[SWE_MAX_SPEED];
    real *arrival = maxima->field[SWE_ARRIVAL_TIME];
    maxima->period[0] = isnan(maxima->period[0]) ? time : maxima->period[0];
    maxima->period[1] = time;
    size_t k = 0;
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i, ++k) {
            size_t cell = SWE_INDEX(block, i, j);
            real h = block->h[cell];
            depth[k] = h > depth[k] ? h : depth[k];
            if (!swe_cell_is_wet(h)) {
                continue;
            }
            real u = block->hu[cell] / h, v = block->hv[cell] / h;
            real now = SWE_SQRT(u * u + v * v);
            speed[k] = isnan(speed[k]) || now > speed[k] ? now : speed[k];
            real moved = SWE_FABS(h + block->b[cell] - maxima->initial_surface[k]);
            if (isnan(arrival[k]) && moved > (real)SWE_ARRIVAL_THRESHOLD) {
                arrival[k] = (real)time;
            }
        }
    }
}

void swe_maxima_free(swe_maxima *maxima)
{
    if (maxima == NULL) {
        return;
    }
    for (int m = 0; m < SWE_MAXIMA_COUNT; ++m) {
        free(maxima->field[m]);
        maxima->field[m] = NULL;
    }
    free(maxima->initial_surface);
    maxima->initial_surface = NULL;
}
