#include "cartesian/grid/block.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Rows start on cache-line boundaries only if stride allows; the arrays
 * themselves are aligned so that vector loads of the first row are. */
enum { SWE_ARRAY_ALIGNMENT = 64 };

static real *allocate_array(size_t count)
{
    size_t bytes = count * sizeof(real);
    bytes = (bytes + SWE_ARRAY_ALIGNMENT - 1) / SWE_ARRAY_ALIGNMENT * SWE_ARRAY_ALIGNMENT;
    real *array = aligned_alloc(SWE_ARRAY_ALIGNMENT, bytes);
    if (array != NULL) {
        memset(array, 0, bytes);
    }
    return array;
}

int swe_block_create(swe_block *block, int nx, int ny, double x0, double y0, double width,
                     double height, swe_error *err)
{
    return swe_block_create_part(block, nx, ny, 0, 0, nx, ny, x0, y0, width, height, err);
}

int swe_block_create_part(swe_block *block, int domain_nx, int domain_ny, int first_i, int first_j,
                          int nx, int ny, double x0, double y0, double width, double height,
                          swe_error *err)
{
    if (block == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no block given");
    }
    memset(block, 0, sizeof *block);
    if (nx < 1 || ny < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "the grid needs at least 1 x 1 cells, got %d x %d",
                        nx, ny);
    }
    if (first_i < 0 || first_j < 0 || first_i > domain_nx - nx || first_j > domain_ny - ny) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: part of %d x %d cells at (%d, %d) lies outside a grid "
                        "of %d x %d",
                        nx, ny, first_i, first_j, domain_nx, domain_ny);
    }
    if ((size_t)nx + 2 > (size_t)INT_MAX / ((size_t)ny + 2)) {
        return swe_fail(err, SWE_ERROR_USAGE, "a grid of %d x %d cells is too large", nx, ny);
    }
    if (!(width > 0.0) || !(height > 0.0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "the domain must have a positive size");
    }
    block->nx = nx;
    block->ny = ny;
    block->stride = nx + 2;
    block->first_i = first_i;
    block->first_j = first_j;
    block->domain_nx = domain_nx;
    block->domain_ny = domain_ny;
    block->dx = (real)(width / domain_nx);
    block->dy = (real)(height / domain_ny);
    block->x0 = x0;
    block->y0 = y0;
    block->width = width;
    block->height = height;
    const int inner[SWE_EDGE_COUNT] = {first_i > 0, first_i + nx<domain_nx, first_j> 0,
                                       first_j + ny < domain_ny};
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        block->boundary[edge] = inner[edge] ? SWE_BOUNDARY_CONNECT : SWE_BOUNDARY_WALL;
    }
    size_t count = swe_block_size(block);
    block->h = allocate_array(count);
    block->hu = allocate_array(count);
    block->hv = allocate_array(count);
    block->b = allocate_array(count);
    if (block->h == NULL || block->hu == NULL || block->hv == NULL || block->b == NULL) {
        swe_block_destroy(block);
        return swe_fail(err, SWE_ERROR_RUNTIME,
                        "out of memory for a grid of %d x %d cells (%zu MiB needed)", nx, ny,
                        4 * count * sizeof(real) >> 20);
    }
    return SWE_OK;
}

void swe_block_destroy(swe_block *block)
{
    if (block == NULL) {
        return;
    }
    free(block->h);
    free(block->hu);
    free(block->hv);
    free(block->b);
    block->h = block->hu = block->hv = block->b = NULL;
}

size_t swe_block_size(const swe_block *block)
{
    return (size_t)(block->nx + 2) * (size_t)(block->ny + 2);
}

int swe_block_interiors_equal(const swe_block *a, const swe_block *b)
{
    if (a == NULL || b == NULL || a->h == NULL || b->h == NULL || a->nx != b->nx ||
        a->ny != b->ny) {
        return 0;
    }
    const real *fields_a[] = {a->h, a->hu, a->hv, a->b};
    const real *fields_b[] = {b->h, b->hu, b->hv, b->b};
    for (int f = 0; f < 4; ++f) {
        for (int j = 1; j <= a->ny; ++j) {
            if (memcmp(&fields_a[f][SWE_INDEX(a, 1, j)], &fields_b[f][SWE_INDEX(b, 1, j)],
                       (size_t)a->nx * sizeof(real)) != 0) {
                return 0;
            }
        }
    }
    return 1;
}

double swe_block_cell_x(const swe_block *block, int i)
{
    return block->x0 + ((double)(block->first_i + i) - 0.5) * block->width / block->domain_nx;
}

double swe_block_cell_y(const swe_block *block, int j)
{
    return block->y0 + ((double)(block->first_j + j) - 0.5) * block->height / block->domain_ny;
}

double swe_block_volume(const swe_block *block)
{
    double volume = 0.0;
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            volume += (double)block->h[SWE_INDEX(block, i, j)];
        }
    }
    return volume * (double)block->dx * (double)block->dy;
}
