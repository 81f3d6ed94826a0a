/* Element bookkeeping shared by both format versions, and the resolution
 * of node tags and curves once the whole file is read. */
#include "mesh/gmsh/msh_sections.h"

#include "core/memory_budget.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int swe_msh_check_memory(const swe_msh_cursor *cursor, const swe_msh_parse_state *state)
{
    double bytes = (double)cursor->size +
                   SWE_MSH_RUN_BYTES_PER_NODE * (double)state->declared_nodes +
                   SWE_MSH_RUN_BYTES_PER_ELEMENT * (double)state->declared_elements;
    char what[600], elements[48] = "";
    if (state->declared_elements > 0) {
        snprintf(elements, sizeof elements, ", %lld elements", state->declared_elements);
    }
    snprintf(what, sizeof what, "a run of the mesh '%s' (%lld nodes%s)", cursor->name,
             state->declared_nodes, elements);
    return swe_memory_check(what, bytes, "give a coarser mesh", cursor->err);
}

/* Node storage for count nodes; refuses a second $Nodes section. */
int swe_msh_allocate_nodes(swe_msh_cursor *cursor, swe_msh_parse_state *state, long long count)
{
    swe_msh_raw *raw = state->raw;
    if (state->has_nodes) {
        return swe_msh_fail(cursor, "a second $Nodes section");
    }
    state->has_nodes = 1;
    state->declared_nodes = count;
    int status = swe_msh_check_memory(cursor, state);
    if (status != SWE_OK) {
        return status;
    }
    size_t n = (size_t)count + 1;
    raw->node_x = malloc(n * sizeof *raw->node_x);
    raw->node_y = malloc(n * sizeof *raw->node_y);
    state->node_tag = malloc(n * sizeof *state->node_tag);
    if (raw->node_x == NULL || raw->node_y == NULL || state->node_tag == NULL) {
        return swe_fail(cursor->err, SWE_ERROR_RUNTIME, "out of memory for %lld nodes", count);
    }
    return SWE_OK;
}

int swe_msh_store_node(swe_msh_cursor *cursor, swe_msh_parse_state *state, long long tag,
                       const double xyz[3])
{
    if (tag < 1) {
        return swe_msh_fail(cursor, "node tag %lld is not positive", tag);
    }
    if (xyz[2] != 0.0) {
        return swe_msh_fail(cursor, "node %lld has z = %g: the mesh must lie in the plane z = 0",
                            tag, xyz[2]);
    }
    swe_msh_raw *raw = state->raw;
    raw->node_x[raw->node_count] = xyz[0];
    raw->node_y[raw->node_count] = xyz[1];
    state->node_tag[raw->node_count] = tag;
    raw->node_count++;
    return SWE_OK;
}

static const char *element_type_name(long long type)
{
    switch (type) {
    case 3:
        return "4-node quadrangle";
    case 4:
        return "tetrahedron";
    case 5:
        return "hexahedron";
    case 6:
        return "prism";
    case 7:
        return "pyramid";
    case 8:
        return "second-order line";
    case 9:
        return "second-order triangle";
    case 10:
    case 16:
        return "second-order quadrangle";
    default:
        return "element";
    }
}

int swe_msh_element_node_count(long long type)
{
    return type == 2 ? 3 : type == 1 ? 2 : type == 15 ? 1 : 0;
}

int swe_msh_check_element_type(swe_msh_cursor *cursor, long long type, long long element)
{
    if (swe_msh_element_node_count(type) > 0) {
        return SWE_OK;
    }
    return swe_msh_fail(cursor,
                        "element %lld is a %s (GMSH type %lld): shallows needs a 2D mesh of "
                        "3-node triangles (Mesh.ElementOrder = 1, no recombination)",
                        element, element_type_name(type), type);
}

static int grow(void **array, size_t new_count, size_t item)
{
    void *grown = realloc(*array, new_count * item);
    if (grown == NULL) {
        return 0;
    }
    *array = grown;
    return 1;
}

