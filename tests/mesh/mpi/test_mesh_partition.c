/* Partitions of a triangle mesh and the parts built from them
 * (common/mesh/partition/): METIS's and coordinate bisection's cuts
 * against a random split's, rcb's balance, pieces and numbering, every
 * part owned once, halo layers as deep as asked, and the geometry of a
 * part the whole mesh's to the bit. Collective only in their asserts. */
#include "mesh/geometry/mesh_ordering.h"
#include "mesh/partition/mesh_overlap_split.h"
#include "mesh/partition/mesh_partition.h"
#include "mesh/partition/mesh_subdomain.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/mpi/mpi_test_suites.h"
#include "tests/mpi/mpi_test_support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PARTS = 5 };

static const char *const mesh_path = SWE_MESH_GEO "partial_dam_break_coarse.msh";

typedef struct partitioned {
    swe_mesh whole;
    swe_mesh_dual_graph graph;
    int *part;
} partitioned;

/* The mesh at path and its dual graph, room for a partition. */
static int read_mesh(partitioned *p, const char *path)
{
    memset(p, 0, sizeof *p);
    swe_error err = {{0}};
    int status = swe_mesh_read(path, &p->whole, &err);
    if (status == SWE_OK) {
        status = swe_mesh_dual_graph_create(&p->whole, &p->graph, &err);
    }
    p->part = malloc((size_t)p->whole.cell_count * sizeof(int) + 1);
    if (status == SWE_OK && p->part == NULL) {
        status = swe_fail(&err, SWE_ERROR_RUNTIME, "out of memory for a partition");
    }
    SWE_MPI_ASSERT_ALL(status == SWE_OK, err.message);
    return status == SWE_OK;
}

/* p's mesh into parts by partitioner (seed 3), measured. */
static int split(partitioned *p, int parts, enum swe_mesh_partitioner partitioner,
                 swe_mesh_partition_quality *quality)
{
    swe_error err = {{0}};
    int status = swe_mesh_partition(&p->graph, parts, partitioner, 3, p->part, &err);
    if (status == SWE_OK) {
        status = swe_mesh_partition_measure(&p->graph, parts, p->part, quality, &err);
    }
    SWE_MPI_ASSERT_ALL(status == SWE_OK, err.message);
    return status == SWE_OK;
}

static int partition_mesh(partitioned *p, enum swe_mesh_partitioner partitioner,
                          swe_mesh_partition_quality *quality)
{
    return read_mesh(p, mesh_path) && split(p, PARTS, partitioner, quality);
}

static void free_partitioned(partitioned *p)
{
    swe_mesh_free(&p->whole);
    swe_mesh_dual_graph_free(&p->graph);
    free(p->part);
}

static void test_metis_cuts_far_fewer_edges_than_a_random_split(void)
{
    partitioned metis, random;
    swe_mesh_partition_quality metis_quality, random_quality;
    if (partition_mesh(&metis, SWE_MESH_PARTITION_METIS, &metis_quality) &&
        partition_mesh(&random, SWE_MESH_PARTITION_RANDOM, &random_quality)) {
        SWE_MPI_ASSERT_ALL(metis_quality.smallest > 0 && metis_quality.imbalance <= 1.05,
                           "METIS's parts hold within 5 % of the same number of cells");
        SWE_MPI_ASSERT_ALL(random_quality.largest - random_quality.smallest <= 1,
                           "a random split deals the cells out evenly");
        SWE_MPI_ASSERT_ALL(metis_quality.edge_cut * 10 < random_quality.edge_cut,
                           "METIS cuts under a tenth of the edges a random split cuts");
        SWE_MPI_ASSERT_ALL(metis_quality.edge_cut > 0, "five parts are cut somewhere");
    }
    free_partitioned(&metis);
    free_partitioned(&random);
}

