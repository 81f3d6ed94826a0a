#include "backends/mpi/mpi_node.h"

#include "backends/mpi/mpi_agree.h"
#include "backends/mpi/mpi_check.h"

#if defined(__has_include)
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h> /* Open MPI's extensions: the CUDA query */
#endif
#endif

#include <stdlib.h>
#include <string.h>

/* What rank 0 gathers of every rank to print the placement. */
typedef struct rank_place {
    int local_rank, local_size, device, devices;
    char host[MPI_MAX_PROCESSOR_NAME];
} rank_place;

int swe_mpi_device_of(int local_rank, int devices)
{
    return devices > 0 && local_rank >= 0 ? local_rank % devices : 0;
}

/* How many ranks of a node of local_size ranks take device. */
static int ranks_on_device(int device, int local_size, int devices)
{
    return local_size / devices + (device < local_size % devices ? 1 : 0);
}

static int find_node(MPI_Comm comm, const swe_programming_model *model, swe_mpi_node *node,
                     swe_error *err)
{
    memset(node, 0, sizeof *node);
    MPI_CHECK(MPI_Comm_rank(comm, &node->rank));
    MPI_CHECK(MPI_Comm_size(comm, &node->size));
    MPI_Comm local;
    MPI_CHECK(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, node->rank, MPI_INFO_NULL, &local));
    MPI_CHECK(MPI_Comm_rank(local, &node->local_rank));
    MPI_CHECK(MPI_Comm_size(local, &node->local_size));
    MPI_CHECK(MPI_Comm_free(&local));
    int status = SWE_OK;
    if (model != NULL && model->count_devices != NULL) {
        status = model->count_devices(&node->devices, err);
        node->device = swe_mpi_device_of(node->local_rank, node->devices);
    }
    return swe_mpi_agree(comm, status, err);
}

/* Rank 0: every rank's place (size entries); NULL elsewhere, and on rank 0
 * when out of memory (then nothing is printed). Collective. */
static rank_place *gather_places(MPI_Comm comm, const swe_mpi_node *node)
{
    rank_place own = {node->local_rank, node->local_size, node->device, node->devices, ""};
    int length = 0;
    MPI_CHECK(MPI_Get_processor_name(own.host, &length));
    rank_place *all = NULL;
    int ok = 1;
    if (node->rank == 0) {
        all = malloc((size_t)node->size * sizeof *all);
        ok = all != NULL;
    }
    MPI_CHECK(MPI_Bcast(&ok, 1, MPI_INT, 0, comm));
    if (ok) {
        MPI_CHECK(
            MPI_Gather(&own, (int)sizeof own, MPI_BYTE, all, (int)sizeof own, MPI_BYTE, 0, comm));
    }
    return all;
}

int swe_mpi_node_place(MPI_Comm comm, const swe_programming_model *model, FILE *notes,
                       swe_mpi_node *node, swe_error *err)
{
    if (node == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no node to place the rank on");
    }
    int status = find_node(comm, model, node, err);
    if (status != SWE_OK || node->devices == 0) {
        return status;
    }
    rank_place *all = gather_places(comm, node);
    for (int p = 0; all != NULL && notes != NULL && p < node->size; ++p) {
        const rank_place *place = &all[p];
        if (place->local_rank == 0 && place->local_size > place->devices) {
            fprintf(notes,
                    "shallows: %d ranks share the %d %s device%s of node %s (up to %d a device)\n",
                    place->local_size, place->devices, model->name, place->devices == 1 ? "" : "s",
                    place->host, ranks_on_device(0, place->local_size, place->devices));
        }
    }
    free(all);
    return SWE_OK;
}

int swe_mpi_node_print_placement(MPI_Comm comm, const swe_programming_model *model, FILE *stream,
                                 swe_error *err)
{
    swe_mpi_node node;
    int status = find_node(comm, model, &node, err);
    if (status != SWE_OK) {
        return status;
    }
    rank_place *all = gather_places(comm, &node);
    for (int p = 0; all != NULL && stream != NULL && p < node.size; ++p) {
        const rank_place *place = &all[p];
        fprintf(stream, "rank %d: node %s, local rank %d of %d, ", p, place->host,
                place->local_rank, place->local_size);
        if (place->devices == 0) {
            fprintf(stream, "on the host\n");
        } else {
            fprintf(
                stream, "%s device %d of %d (shared by %d rank%s)\n", model->name, place->device,
                place->devices, ranks_on_device(place->device, place->local_size, place->devices),
                ranks_on_device(place->device, place->local_size, place->devices) == 1 ? "" : "s");
        }
    }
    free(all);
    return SWE_OK;
}

int swe_mpi_node_print_placements(MPI_Comm comm, const swe_model_registry *models, FILE *stream,
                                  swe_error *err)
{
    if (models == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no models to place ranks on");
    }
    int rank = 0;
    MPI_CHECK(MPI_Comm_rank(comm, &rank));
    FILE *out = rank == 0 ? stream : NULL;
    int shown = 0;
    for (int index = 0; index < swe_registry_count(models); ++index) {
        const swe_model_table *table = swe_registry_at(models, index);
        const swe_programming_model *model = table != NULL ? table->model : NULL;
        if (model == NULL || model->count_devices == NULL) {
            continue;
        }
        if (out != NULL) {
            fprintf(out, "ranks on %s devices:\n", model->name);
        }
        swe_error missing = {{0}};
        if (swe_mpi_node_print_placement(comm, model, out, &missing) == SWE_OK) {
            shown = 1;
        } else if (out != NULL) {
            fprintf(out, "  none: %s\n", missing.message);
        }
    }
    if (shown) {
        return SWE_OK;
    }
    if (out != NULL) {
        fprintf(out, "ranks on the host:\n");
    }
    return swe_mpi_node_print_placement(comm, NULL, out, err);
}

int swe_mpi_takes_device_pointers(void)
{
    const char *forced = getenv("SWE_MPI_DEVICE_POINTERS");
    if (forced != NULL && strcmp(forced, "0") == 0) {
        return 0;
    }
#ifdef MPIX_CUDA_AWARE_SUPPORT
    /* The header says what the library was built with; the library, what
     * the run has (its transport may not carry device memory). */
    return MPIX_Query_cuda_support() == 1;
#else
    return 0;
#endif
}
