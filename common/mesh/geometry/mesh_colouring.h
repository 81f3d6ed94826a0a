/* Edge colouring of a triangle mesh, for the scatter of exercise 16: the
 * edges in groups (colours) such that no two edges of one colour share a
 * cell, so that the edges of one colour can add into their cells in
 * parallel without atomics, one colour after the other. Greedy, in edge
 * order: each edge takes the smallest colour that none of the edges
 * already coloured at its one or two cells has. A cell has three edges, so
 * an edge meets at most four others and five colours always suffice. */
#ifndef SWE_MESH_COLOURING_H
#define SWE_MESH_COLOURING_H

#include "core/error.h"

enum { SWE_MESH_MAX_COLOURS = 5 };

typedef struct swe_mesh_colouring {
    int colour_count;
    int colour_start[SWE_MESH_MAX_COLOURS + 1]; /* colour k: edges[colour_start[k] ..
                                                   colour_start[k+1]-1] */
    int *edges;                                 /* every edge once, by colour, ascending */
} swe_mesh_colouring;

/* Colours the edge_count edges whose cells are edge_left[e] and
 * edge_right[e] (-1: none), of cell_count cells. SWE_ERROR_USAGE for
 * cells out of range or a cell with more than three edges. */
int swe_mesh_colour_edges(int cell_count, int edge_count, const int *edge_left,
                          const int *edge_right, swe_mesh_colouring *colouring, swe_error *err);

/* SWE_OK if every edge appears once and no two edges of a colour share a
 * cell; SWE_ERROR_USAGE naming the first pair that does otherwise. */
int swe_mesh_colouring_check(int cell_count, int edge_count, const int *edge_left,
                             const int *edge_right, const swe_mesh_colouring *colouring,
                             swe_error *err);

void swe_mesh_colouring_free(swe_mesh_colouring *colouring);

#endif
