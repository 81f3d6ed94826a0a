#include "mesh/gmsh/msh_reader.h"

#include "core/memory_budget.h"
#include "io/child_task.h"
#include "io/untrusted_file.h"
#include "mesh/gmsh/msh_sections.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void swe_msh_raw_free(swe_msh_raw *raw)
{
    if (raw == NULL) {
        return;
    }
    free(raw->node_x);
    free(raw->node_y);
    free(raw->triangle_nodes);
    free(raw->triangle_tags);
    free(raw->line_nodes);
    free(raw->line_tags);
    free(raw->line_physical);
    free(raw->groups);
    memset(raw, 0, sizeof *raw);
}

static int by_dimension_and_tag(const void *a, const void *b)
{
    const swe_msh_group *x = a, *y = b;
    if (x->dimension != y->dimension) {
        return x->dimension - y->dimension;
    }
    return (x->tag > y->tag) - (x->tag < y->tag);
}

const char *swe_msh_group_name(const swe_msh_raw *raw, int dimension, int tag)
{
    if (raw == NULL || raw->group_count == 0) {
        return NULL;
    }
    swe_msh_group key = {.dimension = dimension, .tag = tag};
    const swe_msh_group *group =
        bsearch(&key, raw->groups, (size_t)raw->group_count, sizeof key, by_dimension_and_tag);
    return group != NULL ? group->name : NULL;
}

/* Sorts the names for lookups; refuses a group named twice. */
static int sort_names(swe_msh_cursor *cursor, swe_msh_raw *raw)
{
    qsort(raw->groups, (size_t)raw->group_count, sizeof *raw->groups, by_dimension_and_tag);
    for (int g = 1; g < raw->group_count; ++g) {
        if (by_dimension_and_tag(&raw->groups[g - 1], &raw->groups[g]) == 0) {
            return swe_msh_fail(cursor, "physical group %d of dimension %d is named twice",
                                raw->groups[g].tag, raw->groups[g].dimension);
        }
    }
    return SWE_OK;
}

/* "$MeshFormat / version file-type data-size / [binary one] / $EndMeshFormat". */
static int read_format(swe_msh_cursor *cursor, swe_msh_raw *raw)
{
    char version[16];
    long long file_type = 0, data_size = 0;
    int status = swe_msh_expect(cursor, "$MeshFormat");
    if (status == SWE_OK) {
        status = swe_msh_token(cursor, version, sizeof version, "the format version");
    }
    if (status == SWE_OK) {
        raw->format_major = strcmp(version, "2.2") == 0 ? 2 : strcmp(version, "4.1") == 0 ? 4 : 0;
        if (raw->format_major == 0) {
            return swe_msh_fail(cursor,
                                "GMSH format %s is not supported: save the mesh as 2.2 or 4.1 "
                                "(gmsh -format msh41)",
                                version);
        }
        status = swe_msh_long(cursor, 0, 1, "the file type (0 ASCII, 1 binary)", &file_type);
    }
    if (status == SWE_OK) {
        status = swe_msh_long(cursor, 8, 8, "the data size", &data_size);
    }
    if (status != SWE_OK || file_type == 0) {
        return status == SWE_OK ? swe_msh_skip_line(cursor) : status;
    }
    raw->binary = 1;
    cursor->binary = 1;
    status = swe_msh_skip_line(cursor);
    int32_t one = 0;
    if (status == SWE_OK) {
        status = swe_msh_read_i32(cursor, "the byte-order marker", &one);
    }
    if (status == SWE_OK && one != 1) {
        cursor->swap = 1;
        cursor->position -= sizeof one;
        status = swe_msh_read_i32(cursor, "the byte-order marker", &one);
        if (status == SWE_OK && one != 1) {
            cursor->position -= sizeof one;
            return swe_msh_fail(cursor, "the byte-order marker is not 1 in either byte order");
        }
    }
    return status;
}

static int read_physical_names(swe_msh_cursor *cursor, swe_msh_parse_state *state)
{
    swe_msh_raw *raw = state->raw;
    long long count = 0;
    if (state->has_names) {
        return swe_msh_fail(cursor, "a second $PhysicalNames section");
    }
    state->has_names = 1;
    int status = swe_msh_long(cursor, 0, 100000, "the number of physical names", &count);
    if (status == SWE_OK) {
        status = swe_msh_check_count(cursor, count, 6, "physical names");
    }
    if (status != SWE_OK) {
        return status;
    }
    raw->groups = calloc((size_t)count + 1, sizeof *raw->groups);
    if (raw->groups == NULL) {
        return swe_fail(cursor->err, SWE_ERROR_RUNTIME, "out of memory for physical names");
    }
    for (long long g = 0; g < count && status == SWE_OK; ++g) {
        long long dimension = 0, tag = 0;
        swe_msh_group *group = &raw->groups[g];
        status = swe_msh_long(cursor, 0, 3, "a physical group's dimension", &dimension);
        if (status == SWE_OK) {
            status = swe_msh_long(cursor, 1, 2147483647LL, "a physical tag", &tag);
        }
        if (status == SWE_OK) {
            status = swe_msh_quoted(cursor, group->name, sizeof group->name);
        }
        group->dimension = (int)dimension;
        group->tag = (int)tag;
        raw->group_count += status == SWE_OK;
    }
    if (status == SWE_OK) {
        status = sort_names(cursor, raw);
    }
    return status == SWE_OK ? swe_msh_expect(cursor, "$EndPhysicalNames") : status;
}

