/* The one channel from a graded program to tools/teaching/grade.py: named arrays of
 * numbers, case by case. The grader runs the reference kernels (or reads
 * reference data) for the expected stream and the student's kernels, in a
 * sandbox, for the actual one; it compares the two itself, so nothing the
 * student's process prints or returns decides a point.
 *
 *   shallows-grade-stream 1 PRECISION SIZEOF_REAL
 *   case K CASES TOLERANCE_ULPS\tDESCRIPTION
 *   launch RANKS ARGUMENTS...                          (MPI cases, expected only)
 *   field NAME COUNT TYPE LAYOUT A B C D E F\tHINT      (then COUNT raw values)
 *
 * TYPE is r (real, of this build's precision) or d (double); LAYOUT and its
 * six numbers say what the values are, so that a message can name a cell
 * (tools/teaching/grading/compare.py reads them). Header-only, so that the MPI case
 * program (tests/grade/mpi/) writes the same format. */
#ifndef SWE_GRADE_STREAM_H
#define SWE_GRADE_STREAM_H

#include "core/real.h"

#include <stddef.h>
#include <stdio.h>

/* What the values of a field are, for messages. */
enum grade_layout {
    GRADE_LIST,             /* values by index */
    GRADE_CELLS,            /* interior cells, x fastest: A = nx, B = ny */
    GRADE_BLOCK,            /* cells with ghost layers: A = nx, B = ny */
    GRADE_VERTICAL_EDGES,   /* nx+1 edges of row B: A = nx */
    GRADE_HORIZONTAL_EDGES, /* nx edges above row B: A = nx */
    GRADE_EDGE_ROWS,        /* h_left .. ht_right of the nx edges above row B: A = nx */
    GRADE_CALLS,            /* one value per call on the same input */
    GRADE_RANKS,            /* one value per MPI rank */
    GRADE_STEPS,            /* one value per time step */
    GRADE_HALO,       /* h, hu, hv, b with ghosts of rank A: B x C cells at (D, E), exchange F */
    GRADE_VERBS,      /* the backend verbs rank A called: B steps of C verbs */
    GRADE_VOLUME,     /* interior cells of a 3D grid, x fastest: A = nx, B = ny, C = nz */
    GRADE_MESH_CELLS, /* triangles of a mesh in the file's order: A = their count */
    GRADE_MESH_EDGES, /* edges of a mesh by number: A = count, B = interior edges */
    GRADE_MESH_HALO,  /* h, hu, hv of rank A's B part cells (C owned, then halo), exchange D */
    GRADE_MESSAGES, /* values rank A sent each of C ranks by MPI_Isend, then other calls; exchange B
                     */
    GRADE_LAYOUT_COUNT
};

enum { GRADE_LAYOUT_NUMBERS = 6 };

typedef struct grade_field {
    char name[64];
    void *values;
    size_t count;
    char type; /* 'r' real, 'd' double */
    enum grade_layout layout;
    int numbers[GRADE_LAYOUT_NUMBERS];
    const char *hint; /* what to look at when it differs; NULL: nothing */
    /* The case's tolerance times this (0 or 1: as it is): a value that
     * depends on the rest of the outputs ill-conditioned, stated by the
     * grader's side, the only one tools/teaching/grade.py reads it from. */
    double tolerance_scale;
} grade_field;

static const char *const grade_layout_names[GRADE_LAYOUT_COUNT] = {
    "list",      "cells",  "block",      "vertical-edges", "horizontal-edges",
    "edge-rows", "calls",  "ranks",      "steps",          "halo",
    "verbs",     "volume", "mesh-cells", "mesh-edges",     "mesh-halo",
    "messages"};

/* Text on a header line: tabs and line breaks would end it. */
static inline void grade_stream_text(FILE *out, const char *text)
{
    for (const char *c = text != NULL ? text : ""; *c != '\0'; ++c) {
        fputc(*c == '\t' || *c == '\n' || *c == '\r' ? ' ' : *c, out);
    }
    fputc('\n', out);
}

static inline void grade_stream_header(FILE *out)
{
    fprintf(out, "shallows-grade-stream 1 %s %zu\n", SWE_PRECISION_NAME, sizeof(real));
}

static inline void grade_stream_case(FILE *out, int number, int cases, double tolerance_ulps,
                                     const char *description)
{
    fprintf(out, "case %d %d %.17g\t", number, cases, tolerance_ulps);
    grade_stream_text(out, description);
}

static inline void grade_stream_launch(FILE *out, int ranks, const char *arguments)
{
    fprintf(out, "launch %d ", ranks);
    grade_stream_text(out, arguments);
}

static inline void grade_stream_field(FILE *out, const grade_field *field)
{
    const int *n = field->numbers;
    fprintf(out, "field %s %zu %c %s %d %d %d %d %d %d %.17g\t", field->name, field->count,
            field->type, grade_layout_names[field->layout], n[0], n[1], n[2], n[3], n[4], n[5],
            field->tolerance_scale > 1 ? field->tolerance_scale : 1.0);
    grade_stream_text(out, field->hint);
    size_t size = field->type == 'd' ? sizeof(double) : sizeof(real);
    if (field->count > 0) {
        fwrite(field->values, size, field->count, out);
    }
}

#endif
