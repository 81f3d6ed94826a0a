/* The slabs' transpose on CPU ranks, as a device backend's distributed
 * preconditioner carries it out (ns/grid/ns_slab_transpose.h, the slabs'
 * all_to_all hook): each slab's planes of rows, packed by the layout's 2D
 * copies and sent by one all-to-all, arrive as every z plane of the slab's
 * block of rows, in z order; the all-to-all back, unpacked by the same
 * copies swapped, gives every slab its planes again. Each word of a row
 * names its plane, row and place, so that a word in the wrong place shows;
 * layouts with more slabs than rows (slabs without rows) included. */
#include "backends/mpi/mpi_check.h"
#include "backends/mpi/ns/ns_mpi_slabs.h"
#include "ns/grid/ns_slab_transpose.h"
#include "tests/ns/mpi/ns_mpi_tests.h"
#include "tests/test_suites.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { WORDS = 3 }; /* words of a row */

static uint32_t word_of(int z, int row, int w)
{
    return (uint32_t)(z * 100000 + row * 10 + w + 1);
}

void ns_mpi_test_copy_2d(const ns_copy_2d *copy, const char *source, char *target, int swapped)
{
    for (size_t h = 0; h < copy->height; ++h) {
        const char *from = swapped ? source + copy->target_offset + h * copy->target_pitch
                                   : source + copy->source_offset + h * copy->source_pitch;
        char *to = swapped ? target + copy->source_offset + h * copy->source_pitch
                           : target + copy->target_offset + h * copy->target_pitch;
        memcpy(to, from, copy->width);
    }
}

static void check_transpose(int nz, int rows)
{
    ns_wall wall[NS_FACES] = {{0}};
    ns_grid whole;
    swe_error err;
    int n[NS_AXES] = {4, 4, nz};
    double length[NS_AXES] = {1.0, 1.0, 1.0};
    CU_ASSERT_EQUAL_FATAL(ns_grid_init(&whole, n, length, wall, &err), SWE_OK);
    ns_mpi_slabs slabs;
    CU_ASSERT_EQUAL_FATAL(ns_mpi_slabs_create(&slabs, MPI_COMM_WORLD, &whole, &err), SWE_OK);
    const ns_slabs *hooks = &slabs.hooks;
    ns_slab_transpose t;
    CU_ASSERT_EQUAL_FATAL(ns_slab_transpose_create(&t, hooks->planes, hooks->count, hooks->self,
                                                   rows, WORDS * sizeof(uint32_t), &err),
                          SWE_OK);
    size_t row_words = WORDS;
    uint32_t *planes = malloc(t.slab_bytes), *packed = malloc(t.slab_bytes);
    uint32_t *columns = malloc(t.column_bytes > 0 ? t.column_bytes : 1);
    CU_ASSERT_FATAL(planes != NULL && packed != NULL && columns != NULL);
    for (int k = 0; k < t.planes; ++k) {
        for (int row = 0; row < rows; ++row) {
            for (int w = 0; w < WORDS; ++w) {
                planes[((size_t)k * (size_t)rows + (size_t)row) * row_words + (size_t)w] =
                    word_of(hooks->z_offset + k, row, w);
            }
        }
    }
    for (int r = 0; r < t.slabs; ++r) {
        ns_copy_2d copy = ns_slab_transpose_pack(&t, r);
        ns_mpi_test_copy_2d(&copy, (const char *)planes, (char *)packed, 0);
    }
    int status = hooks->all_to_all(&slabs, packed, t.send_counts, t.send_offsets, columns,
                                   t.receive_counts, t.receive_offsets, &err);
    int ok = status == SWE_OK && t.nz == nz;
    for (int z = 0; ok && z < nz; ++z) {
        for (int row = 0; row < t.own_rows; ++row) {
            for (int w = 0; w < WORDS; ++w) {
                ok = ok && columns[((size_t)z * (size_t)t.own_rows + (size_t)row) * row_words +
                                   (size_t)w] == word_of(z, t.first_row + row, w);
            }
        }
    }
    int rows_in_all = t.own_rows;
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &rows_in_all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
    char what[128];
    snprintf(what, sizeof what,
             "%d planes, %d rows: every slab holds every plane of its block of rows", nz, rows);
    NS_MPI_ASSERT_ALL(ok && rows_in_all == rows, what);
    /* And back: the same all-to-all swapped, the copies swapped. */
    memset(packed, 0xff, t.slab_bytes);
    memset(planes, 0xff, t.slab_bytes);
    status = hooks->all_to_all(&slabs, columns, t.receive_counts, t.receive_offsets, packed,
                               t.send_counts, t.send_offsets, &err);
    for (int r = 0; r < t.slabs; ++r) {
        ns_copy_2d copy = ns_slab_transpose_pack(&t, r);
        ns_mpi_test_copy_2d(&copy, (const char *)packed, (char *)planes, 1);
    }
    ok = status == SWE_OK;
    for (int k = 0; ok && k < t.planes; ++k) {
        for (int row = 0; row < rows; ++row) {
            for (int w = 0; w < WORDS; ++w) {
                ok = ok &&
                     planes[((size_t)k * (size_t)rows + (size_t)row) * row_words + (size_t)w] ==
                         word_of(hooks->z_offset + k, row, w);
            }
        }
    }
    snprintf(what, sizeof what, "%d planes, %d rows: the way back gives every slab its planes", nz,
             rows);
    NS_MPI_ASSERT_ALL(ok, what);
    free(planes);
    free(packed);
    free(columns);
    ns_slab_transpose_destroy(&t);
    ns_mpi_slabs_destroy(&slabs);
}

static void test_transpose_round_trip(void)
{
    check_transpose(8, 10);
    check_transpose(11, 7);
    check_transpose(16, 1); /* slabs without rows but one */
    check_transpose(12, 3);
}

/* The layout's arguments checked, and its blocks of rows cover the rows
 * once, in order. */
static void test_layout(void)
{
    swe_error err;
    ns_slab_transpose t;
    int planes[3] = {2, 3, 0};
    NS_MPI_ASSERT_ALL(ns_slab_transpose_create(&t, planes, 3, 0, 5, 8, &err) == SWE_ERROR_USAGE,
                      "a slab without planes is refused");
    NS_MPI_ASSERT_ALL(ns_slab_transpose_create(&t, planes, 2, 2, 5, 8, &err) == SWE_ERROR_USAGE,
                      "a slab index past the slabs is refused");
    int next = 0, ok = 1;
    for (int s = 0; s < 4; ++s) {
        int first = -1, count = -1;
        ns_slab_rows(10, 4, s, &first, &count);
        ok = ok && first == next && (count == 3 || count == 2);
        next = first + count;
    }
    NS_MPI_ASSERT_ALL(ok && next == 10, "blocks of rows in order, 3 3 2 2 of 10");
}

void register_ns_mpi_transpose_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_mpi_transpose", NULL, NULL);
    if (suite == NULL ||
        CU_add_test(suite, "the layout of the slabs' transpose", test_layout) == NULL ||
        CU_add_test(suite, "a round trip through the slabs' all-to-all",
                    test_transpose_round_trip) == NULL) {
        swe_mpi_abort("cannot register the ns_mpi_transpose suite", 1);
    }
}
