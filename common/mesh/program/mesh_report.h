/* What `shallows --mesh` prints besides the shared program's lines: the
 * list of scenarios, the set-up line of a run (mesh, ordering, bandwidth)
 * and the measures of the cases that have one. */
#ifndef SWE_MESH_REPORT_H
#define SWE_MESH_REPORT_H

#include "mesh/solver/mesh_model.h"

#include <stdio.h>

void swe_mesh_print_scenarios(FILE *stream);
void swe_mesh_print_setup(FILE *stream, const char *mesh_path, const swe_mesh_model *model);
/* The figure make validate compares, for a case that has one. */
void swe_mesh_print_measures(FILE *stream, const swe_mesh_model *model);

#endif
