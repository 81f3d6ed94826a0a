/* Renumbering a mesh's cells and edges: every array moves with its
 * element and every index is rewritten; no value is recomputed. */
#include "mesh/geometry/mesh_ordering.h"

#include <stdlib.h>
#include <string.h>

/* new_of_old of a numbering, or 0 when order is not a permutation. */
static int invert(const int *order, int count, int *new_of_old)
{
    for (int k = 0; k < count; ++k) {
        new_of_old[k] = -1;
    }
    for (int k = 0; k < count; ++k) {
        if (order[k] < 0 || order[k] >= count || new_of_old[order[k]] != -1) {
            return 0;
        }
        new_of_old[order[k]] = k;
    }
    return 1;
}

/* Moves `width` values of size `size` per element into their new places. */
static int move(void *array, const int *order, int count, size_t width, size_t size)
{
    size_t item = width * size;
    unsigned char *copy = malloc((size_t)count * item + 1);
    if (copy == NULL) {
        return 0;
    }
    const unsigned char *from = array;
    for (int k = 0; k < count; ++k) {
        memcpy(copy + (size_t)k * item, from + (size_t)order[k] * item, item);
    }
    memcpy(array, copy, (size_t)count * item);
    free(copy);
    return 1;
}

static int move_cells(swe_mesh *mesh, const int *order, const int *new_of_old)
{
    int c = mesh->cell_count;
    int ok = move(mesh->cell_node, order, c, 3, sizeof(int)) &&
             move(mesh->cell_edge, order, c, 3, sizeof(int)) &&
             move(mesh->cell_area, order, c, 1, sizeof(double)) &&
             move(mesh->cell_x, order, c, 1, sizeof(double)) &&
             move(mesh->cell_y, order, c, 1, sizeof(double)) &&
             move(mesh->cell_chi, order, c, 1, sizeof(double)) &&
             move(mesh->cell_file_index, order, c, 1, sizeof(int));
    for (int e = 0; ok && e < mesh->edge_count; ++e) {
        mesh->edge_left[e] = new_of_old[mesh->edge_left[e]];
        mesh->edge_right[e] = mesh->edge_right[e] >= 0 ? new_of_old[mesh->edge_right[e]] : -1;
    }
    return ok;
}

static int move_edges(swe_mesh *mesh, const int *order, const int *new_of_old)
{
    int e = mesh->edge_count;
    int ok = move(mesh->edge_left, order, e, 1, sizeof(int)) &&
             move(mesh->edge_right, order, e, 1, sizeof(int)) &&
             move(mesh->edge_node, order, e, 2, sizeof(int)) &&
             move(mesh->edge_normal_x, order, e, 1, sizeof(double)) &&
             move(mesh->edge_normal_y, order, e, 1, sizeof(double)) &&
             move(mesh->edge_length, order, e, 1, sizeof(double)) &&
             move(mesh->edge_mid_x, order, e, 1, sizeof(double)) &&
             move(mesh->edge_mid_y, order, e, 1, sizeof(double)) &&
             move(mesh->edge_group, order, e, 1, sizeof(int));
    for (size_t k = 0; ok && k < 3 * (size_t)mesh->cell_count; ++k) {
        mesh->cell_edge[k] = new_of_old[mesh->cell_edge[k]];
    }
    return ok;
}

/* Interior edges must keep the numbers below interior_edge_count. */
static int keeps_interior_first(const swe_mesh *mesh, const int *edge_order)
{
    for (int k = 0; k < mesh->edge_count; ++k) {
        if ((k < mesh->interior_edge_count) != (edge_order[k] < mesh->interior_edge_count)) {
            return 0;
        }
    }
    return 1;
}

int swe_mesh_permute(swe_mesh *mesh, const int *cell_order, const int *edge_order, swe_error *err)
{
    if (mesh == NULL || mesh->cell_count < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no mesh to renumber");
    }
    int largest = mesh->cell_count > mesh->edge_count ? mesh->cell_count : mesh->edge_count;
    int *new_of_old = malloc(((size_t)largest + 1) * sizeof *new_of_old);
    if (new_of_old == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a renumbering");
    }
    int status = SWE_OK;
    if (cell_order != NULL) {
        status = invert(cell_order, mesh->cell_count, new_of_old)
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_USAGE, "internal error: a cell order repeats");
        if (status == SWE_OK && !move_cells(mesh, cell_order, new_of_old)) {
            status = swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a renumbering");
        }
    }
    if (status == SWE_OK && edge_order != NULL) {
        status = invert(edge_order, mesh->edge_count, new_of_old) &&
                         keeps_interior_first(mesh, edge_order)
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_USAGE,
                                "internal error: an edge order repeats or mixes interior and "
                                "boundary edges");
        if (status == SWE_OK && !move_edges(mesh, edge_order, new_of_old)) {
            status = swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a renumbering");
        }
    }
    free(new_of_old);
    return status;
}