static int read_section(swe_msh_cursor *cursor, swe_msh_parse_state *state, const char *section)
{
    int v4 = state->raw->format_major == 4;
    if (strcmp(section, "$PhysicalNames") == 0) {
        return read_physical_names(cursor, state);
    }
    if (strcmp(section, "$Nodes") == 0) {
        return v4 ? swe_msh_v4_nodes(cursor, state) : swe_msh_v2_nodes(cursor, state);
    }
    if (strcmp(section, "$Elements") == 0) {
        return v4 ? swe_msh_v4_elements(cursor, state) : swe_msh_v2_elements(cursor, state);
    }
    if (v4 && strcmp(section, "$Entities") == 0) {
        return swe_msh_v4_entities(cursor, state);
    }
    if (strcmp(section, "$PartitionedEntities") == 0) {
        return swe_msh_fail(cursor, "partitioned meshes are not supported: save the whole mesh");
    }
    if (section[0] != '$' || strncmp(section, "$End", 4) == 0) {
        return swe_msh_fail(cursor, "expected a section such as $Nodes, found '%s'", section);
    }
    return swe_msh_skip_section(cursor, section + 1);
}

int swe_msh_parse(const char *name, const unsigned char *data, size_t size, swe_msh_raw *raw,
                  swe_error *err)
{
    if (name == NULL || (data == NULL && size > 0) || raw == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nothing to parse");
    }
    memset(raw, 0, sizeof *raw);
    swe_msh_cursor cursor = {.name = name, .data = data, .size = size, .line = 1, .err = err};
    swe_msh_parse_state state = {.raw = raw};
    int status = read_format(&cursor, raw);
    if (status == SWE_OK) {
        status = swe_msh_expect(&cursor, "$EndMeshFormat");
    }
    char section[64];
    while (status == SWE_OK) {
        while (cursor.position < size && strchr(" \t\r\n", data[cursor.position]) != NULL) {
            cursor.line += data[cursor.position] == '\n';
            cursor.position++;
        }
        if (cursor.position >= size) {
            break;
        }
        status = swe_msh_token(&cursor, section, sizeof section, "a section name");
        if (status == SWE_OK) {
            status = read_section(&cursor, &state, section);
        }
    }
    if (status == SWE_OK) {
        status = swe_msh_resolve(&cursor, &state);
    }
    swe_msh_state_free(&state);
    if (status != SWE_OK) {
        swe_msh_raw_free(raw);
    }
    return status;
}

int swe_msh_check_file(const char *path, swe_error *err)
{
    double bytes = 0;
    return swe_untrusted_file_check("mesh", path, SWE_MSH_FIX, &bytes, err);
}

/* Reads and parses the file (in the child process). */
static int read_and_parse(const char *path, swe_msh_raw *raw, swe_error *err)
{
    memset(raw, 0, sizeof *raw);
    double bytes = 0;
    FILE *file = swe_untrusted_file_open("mesh", path, SWE_MSH_FIX, &bytes, err);
    if (file == NULL) {
        return SWE_ERROR_USAGE;
    }
    /* The whole file is held while it is parsed. */
    char what[4200];
    snprintf(what, sizeof what, "reading the mesh '%s'", path);
    int status = swe_memory_check(what, bytes, "give a coarser mesh", err);
    unsigned char *data = status == SWE_OK ? malloc((size_t)bytes) : NULL;
    if (status == SWE_OK && data == NULL) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the %.0f bytes of '%s'", bytes,
                          path);
    }
    size_t got = status == SWE_OK ? fread(data, 1, (size_t)bytes, file) : 0;
    int read_error = ferror(file);
    fclose(file);
    if (status == SWE_OK && (got != (size_t)bytes || read_error)) {
        status =
            swe_fail(err, SWE_ERROR_USAGE, "cannot read the mesh '%s' (%s)", path, SWE_MSH_FIX);
    }
    if (status == SWE_OK) {
        status = swe_msh_parse(path, data, (size_t)bytes, raw, err);
    }
    free(data);
    return status;
}

/* ---- the file read in a child process: a crash or hang of the parser
 * on a damaged file is one line, not the run's end ---- */

/* What the child sends first: the counts, packed (no padding). */
typedef struct raw_counts {
    int32_t nodes, triangles, lines, groups, format_major, binary;
} raw_counts;

/* The arrays of raw with the sizes of counts, in the order they travel;
 * the groups go last. */
typedef struct raw_array {
    void **data;
    size_t bytes;
} raw_array;

enum { RAW_ARRAYS = 7 };

