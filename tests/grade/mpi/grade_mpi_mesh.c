/* The mesh-halo case of exercise 17 (tests/grade/grade_mesh_mpi.c says
 * what is expected): every rank builds the case's mesh, split and part
 * (grade_mesh_parts.h), numbers its cells in a shuffled order of its own
 * (the exchange must go through the plan's cell lists, not assume one),
 * makes the halo plan with the plumbing (mesh_mpi_halo.c), and twice
 * fills its own triangles with the coded pattern, its halo with
 * NEVER_WRITTEN, and calls the student's swe_mesh_mpi_halo_exchange,
 * counting what it sends and marking what its MPI_Isend carries
 * (grade_mpi_traffic.h). The mark is each rank's own, drawn afresh for
 * every exchange from the system's random source: nothing of the case
 * tells it. After the exchange the ranks tell each other their marks and
 * take each sender's off its halo cells, so that a value only comes out
 * as the pattern if it travelled by MPI_Isend. Rank 0 gathers every
 * rank's cells (in part order) and counts. */
#include "backends/mpi/mesh/mesh_mpi_halo.h"
#include "backends/mpi/mpi_check.h"
#include "tests/grade/grade_mesh_parts.h"
#include "tests/grade/mpi/grade_mpi_job.h"
#include "tests/grade/mpi/grade_mpi_traffic.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/random.h>

/* A permutation of 0 .. count-1 drawn from seed and rank. */
static void shuffled(int *order, int count, unsigned long long seed, int rank)
{
    uint64_t state = grade_mpi_mix(seed ^ ((uint64_t)rank << 40));
    for (int k = 0; k < count; ++k) {
        order[k] = k;
    }
    for (int k = count - 1; k > 0; --k) {
        state = grade_mpi_mix(state);
        int j = (int)(state % (uint64_t)(k + 1));
        int kept = order[k];
        order[k] = order[j];
        order[j] = kept;
    }
}

static void fill_pattern(const swe_mesh_subdomain *sub, const int *run_of_part, int exchange,
                         real *fields[GRADE_MESH_HALO_FIELDS])
{
    for (int f = 0; f < GRADE_MESH_HALO_FIELDS; ++f) {
        for (int k = 0; k < sub->cell_count; ++k) {
            fields[f][run_of_part[k]] = k < sub->owned_count
                                            ? grade_mesh_halo_code(f, sub->whole_cell[k], exchange)
                                            : GRADE_MESH_HALO_NEVER_WRITTEN;
        }
    }
}

/* A mark for this rank's sends in one exchange: 3 * 65536 times a number
 * from 1 to 20, so that the pattern's codes stay exact in single
 * precision, from the system's random source. */
static real fresh_mark(void)
{
    unsigned char byte = 0;
    if (getrandom(&byte, 1, 0) != 1) {
        swe_mpi_abort("no random bytes for the grader's mark", 1);
    }
    return (real)(GRADE_MESH_HALO_FIELDS * 65536) * (real)(1 + byte % 20);
}

/* Takes each halo cell's sender's mark off it (a value never written
 * stays so). */
static void take_marks_off(const swe_mesh_subdomain *sub, const int *run_of_part, real mark,
                           real *fields[GRADE_MESH_HALO_FIELDS])
{
    real marks[4];
    MPI_CHECK(MPI_Allgather(&mark, 1, SWE_MPI_REAL, marks, 1, SWE_MPI_REAL, MPI_COMM_WORLD));
    for (int f = 0; f < GRADE_MESH_HALO_FIELDS; ++f) {
        for (int k = sub->owned_count; k < sub->cell_count; ++k) {
            real *value = &fields[f][run_of_part[k]];
            if (*value != GRADE_MESH_HALO_NEVER_WRITTEN) {
                *value -= marks[sub->owner[k]];
            }
        }
    }
}

/* The two exchanges: after[] gets each one's cells in part order,
 * sent[] each one's count. */
static void exchange_twice(swe_mesh_mpi_halo *halo, const swe_mesh_subdomain *sub,
                           const int *run_of_part, real *state, real *after, real *sent)
{
    const int cells = sub->cell_count, ranks = world_size();
    real *fields[GRADE_MESH_HALO_FIELDS] = {state, state + cells, state + 2 * cells};
    double counted[5];
    for (int exchange = 0; exchange < GRADE_MESH_HALO_EXCHANGES; ++exchange) {
        fill_pattern(sub, run_of_part, exchange, fields);
        real mark = fresh_mark();
        grade_traffic_start(counted, ranks, (double)mark);
        swe_mesh_mpi_halo_exchange(halo, fields[0], fields[1], fields[2]);
        grade_traffic_stop();
        take_marks_off(sub, run_of_part, mark, fields);
        real *mine = after + (size_t)exchange * GRADE_MESH_HALO_FIELDS * (size_t)cells;
        for (int f = 0; f < GRADE_MESH_HALO_FIELDS; ++f) {
            for (int k = 0; k < cells; ++k) {
                mine[f * cells + k] = fields[f][run_of_part[k]];
            }
        }
        for (int p = 0; p <= ranks; ++p) {
            sent[exchange * (ranks + 1) + p] = (real)counted[p];
        }
    }
}

int run_mesh_halo(case_output *out, int n, unsigned long long seed, int layers)
{
    swe_error err = {{0}};
    grade_mesh_parts parts;
    swe_mesh_subdomain sub;
    swe_mesh_mpi_halo halo;
    const int ranks = world_size();
    if (ranks > 4 || grade_mesh_parts_create(n, seed, ranks, &parts, &err) != SWE_OK ||
        swe_mesh_subdomain_create(&parts.whole, &parts.graph, parts.part, world_rank(), layers,
                                  &sub, &err) != SWE_OK) {
        swe_mpi_abort(ranks > 4 ? "mesh-halo runs on 1 to 4 ranks" : err.message, 2);
    }
    const int cells = sub.cell_count;
    int *run_of_part = malloc((size_t)cells * sizeof *run_of_part);
    real *state = malloc(GRADE_MESH_HALO_FIELDS * (size_t)cells * sizeof *state);
    real *after =
        malloc(GRADE_MESH_HALO_EXCHANGES * GRADE_MESH_HALO_FIELDS * (size_t)cells * sizeof *after);
    real sent[GRADE_MESH_HALO_EXCHANGES * 5];
    if (run_of_part == NULL || state == NULL || after == NULL) {
        swe_mpi_abort("out of memory", 1);
    }
    shuffled(run_of_part, cells, seed, world_rank());
    if (swe_mesh_mpi_halo_create(MPI_COMM_WORLD, &sub, run_of_part, parts.whole.cell_count, &halo,
                                 &err) != SWE_OK) {
        fail_now("the halo plan failed", &err);
    }
    exchange_twice(&halo, &sub, run_of_part, state, after, sent);
    gather_fields(out, "mesh_halo", 'r', GRADE_MESH_HALO, after,
                  GRADE_MESH_HALO_EXCHANGES * GRADE_MESH_HALO_FIELDS * cells,
                  GRADE_MESH_HALO_EXCHANGES);
    gather_fields(out, "messages", 'r', GRADE_MESSAGES, sent,
                  GRADE_MESH_HALO_EXCHANGES * (ranks + 1), GRADE_MESH_HALO_EXCHANGES);
    swe_mesh_mpi_halo_free(&halo);
    free(after);
    free(state);
    free(run_of_part);
    swe_mesh_subdomain_free(&sub);
    grade_mesh_parts_free(&parts);
    return 0;
}
