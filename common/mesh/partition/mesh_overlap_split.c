#include "mesh/partition/mesh_overlap_split.h"

#include "mesh/geometry/mesh_ordering.h"

#include <stdlib.h>

/* Marks the inner cells: owned, and at second order with owned
 * neighbours across every interior edge. */
static void mark_inner_cells(const swe_mesh *mesh, const int *layer, int order, char *inner)
{
    for (int c = 0; c < mesh->cell_count; ++c) {
        inner[c] = layer[mesh->cell_file_index[c]] == 0;
    }
    if (order != 2) {
        return;
    }
    for (int e = 0; e < mesh->interior_edge_count; ++e) {
        int l = mesh->edge_left[e], r = mesh->edge_right[e];
        if (layer[mesh->cell_file_index[l]] != 0 || layer[mesh->cell_file_index[r]] != 0) {
            inner[l] = 0;
            inner[r] = 0;
        }
    }
}

static int edge_is_inner(const swe_mesh *mesh, const char *inner, int e)
{
    return inner[mesh->edge_left[e]] &&
           (e >= mesh->interior_edge_count || inner[mesh->edge_right[e]]);
}

/* Appends the elements of [begin, end) whose mark is want to order. */
static int take(int begin, int end, int want, const char *marks, int *order, int count)
{
    for (int k = begin; k < end; ++k) {
        if (marks[k] == want) {
            order[count++] = k;
        }
    }
    return count;
}

static void fill_spans(const swe_mesh *mesh, int cells, int interior, int boundary,
                       swe_mesh_span *inner, swe_mesh_span *outer)
{
    int first_boundary = mesh->interior_edge_count;
    *inner = (swe_mesh_span){0, cells, 0, interior, first_boundary, first_boundary + boundary};
    *outer = (swe_mesh_span){cells,          mesh->cell_count,          interior,
                             first_boundary, first_boundary + boundary, mesh->edge_count};
}

int swe_mesh_overlap_split(swe_mesh *mesh, const int *layer, int order, swe_mesh_span *inner,
                           swe_mesh_span *outer, swe_error *err)
{
    if (mesh == NULL || layer == NULL || inner == NULL || outer == NULL ||
        (order != 1 && order != 2)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nothing to split for overlap");
    }
    size_t most =
        (size_t)(mesh->cell_count > mesh->edge_count ? mesh->cell_count : mesh->edge_count);
    char *cell_marks = malloc((size_t)mesh->cell_count + 1), *edge_marks = malloc(most + 1);
    int *cell_order = malloc(((size_t)mesh->cell_count + 1) * sizeof(int));
    int *edge_order = malloc(((size_t)mesh->edge_count + 1) * sizeof(int));
    int status = cell_marks && edge_marks && cell_order && edge_order
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the overlap split");
    if (status == SWE_OK) {
        mark_inner_cells(mesh, layer, order, cell_marks);
        for (int e = 0; e < mesh->edge_count; ++e) {
            edge_marks[e] = (char)edge_is_inner(mesh, cell_marks, e);
        }
        int cells = take(0, mesh->cell_count, 1, cell_marks, cell_order, 0);
        take(0, mesh->cell_count, 0, cell_marks, cell_order, cells);
        int interior = take(0, mesh->interior_edge_count, 1, edge_marks, edge_order, 0);
        int edges = take(0, mesh->interior_edge_count, 0, edge_marks, edge_order, interior);
        int boundary =
            take(mesh->interior_edge_count, mesh->edge_count, 1, edge_marks, edge_order, edges) -
            edges;
        take(mesh->interior_edge_count, mesh->edge_count, 0, edge_marks, edge_order,
             edges + boundary);
        fill_spans(mesh, cells, interior, boundary, inner, outer);
        status = swe_mesh_permute(mesh, cell_order, edge_order, err);
    }
    free(cell_marks);
    free(edge_marks);
    free(cell_order);
    free(edge_order);
    return status;
}