static void arrays_of(swe_msh_raw *raw, const raw_counts *c, raw_array arrays[RAW_ARRAYS])
{
    const size_t nodes = (size_t)c->nodes, triangles = (size_t)c->triangles,
                 lines = (size_t)c->lines;
    arrays[0] = (raw_array){(void **)&raw->node_x, nodes * sizeof(double)};
    arrays[1] = (raw_array){(void **)&raw->node_y, nodes * sizeof(double)};
    arrays[2] = (raw_array){(void **)&raw->triangle_nodes, 3 * triangles * sizeof(int)};
    arrays[3] = (raw_array){(void **)&raw->triangle_tags, triangles * sizeof(long)};
    arrays[4] = (raw_array){(void **)&raw->line_nodes, 2 * lines * sizeof(int)};
    arrays[5] = (raw_array){(void **)&raw->line_tags, lines * sizeof(long)};
    arrays[6] = (raw_array){(void **)&raw->line_physical, lines * sizeof(int)};
}

static size_t total_bytes(swe_msh_raw *raw, const raw_counts *c)
{
    raw_array arrays[RAW_ARRAYS];
    arrays_of(raw, c, arrays);
    size_t bytes = sizeof *c + (size_t)c->groups * sizeof(swe_msh_group);
    for (int a = 0; a < RAW_ARRAYS; ++a) {
        bytes += arrays[a].bytes;
    }
    return bytes;
}

static int send_raw(void *context, swe_child_pipe *pipe, swe_error *err)
{
    const char *path = context;
    swe_msh_raw raw;
    int status = read_and_parse(path, &raw, err);
    raw_counts c = {raw.node_count,  raw.triangle_count, raw.line_count,
                    raw.group_count, raw.format_major,   raw.binary};
    /* Each group's name to its end, so that only set bytes travel. */
    swe_msh_group *groups =
        status == SWE_OK ? calloc((size_t)(c.groups > 0 ? c.groups : 1), sizeof *groups) : NULL;
    if (status == SWE_OK && groups == NULL) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the groups of '%s'", path);
    }
    for (int g = 0; status == SWE_OK && g < c.groups; ++g) {
        groups[g].dimension = raw.groups[g].dimension;
        groups[g].tag = raw.groups[g].tag;
        snprintf(groups[g].name, sizeof groups[g].name, "%s", raw.groups[g].name);
    }
    if (status == SWE_OK) {
        status = swe_child_announce(pipe, (double)total_bytes(&raw, &c), err);
    }
    status = status == SWE_OK ? swe_child_send(pipe, &c, sizeof c, err) : status;
    raw_array arrays[RAW_ARRAYS];
    arrays_of(&raw, &c, arrays);
    for (int a = 0; a < RAW_ARRAYS && status == SWE_OK; ++a) {
        status = arrays[a].bytes > 0 ? swe_child_send(pipe, *arrays[a].data, arrays[a].bytes, err)
                                     : SWE_OK;
    }
    if (status == SWE_OK && c.groups > 0) {
        status = swe_child_send(pipe, groups, (size_t)c.groups * sizeof *groups, err);
    }
    free(groups);
    swe_msh_raw_free(&raw);
    return status;
}

/* raw from the bytes the child sent (size of them). */
static int receive_raw(const unsigned char *bytes, size_t size, swe_msh_raw *raw, swe_error *err)
{
    raw_counts c;
    if (size < sizeof c) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "internal error: a mesh came back short");
    }
    memcpy(&c, bytes, sizeof c);
    if (c.nodes < 0 || c.triangles < 0 || c.lines < 0 || c.groups < 0 ||
        total_bytes(raw, &c) != size) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "internal error: a mesh came back short");
    }
    raw->node_count = c.nodes;
    raw->triangle_count = c.triangles;
    raw->line_count = c.lines;
    raw->group_count = c.groups;
    raw->format_major = c.format_major;
    raw->binary = c.binary;
    raw_array arrays[RAW_ARRAYS];
    arrays_of(raw, &c, arrays);
    size_t at = sizeof c;
    for (int a = 0; a < RAW_ARRAYS; ++a) {
        *arrays[a].data = malloc(arrays[a].bytes > 0 ? arrays[a].bytes : 1);
        if (*arrays[a].data == NULL) {
            swe_msh_raw_free(raw);
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a mesh");
        }
        memcpy(*arrays[a].data, bytes + at, arrays[a].bytes);
        at += arrays[a].bytes;
    }
    raw->groups = malloc((size_t)(c.groups > 0 ? c.groups : 1) * sizeof *raw->groups);
    if (raw->groups == NULL) {
        swe_msh_raw_free(raw);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a mesh");
    }
    memcpy(raw->groups, bytes + at, (size_t)c.groups * sizeof *raw->groups);
    return SWE_OK;
}

int swe_msh_read_file(const char *path, swe_msh_raw *raw, swe_error *err)
{
    if (path == NULL || raw == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no mesh file named");
    }
    memset(raw, 0, sizeof *raw);
    void *result = NULL;
    size_t size = 0;
    int status = swe_untrusted_read_in_child("mesh", path, SWE_MSH_FIX, send_raw, (void *)path,
                                             &result, &size, err);
    if (status == SWE_OK) {
        status = receive_raw(result, size, raw, err);
    }
    free(result);
    return status;
}
