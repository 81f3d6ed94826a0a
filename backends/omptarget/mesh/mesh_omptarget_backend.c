/* The OpenMP target backend of the triangle solver: every array of the run
 * on the device from init to finalize (`target enter data`), the state and
 * the bed refreshed where the host writes or reads them (`target update`),
 * and the kernels of solutions/omptarget/mesh on the device's copies,
 * whose addresses (`use_device_ptr`) it keeps in one swe_mesh_arrays. */
#include "backends/omptarget/mesh/mesh_omptarget_kernels.h"
#include "backends/omptarget/omptarget_model.h"
#include "backends/serial/mesh/mesh_host_verbs.h"
#include "mesh/solver/mesh_backend.h"

#include <stdlib.h>

/* A pointer that only the array sections of a directive's map clauses
 * name: GCC 12 does not count that as a use, and would warn it unused. */
#define MAP_ONLY __attribute__((unused))

typedef struct mesh_omptarget_fields {
    int device;
    swe_mesh_arrays on_device; /* the host's counts, the device's addresses */
} mesh_omptarget_fields;

static void enter_array(void *array, size_t bytes, int device)
{
    char *start MAP_ONLY = array;
#pragma omp target enter data device(device) map(to : start[0 : bytes])
}

static void exit_array(void *array, size_t bytes, int device)
{
    char *start MAP_ONLY = array;
#pragma omp target exit data device(device) map(delete : start[0 : bytes])
}

static void array_to_device(void *array, size_t bytes, int device)
{
    char *start MAP_ONLY = array;
#pragma omp target update device(device) to(start[0 : bytes])
}

static void array_to_host(void *array, size_t bytes, int device)
{
    char *start MAP_ONLY = array;
#pragma omp target update device(device) from(start[0 : bytes])
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

static int omptarget_gradients(swe_mesh_run *run, swe_error *err)
{
    const mesh_omptarget_fields *fields = fields_of(run, err);
    if (fields == NULL) {
        return SWE_ERROR_USAGE;
    }
    swe_mesh_omptarget_gradients(&fields->on_device, fields->device);
    return SWE_OK;
}

static int omptarget_edge_fluxes(swe_mesh_run *run, swe_mesh_launch launch, swe_error *err)
{
    const mesh_omptarget_fields *fields = fields_of(run, err);
    if (fields == NULL) {
        return SWE_ERROR_USAGE;
    }
    swe_mesh_omptarget_edge_fluxes(&fields->on_device, launch, fields->device);
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
};
