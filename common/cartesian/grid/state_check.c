#include "cartesian/grid/state_check.h"

#include "shallow_water/cell_update.h"
#include "shallow_water/cell_values.h"

#include <float.h>
#include <math.h>
#include <stdio.h>

int swe_state_find_invalid(const swe_block *block, int *i, int *j)
{
    if (block == NULL || block->h == NULL || i == NULL || j == NULL) {
        return 0;
    }
    for (int row = 1; row <= block->ny; ++row) {
        for (int column = 1; column <= block->nx; ++column) {
            size_t cell = SWE_INDEX(block, column, row);
            if (!isfinite(block->h[cell]) || !isfinite(block->hu[cell]) ||
                !isfinite(block->hv[cell]) || !isfinite(block->b[cell]) || block->h[cell] < 0) {
                *i = column;
                *j = row;
                return 1;
            }
        }
    }
    return 0;
}

static int implausible(const swe_block *block, size_t cell)
{
    return !swe_cell_plausible(block->h[cell], block->hu[cell], block->hv[cell]);
}

int swe_state_find_implausible(const swe_block *block, int *i, int *j)
{
    if (swe_state_find_invalid(block, i, j)) {
        return 1;
    }
    for (int row = 1; block != NULL && block->h != NULL && row <= block->ny; ++row) {
        for (int column = 1; column <= block->nx; ++column) {
            if (implausible(block, SWE_INDEX(block, column, row))) {
                *i = column;
                *j = row;
                return 1;
            }
        }
    }
    return 0;
}

real swe_state_max_wave_speed(const swe_block *block)
{
    real fastest = 0;
    for (int row = 1; block != NULL && block->h != NULL && row <= block->ny; ++row) {
        for (int column = 1; column <= block->nx; ++column) {
            size_t cell = SWE_INDEX(block, column, row);
            fastest = swe_max_speed(
                fastest, swe_cell_wave_speed(block->h[cell], block->hu[cell], block->hv[cell]));
        }
    }
    return fastest;
}

void swe_state_describe_cell(const swe_block *block, int i, int j, char *text, size_t size)
{
    if (text == NULL || size == 0) {
        return;
    }
    if (block == NULL || block->h == NULL || i < 1 || i > block->nx || j < 1 || j > block->ny) {
        snprintf(text, size, "no cell (%d, %d) in this block", i, j);
        return;
    }
    size_t cell = SWE_INDEX(block, i, j);
    /* Numbered in the whole domain, so that a part (MPI) names the cell
     * as a run of the whole block would. */
    char values[160];
    swe_describe_cell_values(values, sizeof values, (double)block->h[cell], (double)block->hu[cell],
                             (double)block->hv[cell]);
    snprintf(text, size, "cell (%d, %d) at x = %.6g m, y = %.6g m has %s", block->first_i + i,
             block->first_j + j, swe_block_cell_x(block, i), swe_block_cell_y(block, j), values);
}

int swe_state_describe_volume_change(double initial, double now, long steps, long cells, char *text,
                                     size_t size)
{
    double change = (now - initial) / fmax(fabs(initial), DBL_MIN);
    double tolerance = swe_state_volume_tolerance(steps, cells);
    if (fabs(change) <= tolerance || (initial == 0.0 && now == 0.0)) {
        return 0;
    }
    if (text != NULL && size > 0) {
        snprintf(text, size,
                 "the water of the closed basin changed from %.9g m3 to %.9g m3 (%+.3g %%, "
                 "round-off allows %.1g %% after %ld steps of %ld cells)",
                 initial, now, 100.0 * change, 100.0 * tolerance, steps, cells);
    }
    return 1;
}
