#include "mesh/geometry/mesh_colouring.h"

#include <stdlib.h>
#include <string.h>

static int cell_in_range(int cell, int cell_count, int may_be_none)
{
    return (cell >= 0 && cell < cell_count) || (may_be_none && cell == -1);
}

/* The colour of every edge (greedy), from the colours in use at each cell. */
static int colour_each_edge(int cell_count, int edge_count, const int *edge_left,
                            const int *edge_right, int *colour, swe_error *err)
{
    unsigned char *used = calloc((size_t)cell_count + 1, 1); /* bit k: colour k taken */
    if (used == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory colouring %d edges", edge_count);
    }
    for (int e = 0; e < edge_count; ++e) {
        int l = edge_left[e], r = edge_right[e];
        if (!cell_in_range(l, cell_count, 0) || !cell_in_range(r, cell_count, 1) || l == r) {
            free(used);
            return swe_fail(err, SWE_ERROR_USAGE,
                            "edge %d joins cells %d and %d, not cells of 0..%d", e, l, r,
                            cell_count - 1);
        }
        unsigned taken = used[l] | (r >= 0 ? used[r] : 0u);
        int k = 0;
        while (k < SWE_MESH_MAX_COLOURS && (taken >> k & 1u)) {
            ++k;
        }
        if (k == SWE_MESH_MAX_COLOURS) {
            free(used);
            return swe_fail(err, SWE_ERROR_USAGE, "edge %d: a cell of it has more than three edges",
                            e);
        }
        colour[e] = k;
        used[l] |= (unsigned char)(1u << k);
        if (r >= 0) {
            used[r] |= (unsigned char)(1u << k);
        }
    }
    free(used);
    return SWE_OK;
}

int swe_mesh_colour_edges(int cell_count, int edge_count, const int *edge_left,
                          const int *edge_right, swe_mesh_colouring *colouring, swe_error *err)
{
    if (colouring == NULL || cell_count < 1 || edge_count < 1 || edge_left == NULL ||
        edge_right == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nothing to colour");
    }
    memset(colouring, 0, sizeof *colouring);
    int *colour = malloc((size_t)edge_count * sizeof *colour);
    colouring->edges = malloc((size_t)edge_count * sizeof *colouring->edges);
    if (colour == NULL || colouring->edges == NULL) {
        free(colour);
        swe_mesh_colouring_free(colouring);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory colouring %d edges", edge_count);
    }
    int status = colour_each_edge(cell_count, edge_count, edge_left, edge_right, colour, err);
    if (status == SWE_OK) {
        int count[SWE_MESH_MAX_COLOURS] = {0};
        for (int e = 0; e < edge_count; ++e) {
            count[colour[e]]++;
            colouring->colour_count =
                colour[e] + 1 > colouring->colour_count ? colour[e] + 1 : colouring->colour_count;
        }
        for (int k = 0; k < SWE_MESH_MAX_COLOURS; ++k) {
            colouring->colour_start[k + 1] = colouring->colour_start[k] + count[k];
        }
        int next[SWE_MESH_MAX_COLOURS];
        memcpy(next, colouring->colour_start, sizeof next);
        for (int e = 0; e < edge_count; ++e) {
            colouring->edges[next[colour[e]]++] = e;
        }
    } else {
        swe_mesh_colouring_free(colouring);
    }
    free(colour);
    return status;
}

/* Marks the cells of the edges of colour k in owner (edge + 1 per cell),
 * failing on a cell that an edge of the colour has already marked. */
static int check_colour(const swe_mesh_colouring *colouring, int k, const int *edge_left,
                        const int *edge_right, int *owner, swe_error *err)
{
    for (int i = colouring->colour_start[k]; i < colouring->colour_start[k + 1]; ++i) {
        int e = colouring->edges[i];
        int cells[2] = {edge_left[e], edge_right[e]};
        for (int s = 0; s < 2; ++s) {
            if (cells[s] < 0) {
                continue;
            }
            if (owner[cells[s]] != 0) {
                return swe_fail(err, SWE_ERROR_USAGE,
                                "colour %d holds edges %d and %d, which share cell %d", k,
                                owner[cells[s]] - 1, e, cells[s]);
            }
            owner[cells[s]] = e + 1;
        }
    }
    /* Unmark, so that the next colour starts clean. */
    for (int i = colouring->colour_start[k]; i < colouring->colour_start[k + 1]; ++i) {
        int e = colouring->edges[i];
        owner[edge_left[e]] = 0;
        if (edge_right[e] >= 0) {
            owner[edge_right[e]] = 0;
        }
    }
    return SWE_OK;
}

int swe_mesh_colouring_check(int cell_count, int edge_count, const int *edge_left,
                             const int *edge_right, const swe_mesh_colouring *colouring,
                             swe_error *err)
{
    if (colouring == NULL || colouring->edges == NULL || colouring->colour_count < 1 ||
        colouring->colour_count > SWE_MESH_MAX_COLOURS ||
        colouring->colour_start[colouring->colour_count] != edge_count) {
        return swe_fail(err, SWE_ERROR_USAGE, "the colouring does not hold the %d edges",
                        edge_count);
    }
    int *owner = calloc((size_t)cell_count + (size_t)edge_count, sizeof *owner);
    if (owner == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory checking a colouring");
    }
    int *seen = owner + cell_count, status = SWE_OK;
    for (int i = 0; i < edge_count && status == SWE_OK; ++i) {
        int e = colouring->edges[i];
        if (e < 0 || e >= edge_count || seen[e]++ != 0) {
            status =
                swe_fail(err, SWE_ERROR_USAGE, "edge %d is missing or twice in the colouring", e);
        }
    }
    for (int k = 0; k < colouring->colour_count && status == SWE_OK; ++k) {
        status = check_colour(colouring, k, edge_left, edge_right, owner, err);
    }
    free(owner);
    return status;
}

void swe_mesh_colouring_free(swe_mesh_colouring *colouring)
{
    if (colouring != NULL) {
        free(colouring->edges);
        memset(colouring, 0, sizeof *colouring);
    }
}
