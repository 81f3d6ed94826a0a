#include "cartesian/io/output_fields.h"

#include <math.h>
#include <string.h>

static void copy_interior(const swe_block *block, const real *array, real *plane)
{
    size_t row_bytes = (size_t)block->nx * sizeof(real);
    for (int j = 1; j <= block->ny; ++j) {
        memcpy(plane + (size_t)(j - 1) * (size_t)block->nx, &array[SWE_INDEX(block, 1, j)],
               row_bytes);
    }
}

/* eta, u or v of one cell; NaN where it is dry. */
static real derived_value(const swe_block *block, size_t cell, enum swe_output_field field)
{
    real h = block->h[cell];
    if (!swe_cell_is_wet(h)) {
        return (real)NAN;
    }
    switch (field) {
    case SWE_FIELD_ETA:
        return h + block->b[cell];
    case SWE_FIELD_U:
        return block->hu[cell] / h;
    default:
        return block->hv[cell] / h;
    }
}

void swe_output_field_plane(const swe_block *block, enum swe_output_field field, real *plane)
{
    if (block == NULL || plane == NULL) {
        return;
    }
    const real *conserved[] = {
        [SWE_FIELD_H] = block->h, [SWE_FIELD_HU] = block->hu, [SWE_FIELD_HV] = block->hv};
    if (field <= SWE_FIELD_HV) {
        copy_interior(block, conserved[field], plane);
        return;
    }
    real *out = plane;
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            *out++ = derived_value(block, SWE_INDEX(block, i, j), field);
        }
    }
}

void swe_output_bed_plane(const swe_block *block, real *plane)
{
    if (block != NULL && plane != NULL) {
        copy_interior(block, block->b, plane);
    }
}
