/* The serial backend: the host arrays are the state; one step sweeps the
 * block row by row, updating each row in place as soon as the edges that
 * touch it are known. The horizontal edges above a row are computed before
 * the row changes and reused as the edges below the next row, so every
 * edge is solved once and the state is read and written once per step;
 * likewise each row's sides are built once, before the row or the one
 * below it changes, and serve the edges below, beside and above it. */
#include "backends/serial/cartesian/serial_kernels.h"
#include "backends/serial/serial_model.h"
#include "cartesian/grid/backend.h"
#include "cartesian/grid/boundary.h"
#include "cartesian/grid/copy_layer.h"
#include "cartesian/grid/ring_step.h"
#include "shallow_water/cell_update.h"

#include <stdlib.h>

typedef struct serial_fields {
    enum swe_solver solver;
    real manning;  /* Manning coefficient; 0: no friction */
    real *storage; /* all edge and side rows in one allocation */
    swe_edge_row vertical, below, above;
    swe_side_row sides[2]; /* sides of the row being updated and of the one above */
    swe_ring_step ring;    /* for step_interior / step_ring */
} serial_fields;

static int serial_init(swe_block *block, const swe_cartesian_backend_config *config, swe_error *err)
{
    if (block == NULL || config == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: serial init without a block");
    }
    serial_fields *fields = calloc(1, sizeof *fields);
    size_t length = (size_t)block->nx + 1, edge_values = 3 * SWE_EDGE_ROW_ARRAYS * length;
    size_t side_length = length + 1;
    real *storage = fields != NULL
                        ? calloc(edge_values + 2 * SWE_SIDE_ROW_ARRAYS * side_length, sizeof(real))
                        : NULL;
    if (storage == NULL) {
        free(fields);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the serial edge buffers");
    }
    fields->solver = config->solver;
    fields->manning = config->manning;
    fields->storage = storage;
    fields->vertical = swe_edge_row_in(storage, length);
    fields->below = swe_edge_row_in(storage + SWE_EDGE_ROW_ARRAYS * length, length);
    fields->above = swe_edge_row_in(storage + 2 * SWE_EDGE_ROW_ARRAYS * length, length);
    fields->sides[0] = swe_side_row_in(storage + edge_values, side_length);
    fields->sides[1] =
        swe_side_row_in(storage + edge_values + SWE_SIDE_ROW_ARRAYS * side_length, side_length);
    block->ext = fields;
    return SWE_OK;
}

static void serial_finalize(swe_block *block)
{
    if (block == NULL || block->ext == NULL) {
        return;
    }
    serial_fields *fields = block->ext;
    swe_ring_step_free(&fields->ring);
    free(fields->storage);
    free(fields);
    block->ext = NULL;
}

static int serial_sync(swe_block *block, swe_error *err)
{
    (void)block;
    (void)err;
    return SWE_OK; /* the host arrays are the state */
}

static int serial_max_wave_speed(swe_block *block, real *speed, swe_error *err)
{
    (void)err;
    real max_speed = 0;
    for (int j = 1; j <= block->ny; ++j) {
        real row_speed = swe_serial_row_wave_speed(block, j);
        max_speed = swe_max_speed(max_speed, row_speed);
    }
    *speed = max_speed;
    return SWE_OK;
}

static int serial_step(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    (void)err;
    serial_fields *fields = block->ext;
    swe_set_boundary_layers(block);
    const enum swe_solver solver = fields->solver;
    swe_edge_row below = fields->below, above = fields->above;
    swe_serial_edges_between_rows(block, 0, solver, fields->sides, &below);
    swe_side_row lower = fields->sides[0], upper = fields->sides[1];
    real max_speed = 0;
    for (int j = 1; j <= block->ny; ++j) {
        swe_side_row row = upper; /* row j, still as it was */
        upper = lower;
        swe_serial_row_sides(block, j + 1, solver, &upper);
        swe_serial_horizontal_edges(&row, &upper, block->nx, solver, &above);
        swe_serial_vertical_edges(&row, block->nx, solver, &fields->vertical);
        real row_speed =
            swe_serial_update_row(block, j, dt, fields->manning, &fields->vertical, &below, &above);
        max_speed = swe_max_speed(max_speed, row_speed);
        lower = row;
        swe_edge_row used = below;
        below = above;
        above = used;
    }
    *next_speed = max_speed;
    return SWE_OK;
}

static int serial_step_interior(swe_block *block, real dt, swe_error *err)
{
    serial_fields *fields = block->ext;
    return swe_ring_step_interior(&fields->ring, block, serial_step, dt, err);
}

static int serial_step_ring(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    serial_fields *fields = block->ext;
    return swe_ring_step_finish(&fields->ring, block, serial_step, dt, next_speed, err);
}

const swe_cartesian_backend swe_cartesian_serial_backend = {
    .table = {&swe_serial_model, "one core, row-by-row sweep (reference for all others)", 0},
    .init = serial_init,
    .finalize = serial_finalize,
    .sync_after_write = serial_sync,
    .sync_before_read = serial_sync,
    .max_wave_speed = serial_max_wave_speed,
    .step = serial_step,
    .advance = NULL,
    .pack_copy_layer = swe_host_pack_copy_layer,
    .unpack_ghost_layer = swe_host_unpack_ghost_layer,
    .step_interior = serial_step_interior,
    .step_ring = serial_step_ring,
};
