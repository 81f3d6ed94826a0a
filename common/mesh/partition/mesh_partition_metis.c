/* METIS's k-way partitioning of the dual graph (METIS 5 C API): cells of
 * equal weight, fewest cut edges within METIS's default 3 % imbalance. */
#include "mesh/partition/mesh_partition.h"

#include <metis.h>
#include <stdlib.h>

int swe_mesh_partition_have_metis(void)
{
    return 1;
}

static const char *metis_failure(int code)
{
    switch (code) {
    case METIS_ERROR_INPUT:
        return "the graph or the options are invalid (METIS_ERROR_INPUT)";
    case METIS_ERROR_MEMORY:
        return "out of memory (METIS_ERROR_MEMORY)";
    default:
        return "an error (METIS_ERROR)";
    }
}

int swe_mesh_partition_metis(const swe_mesh_dual_graph *graph, int parts, unsigned long long seed,
                             int *part, swe_error *err)
{
    if (graph == NULL || part == NULL || parts < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nothing for METIS to partition");
    }
    /* idx_t may be wider than int (a METIS built with 64-bit indices). */
    idx_t vertices = graph->cell_count, constraints = 1, nparts = parts, cut = 0;
    size_t arcs = (size_t)graph->offsets[graph->cell_count];
    idx_t *offsets = malloc(((size_t)vertices + 1) * sizeof *offsets);
    idx_t *neighbours = malloc((arcs + 1) * sizeof *neighbours);
    idx_t *parts_of = malloc(((size_t)vertices + 1) * sizeof *parts_of);
    int status = offsets != NULL && neighbours != NULL && parts_of != NULL
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for METIS's graph");
    if (status == SWE_OK) {
        for (idx_t c = 0; c <= vertices; ++c) {
            offsets[c] = graph->offsets[c];
        }
        for (size_t k = 0; k < arcs; ++k) {
            neighbours[k] = graph->neighbours[k];
        }
        idx_t options[METIS_NOPTIONS];
        METIS_SetDefaultOptions(options);
        options[METIS_OPTION_NUMBERING] = 0;
        options[METIS_OPTION_SEED] = (idx_t)(seed % 1000003); /* the same split every run */
        int code = METIS_PartGraphKway(&vertices, &constraints, offsets, neighbours, NULL, NULL,
                                       NULL, &nparts, NULL, NULL, options, &cut, parts_of);
        status = code == METIS_OK ? SWE_OK
                                  : swe_fail(err, SWE_ERROR_RUNTIME,
                                             "METIS_PartGraphKway into %d parts failed: %s", parts,
                                             metis_failure(code));
    }
    for (idx_t c = 0; status == SWE_OK && c < vertices; ++c) {
        part[c] = (int)parts_of[c];
    }
    free(offsets);
    free(neighbours);
    free(parts_of);
    return status;
}