int swe_msh_reserve_elements(swe_msh_cursor *cursor, swe_msh_parse_state *state,
                             long long triangles, long long lines)
{
    swe_msh_raw *raw = state->raw;
    long long want_triangles = (long long)raw->triangle_count + triangles;
    long long want_lines = (long long)raw->line_count + lines;
    if (want_triangles > SWE_MSH_MAX_COUNT || want_lines > SWE_MSH_MAX_COUNT) {
        return swe_msh_fail(cursor, "more than %lld elements", SWE_MSH_MAX_COUNT);
    }
    state->declared_elements = want_triangles > want_lines ? want_triangles : want_lines;
    int status = swe_msh_check_memory(cursor, state);
    if (status != SWE_OK) {
        return status;
    }
    int ok = 1;
    if (want_triangles > state->triangle_capacity) {
        size_t n = (size_t)want_triangles;
        ok = grow((void **)&state->triangle_node_tag, 3 * n, sizeof(long long)) &&
             grow((void **)&raw->triangle_tags, n, sizeof(long)) &&
             grow((void **)&raw->triangle_nodes, 3 * n, sizeof(int));
        state->triangle_capacity = ok ? (int)n : state->triangle_capacity;
    }
    if (ok && want_lines > state->line_capacity) {
        size_t n = (size_t)want_lines;
        ok = grow((void **)&state->line_node_tag, 2 * n, sizeof(long long)) &&
             grow((void **)&state->line_curve, n, sizeof(long long)) &&
             grow((void **)&raw->line_tags, n, sizeof(long)) &&
             grow((void **)&raw->line_nodes, 2 * n, sizeof(int)) &&
             grow((void **)&raw->line_physical, n, sizeof(int));
        state->line_capacity = ok ? (int)n : state->line_capacity;
    }
    return ok ? SWE_OK : swe_fail(cursor->err, SWE_ERROR_RUNTIME, "out of memory for elements");
}

void swe_msh_add_triangle(swe_msh_parse_state *state, long long element, const long long *nodes)
{
    int t = state->raw->triangle_count++;
    memcpy(&state->triangle_node_tag[3 * (size_t)t], nodes, 3 * sizeof *nodes);
    state->raw->triangle_tags[t] = (long)element;
}

void swe_msh_add_line(swe_msh_parse_state *state, long long element, const long long *nodes,
                      int physical, long long curve)
{
    int l = state->raw->line_count++;
    memcpy(&state->line_node_tag[2 * (size_t)l], nodes, 2 * sizeof *nodes);
    state->raw->line_tags[l] = (long)element;
    state->raw->line_physical[l] = physical;
    state->line_curve[l] = curve;
}

typedef struct tag_index {
    long long tag;
    int index;
} tag_index;

static int by_tag(const void *a, const void *b)
{
    long long ta = ((const tag_index *)a)->tag, tb = ((const tag_index *)b)->tag;
    return (ta > tb) - (ta < tb);
}

static int find_node(const tag_index *sorted, int count, long long tag)
{
    int low = 0, high = count - 1;
    while (low <= high) {
        int middle = low + (high - low) / 2;
        if (sorted[middle].tag == tag) {
            return sorted[middle].index;
        }
        if (sorted[middle].tag < tag) {
            low = middle + 1;
        } else {
            high = middle - 1;
        }
    }
    return -1;
}

/* Node tags of count elements of `nodes` nodes each into indices. */
static int map_nodes(swe_msh_cursor *cursor, const tag_index *sorted, int node_count,
                     const long long *tags, int *indices, int count, int nodes,
                     const long *elements)
{
    for (size_t k = 0; k < (size_t)count * (size_t)nodes; ++k) {
        indices[k] = find_node(sorted, node_count, tags[k]);
        if (indices[k] < 0) {
            return swe_fail(cursor->err, SWE_ERROR_USAGE,
                            "%s: element %ld names node %lld, which $Nodes does not hold",
                            cursor->name, elements[k / (size_t)nodes], tags[k]);
        }
    }
    return SWE_OK;
}

