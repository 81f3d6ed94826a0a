#include "cartesian/grid/ring_step.h"

#include "cartesian/grid/boundary.h"
#include "shallow_water/cell_update.h"

#include <string.h>

/* Where the side of the ring along edge lies in the block: its first
 * interior cell and its size; nx == 0 when the side is empty (a block one
 * or two cells thin has fewer distinct sides). */
static void side_of(const swe_block *block, enum swe_edge edge, int *first_i, int *first_j, int *nx,
                    int *ny)
{
    *first_i = 1;
    *first_j = 1;
    *nx = 0;
    *ny = 0;
    switch (edge) {
    case SWE_EDGE_BOTTOM: /* row 1, corners included */
        *nx = block->nx;
        *ny = 1;
        break;
    case SWE_EDGE_TOP: /* row ny, unless it is row 1 */
        *first_j = block->ny;
        *nx = block->ny >= 2 ? block->nx : 0;
        *ny = 1;
        break;
    case SWE_EDGE_LEFT: /* column 1 between the two rows */
        *first_j = 2;
        *nx = block->ny >= 3 ? 1 : 0;
        *ny = block->ny - 2;
        break;
    default: /* column nx between the rows, unless it is column 1 */
        *first_i = block->nx;
        *first_j = 2;
        *nx = block->ny >= 3 && block->nx >= 2 ? 1 : 0;
        *ny = block->ny - 2;
        break;
    }
}

static int is_ghost(const swe_block *block, int i, int j)
{
    return i == 0 || j == 0 || i == block->nx + 1 || j == block->ny + 1;
}

/* Copies the cells of window e and its ghost layers (corners aside) from
 * the block: the block's own cells (ghosts == 0) or its ghost cells
 * (ghosts == 1). */
static void fill_window(swe_ring_step *ring, int e, const swe_block *block, int ghosts)
{
    swe_block *window = &ring->window[e];
    const int offset_i = ring->offset_i[e], offset_j = ring->offset_j[e];
    for (int b = 0; b <= window->ny + 1; ++b) {
        for (int a = 0; a <= window->nx + 1; ++a) {
            int corner = (a == 0 || a == window->nx + 1) && (b == 0 || b == window->ny + 1);
            int i = offset_i + a, j = offset_j + b;
            if (corner || is_ghost(block, i, j) != ghosts) {
                continue;
            }
            size_t from = SWE_INDEX(block, i, j), to = SWE_INDEX(window, a, b);
            window->h[to] = block->h[from];
            window->hu[to] = block->hu[from];
            window->hv[to] = block->hv[from];
            window->b[to] = block->b[from];
        }
    }
}

static void copy_back(const swe_ring_step *ring, int e, swe_block *block)
{
    const swe_block *window = &ring->window[e];
    for (int b = 1; b <= window->ny; ++b) {
        for (int a = 1; a <= window->nx; ++a) {
            size_t from = SWE_INDEX(window, a, b);
            size_t to = SWE_INDEX(block, ring->offset_i[e] + a, ring->offset_j[e] + b);
            block->h[to] = window->h[from];
            block->hu[to] = window->hu[from];
            block->hv[to] = window->hv[from];
        }
    }
}

/* Creates the windows on first use. */
static int prepare_windows(swe_ring_step *ring, const swe_block *block, swe_error *err)
{
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        swe_block *window = &ring->window[edge];
        int first_i, first_j, nx, ny;
        side_of(block, edge, &first_i, &first_j, &nx, &ny);
        if (nx == 0 || window->h != NULL) {
            continue;
        }
        int status = swe_block_create(window, nx, ny, 0, 0, 1, 1, err);
        if (status != SWE_OK) {
            swe_ring_step_free(ring);
            return status;
        }
        ring->offset_i[edge] = first_i - 1;
        ring->offset_j[edge] = first_j - 1;
        window->dx = block->dx;
        window->dy = block->dy;
        window->backend = block->backend;
        window->ext = block->ext;
        for (int side = 0; side < SWE_EDGE_COUNT; ++side) {
            window->boundary[side] = SWE_BOUNDARY_CONNECT; /* ghosts come from the block */
        }
    }
    return SWE_OK;
}

int swe_ring_step_interior(swe_ring_step *ring, swe_block *block, swe_step_function step, real dt,
                           swe_error *err)
{
    if (ring == NULL || block == NULL || block->h == NULL || step == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: ring step without a block");
    }
    int status = prepare_windows(ring, block, err);
    if (status != SWE_OK) {
        return status;
    }
    swe_set_boundary_layers(block);
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        if (ring->window[edge].h != NULL) {
            fill_window(ring, edge, block, 0);
        }
    }
    ring->interior_speed = 0;
    if (block->nx < 3 || block->ny < 3) {
        return SWE_OK; /* all ring */
    }
    swe_block view = *block;
    const size_t start = SWE_INDEX(block, 1, 1);
    view.h += start;
    view.hu += start;
    view.hv += start;
    view.b += start;
    view.nx = block->nx - 2;
    view.ny = block->ny - 2;
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        view.boundary[edge] = SWE_BOUNDARY_CONNECT; /* the ring is its ghost layer */
    }
    return step(&view, dt, &ring->interior_speed, err);
}

int swe_ring_step_finish(swe_ring_step *ring, swe_block *block, swe_step_function step, real dt,
                         real *next_speed, swe_error *err)
{
    if (ring == NULL || block == NULL || step == NULL || next_speed == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: ring step without a block");
    }
    real speed = ring->interior_speed;
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        swe_block *window = &ring->window[edge];
        if (window->h == NULL) {
            continue;
        }
        fill_window(ring, edge, block, 1);
        real window_speed = 0;
        int status = step(window, dt, &window_speed, err);
        if (status != SWE_OK) {
            return status;
        }
        speed = swe_max_speed(speed, window_speed);
    }
    /* Only now: each window was filled from the ring's old values. */
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        if (ring->window[edge].h != NULL) {
            copy_back(ring, edge, block);
        }
    }
    *next_speed = speed;
    return SWE_OK;
}

void swe_ring_step_free(swe_ring_step *ring)
{
    if (ring == NULL) {
        return;
    }
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        swe_block_destroy(&ring->window[edge]);
        memset(&ring->window[edge], 0, sizeof ring->window[edge]);
    }
}
