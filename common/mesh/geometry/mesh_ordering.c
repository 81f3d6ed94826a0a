#include "mesh/geometry/mesh_ordering.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *const ordering_names[] = {"gmsh", "random", "rcm", "rcm+edges"};

int swe_mesh_ordering_parse(const char *name, enum swe_mesh_ordering *ordering, swe_error *err)
{
    for (int k = 0; name != NULL && k < 4; ++k) {
        if (strcmp(name, ordering_names[k]) == 0) {
            *ordering = (enum swe_mesh_ordering)k;
            return SWE_OK;
        }
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "unknown ordering '%s': use gmsh, random, rcm or rcm+edges",
                    name != NULL ? name : "(none)");
}

const char *swe_mesh_ordering_name(enum swe_mesh_ordering ordering)
{
    return (unsigned)ordering < 4 ? ordering_names[ordering] : "unknown";
}

int swe_mesh_bandwidth(const swe_mesh *mesh)
{
    int phi = 0;
    for (int e = 0; mesh != NULL && e < mesh->interior_edge_count; ++e) {
        int distance = abs(mesh->edge_left[e] - mesh->edge_right[e]);
        phi = distance > phi ? distance : phi;
    }
    return phi;
}

double swe_mesh_mean_neighbour_distance(const swe_mesh *mesh)
{
    double sum = 0;
    for (int e = 0; mesh != NULL && e < mesh->interior_edge_count; ++e) {
        sum += abs(mesh->edge_left[e] - mesh->edge_right[e]);
    }
    return mesh != NULL && mesh->interior_edge_count > 0 ? sum / mesh->interior_edge_count : 0;
}

/* splitmix64: a small, seedable generator for the random numbering. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Fisher-Yates over order[first..last-1]. */
static void shuffle(int *order, int first, int last, uint64_t *state)
{
    for (int k = last - 1; k > first; --k) {
        int pick = first + (int)(next_random(state) % (uint64_t)(k - first + 1));
        int kept = order[k];
        order[k] = order[pick];
        order[pick] = kept;
    }
}

typedef struct edge_sort_key {
    int low, high; /* the smaller and larger cell; -1 high on the boundary */
    int edge;
} edge_sort_key;

static int by_cell_pair(const void *a, const void *b)
{
    const edge_sort_key *x = a, *y = b;
    if (x->low != y->low) {
        return (x->low > y->low) - (x->low < y->low);
    }
    if (x->high != y->high) {
        return (x->high > y->high) - (x->high < y->high);
    }
    return (x->edge > y->edge) - (x->edge < y->edge);
}

/* Edges sorted by their (smaller, larger) cell pair, interior ones first
 * (Optimized GPU n.d., eq. 20): consecutive edges then read neighbouring
 * cells. */
static int sort_edges_by_cells(const swe_mesh *mesh, int *edge_order)
{
    edge_sort_key *keys = malloc(((size_t)mesh->edge_count + 1) * sizeof *keys);
    if (keys == NULL) {
        return 0;
    }
    for (int e = 0; e < mesh->edge_count; ++e) {
        int l = mesh->edge_left[e], r = mesh->edge_right[e];
        keys[e] =
            r < 0 ? (edge_sort_key){l, -1, e} : (edge_sort_key){l < r ? l : r, l < r ? r : l, e};
    }
    int interior = mesh->interior_edge_count;
    qsort(keys, (size_t)interior, sizeof *keys, by_cell_pair);
    qsort(keys + interior, (size_t)(mesh->edge_count - interior), sizeof *keys, by_cell_pair);
    for (int e = 0; e < mesh->edge_count; ++e) {
        edge_order[e] = keys[e].edge;
    }
    free(keys);
    return 1;
}

int swe_mesh_reorder(swe_mesh *mesh, enum swe_mesh_ordering ordering, unsigned long long seed,
                     swe_error *err)
{
    if (mesh == NULL || mesh->cell_count < 1 || (unsigned)ordering > SWE_MESH_ORDERING_RCM_EDGES) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no mesh or ordering");
    }
    if (ordering == SWE_MESH_ORDERING_GMSH) {
        return SWE_OK;
    }
    int *cells = malloc(((size_t)mesh->cell_count + 1) * sizeof *cells);
    int *edges = malloc(((size_t)mesh->edge_count + 1) * sizeof *edges);
    int status = cells != NULL && edges != NULL
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a renumbering");
    if (status == SWE_OK && ordering == SWE_MESH_ORDERING_RANDOM) {
        uint64_t state = seed;
        for (int k = 0; k < mesh->cell_count; ++k) {
            cells[k] = k;
        }
        for (int k = 0; k < mesh->edge_count; ++k) {
            edges[k] = k;
        }
        shuffle(cells, 0, mesh->cell_count, &state);
        shuffle(edges, 0, mesh->interior_edge_count, &state);
        shuffle(edges, mesh->interior_edge_count, mesh->edge_count, &state);
        status = swe_mesh_permute(mesh, cells, edges, err);
    } else if (status == SWE_OK) {
        status = swe_mesh_rcm_order(mesh, cells, err);
        if (status == SWE_OK) {
            status = swe_mesh_permute(mesh, cells, NULL, err);
        }
        if (status == SWE_OK && ordering == SWE_MESH_ORDERING_RCM_EDGES) {
            status = sort_edges_by_cells(mesh, edges)
                         ? swe_mesh_permute(mesh, NULL, edges, err)
                         : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a renumbering");
        }
    }
    free(cells);
    free(edges);
    return status;
}
