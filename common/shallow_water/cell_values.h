/* How the guard shows a cell's state: every field, and which of them is
 * bad, so that a depth that looks valid does not hide a momentum that is
 * not a number. */
#ifndef SWE_CELL_VALUES_H
#define SWE_CELL_VALUES_H

#include <stddef.h>

/* "h = 0.0299, hu = nan, hv = nan (not finite: hu, hv)"; "(negative
 * depth)" for a finite h below zero; nothing added when all are valid. */
void swe_describe_cell_values(char *text, size_t size, double h, double hu, double hv);

#endif
