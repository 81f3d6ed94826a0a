/* The $Nodes and $Elements sections of GMSH format 2.2, ASCII and binary.
 * In 2.2 every element carries its tags, the first being its physical
 * group. */
#include "mesh/gmsh/msh_sections.h"

static int read_node(swe_msh_cursor *cursor, swe_msh_parse_state *state)
{
    long long tag = 0;
    double xyz[3];
    int status;
    if (cursor->binary) {
        int32_t tag32 = 0;
        status = swe_msh_read_i32(cursor, "a node tag", &tag32);
        tag = tag32;
        for (int k = 0; k < 3 && status == SWE_OK; ++k) {
            status = swe_msh_read_f64(cursor, "a node coordinate", &xyz[k]);
        }
    } else {
        status = swe_msh_long(cursor, -SWE_MSH_MAX_TAG, SWE_MSH_MAX_TAG, "a node tag", &tag);
        for (int k = 0; k < 3 && status == SWE_OK; ++k) {
            status = swe_msh_double(cursor, "a node coordinate", &xyz[k]);
        }
    }
    return status == SWE_OK ? swe_msh_store_node(cursor, state, tag, xyz) : status;
}

int swe_msh_v2_nodes(swe_msh_cursor *cursor, swe_msh_parse_state *state)
{
    long long count = 0;
    int status = swe_msh_long(cursor, 0, SWE_MSH_MAX_COUNT, "the number of nodes", &count);
    if (status == SWE_OK) {
        status = cursor->binary ? swe_msh_skip_line(cursor) : SWE_OK;
    }
    if (status == SWE_OK) {
        status = swe_msh_check_count(cursor, count, cursor->binary ? 28 : 8, "nodes");
    }
    if (status == SWE_OK) {
        status = swe_msh_allocate_nodes(cursor, state, count);
    }
    for (long long n = 0; n < count && status == SWE_OK; ++n) {
        status = read_node(cursor, state);
    }
    return status == SWE_OK ? swe_msh_expect(cursor, "$EndNodes") : status;
}

/* One element of a known type whose tags are read: its nodes, stored. */
static int store_element(swe_msh_cursor *cursor, swe_msh_parse_state *state, long long element,
                         long long type, int physical)
{
    long long nodes[3] = {0, 0, 0};
    int count = swe_msh_element_node_count(type);
    int status = SWE_OK;
    for (int k = 0; k < count && status == SWE_OK; ++k) {
        if (cursor->binary) {
            int32_t node = 0;
            status = swe_msh_read_i32(cursor, "an element's node", &node);
            nodes[k] = node;
        } else {
            status = swe_msh_long(cursor, -SWE_MSH_MAX_TAG, SWE_MSH_MAX_TAG, "an element's node",
                                  &nodes[k]);
        }
    }
    if (status == SWE_OK && type == 2) {
        swe_msh_add_triangle(state, element, nodes);
    } else if (status == SWE_OK && type == 1) {
        swe_msh_add_line(state, element, nodes, physical, 0);
    }
    return status;
}

/* An element's tags: the first is its physical group (0: none). */
static int read_tags(swe_msh_cursor *cursor, long long tag_count, int *physical)
{
    int status = SWE_OK;
    *physical = 0;
    for (long long k = 0; k < tag_count && status == SWE_OK; ++k) {
        long long tag = 0;
        if (cursor->binary) {
            int32_t tag32 = 0;
            status = swe_msh_read_i32(cursor, "an element tag", &tag32);
            tag = tag32;
        } else {
            status = swe_msh_long(cursor, -2147483647LL, 2147483647LL, "an element tag", &tag);
        }
        if (status == SWE_OK && k == 0) {
            if (tag < 0) {
                return swe_msh_fail(cursor, "physical tag %lld is negative", tag);
            }
            *physical = (int)tag;
        }
    }
    return status;
}

static int read_ascii_element(swe_msh_cursor *cursor, swe_msh_parse_state *state)
{
    long long element = 0, type = 0, tag_count = 0;
    int physical = 0;
    int status = swe_msh_long(cursor, 1, SWE_MSH_MAX_TAG, "an element tag", &element);
    if (status == SWE_OK) {
        status = swe_msh_long(cursor, 0, 1000, "an element type", &type);
    }
    if (status == SWE_OK) {
        status = swe_msh_check_element_type(cursor, type, element);
    }
    if (status == SWE_OK) {
        status = swe_msh_long(cursor, 0, 100, "an element's number of tags", &tag_count);
    }
    if (status == SWE_OK) {
        status = read_tags(cursor, tag_count, &physical);
    }
    return status == SWE_OK ? store_element(cursor, state, element, type, physical) : status;
}

/* A binary run: "type count tags" then count elements of that type. */
static int read_binary_run(swe_msh_cursor *cursor, swe_msh_parse_state *state, long long *left)
{
    int32_t type = 0, count = 0, tag_count = 0;
    int status = swe_msh_read_i32(cursor, "an element type", &type);
    if (status == SWE_OK) {
        status = swe_msh_read_i32(cursor, "a number of elements", &count);
    }
    if (status == SWE_OK) {
        status = swe_msh_read_i32(cursor, "an element's number of tags", &tag_count);
    }
    if (status == SWE_OK && (count < 1 || count > *left || tag_count < 0 || tag_count > 100)) {
        return swe_msh_fail(cursor, "an element run of %d elements with %d tags (%lld left)", count,
                            tag_count, *left);
    }
    for (int32_t k = 0; k < count && status == SWE_OK; ++k) {
        int32_t element = 0;
        int physical = 0;
        status = swe_msh_read_i32(cursor, "an element tag", &element);
        if (status == SWE_OK) {
            status = swe_msh_check_element_type(cursor, type, element);
        }
        if (status == SWE_OK) {
            status = read_tags(cursor, tag_count, &physical);
        }
        if (status == SWE_OK) {
            status = store_element(cursor, state, element, type, physical);
        }
    }
    *left -= count;
    return status;
}

int swe_msh_v2_elements(swe_msh_cursor *cursor, swe_msh_parse_state *state)
{
    long long count = 0;
    if (state->has_elements) {
        return swe_msh_fail(cursor, "a second $Elements section");
    }
    state->has_elements = 1;
    int status = swe_msh_long(cursor, 0, SWE_MSH_MAX_COUNT, "the number of elements", &count);
    if (status == SWE_OK) {
        status = cursor->binary ? swe_msh_skip_line(cursor) : SWE_OK;
    }
    if (status == SWE_OK) {
        status = swe_msh_check_count(cursor, count, 8, "elements");
    }
    if (status == SWE_OK) {
        status = swe_msh_reserve_elements(cursor, state, count, count);
    }
    long long left = count;
    while (left > 0 && status == SWE_OK) {
        if (cursor->binary) {
            status = read_binary_run(cursor, state, &left);
        } else {
            status = read_ascii_element(cursor, state);
            left--;
        }
    }
    return status == SWE_OK ? swe_msh_expect(cursor, "$EndElements") : status;
}
