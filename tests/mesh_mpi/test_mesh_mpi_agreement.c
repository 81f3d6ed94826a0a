/* A triangle run over all ranks against the same run in one process: the
 * state gathered in file order, the steps and the time must be the same
 * bits, for the serial and OpenMP backends, first and second order, both
 * cases of 000/001 with a committed mesh (Fennema-Chaudhry's partial dam
 * break, the backward-facing step), METIS's partition and a random one
 * (a halo on almost every cell), with and without --overlap (the inner
 * edges computed while the halo travels). The one-process run numbers its
 * cells as the file does, the parts by RCM: the bits agree for every
 * numbering. */
#include "mesh/mesh_test_support.h"
#include "mesh_mpi_model.h"
#include "mesh_mpi_suites.h"
#include "mpi_check.h"
#include "mpi_test_suites.h"

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
    options.model.device.threads = 1; /* the ranks fill the cores (tests/mesh varies threads) */
    options.model.device.cl_device = getenv("SWE_TEST_CL_DEVICE");
    swe_mesh_mpi_model *model = NULL;
    swe_error err = {{0}};
    int status = swe_mesh_mpi_model_create(&options, MPI_COMM_WORLD, &model, &err);
    if (status == SWE_OK) {
        status = swe_mesh_model_advance(model->part, c->t_end, &err);
    }
    SWE_MPI_ASSERT_ALL(status == SWE_OK, err.message);
    if (status != SWE_OK) {
        swe_mesh_mpi_model_free(model);
        return NULL;
    }
    return model;
}

/* Rank 0: the gathered state against one process's, same bits, steps and
 * time; every rank learns the verdict. */
static void expect_one_process_bits(const agreement_case *c, const char *backend, int order,
                                    enum swe_mesh_partitioner partitioner, int overlap)
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
    if (rank == 0 && status == SWE_OK) {
        swe_mesh_model *one =
            swe_mesh_test_model(c->scenario, c->mesh, backend, SWE_MESH_ORDERING_GMSH, order, 1);
        CU_ASSERT_PTR_NOT_NULL_FATAL(one);
        CU_ASSERT_FATAL(swe_mesh_model_advance(one, c->t_end, &err) == SWE_OK);
        swe_mesh_test_state whole = swe_mesh_test_state_of(one);
        same = swe_mesh_test_same_bits(&parts, &whole) &&
               one->clock.steps == model->part->clock.steps && one->clock.t == model->part->clock.t;
        if (!same) {
            fprintf(stderr,
                    "\n    %s, %s, order %d, %s%s, %d ranks: %ld steps to t = %.17g, one "
                    "process %ld to %.17g",
                    c->scenario, backend, order, swe_mesh_partitioner_name(partitioner),
                    overlap ? ", overlapped" : "", swe_mpi_test_size(), model->part->clock.steps,
                    model->part->clock.t, one->clock.steps, one->clock.t);
        }
        swe_mesh_test_state_free(&whole);
        swe_mesh_model_free(one);
    }
    SWE_MPI_ASSERT_ALL(same, "the ranks' state, steps and time are one process's, bit for bit");
    swe_mesh_test_state_free(&parts);
    swe_mesh_mpi_model_free(model);
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

