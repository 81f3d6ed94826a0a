/* Reading a GMSH file held in memory: ASCII tokens with their line
 * numbers, binary values with their byte offsets, and errors that name
 * the place ("mesh.msh:17: ..." or "mesh.msh: byte 1234: ..."). Every read
 * checks the end of the data, so a truncated file is an error, never a
 * read past the buffer. */
#ifndef SWE_MSH_CURSOR_H
#define SWE_MSH_CURSOR_H

#include "core/error.h"

#include <stddef.h>
#include <stdint.h>

typedef struct swe_msh_cursor {
    const char *name;          /* the file, for messages */
    const unsigned char *data; /* the whole file */
    size_t size;
    size_t position;
    long line;  /* line of position, counted while reading ASCII */
    int binary; /* places are byte offsets, not lines */
    int swap;   /* binary values are of the other byte order */
    swe_error *err;
} swe_msh_cursor;

/* SWE_ERROR_USAGE with "NAME:LINE: message" (ASCII) or "NAME: byte N:
 * message" (binary), at the cursor's position. */
int swe_msh_fail(const swe_msh_cursor *cursor, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* The next whitespace-separated token (at most size-1 characters) into
 * text; an error at the end of the data or for a longer token. */
int swe_msh_token(swe_msh_cursor *cursor, char *text, size_t size, const char *what);

/* The next token as an integer in [minimum, maximum]; what names it. */
int swe_msh_long(swe_msh_cursor *cursor, long long minimum, long long maximum, const char *what,
                 long long *value);

/* The next token as a finite number. */
int swe_msh_double(swe_msh_cursor *cursor, const char *what, double *value);

/* The next token, which must be expected (a section marker). */
int swe_msh_expect(swe_msh_cursor *cursor, const char *expected);

/* Skips the rest of the current line, its newline included. */
int swe_msh_skip_line(swe_msh_cursor *cursor);

/* A quoted name ("wall") into text, at most size-1 characters. */
int swe_msh_quoted(swe_msh_cursor *cursor, char *text, size_t size);

/* Binary values in the file's byte order. */
int swe_msh_read_i32(swe_msh_cursor *cursor, const char *what, int32_t *value);
int swe_msh_read_u64(swe_msh_cursor *cursor, const char *what, uint64_t *value);
int swe_msh_read_f64(swe_msh_cursor *cursor, const char *what, double *value);

/* Refuses a count of items of at least item_bytes bytes each that the
 * rest of the file cannot hold: a few bytes must never make the reader
 * allocate gigabytes. */
int swe_msh_check_count(const swe_msh_cursor *cursor, long long count, size_t item_bytes,
                        const char *what);

/* Moves past "$End<section>" for a section the reader does not use. */
int swe_msh_skip_section(swe_msh_cursor *cursor, const char *section);

#endif
