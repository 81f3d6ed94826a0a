/* The layer every application shares over ranks: where each rank runs
 * (its node, its device, the note when ranks share devices), the
 * placement --list-devices prints, the switch to staged halos, and the
 * per-rank timing line. A fake device model stands in for the GPUs, so
 * that the placement is checked on CPU ranks. */
#include "backends/mpi/mpi_check.h"
#include "backends/mpi/mpi_node.h"
#include "backends/mpi/mpi_timing.h"
#include "tests/mpi/mpi_test_support.h"
#include "tests/mpi/mpi_test_suites.h"

#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FAKE_DEVICES = 2 };

static int count_two(int *count, swe_error *err)
{
    (void)err;
    *count = FAKE_DEVICES;
    return SWE_OK;
}

/* Rank 1 finds no device; the others find two. */
static int count_none_on_rank_one(int *count, swe_error *err)
{
    *count = FAKE_DEVICES;
    return swe_mpi_test_rank() == 1 ? swe_fail(err, SWE_ERROR_USAGE, "no fake device on rank 1")
                                    : SWE_OK;
}

static const swe_programming_model fake_gpu = {
    .name = "fake", .description = "two devices a node", .needs_device = 1, .count_devices = count_two};

/* What a stream printed, as a string of the caller's (rank 0 only prints). */
typedef struct captured {
    char *text;
    size_t length;
    FILE *stream;
} captured;

static void capture(captured *c)
{
    c->text = NULL;
    c->length = 0;
    c->stream = open_memstream(&c->text, &c->length);
    swe_mpi_test_require(c->stream, "a memory stream");
}

static const char *captured_text(captured *c)
{
    fclose(c->stream);
    return c->text;
}

static int count_lines(const char *text, const char *word)
{
    int count = 0;
    for (const char *at = text; (at = strstr(at, word)) != NULL; at += strlen(word)) {
        ++count;
    }
    return count;
}

static void test_ranks_go_round_the_devices(void)
{
    CU_ASSERT_EQUAL(swe_mpi_device_of(0, 2), 0);
    CU_ASSERT_EQUAL(swe_mpi_device_of(1, 2), 1);
    CU_ASSERT_EQUAL(swe_mpi_device_of(2, 2), 0);
    CU_ASSERT_EQUAL(swe_mpi_device_of(5, 3), 2);
    CU_ASSERT_EQUAL(swe_mpi_device_of(3, 0), 0); /* a host model */
}

static void test_host_ranks_take_no_device(void)
{
    swe_mpi_node node;
    swe_error err;
    int status = swe_mpi_node_place(MPI_COMM_WORLD, NULL, NULL, &node, &err);
    SWE_MPI_ASSERT_ALL(status == SWE_OK, "placed without a model");
    SWE_MPI_ASSERT_ALL(node.devices == 0 && node.device == 0, "no device on a host model");
    SWE_MPI_ASSERT_ALL(node.rank == swe_mpi_test_rank() && node.size == swe_mpi_test_size(),
                       "rank and size of the communicator");
    SWE_MPI_ASSERT_ALL(node.local_rank >= 0 && node.local_rank < node.local_size,
                       "a local rank within its node");
    /* Each node counted once by its first rank: the nodes hold every rank. */
    int held = node.local_rank == 0 ? node.local_size : 0;
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &held, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
    SWE_MPI_ASSERT_ALL(held == node.size, "the nodes' ranks add up to all ranks");
}

static void test_device_ranks_share_and_say_so(void)
{
    captured notes;
    capture(&notes);
    swe_mpi_node node;
    swe_error err;
    int status = swe_mpi_node_place(MPI_COMM_WORLD, &fake_gpu, notes.stream, &node, &err);
    const char *text = captured_text(&notes);
    SWE_MPI_ASSERT_ALL(status == SWE_OK, "placed on the fake devices");
    SWE_MPI_ASSERT_ALL(node.devices == FAKE_DEVICES &&
                           node.device == node.local_rank % FAKE_DEVICES,
                       "the device from the local rank");
    int shared = node.local_size > FAKE_DEVICES;
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &shared, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD));
    if (swe_mpi_test_rank() == 0) {
        const char *note = strstr(text, "share the 2 fake devices of node");
        CU_ASSERT(shared ? note != NULL : text[0] == '\0');
    }
    free(notes.text);
}

