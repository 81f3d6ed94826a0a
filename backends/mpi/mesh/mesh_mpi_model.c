#include "backends/mpi/mesh/mesh_mpi_model.h"

#include "backends/mpi/mpi_agree.h"
#include "backends/mpi/mpi_check.h"
#include "core/timer.h"
#include "mesh/geometry/mesh_ordering.h"
#include "mesh/partition/mesh_dual_graph.h"
#include "mesh/partition/mesh_overlap_split.h"
#include "mesh/solver/mesh_backend.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The first half of an exchange: the halo packed (on the device where
 * the backend can) and posted; a failure here would leave the other ranks
 * waiting in the exchange: it ends the job. */
static void pack_and_post(swe_mesh_mpi_model *model, swe_mesh_run *run, swe_error *err)
{
    double started = swe_wall_seconds();
    if (run->backend->pack_halo == NULL) {
        swe_mesh_mpi_halo_pack_host(&model->halo, run->host.h, run->host.hu, run->host.hv);
    } else if (run->backend->pack_halo(run, model->halo.send_values, err) != SWE_OK) {
        swe_mpi_abort(err->message, 1);
    }
    swe_mesh_mpi_halo_post(&model->halo);
    model->exchange_seconds += swe_wall_seconds() - started;
}

/* The second half: the halo awaited (the wait timed apart: the time
 * this rank is blocked) and unpacked. */
static void wait_and_unpack(swe_mesh_mpi_model *model, swe_mesh_run *run, swe_error *err)
{
    double started = swe_wall_seconds();
    swe_mesh_mpi_halo_wait(&model->halo);
    double arrived = swe_wall_seconds();
    if (run->backend->unpack_halo == NULL) {
        swe_mesh_mpi_halo_unpack_host(&model->halo, run->host.h, run->host.hu, run->host.hv);
    } else if (run->backend->unpack_halo(run, model->halo.receive_values, err) != SWE_OK) {
        swe_mpi_abort(err->message, 1);
    }
    model->wait_seconds += arrived - started;
    model->exchange_seconds += swe_wall_seconds() - arrived;
}

/* The halo before every step: through the host arrays, which a CPU
 * backend computes on (download and upload do nothing there). */
static int exchange_before_step(void *context, swe_mesh_run *run, swe_error *err)
{
    swe_mesh_mpi_model *model = context;
    double started = swe_wall_seconds();
    if (run->backend->download(run, err) != SWE_OK) {
        swe_mpi_abort(err->message, 1);
    }
    model->exchange_seconds += swe_wall_seconds() - started;
    pack_and_post(model, run, err);
    wait_and_unpack(model, run, err);
    started = swe_wall_seconds();
    if (run->backend->upload(run, err) != SWE_OK) {
        swe_mpi_abort(err->message, 1);
    }
    model->exchange_seconds += swe_wall_seconds() - started;
    return SWE_OK;
}

/* --overlap: the halo posted, to be finished by finish_exchange once the
 * inner edges are computed; a device computes them while the host waits. */
static int begin_exchange(void *context, swe_mesh_run *run, swe_error *err)
{
    pack_and_post(context, run, err);
    return SWE_OK;
}

static int finish_exchange(void *context, swe_mesh_run *run, swe_error *err)
{
    wait_and_unpack(context, run, err);
    return SWE_OK;
}

/* A device backend that packs its halo: only the halo's values cross
 * between device and host (none where MPI reads the device). */
static int exchange_packed_on_device(void *context, swe_mesh_run *run, swe_error *err)
{
    pack_and_post(context, run, err);
    wait_and_unpack(context, run, err);
    return SWE_OK;
}

/* The global minimum, exact; a NaN anywhere (an unstable state) stays a
 * NaN everywhere, which MPI_MIN alone would not promise. */
static int reduce_time_step(void *context, real *edge_step, swe_error *err)
{
    (void)err;
    swe_mesh_mpi_model *model = context;
    double started = swe_wall_seconds();
    real step = isnan(*edge_step) ? (real)-INFINITY : *edge_step;
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &step, 1, SWE_MPI_REAL, MPI_MIN, model->comm));
    *edge_step = step == (real)-INFINITY ? (real)NAN : step;
    model->reduction_seconds += swe_wall_seconds() - started;
    return SWE_OK;
}

