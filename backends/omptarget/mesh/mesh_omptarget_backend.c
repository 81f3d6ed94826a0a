/* The OpenMP target backend of the triangle solver: every array of the run
 * on the device from init to finalize (`target enter data`), the state and
 * the bed refreshed where the host writes or reads them (`target update`),
 * and the kernels of solutions/omptarget/mesh on the device's copies,
 * whose addresses (`use_device_ptr`) it keeps in one swe_mesh_arrays.
 * Over MPI ranks it sweeps spans of cells and edges and moves only the
 * halo's values between the device and the host. */
#include "backends/omptarget/mesh/mesh_omptarget_kernels.h"
#include "backends/omptarget/omptarget_model.h"
#include "backends/serial/mesh/mesh_host_verbs.h"
#include "mesh/solver/mesh_backend.h"

#include <stdlib.h>

/* A pointer that only the array sections of a directive's map clauses
 * name: GCC 12 does not count that as a use, and would warn it unused. */
#define MAP_ONLY __attribute__((unused))

/* The cells of a part's halo (shallows-mpi --mesh): host copies, entered
 * on the device, and their device addresses. */
typedef struct halo_list {
    int *cells;
    int count;
    int *on_device;
} halo_list;

typedef struct mesh_omptarget_fields {
    int device;
    swe_mesh_arrays on_device; /* the host's counts, the device's addresses */
    halo_list send, receive;
} mesh_omptarget_fields;

static void enter_array(void *array, size_t bytes, int device)
{
    char *start MAP_ONLY = array;
#pragma omp target enter data device(device) map(to : start [0:bytes])
}

static void exit_array(void *array, size_t bytes, int device)
{
    char *start MAP_ONLY = array;
#pragma omp target exit data device(device) map(delete : start [0:bytes])
}

static void array_to_device(void *array, size_t bytes, int device)
{
    char *start MAP_ONLY = array;
#pragma omp target update device(device) to(start [0:bytes])
}

static void array_to_host(void *array, size_t bytes, int device)
{
    char *start MAP_ONLY = array;
#pragma omp target update device(device) from(start [0:bytes])
}

/* The device's address of an array entered before. */
static void *device_address(void *array, int device)
{
    char *start = array;
    void *address = NULL;
#pragma omp target data device(device) use_device_ptr(start)
    {
        address = start;
    }
    return address;
}

/* The length of every array, by the kind of element it belongs to. */
#define LENGTHS(host)                                                                              \
    const size_t cells = (size_t)(host)->cell_count, edges = (size_t)(host)->edge_count;           \
    const size_t boundary = edges - (size_t)(host)->interior_edge_count;                           \
    const size_t conditions = (size_t)(host)->condition_count;                                     \
    (void)cells, (void)edges, (void)boundary, (void)conditions

#define ENTER(name, count)                                                                         \
    enter_array(host->name, (count) * sizeof *host->name, device);                                 \
    fields->on_device.name = device_address(host->name, device);
#define ENTER_CELL(name) ENTER(name, cells)
#define ENTER_EDGE(name) ENTER(name, edges)
#define ENTER_BOUNDARY(name) ENTER(name, boundary)
#define ENTER_CONDITION(name) ENTER(name, conditions)

#define EXIT(name, count) exit_array(host->name, (count) * sizeof *host->name, device);
#define EXIT_CELL(name) EXIT(name, cells)
#define EXIT_EDGE(name) EXIT(name, edges)
#define EXIT_BOUNDARY(name) EXIT(name, boundary)
#define EXIT_CONDITION(name) EXIT(name, conditions)

#define TO_DEVICE(name) array_to_device(host->name, cells * sizeof *host->name, device);
#define TO_HOST(name) array_to_host(host->name, cells * sizeof *host->name, device);

static void release_halo_list(halo_list *list, int device)
{
    if (list->cells != NULL) {
        exit_array(list->cells, (size_t)list->count * sizeof *list->cells, device);
    }
    free(list->cells);
    *list = (halo_list){NULL, 0, NULL};
}

