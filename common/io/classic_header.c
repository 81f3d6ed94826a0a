#include "io/classic_header.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The layout, from the NetCDF classic format specification: big-endian
 * words; counts and sizes of 4 bytes in CDF-1 and CDF-2, 8 in CDF-5;
 * offsets of 4 bytes in CDF-1, 8 in the others; names and attribute
 * values padded to 4 bytes. */
enum { TAG_DIMENSION = 0x0A, TAG_VARIABLE = 0x0B, TAG_ATTRIBUTE = 0x0C };
enum { MAX_DIMENSIONS = 1024, MAX_VARIABLES = 8192, MAX_DIMS_PER_VARIABLE = 1024 };

typedef struct cursor {
    const unsigned char *data;
    size_t size, at;
    int version; /* 1, 2 or 5 */
    int failed;  /* read past the end of data */
} cursor;

static uint64_t read_word(cursor *c, int bytes)
{
    if (c->failed || c->size - c->at < (size_t)bytes) {
        c->failed = 1;
        return 0;
    }
    uint64_t value = 0;
    for (int k = 0; k < bytes; ++k) {
        value = value << 8 | c->data[c->at + (size_t)k];
    }
    c->at += (size_t)bytes;
    return value;
}

static uint64_t read_count(cursor *c)
{
    return read_word(c, c->version == 5 ? 8 : 4);
}

static void skip(cursor *c, uint64_t bytes)
{
    uint64_t padded = bytes + (4 - bytes % 4) % 4;
    if (c->failed || bytes > c->size || padded > c->size - c->at) {
        c->failed = 1;
        return;
    }
    c->at += (size_t)padded;
}

/* A name: its length, then its bytes; copied (cut short) into name. */
static void read_name(cursor *c, char *name, size_t size)
{
    uint64_t length = read_count(c);
    size_t start = c->at;
    skip(c, length);
    if (!c->failed) {
        size_t kept = length < size - 1 ? (size_t)length : size - 1;
        memcpy(name, c->data + start, kept);
        name[kept] = '\0';
    }
}

static int type_size(uint64_t type)
{
    static const int sizes[] = {0, 1, 1, 2, 4, 4, 8, 1, 2, 4, 8, 8};
    return type < sizeof sizes / sizeof sizes[0] ? sizes[type] : 0;
}

/* A list: its tag (or ABSENT: two zero words) and the number of entries,
 * bounded by the bytes left (every entry takes at least min_bytes). */
static uint64_t read_list_start(cursor *c, unsigned tag, size_t min_bytes)
{
    uint64_t found = read_word(c, 4);
    uint64_t count = read_count(c);
    if ((found != tag && !(found == 0 && count == 0)) || count > (c->size - c->at) / min_bytes) {
        c->failed = 1;
        return 0;
    }
    return count;
}

static void skip_attributes(cursor *c)
{
    uint64_t count = read_list_start(c, TAG_ATTRIBUTE, 12);
    for (uint64_t a = 0; a < count && !c->failed; ++a) {
        char name[8];
        read_name(c, name, sizeof name);
        int size = type_size(read_word(c, 4));
        uint64_t values = read_count(c);
        if (size == 0 || values > c->size) {
            c->failed = 1;
        }
        skip(c, values * (uint64_t)size);
    }
}

/* What the data of the file needs: the furthest byte of any variable. */
typedef struct extent {
    double needed;     /* bytes */
    char variable[64]; /* the variable that needs them */
} extent;

typedef struct variable_shape {
    double begin, record_bytes, fixed_bytes;
    int is_record;
    char name[64];
} variable_shape;

static void read_variable(cursor *c, const uint64_t *dims, uint64_t dim_count,
                          variable_shape *shape)
{
    read_name(c, shape->name, sizeof shape->name);
    uint64_t rank = read_count(c);
    if (rank > MAX_DIMS_PER_VARIABLE) {
        c->failed = 1;
        return;
    }
    double elements = 1.0;
    shape->is_record = 0;
    for (uint64_t d = 0; d < rank && !c->failed; ++d) {
        uint64_t id = read_count(c);
        if (id >= dim_count || (dims[id] == 0 && d != 0)) {
            c->failed = 1; /* only the first dimension may be the record one */
            return;
        }
        shape->is_record |= dims[id] == 0;
        elements *= dims[id] == 0 ? 1.0 : (double)dims[id];
    }
    skip_attributes(c);
    int size = type_size(read_word(c, 4));
    read_count(c); /* vsize: libnetcdf computes it again, so do we */
    shape->begin = (double)read_word(c, c->version == 1 ? 4 : 8);
    c->failed |= size == 0;
    shape->record_bytes = shape->is_record ? elements * size : 0.0;
    shape->fixed_bytes = shape->is_record ? 0.0 : elements * size;
}