static void test_partitions_refuse_more_parts_than_cells(void)
{
    int offsets[] = {0, 0}, neighbours[] = {0}, part[1] = {0};
    double centroid[] = {0.0};
    swe_mesh_dual_graph one_cell = {1, offsets, neighbours, centroid, centroid};
    swe_error err = {{0}};
    int refused = 1;
    for (int k = SWE_MESH_PARTITION_METIS; k <= SWE_MESH_PARTITION_RCB; ++k) {
        int status = swe_mesh_partition(&one_cell, 2, (enum swe_mesh_partitioner)k, 1, part, &err);
        refused &= status == SWE_ERROR_USAGE && strstr(err.message, "2 ranks") != NULL;
    }
    SWE_MPI_ASSERT_ALL(refused, "two ranks for one triangle are refused, naming them");
    enum swe_mesh_partitioner partitioner;
    int status = swe_mesh_partitioner_parse("scotch", &partitioner, &err);
    SWE_MPI_ASSERT_ALL(status == SWE_ERROR_USAGE && strstr(err.message, "metis, random or rcb"),
                       "an unknown partitioner is refused, naming the known ones");
    status = swe_mesh_partitioner_parse("rcb", &partitioner, &err);
    SWE_MPI_ASSERT_ALL(status == SWE_OK && partitioner == SWE_MESH_PARTITION_RCB &&
                           strcmp(swe_mesh_partitioner_name(partitioner), "rcb") == 0,
                       "rcb is known by its name");
    SWE_MPI_ASSERT_ALL(
        swe_mesh_partitioner_default() ==
            (swe_mesh_partition_have_metis() ? SWE_MESH_PARTITION_METIS : SWE_MESH_PARTITION_RCB),
        "METIS by default where built, coordinate bisection otherwise");
    double nowhere[] = {NAN, 0.0};
    SWE_MPI_ASSERT_ALL(
        swe_mesh_partition_rcb(nowhere, nowhere, 2, 2, part, &err) == SWE_ERROR_USAGE &&
            swe_mesh_partition_rcb(NULL, nowhere, 2, 2, part, &err) == SWE_ERROR_USAGE,
        "no finite centroids, none at all: bisection refused");
}

/* Every cell of the part: its whole cell's geometry, bit for bit (the
 * halo's chi aside), and each layer's neighbours within the next. */
static int part_is_consistent(const partitioned *p, const swe_mesh_subdomain *sub, int layers)
{
    int ok = sub->cell_count == sub->mesh.cell_count;
    for (int k = 0; ok && k < sub->cell_count; ++k) {
        int w = sub->whole_cell[k];
        ok = sub->mesh.cell_area[k] == p->whole.cell_area[w] &&
             sub->mesh.cell_x[k] == p->whole.cell_x[w] && sub->owner[k] == p->part[w] &&
             (sub->layer[k] == 0 ? sub->mesh.cell_chi[k] == p->whole.cell_chi[w]
                                 : isinf(sub->mesh.cell_chi[k]));
        for (int e = 0; ok && e < 3 && sub->layer[k] < layers; ++e) {
            int edge = sub->mesh.cell_edge[3 * k + e];
            int other = sub->mesh.edge_left[edge] == k ? sub->mesh.edge_right[edge]
                                                       : sub->mesh.edge_left[edge];
            int whole_edge = p->whole.cell_edge[3 * w + e]; /* the same order: by midpoint */
            ok = sub->mesh.edge_length[edge] == p->whole.edge_length[whole_edge] &&
                 (other >= 0) == (p->whole.edge_right[whole_edge] >= 0) &&
                 (other < 0 || sub->layer[other] <= sub->layer[k] + 1);
        }
    }
    return ok;
}

static void test_parts_own_every_cell_once_with_deep_enough_halos(void)
{
    partitioned p;
    swe_mesh_partition_quality quality;
    enum swe_mesh_partitioner partitioner =
        swe_mesh_partition_have_metis() ? SWE_MESH_PARTITION_METIS : SWE_MESH_PARTITION_RANDOM;
    if (partition_mesh(&p, partitioner, &quality)) {
        for (int layers = 1; layers <= 3; layers += 2) {
            int owned = 0, consistent = 1, halo_smallest = p.whole.cell_count, halo_largest = 0;
            for (int rank = 0; rank < PARTS; ++rank) {
                swe_mesh_subdomain sub;
                swe_error err = {{0}};
                int status =
                    swe_mesh_subdomain_create(&p.whole, &p.graph, p.part, rank, layers, &sub, &err);
                SWE_MPI_ASSERT_ALL(status == SWE_OK, err.message);
                owned += sub.owned_count;
                int halo = sub.cell_count - sub.owned_count;
                halo_smallest = halo < halo_smallest ? halo : halo_smallest;
                halo_largest = halo > halo_largest ? halo : halo_largest;
                consistent &= status == SWE_OK && part_is_consistent(&p, &sub, layers);
                swe_mesh_subdomain_free(&sub);
            }
            SWE_MPI_ASSERT_ALL(owned == p.whole.cell_count, "the parts own every cell once");
            SWE_MPI_ASSERT_ALL(consistent, "every part has the whole mesh's geometry and layers");
            SWE_MPI_ASSERT_ALL(layers > 1 || (quality.halo_smallest == halo_smallest &&
                                              quality.halo_largest == halo_largest),
                               "the measured first halo layer is the parts' one");
        }
    }
    free_partitioned(&p);
}