const char *swe_mesh_mpi_halo_memory_name(enum swe_mesh_mpi_halo_memory memory)
{
    switch (memory) {
    case SWE_MESH_MPI_HALO_PINNED:
        return "pinned";
    case SWE_MESH_MPI_HALO_DEVICE:
        return "device";
    case SWE_MESH_MPI_HALO_HOST:
        break;
    }
    return "host";
}

/* Where the halo's values live: the device's buffers where MPI reads
 * device memory, else the model's staging memory, else malloc's. */
static int place_halo_values(swe_mesh_mpi_model *model, swe_error *err)
{
    swe_mesh_run *run = &model->part->run;
    const swe_programming_model *programming = run->backend->table.model;
    if (run->backend->halo_device_buffers != NULL && swe_mpi_takes_device_pointers()) {
        real *send = NULL, *receive = NULL;
        int status = run->backend->halo_device_buffers(run, &send, &receive, err);
        if (status == SWE_OK) {
            status = swe_mesh_mpi_halo_use_device(&model->halo, send, receive, err);
        }
        model->halo_memory = SWE_MESH_MPI_HALO_DEVICE;
        return status;
    }
    if (programming->alloc_staging != NULL && programming->free_staging != NULL) {
        model->halo_memory = SWE_MESH_MPI_HALO_PINNED;
        return swe_mesh_mpi_halo_stage(&model->halo, programming->alloc_staging,
                                       programming->free_staging, err);
    }
    model->halo_memory = SWE_MESH_MPI_HALO_HOST;
    return SWE_OK;
}

/* The exchange of this part's backend, its cell lists handed over where
 * it packs on the device, and the memory the values travel in. */
static int choose_exchange(swe_mesh_mpi_model *model, int overlap, swe_error *err)
{
    const swe_mesh_backend *backend = model->part->run.backend;
    swe_mesh_coupling *coupling = &model->coupling;
    coupling->reduce_time_step = reduce_time_step;
    coupling->context = model;
    coupling->before_step = overlap                      ? begin_exchange
                            : backend->pack_halo != NULL ? exchange_packed_on_device
                                                         : exchange_before_step;
    coupling->finish_exchange = overlap ? finish_exchange : NULL;
    const swe_mesh_mpi_halo *halo = &model->halo;
    int status = backend->pack_halo == NULL
                     ? SWE_OK
                     : backend->halo_cells(&model->part->run, halo->send_cells, halo->send_total,
                                           halo->receive_cells, halo->receive_total, err);
    return status == SWE_OK ? place_halo_values(model, err) : status;
}

static int order_of(const swe_mesh_mpi_options *options)
{
    return options->model.order != 0 ? options->model.order : options->model.scenario->order;
}

/* Rank 0 splits the graph (and measures a random split beside it); every
 * rank gets the parts. */
static int partition(swe_mesh_mpi_model *model, const swe_mesh_mpi_options *options,
                     const swe_mesh_dual_graph *graph, int *part, swe_error *err)
{
    int status = SWE_OK;
    if (model->rank == 0) {
        status = swe_mesh_partition(graph, model->size, SWE_MESH_PARTITION_RANDOM,
                                    options->partition_seed, part, err);
        if (status == SWE_OK) {
            status =
                swe_mesh_partition_measure(graph, model->size, part, &model->random_quality, err);
        }
        if (status == SWE_OK) {
            status = swe_mesh_partition(graph, model->size, options->partitioner,
                                        options->partition_seed, part, err);
        }
        if (status == SWE_OK) {
            status = swe_mesh_partition_measure(graph, model->size, part, &model->quality, err);
        }
    }
    status = swe_mpi_agree(model->comm, status, err);
    if (status == SWE_OK) {
        MPI_CHECK(MPI_Bcast(part, graph->cell_count, MPI_INT, 0, model->comm));
    }
    return status;
}

