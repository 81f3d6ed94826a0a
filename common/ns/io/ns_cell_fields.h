/* The state at the cell centres, as float arrays of the interior cells (x
 * fastest), for the writers: velocity components, pressure and the
 * magnitude of the vorticity (host state synced: ns_solver_sync). */
#ifndef NS_CELL_FIELDS_H
#define NS_CELL_FIELDS_H

#include "ns/solver/ns_solver.h"

enum { NS_CELL_U, NS_CELL_V, NS_CELL_W, NS_CELL_P, NS_CELL_VORTICITY, NS_CELL_FIELDS };

typedef struct ns_cell_fields {
    size_t cells;
    float *field[NS_CELL_FIELDS];
    unsigned char *solid; /* 1 in solid cells */
} ns_cell_fields;

/* Allocates the arrays for solver's grid; SWE_ERROR_RUNTIME without memory. */
int ns_cell_fields_create(ns_cell_fields *fields, const ns_solver *solver, swe_error *err);
void ns_cell_fields_free(ns_cell_fields *fields);

/* Fills the arrays from the solver's host state. */
void ns_cell_fields_fill(ns_cell_fields *fields, const ns_solver *solver);

#endif
