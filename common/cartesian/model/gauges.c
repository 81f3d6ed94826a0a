#include "cartesian/model/gauges.h"

#include "cartesian/io/output_fields.h"

#include <math.h>
#include <stdlib.h>

/* The interior index (1..cells) of the cell holding coordinate, or 0
 * outside [origin, origin + extent]. */
static int cell_of(double coordinate, double origin, double extent, int cells)
{
    if (!(coordinate >= origin && coordinate <= origin + extent)) {
        return 0;
    }
    int index = 1 + (int)floor((coordinate - origin) / extent * cells);
    return index > cells ? cells : index;
}

static int locate(swe_gauges *gauges, const swe_gauge_request *request, const swe_block *block,
                  swe_error *err)
{
    int count = request->count;
    for (int g = 0; g < count; ++g) {
        int i = cell_of(request->x[g], block->x0, block->width, block->nx);
        int j = cell_of(request->y[g], block->y0, block->height, block->ny);
        if (i == 0 || j == 0) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "--gauge %g,%g lies outside the domain [%g, %g] x [%g, %g] m (give a "
                            "point inside it)",
                            request->x[g], request->y[g], block->x0, block->x0 + block->width,
                            block->y0, block->y0 + block->height);
        }
        gauges->cell_i[g] = i;
        gauges->cell_j[g] = j;
        gauges->places[g] = request->x[g];
        gauges->places[count + g] = request->y[g];
        gauges->places[2 * count + g] = swe_block_cell_x(block, i);
        gauges->places[3 * count + g] = swe_block_cell_y(block, j);
    }
    return SWE_OK;
}

int swe_gauges_create(swe_gauges *gauges, const swe_gauge_request *request, const swe_block *block,
                      swe_error *err)
{
    if (gauges == NULL || request == NULL || block == NULL || request->count < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: gauges need a request, a grid");
    }
    size_t count = (size_t)request->count;
    *gauges = (swe_gauges){.count = request->count};
    gauges->cell_i = malloc(count * sizeof *gauges->cell_i);
    gauges->cell_j = malloc(count * sizeof *gauges->cell_j);
    gauges->places = malloc(4 * count * sizeof *gauges->places);
    gauges->samples = malloc(4 * count * sizeof *gauges->samples);
    if (gauges->cell_i == NULL || gauges->cell_j == NULL || gauges->places == NULL ||
        gauges->samples == NULL) {
        swe_gauges_close(gauges, 0, NULL);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for %d gauges", request->count);
    }
    int status = locate(gauges, request, block, err);
    const swe_gauge_places places = {request->count, gauges->places, gauges->places + count,
                                     gauges->places + 2 * count, gauges->places + 3 * count};
    if (status == SWE_OK) {
        status = swe_gauge_file_create(&gauges->file, request->path_stem, &places, request->title,
                                       request->history, request->compression, err);
    }
    if (status != SWE_OK) {
        swe_gauges_close(gauges, 0, NULL);
    }
    return status;
}

int swe_gauges_sample(swe_gauges *gauges, const swe_block *block, double time, swe_error *err)
{
    if (gauges == NULL || gauges->file == NULL || block == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: gauges need a file and a block");
    }
    int count = gauges->count;
    real *h = gauges->samples, *eta = h + count, *u = eta + count, *v = u + count;
    for (int g = 0; g < count; ++g) {
        size_t cell = SWE_INDEX(block, gauges->cell_i[g], gauges->cell_j[g]);
        int wet = swe_cell_is_wet(block->h[cell]);
        h[g] = block->h[cell];
        eta[g] = wet ? block->h[cell] + block->b[cell] : (real)NAN;
        u[g] = wet ? block->hu[cell] / block->h[cell] : (real)NAN;
        v[g] = wet ? block->hv[cell] / block->h[cell] : (real)NAN;
    }
    const swe_gauge_sample sample = {time, h, eta, u, v};
    return swe_gauge_file_append(gauges->file, &sample, err);
}

int swe_gauges_close(swe_gauges *gauges, int keep, swe_error *err)
{
    if (gauges == NULL) {
        return SWE_OK;
    }
    int status = swe_gauge_file_close(gauges->file, keep, err);
    free(gauges->cell_i);
    free(gauges->cell_j);
    free(gauges->places);
    free(gauges->samples);
    *gauges = (swe_gauges){0};
    return status;
}
