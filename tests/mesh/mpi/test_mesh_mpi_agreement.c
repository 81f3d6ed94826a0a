/* A triangle run over all ranks against the same run in one process: the
 * state gathered in file order, the steps and the time must be the same
 * bits, for the serial, OpenMP, CUDA and OpenCL backends, first and second order,
 * both cases of Roe-MUSCL GPU n.d. with a committed mesh
 * (Fennema-Chaudhry's partial dam break, the backward-facing step), METIS's
 * partition, coordinate bisection's and a random one (a halo on almost every cell), with and
 * without --overlap (the inner edges computed while the halo travels). The
 * one-process run numbers its cells as the file does, the parts by RCM: the
 * bits agree for every numbering. */
#include "backends/mpi/mesh/mesh_mpi_model.h"
#include "backends/mpi/mpi_check.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/model_config.h"
#include "tests/mpi/mpi_test_suites.h"
#include "tests/mpi/mpi_test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct agreement_case {
    const char *scenario, *mesh;
    double t_end;
} agreement_case;

static const agreement_case cases[] = {
    {"partial-dam-break", SWE_MESH_GEO "partial_dam_break_coarse.msh", 4.0},
    {"backward-facing-step", SWE_MESH_GEO "backward_facing_step_coarse.msh", 2.0}};

/* With staged set, every partitioned run moves its halo's values to the
 * counted staging allocator, as to a device model's pinned pages. */
static int staged;

/* The partitioned run of c to t_end; NULL (asserted on every rank) when
 * it cannot be made or run. */
