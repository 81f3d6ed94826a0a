/* The $Entities, $Nodes and $Elements sections of GMSH format 4.1, ASCII
 * and binary. Elements come in blocks per geometric entity; a boundary
 * line's physical group is that of its curve in $Entities. In binary
 * files counts and node tags are 8-byte, entity tags 4-byte values. */
#include "mesh/gmsh/msh_sections.h"

#include <stdlib.h>

/* Binary data starts on the line after the section's name. */
static int start_data(swe_msh_cursor *cursor)
{
    return cursor->binary ? swe_msh_skip_line(cursor) : SWE_OK;
}

/* A count (size_t in binary files). */
static int read_count(swe_msh_cursor *cursor, long long maximum, const char *what, long long *value)
{
    if (!cursor->binary) {
        return swe_msh_long(cursor, 0, maximum, what, value);
    }
    uint64_t count = 0;
    int status = swe_msh_read_u64(cursor, what, &count);
    if (status == SWE_OK && count > (uint64_t)maximum) {
        cursor->position -= sizeof count;
        return swe_msh_fail(cursor, "%s %llu is above %lld", what, (unsigned long long)count,
                            maximum);
    }
    *value = (long long)count;
    return status;
}

/* An entity tag, dimension or flag (int in binary files). */
static int read_int(swe_msh_cursor *cursor, long long minimum, long long maximum, const char *what,
                    long long *value)
{
    if (!cursor->binary) {
        return swe_msh_long(cursor, minimum, maximum, what, value);
    }
    int32_t number = 0;
    int status = swe_msh_read_i32(cursor, what, &number);
    if (status == SWE_OK && (number < minimum || number > maximum)) {
        cursor->position -= sizeof number;
        return swe_msh_fail(cursor, "%s %d is outside %lld..%lld", what, number, minimum, maximum);
    }
    *value = number;
    return status;
}

static int read_real(swe_msh_cursor *cursor, const char *what, double *value)
{
    return cursor->binary ? swe_msh_read_f64(cursor, what, value)
                          : swe_msh_double(cursor, what, value);
}

/* "numPhysicalTags physicalTag..." of an entity: the one physical group
 * of a curve (0: none); several different ones are refused. */
static int read_entity_physicals(swe_msh_cursor *cursor, long long tag, int *physical)
{
    long long count = 0, group = 0;
    int status = read_count(cursor, 1000000, "a number of physical tags", &count);
    if (status == SWE_OK) {
        status = swe_msh_check_count(cursor, count, 2, "physical tags");
    }
    *physical = 0;
    for (long long k = 0; k < count && status == SWE_OK; ++k) {
        status = read_int(cursor, -2147483647LL, 2147483647LL, "a physical tag", &group);
        group = group < 0 ? -group : group;
        if (status == SWE_OK && *physical != 0 && *physical != group) {
            return swe_msh_fail(cursor,
                                "entity %lld belongs to physical groups %d and %lld: a boundary "
                                "line needs exactly one",
                                tag, *physical, group);
        }
        *physical = (int)group;
    }
    return status;
}

/* One entity of dimension dimension; curves are remembered. */
static int read_entity(swe_msh_cursor *cursor, swe_msh_parse_state *state, int dimension)
{
    long long tag = 0, bounding = 0, skipped = 0;
    double box = 0;
    int physical = 0;
    int status = read_int(cursor, 1, 2147483647LL, "an entity tag", &tag);
    for (int k = 0; k < (dimension == 0 ? 3 : 6) && status == SWE_OK; ++k) {
        status = read_real(cursor, "an entity's bounding box", &box);
    }
    if (status == SWE_OK) {
        status = read_entity_physicals(cursor, tag, &physical);
    }
    if (status == SWE_OK && dimension > 0) {
        status = read_count(cursor, 1000000, "a number of bounding entities", &bounding);
        if (status == SWE_OK) {
            status = swe_msh_check_count(cursor, bounding, 2, "bounding entities");
        }
        for (long long k = 0; k < bounding && status == SWE_OK; ++k) {
            status = read_int(cursor, -2147483647LL, 2147483647LL, "a bounding entity", &skipped);
        }
    }
    if (status == SWE_OK && dimension == 1) {
        state->curves[state->curve_count++] = (swe_msh_curve){.tag = tag, .physical = physical};
    }
    return status;
}

