/* Inside the GMSH reader: what the sections of both format versions fill
 * while the file is read. Elements name nodes by tag and (in 4.1) lines
 * by their curve; swe_msh_resolve turns both into indices and physical
 * groups once every section is read, whatever their order. */
#ifndef SWE_MSH_SECTIONS_H
#define SWE_MSH_SECTIONS_H

#include "mesh/gmsh/msh_cursor.h"
#include "mesh/gmsh/msh_raw.h"

/* Largest node, triangle or line count: indices stay ints with room. */
#define SWE_MSH_MAX_COUNT 1000000000LL
/* Largest tag a file may use (GMSH's tags are positive). */
#define SWE_MSH_MAX_TAG 9000000000000000000LL

/* What a run holds per node and per element that a file declares, from
 * reading the file to stepping (the reader's arrays, the mesh built from
 * them, the solver's state, the copies the files are written from):
 * 480 to 700 bytes per triangle measured in double precision (shallows
 * --mesh on the 180 000 triangles of --write-square 300, without and with
 * files), rounded up. Boundary lines are counted as triangles: a mesh has
 * far fewer of them. */
#define SWE_MSH_RUN_BYTES_PER_NODE 64.0
#define SWE_MSH_RUN_BYTES_PER_ELEMENT 800.0

typedef struct swe_msh_curve {
    long long tag;
    int physical; /* 0: none */
} swe_msh_curve;

typedef struct swe_msh_parse_state {
    swe_msh_raw *raw;
    long long *node_tag;          /* per node */
    long long *triangle_node_tag; /* 3 per triangle */
    long long *line_node_tag;     /* 2 per line */
    long long *line_curve;        /* 4.1: curve entity of each line */
    int triangle_capacity, line_capacity;
    swe_msh_curve *curves; /* 4.1 $Entities */
    int curve_count;
    int has_nodes, has_elements, has_entities, has_names;
    long long declared_nodes, declared_elements; /* the counts of the headers read so far */
} swe_msh_parse_state;

/* Before the arrays of a section are allocated: a run of a mesh of the
 * nodes and elements declared so far, beside the file held in memory,
 * must fit in the memory available (core/memory_budget.h); else
 * SWE_ERROR_USAGE with both figures. */
int swe_msh_check_memory(const swe_msh_cursor *cursor, const swe_msh_parse_state *state);

/* Node storage for count nodes; refuses a second $Nodes section. */
int swe_msh_allocate_nodes(swe_msh_cursor *cursor, swe_msh_parse_state *state, long long count);

/* Stores a node; refuses a tag below 1 and a node off the plane z = 0. */
int swe_msh_store_node(swe_msh_cursor *cursor, swe_msh_parse_state *state, long long tag,
                       const double xyz[3]);

int swe_msh_v2_nodes(swe_msh_cursor *cursor, swe_msh_parse_state *state);
int swe_msh_v2_elements(swe_msh_cursor *cursor, swe_msh_parse_state *state);
int swe_msh_v4_entities(swe_msh_cursor *cursor, swe_msh_parse_state *state);
int swe_msh_v4_nodes(swe_msh_cursor *cursor, swe_msh_parse_state *state);
int swe_msh_v4_elements(swe_msh_cursor *cursor, swe_msh_parse_state *state);

/* Room for count more triangles and lines than already stored. */
int swe_msh_reserve_elements(swe_msh_cursor *cursor, swe_msh_parse_state *state,
                             long long triangles, long long lines);

/* Stores one element of a GMSH type: a triangle (2), a line (1) or a
 * point (15, ignored); other types are refused with their name. */
int swe_msh_check_element_type(swe_msh_cursor *cursor, long long type, long long element);
int swe_msh_element_node_count(long long type);
void swe_msh_add_triangle(swe_msh_parse_state *state, long long element, const long long *nodes);
void swe_msh_add_line(swe_msh_parse_state *state, long long element, const long long *nodes,
                      int physical, long long curve);

/* Node tags to indices, curves to physical groups; refuses missing and
 * repeated node tags, a mesh without triangles. */
int swe_msh_resolve(swe_msh_cursor *cursor, swe_msh_parse_state *state);

void swe_msh_state_free(swe_msh_parse_state *state);

#endif
