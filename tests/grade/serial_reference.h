/* The reference serial kernels and backend under names of their own, so
 * that the graded tests link them beside the student's. tools/teaching.mk
 * compiles solutions/serial/ and backends/serial/ a second time with this
 * header forced in (-include) and SWE_REFERENCE_BUILD defined, then keeps
 * only the reference_* symbols global. */
#ifndef SWE_SERIAL_REFERENCE_H
#define SWE_SERIAL_REFERENCE_H

#include "grid/backend.h"
#include "serial_kernels.h"

void reference_serial_vertical_edges(const swe_block *block, int j, enum swe_solver solver,
                                     swe_edge_row *edges);
void reference_serial_horizontal_edges(const swe_block *block, int j, enum swe_solver solver,
                                       swe_edge_row *edges);
real reference_serial_update_row(swe_block *block, int j, real dt, real manning,
                                 const swe_edge_row *vertical, const swe_edge_row *below,
                                 const swe_edge_row *above);
real reference_serial_row_wave_speed(const swe_block *block, int j);
extern const swe_backend reference_serial_backend;

#ifdef SWE_REFERENCE_BUILD
#define swe_serial_vertical_edges reference_serial_vertical_edges
#define swe_serial_horizontal_edges reference_serial_horizontal_edges
#define swe_serial_update_row reference_serial_update_row
#define swe_serial_row_wave_speed reference_serial_row_wave_speed
#define swe_serial_backend reference_serial_backend
#endif

#endif
