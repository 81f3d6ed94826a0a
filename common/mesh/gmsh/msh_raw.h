/* What a GMSH file says about a 2D triangle mesh, before any geometry:
 * node coordinates, triangles and boundary lines as indices into the node
 * arrays (in file order), the physical group of each line, and the names
 * of the physical groups. */
#ifndef SWE_MSH_RAW_H
#define SWE_MSH_RAW_H

#include <stddef.h>

typedef struct swe_msh_group {
    int dimension; /* 1: boundary lines, 2: surfaces */
    int tag;       /* the physical tag, > 0 */
    char name[64];
} swe_msh_group;

typedef struct swe_msh_raw {
    int node_count;
    double *node_x, *node_y;
    int triangle_count;
    int *triangle_nodes; /* 3 node indices per triangle */
    long *triangle_tags; /* the element tag of each triangle, for messages */
    int line_count;
    int *line_nodes;    /* 2 node indices per line */
    long *line_tags;    /* element tags */
    int *line_physical; /* physical tag of each line; 0: none */
    int group_count;
    swe_msh_group *groups;
    int format_major; /* 2 or 4 */
    int binary;
} swe_msh_raw;

/* Frees what a reader allocated and zeroes raw; safe on a zeroed raw. */
void swe_msh_raw_free(swe_msh_raw *raw);

/* The name of the physical group (dimension, tag), or NULL. */
const char *swe_msh_group_name(const swe_msh_raw *raw, int dimension, int tag);

#endif
