/* A triangle mesh split into parts (one per MPI rank): every cell gets
 * the part that owns it. METIS's k-way partitioning of the dual graph
 * (cells of equal weight, fewest cut edges), recursive coordinate
 * bisection of the centroids (no library, a cut close to METIS's), or a
 * random split of equal sizes, which shows what the others buy: every
 * cut interior edge is a cell of halo to send each step. */
#ifndef SWE_MESH_PARTITION_H
#define SWE_MESH_PARTITION_H

#include "core/error.h"
#include "mesh/geometry/mesh.h"
#include "mesh/partition/mesh_dual_graph.h"

enum swe_mesh_partitioner {
    SWE_MESH_PARTITION_METIS = 0, /* METIS_PartGraphKway (libmetis-dev) */
    SWE_MESH_PARTITION_RANDOM,    /* cells dealt out at random, equal counts */
    SWE_MESH_PARTITION_RCB        /* recursive coordinate bisection, equal counts */
};

/* "metis", "random" or "rcb"; SWE_ERROR_USAGE naming them otherwise. */
int swe_mesh_partitioner_parse(const char *name, enum swe_mesh_partitioner *partitioner,
                               swe_error *err);
const char *swe_mesh_partitioner_name(enum swe_mesh_partitioner partitioner);

/* Whether this build has METIS. */
int swe_mesh_partition_have_metis(void);

/* The partitioner where none is named: METIS where built, rcb otherwise. */
enum swe_mesh_partitioner swe_mesh_partitioner_default(void);

/* part[c] in 0 .. parts - 1 for every cell c of graph, none of the parts
 * empty; seed makes the split repeatable (METIS's seed, the random
 * split's; rcb's is the same without one). SWE_ERROR_USAGE for more parts than cells, or METIS
 * asked of a build without it. */
int swe_mesh_partition(const swe_mesh_dual_graph *graph, int parts,
                       enum swe_mesh_partitioner partitioner, unsigned long long seed, int *part,
                       swe_error *err);

/* Recursive coordinate bisection of the centroids (x[c], y[c]): the
 * cells ordered along the longer side of their bounding box (ties by the
 * other coordinate, then the index), the lower floor(parts / 2) parts'
 * shares below the cut, the rest above, and so on in each half. Every
 * part holds cells / parts cells or one more; the same split for the
 * same centroids in any numbering. */
int swe_mesh_partition_rcb(const double *x, const double *y, int cells, int parts, int *part,
                           swe_error *err);

/* METIS's part of it (mesh_partition_metis.c, or the file that says
 * METIS is missing). */
int swe_mesh_partition_metis(const swe_mesh_dual_graph *graph, int parts, unsigned long long seed,
                             int *part, swe_error *err);

/* How good a split is. */
typedef struct swe_mesh_partition_quality {
    long edge_cut;     /* interior edges between two parts */
    int smallest;      /* cells of the smallest part */
    int largest;       /* of the largest */
    double imbalance;  /* largest / (cells / parts): 1 is perfect */
    int halo_smallest; /* fewest cells of other parts next to one part's (its first halo layer) */
    int halo_largest;  /* most */
} swe_mesh_partition_quality;

int swe_mesh_partition_measure(const swe_mesh_dual_graph *graph, int parts, const int *part,
                               swe_mesh_partition_quality *quality, swe_error *err);

#endif