static swe_mesh_mpi_model *run_parts(const agreement_case *c, const char *backend, int order,
                                     enum swe_mesh_partitioner partitioner, int overlap)
{
    swe_mesh_mpi_options options = {
        .model = swe_mesh_model_defaults(swe_mesh_scenario_find(c->scenario), c->mesh),
        .partitioner = partitioner,
        .partition_seed = 7,
        .overlap = overlap};
    options.model.backend = backend;
    options.model.order = order;
    options.model.ordering = SWE_MESH_ORDERING_RCM;
    /* One thread a rank: the ranks fill the cores (tests/mesh varies threads). */
    const swe_mesh_backend *table = swe_mesh_backend_find(backend != NULL ? backend : "serial");
    options.model.config = swe_test_model_config(table != NULL ? table->table.model : NULL, 0, 1);
    swe_mesh_mpi_model *model = NULL;
    swe_error err = {{0}};
    int status = swe_mesh_mpi_model_create(&options, MPI_COMM_WORLD, &model, &err);
    if (status == SWE_OK && staged) {
        status = swe_mesh_mpi_halo_stage(&model->halo, swe_mpi_test_counted_alloc_staging,
                                         swe_mpi_test_counted_free_staging, &err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_model_advance(model->part, c->t_end, &err);
    }
    SWE_MPI_ASSERT_ALL(status == SWE_OK, err.message);
    SWE_MPI_ASSERT_ALL(status != SWE_OK || !overlap || model->coupling.finish_exchange != NULL,
                       "--overlap: the halo is finished after the inner spans");
    if (status != SWE_OK) {
        swe_mesh_mpi_model_free(model);
        return NULL;
    }
    return model;
}

/* Rank 0: whether parts (the gathered state of model) is the state, steps
 * and time of one process on reference, to the bit; says what differs. */
static int same_as_one_process(const agreement_case *c, const char *reference, int order,
                               const swe_mesh_test_state *parts, const swe_mesh_mpi_model *model,
                               const char *what)
{
    swe_error err = {{0}};
    swe_mesh_model *one =
        swe_mesh_test_model(c->scenario, c->mesh, reference, SWE_MESH_ORDERING_GMSH, order, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(one);
    CU_ASSERT_FATAL(swe_mesh_model_advance(one, c->t_end, &err) == SWE_OK);
    swe_mesh_test_state whole = swe_mesh_test_state_of(one);
    int same = swe_mesh_test_same_bits(parts, &whole) &&
               one->clock.steps == model->part->clock.steps && one->clock.t == model->part->clock.t;
    if (!same) {
        fprintf(stderr, "\n    %s: %ld steps to t = %.17g, one process on %s %ld to %.17g", what,
                model->part->clock.steps, model->part->clock.t, reference, one->clock.steps,
                one->clock.t);
    }
    swe_mesh_test_state_free(&whole);
    swe_mesh_model_free(one);
    return same;
}

/* Rank 0: the gathered state against one process's on each backend of
 * references (NULL-terminated), same bits, steps and time; every rank
 * learns the verdict. */
static void expect_bits_of(const agreement_case *c, const char *backend, int order,
                           enum swe_mesh_partitioner partitioner, int overlap,
                           const char *const *references)
{
    swe_mesh_mpi_model *model = run_parts(c, backend, order, partitioner, overlap);
    if (model == NULL) {
        return;
    }
    int rank = swe_mpi_test_rank(), same = 1;
    swe_mesh_test_state parts = {model->whole_cells, NULL, NULL, NULL};
    if (rank == 0) {
        parts.h = malloc((size_t)parts.cells * sizeof(real));
        parts.hu = malloc((size_t)parts.cells * sizeof(real));
        parts.hv = malloc((size_t)parts.cells * sizeof(real));
        CU_ASSERT_FATAL(parts.h != NULL && parts.hu != NULL && parts.hv != NULL);
    }
    swe_error err = {{0}};
    int status = swe_mesh_mpi_model_gather(model, parts.h, parts.hu, parts.hv, &err);
    SWE_MPI_ASSERT_ALL(status == SWE_OK, err.message);
    char what[256];
    snprintf(what, sizeof what, "%s, %s, order %d, %s%s, %d ranks", c->scenario, backend, order,
             swe_mesh_partitioner_name(partitioner), overlap ? ", overlapped" : "",
             swe_mpi_test_size());
    for (int k = 0; rank == 0 && status == SWE_OK && references[k] != NULL; ++k) {
        same &= same_as_one_process(c, references[k], order, &parts, model, what);
    }
    SWE_MPI_ASSERT_ALL(same, "the ranks' state, steps and time are one process's, bit for bit");
    swe_mesh_test_state_free(&parts);
    swe_mesh_mpi_model_free(model);
}

static void expect_one_process_bits(const agreement_case *c, const char *backend, int order,
                                    enum swe_mesh_partitioner partitioner, int overlap)
{
    const char *const references[] = {backend, NULL};
    expect_bits_of(c, backend, order, partitioner, overlap, references);
}

static void expect_every_case(const char *backend, enum swe_mesh_partitioner partitioner,
                              int overlap)
{
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        for (int order = 1; order <= 2; ++order) {
            expect_one_process_bits(&cases[k], backend, order, partitioner, overlap);
        }
    }
}

/* The halo's values in a model's staging memory (as CUDA's pinned pages
 * hold them) give the same bits, the buffers all released. */
static void test_staged_halo_gives_one_process_bits(void)
{
    staged = 1;
    swe_mpi_test_staged_allocations = swe_mpi_test_staged_releases = 0;
    for (int overlap = 0; overlap <= 1; ++overlap) {
        expect_one_process_bits(&cases[0], "serial", 2, SWE_MESH_PARTITION_RANDOM, overlap);
    }
    staged = 0;
    SWE_MPI_ASSERT_ALL(swe_mpi_test_staged_allocations == 4 && swe_mpi_test_staged_releases == 4,
                       "two runs' send and receive values staged, and released");
    swe_mesh_mpi_halo halo;
    memset(&halo, 0, sizeof halo);
    swe_error err = {{0}};
    SWE_MPI_ASSERT_ALL(swe_mesh_mpi_halo_stage(&halo, NULL, swe_mpi_test_counted_free_staging,
                                               &err) == SWE_ERROR_USAGE &&
                           swe_mesh_mpi_halo_use_device(&halo, NULL, NULL, &err) == SWE_ERROR_USAGE,
                       "no allocator, no device buffers: refused");
}

/* METIS where this build has it; coordinate bisection otherwise (said on
 * stderr), as shallows-mpi --mesh chooses. */
static enum swe_mesh_partitioner best_partitioner(void)
{
    if (!swe_mesh_partition_have_metis() && swe_mpi_test_rank() == 0) {
        fprintf(stderr, "\n    no METIS in this build (libmetis-dev): rcb partitions instead");
    }
    return swe_mesh_partitioner_default();
}

static void test_serial_metis_parts_give_one_process_bits(void)
{
    expect_every_case("serial", best_partitioner(), 0);
}

static void test_serial_overlapped_parts_give_one_process_bits(void)
{
    expect_every_case("serial", best_partitioner(), 1);
}

static void test_openmp_metis_parts_give_one_process_bits(void)
{
    if (swe_mesh_backend_find("openmp") == NULL) {
        CU_FAIL("this build has no OpenMP backend to test"); /* every build here has one */
        return;
    }
    expect_every_case("openmp", best_partitioner(), 0);
    expect_every_case("openmp", best_partitioner(), 1);
}

/* --overlap with a backend without span verbs (serial's table without
 * them: every backend built here has them, as --help and the refusal
 * say): a clear refusal naming --overlap and the backend. */
static void test_overlap_without_span_verbs_is_refused(void)
{
    swe_mesh_backend spanless = *swe_mesh_backend_find("serial");
    swe_programming_model spanless_model = *spanless.table.model;
    spanless_model.name = "spanless";
    spanless.table.model = &spanless_model;
    spanless.gradients_span = NULL;
    spanless.edge_fluxes_span = NULL;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(swe_mesh_mpi_check_overlap(&spanless, &err), SWE_ERROR_USAGE);
    CU_ASSERT(strstr(err.message, "--overlap") != NULL &&
              strstr(err.message, "'spanless'") != NULL);
    CU_ASSERT_EQUAL(swe_mesh_mpi_check_overlap(NULL, &err), SWE_ERROR_USAGE);
    for (int k = 0; k < swe_registry_count(&swe_mesh_models); ++k) {
        err.message[0] = '\0';
        CU_ASSERT_EQUAL(swe_mesh_mpi_check_overlap(swe_mesh_backend_at(k), &err), SWE_OK);
        if (err.message[0] != '\0') {
            fprintf(stderr, "\n    %s", err.message);
        }
    }
}

/* CUDA ranks, each on its node-local rank's GPU (shared round robin),
 * pack their halo on the device and hand MPI the device buffers where it
 * takes them (pinned host buffers otherwise: SWE_MPI_DEVICE_POINTERS=0),
 * with and without --overlap (span kernels while the halo travels): the
 * parts give the bits of cuda and of serial in one process, both orders. */
static void test_cuda_parts_give_one_process_bits(void)
{
    const char *const references[] = {"cuda", "serial", NULL};
    for (int overlap = 0; overlap <= 1; ++overlap) {
        for (int order = 1; order <= 2; ++order) {
            expect_bits_of(&cases[0], "cuda", order, best_partitioner(), overlap, references);
            expect_bits_of(&cases[1], "cuda", order, SWE_MESH_PARTITION_RANDOM, overlap,
                           references);
        }
    }
}

/* OpenCL ranks with and without --overlap (the range kernels on the
 * inner span while the halo travels): the bits of opencl and of serial in
 * one process, both orders, METIS parts (rcb without METIS) and random ones. */
static void test_opencl_parts_give_one_process_bits(void)
{
    const char *const references[] = {"opencl", "serial", NULL};
    for (int overlap = 0; overlap <= 1; ++overlap) {
        for (int order = 1; order <= 2; ++order) {
            expect_bits_of(&cases[0], "opencl", order, best_partitioner(), overlap, references);
            expect_bits_of(&cases[1], "opencl", order, SWE_MESH_PARTITION_RANDOM, overlap,
                           references);
        }
    }
}

/* Whether every rank can start backend here (built, and a device). */
static int device_available(const char *backend, char *why, size_t size)
{
    swe_mesh_model_options options =
        swe_mesh_model_defaults(swe_mesh_scenario_find(cases[1].scenario), cases[1].mesh);
    options.backend = backend;
    const swe_mesh_backend *table = swe_mesh_backend_find(backend);
    options.config = swe_test_model_config(table != NULL ? table->table.model : NULL, 0, 0);
    swe_mesh_model *model = NULL;
    swe_error err = {{0}};
    int available = swe_mesh_backend_find(backend) != NULL &&
                    swe_mesh_model_create(&options, &model, &err) == SWE_OK;
    snprintf(why, size, "%s", swe_mesh_backend_find(backend) == NULL ? "not built" : err.message);
    swe_mesh_model_free(model);
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &available, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD));
    return available;
}