static int by_curve_tag(const void *a, const void *b)
{
    long long ta = ((const swe_msh_curve *)a)->tag, tb = ((const swe_msh_curve *)b)->tag;
    return (ta > tb) - (ta < tb);
}

static int curve_physicals(swe_msh_cursor *cursor, swe_msh_parse_state *state)
{
    swe_msh_raw *raw = state->raw;
    if (!state->has_entities) {
        return SWE_OK;
    }
    qsort(state->curves, (size_t)state->curve_count, sizeof *state->curves, by_curve_tag);
    for (int l = 0; l < raw->line_count; ++l) {
        swe_msh_curve key = {.tag = state->line_curve[l]};
        const swe_msh_curve *curve = bsearch(&key, state->curves, (size_t)state->curve_count,
                                             sizeof *state->curves, by_curve_tag);
        if (curve == NULL) {
            return swe_fail(cursor->err, SWE_ERROR_USAGE,
                            "%s: element %ld lies on curve %lld, which $Entities does not list",
                            cursor->name, raw->line_tags[l], state->line_curve[l]);
        }
        raw->line_physical[l] = curve->physical;
    }
    return SWE_OK;
}

static int sorted_node_tags(swe_msh_cursor *cursor, swe_msh_parse_state *state, tag_index **sorted)
{
    int count = state->raw->node_count;
    *sorted = malloc(((size_t)count + 1) * sizeof **sorted);
    if (*sorted == NULL) {
        return swe_fail(cursor->err, SWE_ERROR_RUNTIME, "out of memory for node tags");
    }
    for (int n = 0; n < count; ++n) {
        (*sorted)[n] = (tag_index){state->node_tag[n], n};
    }
    qsort(*sorted, (size_t)count, sizeof **sorted, by_tag);
    for (int n = 1; n < count; ++n) {
        if ((*sorted)[n].tag == (*sorted)[n - 1].tag) {
            return swe_fail(cursor->err, SWE_ERROR_USAGE, "%s: node tag %lld is used twice",
                            cursor->name, (*sorted)[n].tag);
        }
    }
    return SWE_OK;
}

int swe_msh_resolve(swe_msh_cursor *cursor, swe_msh_parse_state *state)
{
    swe_msh_raw *raw = state->raw;
    if (!state->has_nodes || !state->has_elements) {
        return swe_fail(cursor->err, SWE_ERROR_USAGE, "%s: the file has no %s section",
                        cursor->name, state->has_nodes ? "$Elements" : "$Nodes");
    }
    if (raw->triangle_count == 0) {
        return swe_fail(cursor->err, SWE_ERROR_USAGE,
                        "%s: the mesh has no triangles (mesh the surface: gmsh -2)", cursor->name);
    }
    tag_index *sorted = NULL;
    int status = sorted_node_tags(cursor, state, &sorted);
    if (status == SWE_OK) {
        status = map_nodes(cursor, sorted, raw->node_count, state->triangle_node_tag,
                           raw->triangle_nodes, raw->triangle_count, 3, raw->triangle_tags);
    }
    if (status == SWE_OK) {
        status = map_nodes(cursor, sorted, raw->node_count, state->line_node_tag, raw->line_nodes,
                           raw->line_count, 2, raw->line_tags);
    }
    free(sorted);
    return status == SWE_OK ? curve_physicals(cursor, state) : status;
}

void swe_msh_state_free(swe_msh_parse_state *state)
{
    free(state->node_tag);
    free(state->triangle_node_tag);
    free(state->line_node_tag);
    free(state->line_curve);
    free(state->curves);
    memset(state, 0, sizeof *state);
}