static int set_halo_list(halo_list *list, const int *cells, int count, int device, swe_error *err)
{
    release_halo_list(list, device);
    list->cells = malloc(((size_t)count + 1) * sizeof *list->cells);
    if (list->cells == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the halo's cells");
    }
    for (int k = 0; k < count; ++k) {
        list->cells[k] = cells[k];
    }
    list->count = count;
    enter_array(list->cells, (size_t)count * sizeof *list->cells, device);
    list->on_device = device_address(list->cells, device);
    return SWE_OK;
}

static int omptarget_init(swe_mesh_run *run, const swe_model_config *config, swe_error *err)
{
    if (run == NULL || config == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenMP target init without a run");
    }
    int device = 0;
    int status = swe_omptarget_device(config->device, &device, err);
    status = status == SWE_OK ? swe_mesh_host_init(run, err) : status;
    if (status != SWE_OK) {
        return status;
    }
    mesh_omptarget_fields *fields = calloc(1, sizeof *fields);
    if (fields == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the OpenMP target backend");
    }
    const swe_mesh_arrays *host = &run->host;
    LENGTHS(host);
    fields->device = device;
    fields->on_device = *host;
    SWE_MESH_ARRAYS_BY_LENGTH(ENTER_CELL, ENTER_EDGE, ENTER_BOUNDARY, ENTER_CONDITION)
    run->ext = fields;
    return SWE_OK;
}

static void omptarget_finalize(swe_mesh_run *run)
{
    if (run == NULL || run->ext == NULL) {
        return;
    }
    mesh_omptarget_fields *fields = run->ext;
    const swe_mesh_arrays *host = &run->host;
    const int device = fields->device;
    LENGTHS(host);
    SWE_MESH_ARRAYS_BY_LENGTH(EXIT_CELL, EXIT_EDGE, EXIT_BOUNDARY, EXIT_CONDITION)
    release_halo_list(&fields->send, device);
    release_halo_list(&fields->receive, device);
    free(fields);
    run->ext = NULL;
    swe_mesh_host_finalize(run);
}

static mesh_omptarget_fields *fields_of(swe_mesh_run *run, swe_error *err)
{
    if (run == NULL || run->ext == NULL) {
        swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenMP target backend not initialised");
        return NULL;
    }
    return run->ext;
}

static int omptarget_upload(swe_mesh_run *run, swe_error *err)
{
    const mesh_omptarget_fields *fields = fields_of(run, err);
    if (fields == NULL) {
        return SWE_ERROR_USAGE;
    }
    const swe_mesh_arrays *host = &run->host;
    const int device = fields->device;
    LENGTHS(host);
    SWE_MESH_STATE_ARRAYS(TO_DEVICE)
    TO_DEVICE(bed)
    return SWE_OK;
}

static int omptarget_download(swe_mesh_run *run, swe_error *err)
{
    const mesh_omptarget_fields *fields = fields_of(run, err);
    if (fields == NULL) {
        return SWE_ERROR_USAGE;
    }
    const swe_mesh_arrays *host = &run->host;
    const int device = fields->device;
    LENGTHS(host);
    SWE_MESH_STATE_ARRAYS(TO_HOST)
    return SWE_OK;
}

/* The span of every cell and edge. */
static swe_mesh_span whole(const swe_mesh_arrays *host)
{
    return (swe_mesh_span){0,
                           host->cell_count,
                           0,
                           host->interior_edge_count,
                           host->interior_edge_count,
                           host->edge_count};
}

static int omptarget_gradients(swe_mesh_run *run, swe_error *err)
{
    const mesh_omptarget_fields *fields = fields_of(run, err);
    if (fields == NULL) {
        return SWE_ERROR_USAGE;
    }
    swe_mesh_omptarget_gradients(&fields->on_device, whole(&run->host), fields->device);
    return SWE_OK;
}

static int omptarget_edge_fluxes(swe_mesh_run *run, swe_mesh_launch launch, swe_error *err)
{
    const mesh_omptarget_fields *fields = fields_of(run, err);
    if (fields == NULL) {
        return SWE_ERROR_USAGE;
    }
    swe_mesh_omptarget_edge_fluxes(&fields->on_device, launch, whole(&run->host), fields->device);
    return SWE_OK;
}

