#include "tests/grade/grade_mesh_parts.h"

#include "mesh/gmsh/msh_raw.h"
#include "mesh/gmsh/msh_writer.h"

#include <stdlib.h>
#include <string.h>

/* Element tags as a file would give them (1, 2, ... lines first), for
 * the messages of swe_mesh_build. */
int grade_mesh_number_elements(swe_msh_raw *raw, swe_error *err)
{
    raw->line_tags = malloc(((size_t)raw->line_count + 1) * sizeof *raw->line_tags);
    raw->triangle_tags = malloc(((size_t)raw->triangle_count + 1) * sizeof *raw->triangle_tags);
    if (raw->line_tags == NULL || raw->triangle_tags == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the element tags of a mesh");
    }
    for (int l = 0; l < raw->line_count; ++l) {
        raw->line_tags[l] = l + 1;
    }
    for (int t = 0; t < raw->triangle_count; ++t) {
        raw->triangle_tags[t] = raw->line_count + t + 1;
    }
    return SWE_OK;
}

int grade_mesh_parts_create(int n, unsigned long long seed, int ranks, grade_mesh_parts *parts,
                            swe_error *err)
{
    memset(parts, 0, sizeof *parts);
    swe_msh_raw raw;
    memset(&raw, 0, sizeof raw);
    int status = swe_msh_generate_square(n, 100.0, seed, &raw, err);
    if (status == SWE_OK) {
        status = grade_mesh_number_elements(&raw, err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_build(&raw, "the case's square", &parts->whole, err);
    }
    swe_msh_raw_free(&raw);
    if (status == SWE_OK) {
        status = swe_mesh_dual_graph_create(&parts->whole, &parts->graph, err);
    }
    if (status == SWE_OK) {
        parts->part = malloc(((size_t)parts->whole.cell_count + 1) * sizeof *parts->part);
        status = parts->part != NULL
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a split");
    }
    if (status == SWE_OK) {
        status = swe_mesh_partition(&parts->graph, ranks, SWE_MESH_PARTITION_RANDOM, seed,
                                    parts->part, err);
    }
    if (status != SWE_OK) {
        grade_mesh_parts_free(parts);
    }
    return status;
}

void grade_mesh_parts_free(grade_mesh_parts *parts)
{
    swe_mesh_dual_graph_free(&parts->graph);
    swe_mesh_free(&parts->whole);
    free(parts->part);
    memset(parts, 0, sizeof *parts);
}