/* The split of a part for --overlap: inner cells owned (at second order
 * with owned neighbours), inner edges between inner cells only, the two
 * spans covering every cell and edge, and (METIS's parts) neither empty. */
static int split_is_sound(const swe_mesh_subdomain *sub, const swe_mesh *mesh, int order,
                          const swe_mesh_span *in, const swe_mesh_span *out)
{
    int ok = in->cell_begin == 0 && in->cell_end == out->cell_begin &&
             out->cell_end == mesh->cell_count && in->interior_begin == 0 &&
             in->interior_end == out->interior_begin &&
             out->interior_end == mesh->interior_edge_count &&
             in->boundary_begin == mesh->interior_edge_count &&
             in->boundary_end == out->boundary_begin && out->boundary_end == mesh->edge_count &&
             (!swe_mesh_partition_have_metis() ||
              (in->interior_end > 0 && out->cell_end > out->cell_begin));
    for (int c = 0; ok && c < mesh->cell_count; ++c) {
        int inner = c < in->cell_end, owned = sub->layer[mesh->cell_file_index[c]] == 0;
        for (int k = 0; k < 3 && order == 2; ++k) {
            int e = mesh->cell_edge[3 * c + k];
            int other = mesh->edge_left[e] == c ? mesh->edge_right[e] : mesh->edge_left[e];
            owned &= other < 0 || sub->layer[mesh->cell_file_index[other]] == 0;
        }
        ok = inner == owned;
    }
    for (int e = 0; ok && e < mesh->edge_count; ++e) {
        int inner_edge = e < in->interior_end || (e >= in->boundary_begin && e < in->boundary_end);
        int r = mesh->edge_right[e];
        ok = inner_edge == (mesh->edge_left[e] < in->cell_end && (r < 0 || r < in->cell_end));
    }
    return ok;
}

static void test_overlap_split_puts_what_reads_no_halo_first(void)
{
    partitioned p;
    swe_mesh_partition_quality quality;
    enum swe_mesh_partitioner partitioner =
        swe_mesh_partition_have_metis() ? SWE_MESH_PARTITION_METIS : SWE_MESH_PARTITION_RANDOM;
    if (partition_mesh(&p, partitioner, &quality)) {
        int sound = 1;
        for (int order = 1; order <= 2; ++order) {
            for (int rank = 0; rank < PARTS; ++rank) {
                swe_mesh_subdomain sub;
                swe_mesh_span in, out;
                swe_error err = {{0}};
                int status = swe_mesh_subdomain_create(&p.whole, &p.graph, p.part, rank,
                                                       order == 2 ? 3 : 1, &sub, &err);
                if (status == SWE_OK) {
                    status = swe_mesh_reorder(&sub.mesh, SWE_MESH_ORDERING_RCM, 0, &err);
                }
                if (status == SWE_OK) {
                    status = swe_mesh_overlap_split(&sub.mesh, sub.layer, order, &in, &out, &err);
                }
                SWE_MPI_ASSERT_ALL(status == SWE_OK, err.message);
                sound &= status == SWE_OK && split_is_sound(&sub, &sub.mesh, order, &in, &out);
                swe_mesh_subdomain_free(&sub);
            }
        }
        SWE_MPI_ASSERT_ALL(sound, "inner cells and edges read no halo cell, spans cover the part");
    }
    free_partitioned(&p);
}