static int omptarget_min_time_step(swe_mesh_run *run, real *time_step, swe_error *err)
{
    const mesh_omptarget_fields *fields = fields_of(run, err);
    if (fields == NULL || time_step == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenMP target min_time_step");
    }
    *time_step = swe_mesh_omptarget_min_time_step(&fields->on_device, fields->device);
    return SWE_OK;
}

static int omptarget_update_cells(swe_mesh_run *run, swe_mesh_launch launch, swe_error *err)
{
    const mesh_omptarget_fields *fields = fields_of(run, err);
    if (fields == NULL) {
        return SWE_ERROR_USAGE;
    }
    swe_mesh_omptarget_update_cells(&fields->on_device, launch, fields->device);
    return SWE_OK;
}

static int omptarget_gradients_span(swe_mesh_run *run, const swe_mesh_span *span, swe_error *err)
{
    const mesh_omptarget_fields *fields = fields_of(run, err);
    if (fields == NULL || !swe_mesh_span_inside(&run->host, span)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no run, or a span outside it");
    }
    swe_mesh_omptarget_gradients(&fields->on_device, *span, fields->device);
    return SWE_OK;
}

static int omptarget_edge_fluxes_span(swe_mesh_run *run, swe_mesh_launch launch,
                                      const swe_mesh_span *span, swe_error *err)
{
    const mesh_omptarget_fields *fields = fields_of(run, err);
    if (fields == NULL || !swe_mesh_span_inside(&run->host, span)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no run, or a span outside it");
    }
    swe_mesh_omptarget_edge_fluxes(&fields->on_device, launch, *span, fields->device);
    return SWE_OK;
}

static int omptarget_halo_cells(swe_mesh_run *run, const int *send_cells, int send_count,
                                const int *receive_cells, int receive_count, swe_error *err)
{
    mesh_omptarget_fields *fields = fields_of(run, err);
    if (fields == NULL || send_count < 0 || receive_count < 0 ||
        (send_count > 0 && send_cells == NULL) || (receive_count > 0 && receive_cells == NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no halo lists for the device");
    }
    int status = set_halo_list(&fields->send, send_cells, send_count, fields->device, err);
    return status == SWE_OK
               ? set_halo_list(&fields->receive, receive_cells, receive_count, fields->device, err)
               : status;
}

static int omptarget_pack_halo(swe_mesh_run *run, real *send_values, swe_error *err)
{
    const mesh_omptarget_fields *fields = fields_of(run, err);
    if (fields == NULL || (fields->send.count > 0 && send_values == NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no place for the halo");
    }
    swe_mesh_omptarget_pack_halo(&fields->on_device, fields->send.on_device, fields->send.count,
                                 send_values, fields->device);
    return SWE_OK;
}

static int omptarget_unpack_halo(swe_mesh_run *run, const real *receive_values, swe_error *err)
{
    const mesh_omptarget_fields *fields = fields_of(run, err);
    if (fields == NULL || (fields->receive.count > 0 && receive_values == NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no halo to unpack");
    }
    swe_mesh_omptarget_unpack_halo(&fields->on_device, fields->receive.on_device,
                                   fields->receive.count, receive_values, fields->device);
    return SWE_OK;
}

const swe_mesh_backend swe_mesh_omptarget_backend = {
    .table = {&swe_omptarget_model,
              "OpenMP target offload: every array on the device, one loop per sweep", 0},
    .init = omptarget_init,
    .finalize = omptarget_finalize,
    .upload = omptarget_upload,
    .download = omptarget_download,
    .gradients = omptarget_gradients,
    .edge_fluxes = omptarget_edge_fluxes,
    .min_time_step = omptarget_min_time_step,
    .update_cells = omptarget_update_cells,
    .gradients_span = omptarget_gradients_span,
    .edge_fluxes_span = omptarget_edge_fluxes_span,
    .halo_cells = omptarget_halo_cells,
    .pack_halo = omptarget_pack_halo,
    .unpack_halo = omptarget_unpack_halo,
};
