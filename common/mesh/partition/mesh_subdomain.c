#include "mesh/partition/mesh_subdomain.h"

#include "mesh/gmsh/msh_raw.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The cells of the part: owned ones in the whole mesh's order, then the
 * halo by breadth-first layers; layer_of[c] is each whole cell's layer,
 * -1 outside. Fills cells[] (whole numbers) and returns their count. */
static int select_cells(const swe_mesh_dual_graph *graph, const int *part, int rank, int layers,
                        int *layer_of, int *cells)
{
    int count = 0;
    for (int c = 0; c < graph->cell_count; ++c) {
        layer_of[c] = part[c] == rank ? 0 : -1;
        if (part[c] == rank) {
            cells[count++] = c;
        }
    }
    int layer_start = 0;
    for (int layer = 1; layer <= layers; ++layer) {
        int layer_end = count;
        for (int k = layer_start; k < layer_end; ++k) {
            int c = cells[k];
            for (int n = graph->offsets[c]; n < graph->offsets[c + 1]; ++n) {
                int neighbour = graph->neighbours[n];
                if (layer_of[neighbour] < 0) {
                    layer_of[neighbour] = layer;
                    cells[count++] = neighbour;
                }
            }
        }
        layer_start = layer_end;
    }
    return count;
}

static int allocate_raw(swe_msh_raw *raw, int nodes, int triangles, int lines, int groups)
{
    memset(raw, 0, sizeof *raw);
    raw->node_x = malloc(((size_t)nodes + 1) * sizeof(double));
    raw->node_y = malloc(((size_t)nodes + 1) * sizeof(double));
    raw->triangle_nodes = malloc(3 * ((size_t)triangles + 1) * sizeof(int));
    raw->triangle_tags = malloc(((size_t)triangles + 1) * sizeof(long));
    raw->line_nodes = malloc(2 * ((size_t)lines + 1) * sizeof(int));
    raw->line_tags = malloc(((size_t)lines + 1) * sizeof(long));
    raw->line_physical = malloc(((size_t)lines + 1) * sizeof(int));
    raw->groups = calloc((size_t)groups + 1, sizeof(swe_msh_group));
    return raw->node_x && raw->node_y && raw->triangle_nodes && raw->triangle_tags &&
           raw->line_nodes && raw->line_tags && raw->line_physical && raw->groups;
}

/* The whole mesh's named boundary edges that lie on the part's cells. */
static int count_lines(const swe_mesh *whole, const int *layer_of)
{
    int lines = 0;
    for (int e = whole->interior_edge_count; e < whole->edge_count; ++e) {
        lines += layer_of[whole->edge_left[e]] >= 0 && whole->edge_group[e] != SWE_MESH_NO_GROUP;
    }
    return lines;
}

/* The part as a GMSH file would give it: its cells' nodes, the cells
 * (tagged by their whole numbers, for messages) and the named lines. */
