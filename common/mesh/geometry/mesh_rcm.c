/* Reverse Cuthill-McKee on the cell graph of a mesh (cells are
 * neighbours when they share an edge): a breadth-first numbering from a
 * pseudo-peripheral cell, neighbours by increasing degree, reversed. It
 * keeps neighbouring cells close in memory (Optimized GPU n.d., eq. 19). */
#include "mesh/geometry/mesh_ordering.h"

#include <stdlib.h>

typedef struct cell_graph {
    const swe_mesh *mesh;
    int *level; /* breadth-first level, -1: not reached */
    int *queue;
} cell_graph;

/* The neighbours of cell c (at most 3), by increasing degree, then number. */
static int neighbours(const swe_mesh *mesh, int c, int out[3])
{
    int count = 0;
    for (int k = 0; k < 3; ++k) {
        int e = mesh->cell_edge[3 * c + k];
        if (e < mesh->interior_edge_count) {
            out[count++] = mesh->edge_left[e] == c ? mesh->edge_right[e] : mesh->edge_left[e];
        }
    }
    return count;
}

static int degree(const swe_mesh *mesh, int c)
{
    int ignored[3];
    return neighbours(mesh, c, ignored);
}

static int comes_first(const swe_mesh *mesh, int a, int b)
{
    int da = degree(mesh, a), db = degree(mesh, b);
    return da < db || (da == db && a < b);
}

static int sorted_neighbours(const swe_mesh *mesh, int c, int out[3])
{
    int count = neighbours(mesh, c, out);
    for (int pass = 0; pass < 2; ++pass) {
        for (int k = 0; k + 1 < count; ++k) {
            if (comes_first(mesh, out[k + 1], out[k])) {
                int kept = out[k];
                out[k] = out[k + 1];
                out[k + 1] = kept;
            }
        }
    }
    return count;
}

/* Breadth-first from start over unnumbered cells (level -1); returns the
 * number reached, in graph->queue; levels are left set. */
static int breadth_first(cell_graph *graph, int start)
{
    int head = 0, tail = 0;
    graph->queue[tail++] = start;
    graph->level[start] = 0;
    while (head < tail) {
        int c = graph->queue[head++], next[3];
        int count = sorted_neighbours(graph->mesh, c, next);
        for (int k = 0; k < count; ++k) {
            if (graph->level[next[k]] < 0) {
                graph->level[next[k]] = graph->level[c] + 1;
                graph->queue[tail++] = next[k];
            }
        }
    }
    return tail;
}

static void clear_levels(cell_graph *graph, int reached)
{
    for (int k = 0; k < reached; ++k) {
        graph->level[graph->queue[k]] = -1;
    }
}

/* George and Liu's pseudo-peripheral cell: from start, move to the
 * lowest-degree cell of the last level while the depth grows. */
static int peripheral_cell(cell_graph *graph, int start)
{
    int depth = -1;
    for (int round = 0; round < 16; ++round) {
        int reached = breadth_first(graph, start);
        int last = graph->queue[reached - 1];
        int new_depth = graph->level[last], best = last;
        for (int k = reached - 1; k >= 0 && graph->level[graph->queue[k]] == new_depth; --k) {
            best = comes_first(graph->mesh, graph->queue[k], best) ? graph->queue[k] : best;
        }
        clear_levels(graph, reached);
        if (new_depth <= depth) {
            break;
        }
        depth = new_depth;
        start = best;
    }
    return start;
}

int swe_mesh_rcm_order(const swe_mesh *mesh, int *order, swe_error *err)
{
    if (mesh == NULL || order == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no mesh to order");
    }
    size_t count = (size_t)mesh->cell_count + 1;
    cell_graph graph = {mesh, malloc(count * sizeof(int)), malloc(count * sizeof(int))};
    int *numbered = calloc(count, sizeof(int));
    if (graph.level == NULL || graph.queue == NULL || numbered == NULL) {
        free(graph.level);
        free(graph.queue);
        free(numbered);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the RCM ordering");
    }
    for (int c = 0; c < mesh->cell_count; ++c) {
        graph.level[c] = -1;
    }
    int placed = 0;
    for (int c = 0; c < mesh->cell_count; ++c) {
        if (numbered[c]) {
            continue;
        }
        int reached = breadth_first(&graph, peripheral_cell(&graph, c));
        for (int k = 0; k < reached; ++k) {
            numbered[graph.queue[k]] = 1;
            order[placed++] = graph.queue[k];
        }
    }
    for (int k = 0; k < placed / 2; ++k) {
        int kept = order[k];
        order[k] = order[placed - 1 - k];
        order[placed - 1 - k] = kept;
    }
    free(graph.level);
    free(graph.queue);
    free(numbered);
    return SWE_OK;
}
