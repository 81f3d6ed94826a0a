#include "cartesian/scenarios/rest_cases.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static const char *const case_names[] = {"shoal", "island", "coast", "rough"};
enum { CASE_COUNT = sizeof case_names / sizeof case_names[0] };

const char *swe_rest_case_name(int index)
{
    return index >= 0 && index < CASE_COUNT ? case_names[index] : NULL;
}

/* A small generator of its own (a 64-bit LCG), so that the random beds
 * are the same on every platform. */
static double next_uniform(uint64_t *state)
{
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*state >> 11) / 9007199254740992.0; /* [0, 1) */
}

static double island_bed(double x, double y)
{
    const double islands[3][3] = {{160, 240, 60}, {400, 150, 40}, {480, 360, 80}}; /* x, y, r */
    double bed = -4;
    for (int k = 0; k < 3; ++k) {
        double r2 = (pow(x - islands[k][0], 2) + pow(y - islands[k][1], 2)) /
                    (islands[k][2] * islands[k][2]);
        bed = fmax(bed, 2 - 6 * r2);
    }
    return bed;
}

static double coast_bed(int n, int i, int j, double x, double y, uint64_t *state)
{
    static const int shoals[3][2] = {{10, 12}, {30, 31}, {41, 7}}; /* cells of a 50 x 50 grid */
    for (int k = 0; k < 3; ++k) {
        if (i == 1 + shoals[k][0] * n / 50 && j == 1 + shoals[k][1] * n / 50) {
            return -0.0003 * (k + 1);
        }
    }
    return -3 + 2.5 * sin(x / 37.0) * cos(y / 53.0) + 1.5 * sin((x + y) / 23.0) +
           0.5 * next_uniform(state);
}

static double case_bed(int which, const swe_block *block, int i, int j, uint64_t *state)
{
    double x = swe_block_cell_x(block, i), y = swe_block_cell_y(block, j);
    switch (which) {
    case 0:
        return i == block->nx / 2 && j == block->ny / 2 ? -0.0005 : -5;
    case 1:
        return island_bed(x, y);
    case 2:
        return coast_bed(block->nx, i, j, x, y, state);
    default:
        return -10 + 8 * next_uniform(state);
    }
}

int swe_rest_case_create(const char *name, int n, swe_block *block, swe_error *err)
{
    int which = -1;
    for (int c = 0; c < CASE_COUNT && name != NULL; ++c) {
        which = strcmp(name, case_names[c]) == 0 ? c : which;
    }
    if (which < 0 || n < 2 || block == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "rest case: unknown case '%s' or size %d < 2",
                        name != NULL ? name : "(none)", n);
    }
    const int island = which == 1;
    int status = swe_block_create(block, n, island ? n * 3 / 4 : n, 0, 0, island ? 640 : 500,
                                  island ? 480 : 500, err);
    if (status != SWE_OK) {
        return status;
    }
    uint64_t state = 20;
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            size_t cell = SWE_INDEX(block, i, j);
            block->b[cell] = (real)case_bed(which, block, i, j, &state);
            block->h[cell] = block->b[cell] < 0 ? -block->b[cell] : (real)0;
        }
    }
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        block->boundary[edge] = island ? SWE_BOUNDARY_WALL : SWE_BOUNDARY_OUTFLOW;
    }
    return SWE_OK;
}