/* Whether every part of p (parts of them) is one piece of the dual graph
 * but for single cells cut off where a bisection line passes between a
 * triangle and its neighbours: a breadth-first search from each cell not
 * yet reached finds its piece, and a part's second piece of more than one
 * cell says no. */
static int parts_are_connected(const partitioned *p, int parts)
{
    int cells = p->graph.cell_count;
    int *queue = malloc((size_t)cells * sizeof *queue);
    char *seen = calloc((size_t)cells, 1);
    int *pieces = calloc((size_t)parts, sizeof *pieces);
    int connected = queue != NULL && seen != NULL && pieces != NULL;
    for (int c = 0; connected && c < cells; ++c) {
        if (seen[c]) {
            continue;
        }
        int head = 0, tail = 0;
        queue[tail++] = c;
        seen[c] = 1;
        while (head < tail) {
            int cell = queue[head++];
            for (int k = p->graph.offsets[cell]; k < p->graph.offsets[cell + 1]; ++k) {
                int other = p->graph.neighbours[k];
                if (!seen[other] && p->part[other] == p->part[c]) {
                    seen[other] = 1;
                    queue[tail++] = other;
                }
            }
        }
        pieces[p->part[c]] += tail > 1; /* a part's pieces of two cells or more */
        connected = pieces[p->part[c]] <= 1;
    }
    free(queue);
    free(seen);
    free(pieces);
    return connected;
}

/* The square: for 2 to 8 parts (powers of two and not), every cell in a
 * part, the counts within one cell, each part one piece (single cells cut
 * off aside: one at 8 parts). */
static void test_rcb_parts_are_balanced_and_connected(void)
{
    partitioned p;
    int balanced = 1, connected = 1;
    if (read_mesh(&p, SWE_MESH_GEO "square_1000_coarse.msh")) {
        for (int parts = 2; parts <= 8; ++parts) {
            swe_mesh_partition_quality quality;
            if (!split(&p, parts, SWE_MESH_PARTITION_RCB, &quality)) {
                break;
            }
            balanced &= quality.smallest > 0 && quality.largest - quality.smallest <= 1;
            connected &= parts_are_connected(&p, parts);
        }
    }
    SWE_MPI_ASSERT_ALL(balanced, "rcb's parts hold the same number of cells to one");
    SWE_MPI_ASSERT_ALL(connected, "each of rcb's parts of the square is one piece (single "
                                  "cells aside)");
    free_partitioned(&p);
}

/* Every committed case mesh at 2, 4, 8 parts: rcb cuts under a fifth of
 * the edges a random split cuts, and (where built) at most twice METIS's;
 * three times on the partial dam break, whose wall METIS cuts at the
 * breach where a straight line crosses the reservoir (49 edges against 17
 * at 2 parts). */
static void test_rcb_cuts_near_metis_and_far_below_random(void)
{
    static const struct {
        const char *path;
        long metis_factor;
    } meshes[] = {{SWE_MESH_GEO "partial_dam_break_coarse.msh", 3},
                  {SWE_MESH_GEO "circular_dam_break_coarse.msh", 2},
                  {SWE_MESH_GEO "backward_facing_step_coarse.msh", 2},
                  {SWE_MESH_GEO "square_1000_coarse.msh", 2}};
    int below_random = 1, near_metis = 1;
    for (int m = 0; m < (int)(sizeof meshes / sizeof meshes[0]); ++m) {
        partitioned p;
        int read = read_mesh(&p, meshes[m].path);
        for (int parts = 2; read && parts <= 8; parts *= 2) {
            swe_mesh_partition_quality rcb, random, metis;
            int split_both = split(&p, parts, SWE_MESH_PARTITION_RCB, &rcb) &&
                             split(&p, parts, SWE_MESH_PARTITION_RANDOM, &random);
            below_random &= split_both && rcb.edge_cut > 0 && rcb.edge_cut * 5 <= random.edge_cut;
            if (split_both && swe_mesh_partition_have_metis()) {
                near_metis &= split(&p, parts, SWE_MESH_PARTITION_METIS, &metis) &&
                              rcb.edge_cut <= meshes[m].metis_factor * metis.edge_cut;
            }
        }
        free_partitioned(&p);
    }
    SWE_MPI_ASSERT_ALL(below_random, "rcb cuts at most a fifth of a random split's edges");
    SWE_MPI_ASSERT_ALL(near_metis, "rcb cuts at most twice METIS's edges (where built; three "
                                   "times across the partial dam break's wall)");
}

