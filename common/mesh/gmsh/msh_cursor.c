#include "mesh/gmsh/msh_cursor.h"

#include "core/printable.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int swe_msh_fail(const swe_msh_cursor *cursor, const char *format, ...)
{
    char reason[400], printable[512];
    va_list args;
    va_start(args, format);
    vsnprintf(reason, sizeof reason, format, args);
    va_end(args);
    /* The reason quotes the file's tokens: escaped, whatever they hold. */
    swe_printable(reason, strlen(reason), printable, sizeof printable);
    if (cursor->binary) {
        return swe_fail(cursor->err, SWE_ERROR_USAGE, "%s: byte %zu: %s", cursor->name,
                        cursor->position, printable);
    }
    return swe_fail(cursor->err, SWE_ERROR_USAGE, "%s:%ld: %s", cursor->name, cursor->line,
                    printable);
}

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

int swe_msh_token(swe_msh_cursor *cursor, char *text, size_t size, const char *what)
{
    while (cursor->position < cursor->size && is_space(cursor->data[cursor->position])) {
        cursor->line += cursor->data[cursor->position] == '\n';
        cursor->position++;
    }
    if (cursor->position >= cursor->size) {
        return swe_msh_fail(cursor, "the file ends where %s should be", what);
    }
    size_t length = 0;
    while (cursor->position + length < cursor->size &&
           !is_space(cursor->data[cursor->position + length])) {
        if (length + 1 >= size) {
            return swe_msh_fail(cursor, "%s is too long to be one", what);
        }
        text[length] = (char)cursor->data[cursor->position + length];
        length++;
    }
    text[length] = '\0';
    if (memchr(text, '\0', length) != NULL) {
        return swe_msh_fail(cursor, "%s holds a NUL byte", what);
    }
    cursor->position += length;
    return SWE_OK;
}

int swe_msh_long(swe_msh_cursor *cursor, long long minimum, long long maximum, const char *what,
                 long long *value)
{
    char text[32];
    int status = swe_msh_token(cursor, text, sizeof text, what);
    if (status != SWE_OK) {
        return status;
    }
    char *end = NULL;
    errno = 0;
    long long parsed = strtoll(text, &end, 10);
    if (end == text || *end != '\0') {
        return swe_msh_fail(cursor, "%s: '%s' is not an integer", what, text);
    }
    if (errno == ERANGE || parsed < minimum || parsed > maximum) {
        return swe_msh_fail(cursor, "%s %s is outside %lld..%lld", what, text, minimum, maximum);
    }
    *value = parsed;
    return SWE_OK;
}

int swe_msh_double(swe_msh_cursor *cursor, const char *what, double *value)
{
    char text[64];
    int status = swe_msh_token(cursor, text, sizeof text, what);
    if (status != SWE_OK) {
        return status;
    }
    char *end = NULL;
    double parsed = strtod(text, &end);
    if (end == text || *end != '\0') {
        return swe_msh_fail(cursor, "%s: '%s' is not a number", what, text);
    }
    if (!isfinite(parsed)) {
        return swe_msh_fail(cursor, "%s is %s, not a finite number", what, text);
    }
    *value = parsed;
    return SWE_OK;
}

int swe_msh_expect(swe_msh_cursor *cursor, const char *expected)
{
    char text[64];
    int status = swe_msh_token(cursor, text, sizeof text, expected);
    if (status == SWE_OK && strcmp(text, expected) != 0) {
        status = swe_msh_fail(cursor, "expected %s, found '%s'", expected, text);
    }
    return status;
}

int swe_msh_skip_line(swe_msh_cursor *cursor)
{
    while (cursor->position < cursor->size && cursor->data[cursor->position] != '\n') {
        cursor->position++;
    }
    if (cursor->position >= cursor->size) {
        return swe_msh_fail(cursor, "the file ends inside a line");
    }
    cursor->position++;
    cursor->line++;
    return SWE_OK;
}

