#include "cartesian/grid/block_checksum.h"

#include <math.h>
#include <stdio.h>

int swe_block_checksum_of(const swe_block *block, swe_block_checksum *checksum, swe_error *err)
{
    if (block == NULL || block->h == NULL || checksum == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a checksum needs a block");
    }
    double depth_sum = 0.0, square_sum = 0.0, momentum_sum = 0.0;
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            double h = (double)block->h[SWE_INDEX(block, i, j)];
            depth_sum += h;
            square_sum += h * h;
            double hu = (double)block->hu[SWE_INDEX(block, i, j)];
            double hv = (double)block->hv[SWE_INDEX(block, i, j)];
            momentum_sum += hu * hu + hv * hv;
        }
    }
    double cell_area = (double)block->dx * (double)block->dy;
    checksum->mass = depth_sum * cell_area;
    checksum->h_l2 = sqrt(square_sum * cell_area);
    checksum->momentum_l2 = sqrt(momentum_sum * cell_area);
    return SWE_OK;
}

void swe_block_checksum_format(const swe_block_checksum *checksum, char *text, size_t size)
{
    if (checksum == NULL || text == NULL || size == 0) {
        return;
    }
    snprintf(text, size, "mass=%.17g h_l2=%.17g momentum_l2=%.17g", checksum->mass, checksum->h_l2,
             checksum->momentum_l2);
}