static int raw_of_part(const swe_mesh *whole, const int *cells, int count, const int *layer_of,
                       int *node_of, swe_msh_raw *raw)
{
    if (!allocate_raw(raw, whole->node_count, count, count_lines(whole, layer_of),
                      whole->group_count)) {
        return 0;
    }
    memset(node_of, -1, (size_t)whole->node_count * sizeof *node_of);
    for (int k = 0; k < count; ++k) {
        for (int corner = 0; corner < 3; ++corner) {
            int node = whole->cell_node[3 * (size_t)cells[k] + corner];
            if (node_of[node] < 0) {
                node_of[node] = raw->node_count++;
                raw->node_x[node_of[node]] = whole->node_x[node];
                raw->node_y[node_of[node]] = whole->node_y[node];
            }
            raw->triangle_nodes[3 * (size_t)k + corner] = node_of[node];
        }
        raw->triangle_tags[k] = whole->cell_file_index[cells[k]] + 1L;
    }
    raw->triangle_count = count;
    for (int e = whole->interior_edge_count; e < whole->edge_count; ++e) {
        if (layer_of[whole->edge_left[e]] < 0 || whole->edge_group[e] == SWE_MESH_NO_GROUP) {
            continue;
        }
        int l = raw->line_count++;
        raw->line_nodes[2 * (size_t)l] = node_of[whole->edge_node[2 * (size_t)e]];
        raw->line_nodes[2 * (size_t)l + 1] = node_of[whole->edge_node[2 * (size_t)e + 1]];
        raw->line_tags[l] = e + 1L;
        raw->line_physical[l] = whole->groups[whole->edge_group[e]].tag;
    }
    for (int g = 0; g < whole->group_count; ++g) { /* in tag order, as the reader sorts them */
        raw->groups[g].dimension = 1;
        raw->groups[g].tag = whole->groups[g].tag;
        snprintf(raw->groups[g].name, sizeof raw->groups[g].name, "%s", whole->groups[g].name);
    }
    raw->group_count = whole->group_count;
    return 1;
}

/* Per k: the whole cell, its owner and its layer. */
static int describe_cells(swe_mesh_subdomain *sub, const swe_mesh *whole, const int *cells,
                          const int *part, const int *layer_of)
{
    size_t size = ((size_t)sub->cell_count + 1) * sizeof(int);
    sub->whole_cell = malloc(size);
    sub->owner = malloc(size);
    sub->layer = malloc(size);
    if (sub->whole_cell == NULL || sub->owner == NULL || sub->layer == NULL) {
        return 0;
    }
    for (int k = 0; k < sub->cell_count; ++k) {
        sub->whole_cell[k] = whole->cell_file_index[cells[k]];
        sub->owner[k] = part[cells[k]];
        sub->layer[k] = layer_of[cells[k]];
        sub->owned_count += sub->layer[k] == 0;
        if (sub->layer[k] > 0) {
            sub->mesh.cell_chi[k] = INFINITY; /* the header says why */
        }
    }
    return 1;
}

int swe_mesh_subdomain_create(const swe_mesh *whole, const swe_mesh_dual_graph *graph,
                              const int *part, int rank, int layers, swe_mesh_subdomain *sub,
                              swe_error *err)
{
    if (whole == NULL || graph == NULL || part == NULL || sub == NULL || layers < 1 ||
        graph->cell_count != whole->cell_count) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no part of a mesh to build");
    }
    memset(sub, 0, sizeof *sub);
    size_t size = ((size_t)whole->cell_count + (size_t)whole->node_count + 1) * sizeof(int);
    int *layer_of = malloc(size), *cells = malloc(size), *node_of = malloc(size);
    swe_msh_raw raw;
    memset(&raw, 0, sizeof raw);
    int status = layer_of != NULL && cells != NULL && node_of != NULL
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a mesh's part");
    if (status == SWE_OK) {
        sub->cell_count = select_cells(graph, part, rank, layers, layer_of, cells);
        if (!raw_of_part(whole, cells, sub->cell_count, layer_of, node_of, &raw)) {
            status = swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a mesh's part");
        }
    }
    if (status == SWE_OK) {
        status = swe_mesh_build(&raw, "a rank's part of the mesh", &sub->mesh, err);
    }
    if (status == SWE_OK && !describe_cells(sub, whole, cells, part, layer_of)) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a mesh's part");
    }
    swe_msh_raw_free(&raw);
    free(layer_of);
    free(cells);
    free(node_of);
    if (status != SWE_OK) {
        swe_mesh_subdomain_free(sub);
    }
    return status;
}

void swe_mesh_subdomain_free(swe_mesh_subdomain *sub)
{
    if (sub == NULL) {
        return;
    }
    swe_mesh_free(&sub->mesh);
    free(sub->whole_cell);
    free(sub->owner);
    free(sub->layer);
    memset(sub, 0, sizeof *sub);
}