/* This rank's part of the mesh, with its halo: read, partitioned, cut. */
static int build_part(swe_mesh_mpi_model *model, const swe_mesh_mpi_options *options,
                      swe_error *err)
{
    swe_mesh whole;
    swe_mesh_dual_graph graph;
    memset(&whole, 0, sizeof whole);
    memset(&graph, 0, sizeof graph);
    int *part = NULL;
    int status = swe_mesh_read(options->model.mesh_path, &whole, err);
    if (status == SWE_OK) {
        status = swe_mesh_dual_graph_create(&whole, &graph, err);
    }
    if (status == SWE_OK) {
        model->whole_cells = whole.cell_count;
        part = malloc(((size_t)whole.cell_count + 1) * sizeof *part);
        status = part != NULL ? SWE_OK
                              : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a partition");
    }
    status = swe_mpi_agree(model->comm, status, err);
    if (status == SWE_OK) {
        status = partition(model, options, &graph, part, err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_subdomain_create(&whole, &graph, part, model->rank,
                                           order_of(options) == 2 ? 4 : 1, &model->sub, err);
    }
    free(part);
    swe_mesh_dual_graph_free(&graph);
    swe_mesh_free(&whole);
    return swe_mpi_agree(model->comm, status, err);
}

/* Rank 0 learns which cells every rank owns, for gathering. */
static int plan_gather(swe_mesh_mpi_model *model, swe_error *err)
{
    int owned = model->sub.owned_count, ok = 1;
    if (model->rank == 0) {
        model->gather_counts = malloc((size_t)model->size * sizeof(int));
        model->gather_offsets = malloc(((size_t)model->size + 1) * sizeof(int));
        model->gather_cells = malloc(((size_t)model->whole_cells + 1) * sizeof(int));
        ok = model->gather_counts && model->gather_offsets && model->gather_cells;
    }
    MPI_CHECK(MPI_Bcast(&ok, 1, MPI_INT, 0, model->comm));
    if (!ok) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory on rank 0 for gathering");
    }
    MPI_CHECK(MPI_Gather(&owned, 1, MPI_INT, model->gather_counts, 1, MPI_INT, 0, model->comm));
    if (model->rank == 0) {
        model->gather_offsets[0] = 0;
        for (int p = 0; p < model->size; ++p) {
            model->gather_offsets[p + 1] = model->gather_offsets[p] + model->gather_counts[p];
        }
    }
    MPI_CHECK(MPI_Gatherv(model->sub.whole_cell, owned, MPI_INT, model->gather_cells,
                          model->gather_counts, model->gather_offsets, MPI_INT, 0, model->comm));
    return SWE_OK;
}

/* The part's run: numbered by the options' ordering, then split so that
 * what reads no halo cell comes first (mesh_overlap_split.h), which the
 * model keeps (its own ordering: as given). */
static int create_part_model(swe_mesh_mpi_model *model, const swe_mesh_mpi_options *options,
                             swe_error *err)
{
    swe_mesh mesh = model->sub.mesh; /* the part's model takes the mesh over */
    memset(&model->sub.mesh, 0, sizeof model->sub.mesh);
    int status = swe_mesh_reorder(&mesh, options->model.ordering, options->model.seed, err);
    if (status == SWE_OK) {
        status = swe_mesh_overlap_split(&mesh, model->sub.layer, order_of(options),
                                        &model->coupling.inner, &model->coupling.outer, err);
    }
    if (status != SWE_OK) {
        swe_mesh_free(&mesh);
        return status;
    }
    swe_mesh_model_options numbered = options->model;
    numbered.ordering = SWE_MESH_ORDERING_GMSH;
    numbered.config = model->part_config;
    return swe_mesh_model_create_from_mesh(&numbered, &mesh, &model->part, err);
}

int swe_mesh_mpi_check_overlap(const swe_mesh_backend *backend, swe_error *err)
{
    if (backend == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no backend to check for --overlap");
    }
    if (backend->gradients_span != NULL && backend->edge_fluxes_span != NULL) {
        return SWE_OK;
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "--overlap needs a backend that computes over spans of edges (serial, "
                    "openmp, cuda, opencl); '%s' has none: run it without --overlap",
                    swe_mesh_backend_name(backend));
}

/* Before any work, so that every rank refuses alike; an unknown backend
 * is refused later, by name, where the part's model is made. */
static int check_overlap(const swe_mesh_mpi_options *options, swe_error *err)
{
    const char *name = options->model.backend != NULL ? options->model.backend : "serial";
    const swe_mesh_backend *backend = swe_mesh_backend_find(name);
    return options->overlap && backend != NULL ? swe_mesh_mpi_check_overlap(backend, err) : SWE_OK;
}

