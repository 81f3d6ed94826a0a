/* Partitions of a triangle mesh and the parts built from them
 * (common/mesh/partition/): METIS's cut against a random split's, every
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

static int partition_mesh(partitioned *p, enum swe_mesh_partitioner partitioner,
                          swe_mesh_partition_quality *quality)
{
    memset(p, 0, sizeof *p);
    swe_error err = {{0}};
    int status = swe_mesh_read(mesh_path, &p->whole, &err);
    if (status == SWE_OK) {
        status = swe_mesh_dual_graph_create(&p->whole, &p->graph, &err);
    }
    p->part = malloc((size_t)p->whole.cell_count * sizeof(int) + 1);
    if (status == SWE_OK) {
        status = swe_mesh_partition(&p->graph, PARTS, partitioner, 3, p->part, &err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_partition_measure(&p->graph, PARTS, p->part, quality, &err);
    }
    SWE_MPI_ASSERT_ALL(status == SWE_OK, err.message);
    return status == SWE_OK;
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
    swe_mesh_dual_graph one_cell = {1, offsets, neighbours};
    swe_error err = {{0}};
    int status = swe_mesh_partition(&one_cell, 2, SWE_MESH_PARTITION_RANDOM, 1, part, &err);
    SWE_MPI_ASSERT_ALL(status == SWE_ERROR_USAGE && strstr(err.message, "2 ranks") != NULL,
                       "two ranks for one triangle are refused, naming them");
    enum swe_mesh_partitioner partitioner;
    status = swe_mesh_partitioner_parse("scotch", &partitioner, &err);
    SWE_MPI_ASSERT_ALL(status == SWE_ERROR_USAGE && strstr(err.message, "metis or random"),
                       "an unknown partitioner is refused, naming the known ones");
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
            int owned = 0, consistent = 1;
            for (int rank = 0; rank < PARTS; ++rank) {
                swe_mesh_subdomain sub;
                swe_error err = {{0}};
                int status =
                    swe_mesh_subdomain_create(&p.whole, &p.graph, p.part, rank, layers, &sub, &err);
                SWE_MPI_ASSERT_ALL(status == SWE_OK, err.message);
                owned += sub.owned_count;
                consistent &= status == SWE_OK && part_is_consistent(&p, &sub, layers);
                swe_mesh_subdomain_free(&sub);
            }
            SWE_MPI_ASSERT_ALL(owned == p.whole.cell_count, "the parts own every cell once");
            SWE_MPI_ASSERT_ALL(consistent, "every part has the whole mesh's geometry and layers");
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

void register_mesh_partition_tests(void)
{
    static const swe_mesh_test tests[] = {{"more ranks than cells, unknown partitioner refused",
                                           test_partitions_refuse_more_parts_than_cells},
                                          {"parts own every cell once, halos deep enough",
                                           test_parts_own_every_cell_once_with_deep_enough_halos},
                                          {"the overlap split: what reads no halo first",
                                           test_overlap_split_puts_what_reads_no_halo_first},
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