/* METIS where this build has it; a random split otherwise (said on stderr). */
static enum swe_mesh_partitioner best_partitioner(void)
{
    if (swe_mesh_partition_have_metis()) {
        return SWE_MESH_PARTITION_METIS;
    }
    if (swe_mpi_test_rank() == 0) {
        fprintf(stderr, "\n    no METIS in this build (libmetis-dev): random partitions instead");
    }
    return SWE_MESH_PARTITION_RANDOM;
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

/* --overlap with a backend without span verbs (OpenCL): a clear refusal
 * on every rank, before any work. */
static void test_overlap_without_span_verbs_is_refused(void)
{
    const char *backend = "opencl"; /* registered only where it is built */
    swe_mesh_mpi_options options = {
        .model = swe_mesh_model_defaults(swe_mesh_scenario_find(cases[1].scenario), cases[1].mesh),
        .partitioner = SWE_MESH_PARTITION_RANDOM,
        .overlap = 1};
    options.model.backend = backend;
    swe_mesh_mpi_model *model = NULL;
    swe_error err = {{0}};
    int status = swe_mesh_mpi_model_create(&options, MPI_COMM_WORLD, &model, &err);
    SWE_MPI_ASSERT_ALL(status == SWE_ERROR_USAGE && model == NULL &&
                           strstr(err.message, "--overlap") != NULL,
                       "--overlap with a device backend is refused, naming --overlap");
    swe_mesh_mpi_model_free(model);
}

/* Device ranks pack their halo on the device (only the halo's values
 * cross to the host): the parts must still give that backend's
 * one-process bits. */
static void test_device_parts_give_one_process_bits(const char *backend)
{
    expect_one_process_bits(&cases[0], backend, 2, best_partitioner(), 0);
    expect_one_process_bits(&cases[1], backend, 1, SWE_MESH_PARTITION_RANDOM, 0);
}

/* CUDA ranks also overlap (span kernels while the halo travels). */
static void test_cuda_parts_give_one_process_bits(void)
{
    test_device_parts_give_one_process_bits("cuda");
    expect_one_process_bits(&cases[0], "cuda", 2, best_partitioner(), 1);
    expect_one_process_bits(&cases[1], "cuda", 1, SWE_MESH_PARTITION_RANDOM, 1);
}

static void test_opencl_parts_give_one_process_bits(void)
{
    test_device_parts_give_one_process_bits("opencl");
}

/* Whether every rank can start backend here (built, and a device). */
static int device_available(const char *backend, char *why, size_t size)
{
    swe_mesh_model_options options =
        swe_mesh_model_defaults(swe_mesh_scenario_find(cases[1].scenario), cases[1].mesh);
    options.backend = backend;
    options.device.cl_device = getenv("SWE_TEST_CL_DEVICE");
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
static void register_device_suite(const char *backend, CU_TestFunc test)
{
    char why[256], name[48];
    snprintf(name, sizeof name, "mesh-mpi-%s", backend);
    if (!device_available(backend, why, sizeof why)) {
        if (swe_mpi_test_rank() == 0) {
            printf("%s: skipped: no %s device here (%s)\n", name, backend, why);
        }
        return;
    }
    const swe_mesh_test tests[] = {{"device parts: one process's bits", test}};
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

void register_mesh_mpi_agreement_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"serial, METIS parts (random without METIS): one process's bits",
         test_serial_metis_parts_give_one_process_bits},
        {"serial, METIS parts, --overlap: one process's bits",
         test_serial_overlapped_parts_give_one_process_bits},
        {"openmp, METIS parts (random without METIS), with and without --overlap: one "
         "process's bits",
         test_openmp_metis_parts_give_one_process_bits},
        {"serial, random parts, with and without --overlap: one process's bits",
         test_serial_random_parts_give_one_process_bits},
        {"--overlap on a backend without span verbs: refused",
         test_overlap_without_span_verbs_is_refused}};
    /* The last test needs a backend without span verbs: not registered
     * without OpenCL, and said so (skipped is not passed). */
    int opencl = swe_mesh_backend_find("opencl") != NULL;
    if (!opencl && swe_mpi_test_rank() == 0) {
        printf("mesh-mpi-agreement: --overlap refusal skipped: no OpenCL backend in this build\n");
    }
    swe_mesh_test_register("mesh-mpi-agreement", tests,
                           (int)(sizeof tests / sizeof tests[0]) - !opencl);
    register_device_suite("cuda", test_cuda_parts_give_one_process_bits);
    register_device_suite("opencl", test_opencl_parts_give_one_process_bits);
}