int swe_msh_quoted(swe_msh_cursor *cursor, char *text, size_t size)
{
    while (cursor->position < cursor->size && is_space(cursor->data[cursor->position]) &&
           cursor->data[cursor->position] != '\n') {
        cursor->position++;
    }
    if (cursor->position >= cursor->size || cursor->data[cursor->position] != '"') {
        return swe_msh_fail(cursor, "a physical name must be in double quotes");
    }
    cursor->position++;
    size_t length = 0;
    while (cursor->position < cursor->size && cursor->data[cursor->position] != '"') {
        unsigned char c = cursor->data[cursor->position];
        if (c == '\n' || c == '\0') {
            return swe_msh_fail(cursor, "a physical name ends without its closing quote");
        }
        /* Names reach messages and the files' attributes, and match the
         * scenarios' names of boundaries (wall, inflow, ...): printable
         * ASCII only. */
        if (c < ' ' || c > '~') {
            return swe_msh_fail(cursor,
                                "a physical name holds the byte 0x%02x: name groups in "
                                "printable ASCII",
                                c);
        }
        if (length + 1 >= size) {
            return swe_msh_fail(cursor, "a physical name is longer than %zu characters", size - 1);
        }
        text[length++] = (char)c;
        cursor->position++;
    }
    if (cursor->position >= cursor->size) {
        return swe_msh_fail(cursor, "the file ends inside a physical name");
    }
    cursor->position++;
    text[length] = '\0';
    return SWE_OK;
}

static int read_bytes(swe_msh_cursor *cursor, void *value, size_t bytes, const char *what)
{
    if (cursor->size - cursor->position < bytes) {
        return swe_msh_fail(cursor, "the file ends where %s should be", what);
    }
    unsigned char *out = value;
    for (size_t k = 0; k < bytes; ++k) {
        out[k] = cursor->data[cursor->position + (cursor->swap ? bytes - 1 - k : k)];
    }
    cursor->position += bytes;
    return SWE_OK;
}

int swe_msh_read_i32(swe_msh_cursor *cursor, const char *what, int32_t *value)
{
    return read_bytes(cursor, value, sizeof *value, what);
}

int swe_msh_read_u64(swe_msh_cursor *cursor, const char *what, uint64_t *value)
{
    return read_bytes(cursor, value, sizeof *value, what);
}

int swe_msh_read_f64(swe_msh_cursor *cursor, const char *what, double *value)
{
    int status = read_bytes(cursor, value, sizeof *value, what);
    if (status == SWE_OK && !isfinite(*value)) {
        cursor->position -= sizeof *value;
        status = swe_msh_fail(cursor, "%s is not a finite number", what);
    }
    return status;
}

int swe_msh_check_count(const swe_msh_cursor *cursor, long long count, size_t item_bytes,
                        const char *what)
{
    size_t remaining = cursor->size - cursor->position;
    if (count < 0 || (unsigned long long)count > remaining / item_bytes) {
        return swe_msh_fail(cursor, "%lld %s cannot fit in the %zu bytes left in the file", count,
                            what, remaining);
    }
    return SWE_OK;
}

/* Where "$End<section>" starts at the beginning of a line at or after
 * from, or size when it does not. */
static size_t find_end_marker(const swe_msh_cursor *cursor, const char *marker, size_t from)
{
    size_t length = strlen(marker);
    for (size_t at = from; at + length <= cursor->size; ++at) {
        if ((at == 0 || cursor->data[at - 1] == '\n') &&
            memcmp(cursor->data + at, marker, length) == 0) {
            return at;
        }
    }
    return cursor->size;
}

int swe_msh_skip_section(swe_msh_cursor *cursor, const char *section)
{
    char marker[80];
    snprintf(marker, sizeof marker, "$End%s", section);
    size_t at = find_end_marker(cursor, marker, cursor->position);
    if (at >= cursor->size) {
        return swe_msh_fail(cursor, "section $%s has no %s", section, marker);
    }
    for (size_t k = cursor->position; k < at; ++k) {
        cursor->line += cursor->data[k] == '\n';
    }
    cursor->position = at + strlen(marker);
    return SWE_OK;
}
