/* The guard against a state that is no longer physical: NaN or infinite
 * values, or a negative depth. Output never shows such a state. */
#ifndef SWE_STATE_CHECK_H
#define SWE_STATE_CHECK_H

#include "grid/block.h"

/* Finds the first interior cell (row by row from (1, 1)) whose h, hu, hv
 * or b is not finite or whose depth is negative. Returns 1 and its indices
 * in *i, *j when there is one, else 0 (also for a missing block). */
int swe_state_find_invalid(const swe_block *block, int *i, int *j);

/* One line describing what is wrong with cell (i, j), for messages; the
 * cell is numbered as in the whole domain (first_i + i, first_j + j). */
void swe_state_describe_cell(const swe_block *block, int i, int j, char *text, size_t size);

#endif
