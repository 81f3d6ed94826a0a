/* Exercise 17 (exercises/17-mesh-mpi-halo-exchange): the halo exchange of
 * a partitioned triangle mesh, mpi/mesh/mesh_mpi_exchange.c. Each case is
 * an MPI job of 2 to 4 ranks (tools/teaching/grade.py runs it as for exercise 08):
 *
 *   mpirun -np RANKS shallows-mpi-grade --output PIPE --case K mesh-halo N SEED LAYERS
 *
 * (tests/grade/mpi/grade_mpi_mesh.c), whose ranks build their parts and
 * the halo plan with the plumbing, fill their own triangles with the
 * coded pattern and call the student's exchange twice. This is the
 * grader's side, without MPI: every cell of every part must hold its own
 * triangle's code after each exchange (the owner's bits), and every rank
 * must have sent, with MPI_Isend, exactly 3 values per cell to each rank
 * that holds them as halo, and nothing through any other send, collective
 * or one-sided call (the job counts them through MPI's profiling
 * interface): a gather of the whole state, or a copy of the mesh's state
 * on every rank, cannot pass. */
#include "mesh/partition/mesh_subdomain.h"
#include "tests/grade/grade_mesh_parts.h"
#include "tests/grade/grade_support.h"

#include <stdio.h>
#include <stdlib.h>

/* Ranks of case k: 2, 3 and 4 in turn, as mpirun --oversubscribe starts
 * them on any laptop. */
static int ranks_of(int case_number)
{
    return 2 + (case_number - 1) % 3;
}

/* sent[r * ranks + p]: values rank r must send rank p, 3 per triangle of
 * r that p holds as halo. */
static void count_sends(const swe_mesh_subdomain *subs, int ranks, real *sent)
{
    for (int k = 0; k < ranks * ranks; ++k) {
        sent[k] = 0;
    }
    for (int p = 0; p < ranks; ++p) {
        for (int k = subs[p].owned_count; k < subs[p].cell_count; ++k) {
            sent[subs[p].owner[k] * ranks + p] += GRADE_MESH_HALO_FIELDS;
        }
    }
}

static void expected_part(const swe_mesh_subdomain *sub, int rank, int exchange, grade_outputs *out)
{
    const int numbers[GRADE_LAYOUT_NUMBERS] = {rank, sub->cell_count, sub->owned_count, exchange};
    real *values =
        grade_add_field(out, "mesh_halo", GRADE_MESH_HALO_FIELDS * (size_t)sub->cell_count,
                        GRADE_MESH_HALO, numbers);
    grade_hint(out, exchange == 0
                        ? "TODO 1-3: receive into every neighbour's buffer, pack and send "
                          "its cells, wait, unpack (as SWE_MPI_REAL values: the grader marks "
                          "what each MPI_Isend carries, and only those values come out right)"
                        : "the second exchange must pack the new values");
    for (int f = 0; f < GRADE_MESH_HALO_FIELDS; ++f) {
        for (int k = 0; k < sub->cell_count; ++k) {
            values[f * sub->cell_count + k] = grade_mesh_halo_code(f, sub->whole_cell[k], exchange);
        }
    }
}

static void expected_messages(const real *sent, int ranks, int rank, int exchange,
                              grade_outputs *out)
{
    const int numbers[GRADE_LAYOUT_NUMBERS] = {rank, exchange, ranks};
    real *values = grade_add_field(out, "messages", (size_t)ranks + 1, GRADE_MESSAGES, numbers);
    grade_hint(out, "one MPI_Isend to each rank that holds cells of this one as halo, 3 values a "
                    "cell; no blocking send, collective or one-sided call in the exchange");
    for (int p = 0; p < ranks; ++p) {
        values[p] = sent[rank * ranks + p];
    }
    values[ranks] = 0;
}

static void emit_case(int case_number, int cases, int ranks, int n, unsigned long long seed,
                      int layers)
{
    grade_mesh_parts parts;
    swe_mesh_subdomain subs[4];
    real sent[16];
    swe_error err;
    if (grade_mesh_parts_create(n, seed, ranks, &parts, &err) != SWE_OK) {
        grade_harness_failure(err.message);
    }
    int halo_cells = 0;
    for (int r = 0; r < ranks; ++r) {
        if (swe_mesh_subdomain_create(&parts.whole, &parts.graph, parts.part, r, layers, &subs[r],
                                      &err) != SWE_OK) {
            grade_harness_failure(err.message);
        }
        halo_cells += subs[r].cell_count - subs[r].owned_count;
    }
    count_sends(subs, ranks, sent);
    grade_outputs expected = {0};
    /* The job gathers every rank's fields in rank order: the halo after
     * both exchanges, then what each exchange sent. */
    for (int r = 0; r < ranks; ++r) {
        for (int exchange = 0; exchange < GRADE_MESH_HALO_EXCHANGES; ++exchange) {
            expected_part(&subs[r], r, exchange, &expected);
        }
    }
    for (int r = 0; r < ranks; ++r) {
        for (int exchange = 0; exchange < GRADE_MESH_HALO_EXCHANGES; ++exchange) {
            expected_messages(sent, ranks, r, exchange, &expected);
        }
    }
    char description[128], arguments[64];
    snprintf(description, sizeof description,
             "%d triangles dealt out to %d ranks, %d halo layer%s, %d halo cells in all",
             parts.whole.cell_count, ranks, layers, layers == 1 ? "" : "s", halo_cells);
    snprintf(arguments, sizeof arguments, "mesh-halo %d %llu %d", n, seed, layers);
    const grade_case a_case = {case_number, cases, description, 0};
    grade_emit_launched_case(&a_case, ranks, arguments, &expected);
    grade_free_outputs(&expected);
    for (int r = 0; r < ranks; ++r) {
        swe_mesh_subdomain_free(&subs[r]);
    }
    grade_mesh_parts_free(&parts);
}

enum { CASES = 6 };

static void halo_cases(const char *test_id, int layers, int smallest, int largest)
{
    for (int c = 1; c <= CASES; ++c) {
        grade_rng rng = grade_case_rng(test_id, c);
        int n = grade_integer(&rng, smallest, largest);
        unsigned long long seed = (unsigned long long)grade_integer(&rng, 1, 1 << 30);
        emit_case(c, CASES, ranks_of(c), n, seed, layers);
    }
}

static void test_first_order(void)
{
    halo_cases("mesh-halo-1", 1, 3, 16);
}

static void test_second_order(void)
{
    halo_cases("mesh-halo-4", 4, 4, 14);
}

static const grade_test tests[] = {
    {"mesh-halo-1", "TODO 1-3: one halo layer (first order), 2-4 ranks", 5, CASES, test_first_order,
     1},
    {"mesh-halo-4", "TODO 1-3: four halo layers (second order), 2-4 ranks", 5, CASES,
     test_second_order, 1},
};

const grade_exercise grade_mesh_mpi_halo_exercise = {"17-mesh-mpi-halo-exchange", tests,
                                                     (int)(sizeof tests / sizeof tests[0])};