static double padded(double bytes)
{
    double remainder = bytes - 4.0 * (double)(uint64_t)(bytes / 4.0);
    return remainder > 0 ? bytes + 4.0 - remainder : bytes;
}

static void reach(extent *e, double needed, const char *variable)
{
    if (needed > e->needed) {
        e->needed = needed;
        snprintf(e->variable, sizeof e->variable, "%s", variable);
    }
}

/* Every variable's last byte; record variables over numrecs records of
 * recsize bytes (one record variable alone is not padded). */
static void read_variables(cursor *c, const uint64_t *dims, uint64_t dim_count, uint64_t numrecs,
                           int streaming, extent *e)
{
    uint64_t count = read_list_start(c, TAG_VARIABLE, 20);
    if (count > MAX_VARIABLES) {
        c->failed = 1;
        return;
    }
    variable_shape *shapes = calloc(count > 0 ? (size_t)count : 1, sizeof *shapes);
    if (shapes == NULL) {
        c->failed = 1;
        return;
    }
    double recsize = 0.0;
    int record_variables = 0;
    for (uint64_t v = 0; v < count && !c->failed; ++v) {
        read_variable(c, dims, dim_count, &shapes[v]);
        recsize += shapes[v].is_record ? padded(shapes[v].record_bytes) : 0.0;
        record_variables += shapes[v].is_record;
    }
    for (uint64_t v = 0; v < count && record_variables == 1; ++v) {
        recsize = shapes[v].is_record ? shapes[v].record_bytes : recsize;
    }
    for (uint64_t v = 0; v < count && !c->failed; ++v) {
        const variable_shape *s = &shapes[v];
        if (!s->is_record) {
            reach(e, s->begin + s->fixed_bytes, s->name);
        } else if (numrecs > 0 && !streaming) {
            reach(e, s->begin + (double)(numrecs - 1) * recsize + s->record_bytes, s->name);
        }
    }
    free(shapes);
}

enum swe_classic_verdict swe_classic_judge(const unsigned char *data, size_t size, double file_size,
                                           char *problem, size_t problem_size)
{
    if (problem != NULL && problem_size > 0) {
        problem[0] = '\0';
    }
    if (data == NULL || size < 4 || memcmp(data, "CDF", 3) != 0 ||
        (data[3] != 1 && data[3] != 2 && data[3] != 5)) {
        return SWE_CLASSIC_NOT_CLASSIC;
    }
    cursor c = {.data = data, .size = size, .at = 4, .version = data[3]};
    uint64_t numrecs = read_count(&c);
    int streaming = numrecs == (c.version == 5 ? UINT64_MAX : UINT32_MAX);
    uint64_t dim_count = read_list_start(&c, TAG_DIMENSION, 8);
    uint64_t dims[MAX_DIMENSIONS];
    c.failed |= dim_count > MAX_DIMENSIONS;
    for (uint64_t d = 0; d < dim_count && !c.failed; ++d) {
        char name[8];
        read_name(&c, name, sizeof name);
        dims[d] = read_count(&c);
    }
    skip_attributes(&c);
    extent e = {.needed = 0.0};
    read_variables(&c, dims, dim_count, numrecs, streaming, &e);
    if (c.failed) {
        snprintf(problem, problem_size, "has a header that runs past %s or contradicts itself",
                 (double)size < file_size ? "the first 64 MiB" : "the end of the file");
        return SWE_CLASSIC_DAMAGED_HEADER;
    }
    if (e.needed > file_size) {
        snprintf(problem, problem_size,
                 "is truncated: variable '%s' needs %.0f bytes, the file has %.0f", e.variable,
                 e.needed, file_size);
        return SWE_CLASSIC_TRUNCATED;
    }
    return SWE_CLASSIC_COMPLETE;
}
