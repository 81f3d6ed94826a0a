/* The GMSH reader: .msh files of format 2.2 and 4.1, ASCII and binary,
 * holding a 2D mesh of 3-node triangles (and points), with 2-node lines
 * on the boundary whose physical groups name the boundary conditions.
 * Anything else - other element types, malformed or truncated data,
 * counts the file cannot hold, non-finite coordinates, references to
 * missing nodes - is refused with SWE_ERROR_USAGE and one line naming the
 * file, the line (ASCII) or byte offset (binary), and the reason. */
#ifndef SWE_MSH_READER_H
#define SWE_MSH_READER_H

#include "core/error.h"
#include "mesh/gmsh/msh_raw.h"

#include <stddef.h>

/* What a refusal of the file itself tells the user to do. */
#define SWE_MSH_FIX "give a GMSH mesh, .msh of format 2.2 or 4.1"

/* Checks the file at path as an untrusted input (io/untrusted_file.h): a
 * FIFO, a folder, a device or an empty file is refused with
 * SWE_ERROR_USAGE before any reader opens it (the command line does this
 * for --mesh, so that every program refuses before it starts). */
int swe_msh_check_file(const char *path, swe_error *err);

/* Reads the file at path into raw (zeroed first; freed on failure): the
 * file checked as by swe_msh_check_file, and it and the arrays that its
 * counts declare checked against the memory available
 * (core/memory_budget.h) before they are allocated; read and parsed in a
 * child process (io/child_task.h: a crash or hang of the parser is one
 * line and exit 2). */
int swe_msh_read_file(const char *path, swe_msh_raw *raw, swe_error *err);

/* Parses size bytes of a .msh file; name is used in messages. A run of
 * the nodes and elements that its headers declare is checked against the
 * memory available before their arrays are allocated. */
int swe_msh_parse(const char *name, const unsigned char *data, size_t size, swe_msh_raw *raw,
                  swe_error *err);

#endif