int swe_msh_v4_entities(swe_msh_cursor *cursor, swe_msh_parse_state *state)
{
    long long counts[4] = {0, 0, 0, 0};
    if (state->has_entities) {
        return swe_msh_fail(cursor, "a second $Entities section");
    }
    state->has_entities = 1;
    int status = start_data(cursor);
    for (int d = 0; d < 4 && status == SWE_OK; ++d) {
        status = read_count(cursor, SWE_MSH_MAX_COUNT, "a number of entities", &counts[d]);
    }
    if (status == SWE_OK) {
        status = swe_msh_check_count(cursor, counts[0] + counts[1] + counts[2] + counts[3], 8,
                                     "entities");
    }
    if (status == SWE_OK) {
        state->curves = malloc(((size_t)counts[1] + 1) * sizeof *state->curves);
        if (state->curves == NULL) {
            return swe_fail(cursor->err, SWE_ERROR_RUNTIME, "out of memory for curves");
        }
    }
    for (int d = 0; d < 4 && status == SWE_OK; ++d) {
        for (long long e = 0; e < counts[d] && status == SWE_OK; ++e) {
            status = read_entity(cursor, state, d);
        }
    }
    return status == SWE_OK ? swe_msh_expect(cursor, "$EndEntities") : status;
}

/* One block of nodes: their tags, then their coordinates. */
static int read_node_block(swe_msh_cursor *cursor, swe_msh_parse_state *state, long long *left)
{
    long long dimension = 0, entity = 0, parametric = 0, count = 0, tag = 0;
    int status = read_int(cursor, 0, 3, "an entity dimension", &dimension);
    if (status == SWE_OK) {
        status = read_int(cursor, 1, 2147483647LL, "an entity tag", &entity);
    }
    if (status == SWE_OK) {
        status = read_int(cursor, 0, 1, "the parametric flag", &parametric);
    }
    if (status == SWE_OK) {
        status = read_count(cursor, *left, "a number of nodes in a block", &count);
    }
    if (status != SWE_OK) {
        return status;
    }
    int first = state->raw->node_count;
    for (long long n = 0; n < count && status == SWE_OK; ++n) {
        status = read_count(cursor, SWE_MSH_MAX_TAG, "a node tag", &tag);
        state->node_tag[first + n] = tag;
    }
    int parameters = parametric ? (dimension == 1 ? 1 : dimension == 2 ? 2 : 0) : 0;
    for (long long n = 0; n < count && status == SWE_OK; ++n) {
        double xyz[3], ignored;
        for (int k = 0; k < 3 && status == SWE_OK; ++k) {
            status = read_real(cursor, "a node coordinate", &xyz[k]);
        }
        for (int k = 0; k < parameters && status == SWE_OK; ++k) {
            status = read_real(cursor, "a parametric coordinate", &ignored);
        }
        if (status == SWE_OK) {
            status = swe_msh_store_node(cursor, state, state->node_tag[first + n], xyz);
        }
    }
    *left -= count;
    return status;
}

int swe_msh_v4_nodes(swe_msh_cursor *cursor, swe_msh_parse_state *state)
{
    long long blocks = 0, count = 0, bound = 0;
    int status = start_data(cursor);
    if (status == SWE_OK) {
        status = read_count(cursor, SWE_MSH_MAX_COUNT, "the number of node blocks", &blocks);
    }
    if (status == SWE_OK) {
        status = read_count(cursor, SWE_MSH_MAX_COUNT, "the number of nodes", &count);
    }
    for (int k = 0; k < 2 && status == SWE_OK; ++k) {
        status = read_count(cursor, SWE_MSH_MAX_TAG, "a node tag bound", &bound);
    }
    if (status == SWE_OK) {
        status = swe_msh_check_count(cursor, count, cursor->binary ? 32 : 8, "nodes");
    }
    if (status == SWE_OK) {
        status = swe_msh_check_count(cursor, blocks, cursor->binary ? 20 : 8, "node blocks");
    }
    if (status == SWE_OK) {
        status = swe_msh_allocate_nodes(cursor, state, count);
    }
    long long left = count;
    for (long long b = 0; b < blocks && status == SWE_OK; ++b) {
        status = read_node_block(cursor, state, &left);
    }
    if (status == SWE_OK && left != 0) {
        return swe_msh_fail(cursor, "the node blocks hold %lld nodes, not the %lld announced",
                            count - left, count);
    }
    return status == SWE_OK ? swe_msh_expect(cursor, "$EndNodes") : status;
}