/* The same split twice, and the same split of the cells (each cell the
 * same part) when they are numbered in a shuffled order. */
static void test_rcb_is_repeatable_in_any_numbering(void)
{
    partitioned p;
    int repeated = 0, invariant = 0;
    if (read_mesh(&p, mesh_path)) {
        int cells = p.whole.cell_count;
        int *again = malloc((size_t)cells * sizeof *again);
        int *shuffled_part = malloc((size_t)cells * sizeof *shuffled_part);
        int *order = malloc((size_t)cells * sizeof *order);
        double *x = malloc((size_t)cells * sizeof *x), *y = malloc((size_t)cells * sizeof *y);
        swe_error err = {{0}};
        if (again != NULL && shuffled_part != NULL && order != NULL && x != NULL && y != NULL &&
            swe_mesh_partition_rcb(p.whole.cell_x, p.whole.cell_y, cells, 6, p.part, &err) ==
                SWE_OK &&
            swe_mesh_partition_rcb(p.whole.cell_x, p.whole.cell_y, cells, 6, again, &err) ==
                SWE_OK) {
            repeated = memcmp(p.part, again, (size_t)cells * sizeof *again) == 0;
            unsigned long long state = 12345;
            for (int c = 0; c < cells; ++c) {
                order[c] = c;
            }
            for (int c = cells - 1; c > 0; --c) { /* Fisher-Yates, an LCG's high bits */
                state = state * 6364136223846793005ULL + 1442695040888963407ULL;
                int other = (int)((state >> 33) % (unsigned long long)(c + 1));
                int kept = order[c];
                order[c] = order[other];
                order[other] = kept;
            }
            for (int k = 0; k < cells; ++k) { /* new cell k is old cell order[k] */
                x[k] = p.whole.cell_x[order[k]];
                y[k] = p.whole.cell_y[order[k]];
            }
            invariant = swe_mesh_partition_rcb(x, y, cells, 6, shuffled_part, &err) == SWE_OK;
            for (int k = 0; invariant && k < cells; ++k) {
                invariant = shuffled_part[k] == p.part[order[k]];
            }
        }
        free(again);
        free(shuffled_part);
        free(order);
        free(x);
        free(y);
    }
    SWE_MPI_ASSERT_ALL(repeated, "rcb splits the same mesh the same way twice");
    SWE_MPI_ASSERT_ALL(invariant, "rcb gives each cell its part in a shuffled numbering too");
    free_partitioned(&p);
}

void register_mesh_partition_tests(void)
{
    static const swe_mesh_test tests[] = {{"more ranks than cells, unknown partitioner refused",
                                           test_partitions_refuse_more_parts_than_cells},
                                          {"parts own every cell once, halos deep enough",
                                           test_parts_own_every_cell_once_with_deep_enough_halos},
                                          {"the overlap split: what reads no halo first",
                                           test_overlap_split_puts_what_reads_no_halo_first},
                                          {"rcb: balanced to one cell, each part one piece",
                                           test_rcb_parts_are_balanced_and_connected},
                                          {"rcb: cut near METIS's, far below a random split's",
                                           test_rcb_cuts_near_metis_and_far_below_random},
                                          {"rcb: repeatable, the same in a shuffled numbering",
                                           test_rcb_is_repeatable_in_any_numbering},
                                          {"METIS cuts far fewer edges than a random split",
                                           test_metis_cuts_far_fewer_edges_than_a_random_split}};
    /* Without METIS the last test has nothing to compare: not registered,
     * and said so (skipped is not passed). */
    int metis = swe_mesh_partition_have_metis();
    if (!metis && swe_mpi_test_rank() == 0) {
        printf("mesh-partition: METIS against random skipped: no METIS in this build "
               "(libmetis-dev)\n");
    }
    swe_mesh_test_register("mesh-partition", tests, (int)(sizeof tests / sizeof tests[0]) - !metis);
}
