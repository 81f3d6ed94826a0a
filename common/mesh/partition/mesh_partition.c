#include "mesh/partition/mesh_partition.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *const partitioner_names[] = {"metis", "random", "rcb"};
enum { PARTITIONERS = (int)(sizeof partitioner_names / sizeof partitioner_names[0]) };

int swe_mesh_partitioner_parse(const char *name, enum swe_mesh_partitioner *partitioner,
                               swe_error *err)
{
    for (int k = 0; name != NULL && partitioner != NULL && k < PARTITIONERS; ++k) {
        if (strcmp(name, partitioner_names[k]) == 0) {
            *partitioner = (enum swe_mesh_partitioner)k;
            return SWE_OK;
        }
    }
    return swe_fail(err, SWE_ERROR_USAGE, "--partition must be metis, random or rcb, not '%s'",
                    name != NULL ? name : "(none)");
}

const char *swe_mesh_partitioner_name(enum swe_mesh_partitioner partitioner)
{
    return (unsigned)partitioner < PARTITIONERS ? partitioner_names[partitioner] : "unknown";
}

enum swe_mesh_partitioner swe_mesh_partitioner_default(void)
{
    return swe_mesh_partition_have_metis() ? SWE_MESH_PARTITION_METIS : SWE_MESH_PARTITION_RCB;
}

/* xorshift64*: the same split on every machine for a seed. */
static uint64_t next_random(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * UINT64_C(2685821657736338717);
}

/* Cells dealt round the parts in a shuffled order: equal counts (to one
 * cell), neighbours almost never together. */
static int partition_random(int cells, int parts, unsigned long long seed, int *part,
                            swe_error *err)
{
    int *order = malloc(((size_t)cells + 1) * sizeof *order);
    if (order == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a random partition");
    }
    uint64_t state = seed != 0 ? seed : 1;
    for (int c = 0; c < cells; ++c) {
        order[c] = c;
    }
    for (int c = cells - 1; c > 0; --c) {
        int other = (int)(next_random(&state) % (uint64_t)(c + 1));
        int kept = order[c];
        order[c] = order[other];
        order[other] = kept;
    }
    for (int k = 0; k < cells; ++k) {
        part[order[k]] = k % parts;
    }
    free(order);
    return SWE_OK;
}

int swe_mesh_partition(const swe_mesh_dual_graph *graph, int parts,
                       enum swe_mesh_partitioner partitioner, unsigned long long seed, int *part,
                       swe_error *err)
{
    if (graph == NULL || part == NULL || graph->cell_count < 1 || parts < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nothing to partition");
    }
    if (parts > graph->cell_count) {
        return swe_fail(err, SWE_ERROR_USAGE, "%d ranks cannot share a mesh of %d triangles", parts,
                        graph->cell_count);
    }
    int status = SWE_OK;
    if (parts == 1) {
        memset(part, 0, (size_t)graph->cell_count * sizeof *part);
    } else if (partitioner == SWE_MESH_PARTITION_METIS) {
        status = swe_mesh_partition_metis(graph, parts, seed, part, err);
    } else if (partitioner == SWE_MESH_PARTITION_RCB) {
        status = swe_mesh_partition_rcb(graph->cell_x, graph->cell_y, graph->cell_count, parts,
                                        part, err);
    } else {
        status = partition_random(graph->cell_count, parts, seed, part, err);
    }
    swe_mesh_partition_quality quality;
    if (status == SWE_OK) {
        status = swe_mesh_partition_measure(graph, parts, part, &quality, err);
    }
    if (status == SWE_OK && quality.smallest < 1) {
        status = swe_fail(err, SWE_ERROR_USAGE,
                          "%s left a rank without triangles: %d ranks are too many for a mesh "
                          "of %d triangles",
                          swe_mesh_partitioner_name(partitioner), parts, graph->cell_count);
    }
    return status;
}

/* Cell c is in the first halo layer of each other part that owns one of
 * its neighbours: counted once for each such part (stamp[p] == c once
 * counted), however many of its cells touch c. Adds c's cut sides. */
static void count_halo_of_others(const swe_mesh_dual_graph *graph, const int *part, int c,
                                 int *halos, int *stamp, long *cut_sides)
{
    for (int k = graph->offsets[c]; k < graph->offsets[c + 1]; ++k) {
        int other = part[graph->neighbours[k]];
        if (other != part[c]) {
            ++*cut_sides;
            halos[other] += stamp[other] != c;
            stamp[other] = c;
        }
    }
}

int swe_mesh_partition_measure(const swe_mesh_dual_graph *graph, int parts, const int *part,
                               swe_mesh_partition_quality *quality, swe_error *err)
{
    if (graph == NULL || part == NULL || quality == NULL || parts < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no partition to measure");
    }
    int *sizes = calloc((size_t)parts, sizeof *sizes);
    int *halos = calloc((size_t)parts, sizeof *halos);
    int *stamp = malloc((size_t)parts * sizeof *stamp);
    if (sizes == NULL || halos == NULL || stamp == NULL) {
        free(sizes);
        free(halos);
        free(stamp);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a partition's sizes");
    }
    for (int c = 0; c < graph->cell_count; ++c) {
        if (part[c] < 0 || part[c] >= parts) {
            free(sizes);
            free(halos);
            free(stamp);
            return swe_fail(err, SWE_ERROR_USAGE, "internal error: cell %d in part %d of %d", c,
                            part[c], parts);
        }
    }
    for (int p = 0; p < parts; ++p) {
        stamp[p] = -1;
    }
    long cut_sides = 0;
    for (int c = 0; c < graph->cell_count; ++c) {
        sizes[part[c]]++;
        count_halo_of_others(graph, part, c, halos, stamp, &cut_sides);
    }
    quality->edge_cut = cut_sides / 2; /* each cut edge seen from both cells */
    quality->smallest = sizes[0];
    quality->largest = sizes[0];
    for (int p = 1; p < parts; ++p) {
        quality->smallest = sizes[p] < quality->smallest ? sizes[p] : quality->smallest;
        quality->largest = sizes[p] > quality->largest ? sizes[p] : quality->largest;
    }
    quality->imbalance = (double)quality->largest * parts / graph->cell_count;
    quality->halo_smallest = halos[0];
    quality->halo_largest = halos[0];
    for (int p = 1; p < parts; ++p) {
        quality->halo_smallest =
            halos[p] < quality->halo_smallest ? halos[p] : quality->halo_smallest;
        quality->halo_largest = halos[p] > quality->halo_largest ? halos[p] : quality->halo_largest;
    }
    free(sizes);
    free(halos);
    free(stamp);
    return SWE_OK;
}