/* Element type and the dimension of the entity it lies on must agree. */
static int check_block_type(swe_msh_cursor *cursor, long long type, long long dimension)
{
    int status = swe_msh_check_element_type(cursor, type, 0);
    long long expected = type == 2 ? 2 : type == 1 ? 1 : 0;
    if (status == SWE_OK && expected != dimension) {
        status = swe_msh_fail(cursor, "elements of type %lld in an entity of dimension %lld", type,
                              dimension);
    }
    return status;
}

static int read_element_block(swe_msh_cursor *cursor, swe_msh_parse_state *state, long long *left)
{
    long long dimension = 0, entity = 0, type = 0, count = 0, element = 0;
    int status = read_int(cursor, 0, 3, "an entity dimension", &dimension);
    if (status == SWE_OK) {
        status = read_int(cursor, 1, 2147483647LL, "an entity tag", &entity);
    }
    if (status == SWE_OK) {
        status = read_int(cursor, 0, 1000, "an element type", &type);
    }
    if (status == SWE_OK) {
        status = check_block_type(cursor, type, dimension);
    }
    if (status == SWE_OK) {
        status = read_count(cursor, *left, "a number of elements in a block", &count);
    }
    int node_count = swe_msh_element_node_count(type);
    for (long long e = 0; e < count && status == SWE_OK; ++e) {
        long long nodes[3] = {0, 0, 0};
        status = read_count(cursor, SWE_MSH_MAX_TAG, "an element tag", &element);
        for (int k = 0; k < node_count && status == SWE_OK; ++k) {
            status = read_count(cursor, SWE_MSH_MAX_TAG, "an element's node", &nodes[k]);
        }
        if (status == SWE_OK && type == 2) {
            swe_msh_add_triangle(state, element, nodes);
        } else if (status == SWE_OK && type == 1) {
            swe_msh_add_line(state, element, nodes, 0, entity);
        }
    }
    *left -= count;
    return status;
}

int swe_msh_v4_elements(swe_msh_cursor *cursor, swe_msh_parse_state *state)
{
    long long blocks = 0, count = 0, bound = 0;
    if (state->has_elements) {
        return swe_msh_fail(cursor, "a second $Elements section");
    }
    state->has_elements = 1;
    int status = start_data(cursor);
    if (status == SWE_OK) {
        status = read_count(cursor, SWE_MSH_MAX_COUNT, "the number of element blocks", &blocks);
    }
    if (status == SWE_OK) {
        status = read_count(cursor, SWE_MSH_MAX_COUNT, "the number of elements", &count);
    }
    for (int k = 0; k < 2 && status == SWE_OK; ++k) {
        status = read_count(cursor, SWE_MSH_MAX_TAG, "an element tag bound", &bound);
    }
    if (status == SWE_OK) {
        status = swe_msh_check_count(cursor, count, cursor->binary ? 16 : 4, "elements");
    }
    if (status == SWE_OK) {
        status = swe_msh_check_count(cursor, blocks, cursor->binary ? 20 : 8, "element blocks");
    }
    if (status == SWE_OK) {
        status = swe_msh_reserve_elements(cursor, state, count, count);
    }
    long long left = count;
    for (long long b = 0; b < blocks && status == SWE_OK; ++b) {
        status = read_element_block(cursor, state, &left);
    }
    if (status == SWE_OK && left != 0) {
        return swe_msh_fail(cursor, "the element blocks hold %lld elements, not the %lld announced",
                            count - left, count);
    }
    return status == SWE_OK ? swe_msh_expect(cursor, "$EndElements") : status;
}