int swe_mesh_mpi_place(MPI_Comm comm, const swe_programming_model *model, FILE *notes,
                       swe_mpi_node *node, swe_model_config *config, swe_error *err)
{
    if (node == NULL || config == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nowhere to place a rank");
    }
    int status = swe_mpi_node_place(comm, model, notes, node, err);
    if (status == SWE_OK) {
        config->device = node->device;
    }
    return status;
}

/* The device of this rank, before its part starts on it; an unknown
 * backend is refused by name where the part's model is made. */
static int place(swe_mesh_mpi_model *model, const swe_mesh_mpi_options *options, swe_error *err)
{
    const swe_mesh_backend *backend =
        swe_mesh_backend_find(options->model.backend != NULL ? options->model.backend : "serial");
    model->part_config = options->model.config;
    return swe_mesh_mpi_place(model->comm, backend != NULL ? backend->table.model : NULL,
                              options->notes, &model->node, &model->part_config, err);
}

static int set_up(swe_mesh_mpi_model *model, const swe_mesh_mpi_options *options, swe_error *err)
{
    int status = swe_mpi_agree(model->comm, check_overlap(options, err), err);
    if (status == SWE_OK) {
        status = place(model, options, err);
    }
    if (status == SWE_OK) {
        status = build_part(model, options, err);
    }
    if (status == SWE_OK) {
        status = swe_mpi_agree(model->comm, create_part_model(model, options, err), err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_mpi_halo_create(model->comm, &model->sub, model->part->run_of_file,
                                          model->whole_cells, &model->halo, err);
        status = swe_mpi_agree(model->comm, status, err);
    }
    if (status == SWE_OK) {
        status = swe_mpi_agree(model->comm, plan_gather(model, err), err);
    }
    if (status == SWE_OK) {
        status = swe_mpi_agree(model->comm, choose_exchange(model, options->overlap, err), err);
    }
    return status;
}

int swe_mesh_mpi_model_create(const swe_mesh_mpi_options *options, MPI_Comm comm,
                              swe_mesh_mpi_model **model, swe_error *err)
{
    if (options == NULL || model == NULL || options->model.scenario == NULL ||
        options->model.mesh_path == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no options for a triangle run");
    }
    swe_mesh_mpi_model *created = calloc(1, sizeof *created);
    int status =
        created != NULL ? SWE_OK : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a run");
    status = swe_mpi_agree(comm, status, err);
    if (status != SWE_OK) {
        free(created);
        return status;
    }
    /* A communicator of its own: no message of the run meets another's. */
    created->comm = MPI_COMM_NULL;
    MPI_CHECK(MPI_Comm_dup(comm, &created->comm));
    created->partitioner = options->partitioner;
    MPI_CHECK(MPI_Comm_rank(created->comm, &created->rank));
    MPI_CHECK(MPI_Comm_size(created->comm, &created->size));
    status = set_up(created, options, err);
    if (status != SWE_OK) {
        swe_mesh_mpi_model_free(created);
        return status;
    }
    created->part->run.coupling = &created->coupling;
    *model = created;
    return SWE_OK;
}

swe_mpi_rank_seconds swe_mesh_mpi_model_seconds(const swe_mesh_mpi_model *model)
{
    swe_mpi_rank_seconds own = {0};
    if (model != NULL) {
        own.exchange = model->exchange_seconds;
        own.wait = model->wait_seconds + model->reduction_seconds;
        own.compute = model->step_seconds - own.exchange - own.wait;
        own.cells = model->sub.owned_count;
    }
    return own;
}

void swe_mesh_mpi_model_free(swe_mesh_mpi_model *model)
{
    if (model == NULL) {
        return;
    }
    swe_mesh_model_free(model->part);
    swe_mesh_subdomain_free(&model->sub);
    swe_mesh_mpi_halo_free(&model->halo);
    free(model->gather_counts);
    free(model->gather_offsets);
    free(model->gather_cells);
    if (model->comm != MPI_COMM_NULL) {
        MPI_CHECK(MPI_Comm_free(&model->comm));
    }
    free(model);
}
