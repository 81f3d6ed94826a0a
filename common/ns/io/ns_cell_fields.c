#include "ns/io/ns_cell_fields.h"

#include "ns/solver/ns_diagnostics.h"

#include <math.h>
#include <stdlib.h>

int ns_cell_fields_create(ns_cell_fields *fields, const ns_solver *solver, swe_error *err)
{
    *fields = (ns_cell_fields){.cells = ns_grid_interior_cells(&solver->grid)};
    for (int f = 0; f < NS_CELL_FIELDS; ++f) {
        fields->field[f] = malloc(fields->cells * sizeof(float));
        if (fields->field[f] == NULL) {
            ns_cell_fields_free(fields);
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the output fields");
        }
    }
    fields->solid = malloc(fields->cells);
    if (fields->solid == NULL) {
        ns_cell_fields_free(fields);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the output fields");
    }
    return SWE_OK;
}

void ns_cell_fields_free(ns_cell_fields *fields)
{
    for (int f = 0; f < NS_CELL_FIELDS; ++f) {
        free(fields->field[f]);
        fields->field[f] = NULL;
    }
    free(fields->solid);
    fields->solid = NULL;
}

void ns_cell_fields_fill(ns_cell_fields *fields, const ns_solver *solver)
{
    const ns_grid *g = &solver->grid;
    size_t cell = 0;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            for (int i = 0; i < g->n[0]; ++i, ++cell) {
                double velocity[NS_AXES], vorticity[NS_AXES];
                ns_centre_velocity(solver, i, j, k, velocity);
                ns_centre_vorticity(solver, i, j, k, vorticity);
                for (int c = 0; c < NS_AXES; ++c) {
                    fields->field[NS_CELL_U + c][cell] = (float)velocity[c];
                }
                fields->field[NS_CELL_P][cell] = (float)solver->pressure[ns_index(g, i, j, k)];
                fields->solid[cell] = !solver->fluid[ns_index(g, i, j, k)];
                fields->field[NS_CELL_VORTICITY][cell] =
                    (float)sqrt(vorticity[0] * vorticity[0] + vorticity[1] * vorticity[1] +
                                vorticity[2] * vorticity[2]);
            }
        }
    }
}