/* mesh-mpi-<backend> where every rank has a device; "skipped" (counted
 * neither passed nor failed) elsewhere. */
static void register_device_suite(const char *backend, const char *test_name, CU_TestFunc test)
{
    char why[sizeof((swe_error){0}).message], name[48]; /* why holds a whole error message */
    snprintf(name, sizeof name, "mesh-mpi-%s", backend);
    if (!device_available(backend, why, sizeof why)) {
        if (swe_mpi_test_rank() == 0) {
            printf("%s: skipped: no %s device here (%s)\n", name, backend, why);
        }
        return;
    }
    const swe_mesh_test tests[] = {{test_name, test}};
    swe_mesh_test_register(name, tests, 1);
}

/* A random split: almost every cell next to another rank's. */
static void test_serial_random_parts_give_one_process_bits(void)
{
    for (int overlap = 0; overlap <= 1; ++overlap) {
        expect_one_process_bits(&cases[0], "serial", 2, SWE_MESH_PARTITION_RANDOM, overlap);
        expect_one_process_bits(&cases[1], "serial", 1, SWE_MESH_PARTITION_RANDOM, overlap);
    }
}

/* Coordinate bisection's parts (METIS's stand-in where it is missing),
 * both cases and orders, with and without --overlap. */
static void test_serial_rcb_parts_give_one_process_bits(void)
{
    for (int overlap = 0; overlap <= 1; ++overlap) {
        for (int order = 1; order <= 2; ++order) {
            expect_one_process_bits(&cases[0], "serial", order, SWE_MESH_PARTITION_RCB, overlap);
            expect_one_process_bits(&cases[1], "serial", order, SWE_MESH_PARTITION_RCB, overlap);
        }
    }
}

