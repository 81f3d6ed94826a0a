/* The fields a snapshot holds in every format (NetCDF, VTK), taken from
 * a block's interior as planes of nx * ny values, row after row:
 * the conserved h, hu, hv; the surface eta = h + b and the velocity
 * u = hu / h, v = hv / h, which are NaN in dry cells (h below
 * SWE_DRY_TOLERANCE), where there is no surface and no velocity, so that
 * land does not swamp the colours of a wave in any viewer. */
#ifndef SWE_OUTPUT_FIELDS_H
#define SWE_OUTPUT_FIELDS_H

#include "cartesian/grid/block.h"

enum swe_output_field {
    SWE_FIELD_H,
    SWE_FIELD_HU,
    SWE_FIELD_HV,
    SWE_FIELD_ETA,
    SWE_FIELD_U,
    SWE_FIELD_V,
    SWE_FIELD_COUNT
};

/* The maximum-inundation fields a run records when asked (--maxima):
 * the largest depth and speed each cell saw, and the first time its
 * surface moved by more than SWE_ARRIVAL_THRESHOLD metres (NaN: never).
 * Kept as planes of the interior like the fields above. */
enum swe_maxima_field { SWE_MAX_DEPTH, SWE_MAX_SPEED, SWE_ARRIVAL_TIME, SWE_MAXIMA_COUNT };

/* Metres the surface must move for a wave (or the water of a flood) to
 * count as arrived, as in GeoClaw's fgmax. */
#define SWE_ARRIVAL_THRESHOLD 0.01

/* Whether a cell of depth h holds water: surface and velocity defined. */
static inline int swe_cell_is_wet(real h)
{
    return h >= SWE_DRY_TOLERANCE;
}

/* Writes field of the interior of block into plane (nx * ny values). */
void swe_output_field_plane(const swe_block *block, enum swe_output_field field, real *plane);

/* The bed b of the interior, as a plane. */
void swe_output_bed_plane(const swe_block *block, real *plane);

#endif
