/* A triangle mesh split into parts (one per MPI rank): every cell gets
 * the part that owns it. METIS's k-way partitioning of the dual graph
 * (cells of equal weight, few cut edges), or a random split of equal
 * sizes, which shows what METIS buys: every cut interior edge is a cell
 * of halo to send each step. */
#ifndef SWE_MESH_PARTITION_H
#define SWE_MESH_PARTITION_H

#include "core/error.h"
#include "mesh/geometry/mesh.h"
#include "mesh/partition/mesh_dual_graph.h"

enum swe_mesh_partitioner {
    SWE_MESH_PARTITION_METIS = 0, /* METIS_PartGraphKway (libmetis-dev) */
    SWE_MESH_PARTITION_RANDOM     /* cells dealt out at random, equal counts */
};

/* "metis" or "random"; SWE_ERROR_USAGE naming both otherwise. */
int swe_mesh_partitioner_parse(const char *name, enum swe_mesh_partitioner *partitioner,
                               swe_error *err);
const char *swe_mesh_partitioner_name(enum swe_mesh_partitioner partitioner);

/* Whether this build has METIS. */
int swe_mesh_partition_have_metis(void);

/* part[c] in 0 .. parts - 1 for every cell c of graph, none of the parts
 * empty; seed makes the split repeatable (METIS's seed, the random
 * split's). SWE_ERROR_USAGE for more parts than cells, or METIS asked of
 * a build without it. */
int swe_mesh_partition(const swe_mesh_dual_graph *graph, int parts,
                       enum swe_mesh_partitioner partitioner, unsigned long long seed, int *part,
                       swe_error *err);

/* METIS's part of it (mesh_partition_metis.c, or the file that says
 * METIS is missing). */
int swe_mesh_partition_metis(const swe_mesh_dual_graph *graph, int parts, unsigned long long seed,
                             int *part, swe_error *err);

/* How good a split is. */
typedef struct swe_mesh_partition_quality {
    long edge_cut;    /* interior edges between two parts */
    int smallest;     /* cells of the smallest part */
    int largest;      /* of the largest */
    double imbalance; /* largest / (cells / parts): 1 is perfect */
} swe_mesh_partition_quality;

int swe_mesh_partition_measure(const swe_mesh_dual_graph *graph, int parts, const int *part,
                               swe_mesh_partition_quality *quality, swe_error *err);

#endif
