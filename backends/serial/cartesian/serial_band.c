/* The serial sweep over one band of rows (serial_band.h). */
#include "backends/serial/cartesian/serial_band.h"

swe_band_rows swe_band_rows_in(real *storage, int nx)
{
    const size_t length = (size_t)nx + 1, row = SWE_EDGE_ROW_ARRAYS * length;
    real *sides = storage + SWE_BAND_EDGE_ROWS * row;
    swe_band_rows rows;
    rows.vertical = swe_edge_row_in(storage, length);
    rows.below = swe_edge_row_in(storage + row, length);
    rows.above = swe_edge_row_in(storage + 2 * row, length);
    rows.band_top = swe_edge_row_in(storage + 3 * row, length);
    rows.sides[0] = swe_side_row_in(sides, length + 1);
    rows.sides[1] = swe_side_row_in(sides + SWE_SIDE_ROW_ARRAYS * (length + 1), length + 1);
    return rows;
}

void swe_serial_band_borders(const swe_block *block, int first, int last, enum swe_solver solver,
                             swe_band_rows *rows)
{
    if (first > last) {
        return;
    }
    swe_serial_edges_between_rows(block, first - 1, solver, rows->sides, &rows->below);
    swe_serial_edges_between_rows(block, last, solver, rows->sides, &rows->band_top);
}

swe_speed_bits swe_serial_band_sweep(swe_block *block, int first, int last, enum swe_solver solver,
                                     real dt, real manning, swe_band_rows *rows)
{
    swe_speed_bits max_speed = 0;
    if (first > last) {
        return max_speed;
    }
    swe_edge_row below = rows->below, above = rows->above;
    swe_side_row row = rows->sides[0], upper = rows->sides[1];
    swe_serial_row_sides(block, first, solver, &row);
    for (int j = first; j <= last; ++j) {
        if (j < last) {
            swe_serial_row_sides(block, j + 1, solver, &upper);
            swe_serial_horizontal_edges(&row, &upper, block->nx, solver, &above);
        }
        swe_serial_vertical_edges(&row, block->nx, solver, &rows->vertical);
        /* the edges above the band's last row are its border, solved before */
        real row_speed = swe_serial_update_row(block, j, dt, manning, &rows->vertical, &below,
                                               j < last ? &above : &rows->band_top);
        max_speed = swe_max_bits(max_speed, swe_speed_to_bits(row_speed));
        swe_edge_row used = below;
        below = above;
        above = used;
        swe_side_row done = row;
        row = upper;
        upper = done;
    }
    return max_speed;
}
