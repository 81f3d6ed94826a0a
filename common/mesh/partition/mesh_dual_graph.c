#include "mesh/partition/mesh_dual_graph.h"

#include <stdlib.h>
#include <string.h>

int swe_mesh_dual_graph_create(const swe_mesh *mesh, swe_mesh_dual_graph *graph, swe_error *err)
{
    if (mesh == NULL || graph == NULL || mesh->cell_count < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no mesh for a dual graph");
    }
    memset(graph, 0, sizeof *graph);
    graph->cell_count = mesh->cell_count;
    graph->offsets = calloc((size_t)mesh->cell_count + 1, sizeof *graph->offsets);
    graph->neighbours = malloc(2 * (size_t)mesh->interior_edge_count * sizeof(int) + 1);
    graph->cell_x = malloc((size_t)mesh->cell_count * sizeof *graph->cell_x);
    graph->cell_y = malloc((size_t)mesh->cell_count * sizeof *graph->cell_y);
    int *filled = calloc((size_t)mesh->cell_count + 1, sizeof *filled);
    if (graph->offsets == NULL || graph->neighbours == NULL || graph->cell_x == NULL ||
        graph->cell_y == NULL || filled == NULL) {
        free(filled);
        swe_mesh_dual_graph_free(graph);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the dual graph");
    }
    for (int e = 0; e < mesh->interior_edge_count; ++e) {
        graph->offsets[mesh->edge_left[e] + 1]++;
        graph->offsets[mesh->edge_right[e] + 1]++;
    }
    for (int c = 0; c < mesh->cell_count; ++c) {
        graph->offsets[c + 1] += graph->offsets[c];
    }
    /* Neighbours in edge order: the graph, and so a partition of it,
     * depends on the mesh's numbering only. */
    for (int e = 0; e < mesh->interior_edge_count; ++e) {
        int left = mesh->edge_left[e], right = mesh->edge_right[e];
        graph->neighbours[graph->offsets[left] + filled[left]++] = right;
        graph->neighbours[graph->offsets[right] + filled[right]++] = left;
    }
    free(filled);
    memcpy(graph->cell_x, mesh->cell_x, (size_t)mesh->cell_count * sizeof *graph->cell_x);
    memcpy(graph->cell_y, mesh->cell_y, (size_t)mesh->cell_count * sizeof *graph->cell_y);
    return SWE_OK;
}

void swe_mesh_dual_graph_free(swe_mesh_dual_graph *graph)
{
    if (graph == NULL) {
        return;
    }
    free(graph->offsets);
    free(graph->neighbours);
    free(graph->cell_x);
    free(graph->cell_y);
    memset(graph, 0, sizeof *graph);
}