void register_mesh_mpi_agreement_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"serial, METIS parts (rcb without METIS): one process's bits",
         test_serial_metis_parts_give_one_process_bits},
        {"serial, METIS parts, --overlap: one process's bits",
         test_serial_overlapped_parts_give_one_process_bits},
        {"openmp, METIS parts (rcb without METIS), with and without --overlap: one "
         "process's bits",
         test_openmp_metis_parts_give_one_process_bits},
        {"serial, random parts, with and without --overlap: one process's bits",
         test_serial_random_parts_give_one_process_bits},
        {"serial, rcb parts, with and without --overlap: one process's bits",
         test_serial_rcb_parts_give_one_process_bits},
        {"--overlap on a backend without span verbs: refused",
         test_overlap_without_span_verbs_is_refused},
        {"serial, the halo staged in a model's allocator: one process's bits",
         test_staged_halo_gives_one_process_bits}};
    swe_mesh_test_register("mesh-mpi-agreement", tests, (int)(sizeof tests / sizeof tests[0]));
    register_device_suite("cuda",
                          "device parts, with and without --overlap, both orders: the bits of "
                          "cuda and of serial in one process",
                          test_cuda_parts_give_one_process_bits);
    register_device_suite("opencl",
                          "device parts, with and without --overlap, both orders: the bits of "
                          "opencl and of serial in one process",
                          test_opencl_parts_give_one_process_bits);
}