static void test_a_rank_without_device_fails_every_rank(void)
{
    if (swe_mpi_test_size() < 2) {
        return; /* needs a rank 1; the 2-rank and larger runs check it */
    }
    swe_programming_model failing = fake_gpu;
    failing.count_devices = count_none_on_rank_one;
    swe_mpi_node node;
    swe_error err = {0};
    int status = swe_mpi_node_place(MPI_COMM_WORLD, &failing, NULL, &node, &err);
    SWE_MPI_ASSERT_ALL(status == SWE_ERROR_USAGE, "every rank fails");
    SWE_MPI_ASSERT_ALL(strstr(err.message, "no fake device on rank 1") != NULL,
                       "with rank 1's message");
}

static void test_placement_lists_every_rank(void)
{
    captured listing;
    capture(&listing);
    swe_error err;
    int status = swe_mpi_node_print_placement(MPI_COMM_WORLD, &fake_gpu, listing.stream, &err);
    const char *text = captured_text(&listing);
    SWE_MPI_ASSERT_ALL(status == SWE_OK, "the placement printed");
    if (swe_mpi_test_rank() == 0) {
        const int size = swe_mpi_test_size();
        CU_ASSERT_EQUAL(count_lines(text, "\n"), size);
        CU_ASSERT_EQUAL(count_lines(text, "fake device "), size);
        char last[64];
        snprintf(last, sizeof last, "rank %d: node ", size - 1);
        CU_ASSERT_PTR_NOT_NULL(strstr(text, last));
    }
    free(listing.text);
}

static void test_device_pointers_can_be_refused(void)
{
    const char *before = getenv("SWE_MPI_DEVICE_POINTERS");
    setenv("SWE_MPI_DEVICE_POINTERS", "0", 1);
    CU_ASSERT_EQUAL(swe_mpi_takes_device_pointers(), 0);
    if (before != NULL) {
        setenv("SWE_MPI_DEVICE_POINTERS", before, 1);
    } else {
        unsetenv("SWE_MPI_DEVICE_POINTERS");
    }
}

/* Rank r computes r + 1 s and owns 10 (r + 1) cells; rank 0 alone waits. */
static void test_timing_line_names_the_slowest_rank(void)
{
    const int rank = swe_mpi_test_rank(), size = swe_mpi_test_size();
    const swe_mpi_rank_seconds own = {.compute = rank + 1.0,
                                      .exchange = 0.5,
                                      .wait = rank == 0 ? 0.25 : 0.0,
                                      .cells = 10.0 * (rank + 1)};
    captured line;
    capture(&line);
    swe_mpi_timing_print(MPI_COMM_WORLD, &own, 1, line.stream);
    const char *text = captured_text(&line);
    if (rank == 0) {
        char expected[256];
        snprintf(expected, sizeof expected,
                 "mpi-ranks: ranks=%d compute_seconds=1.000..%d.000 exchange_seconds=0.500..0.500 "
                 "wait_seconds=%s cells=10..%d slowest_rank=%d slowest_rank_wait_share=%s "
                 "overlap=yes\n",
                 size, size, size == 1 ? "0.250..0.250" : "0.000..0.250", 10 * size, size - 1,
                 size == 1 ? "0.143" : "0.000");
        CU_ASSERT_STRING_EQUAL(text, expected);
    } else {
        CU_ASSERT_STRING_EQUAL(text, "");
    }
    free(line.text);
}

void register_mpi_node_tests(void)
{
    CU_pSuite suite = CU_add_suite("mpi-node", NULL, NULL);
    swe_mpi_test_require(suite, "the mpi-node suite");
    swe_mpi_test_require(CU_add_test(suite, "ranks go round the devices",
                                     test_ranks_go_round_the_devices),
                         "a test");
    swe_mpi_test_require(CU_add_test(suite, "host ranks take no device",
                                     test_host_ranks_take_no_device),
                         "a test");
    swe_mpi_test_require(CU_add_test(suite, "device ranks share and say so",
                                     test_device_ranks_share_and_say_so),
                         "a test");
    swe_mpi_test_require(CU_add_test(suite, "a rank without device fails every rank",
                                     test_a_rank_without_device_fails_every_rank),
                         "a test");
    swe_mpi_test_require(CU_add_test(suite, "placement lists every rank",
                                     test_placement_lists_every_rank),
                         "a test");
    swe_mpi_test_require(CU_add_test(suite, "device pointers can be refused",
                                     test_device_pointers_can_be_refused),
                         "a test");
    swe_mpi_test_require(CU_add_test(suite, "timing line names the slowest rank",
                                     test_timing_line_names_the_slowest_rank),
                         "a test");
}
