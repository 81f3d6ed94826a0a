/* The OpenMP target backend. Its levels teach what CUDA's first levels
 * teach, with directives instead of kernels and copies:
 *   1: every step maps the state to the device and back (`target data`
 *      around the step's kernels: ghost layers, edges, update);
 *   2: the state stays on the device (`target enter data` at init, `target
 *      update` where the host reads or writes it); the kernels are the same
 *      and find the arrays there;
 *   3: the fused step: one kernel takes each cell from the old state to the
 *      new one, solving its four edges on the spot, with no edge arrays
 *      (the states take turns, as in CUDA's fused level); the host still
 *      chooses dt from the max wave speed each step returns.
 * The host arrays are the keys under which the runtime keeps the device's
 * copies: the edge arrays and level 3's second state are host allocations
 * that a device run never touches on the host. */
#include "backends/omptarget/cartesian/omptarget_kernels.h"
#include "backends/omptarget/omptarget_model.h"
#include "cartesian/grid/backend.h"
#include "cartesian/grid/boundary.h"
#include "cartesian/numerics/edge_updates.h"

#include <omp.h>
#include <stdlib.h>

enum { LEVELS = 3 };

typedef struct omptarget_fields {
    int level;
    swe_omptarget_grid grid;
    swe_omptarget_edges edges; /* levels 1 and 2 */
    swe_omptarget_state spare; /* level 3: the other state of the pair */
    int spare_holds_state;     /* level 3: the current state is spare, not the block's */
} omptarget_fields;

static swe_omptarget_state block_state(const swe_block *block)
{
    return (swe_omptarget_state){block->h, block->hu, block->hv};
}

/* A pointer that only the array sections of a directive's map clauses
 * name: GCC 12 does not count that as a use, and would warn it unused. */
#define MAP_ONLY __attribute__((unused))

/* The edge arrays on the device (levels 1 and 2), or off it. */
static void enter_edges(omptarget_fields *fields)
{
    const int device = fields->grid.device;
    const size_t planes = SWE_NET_UPDATE_PLANES * fields->grid.values;
    real *vertical MAP_ONLY = fields->edges.vertical,
                   *horizontal MAP_ONLY = fields->edges.horizontal;
#pragma omp target enter data device(device) map(alloc : vertical [0:planes], horizontal [0:planes])
}

static void exit_edges(omptarget_fields *fields)
{
    const int device = fields->grid.device;
    const size_t planes = SWE_NET_UPDATE_PLANES * fields->grid.values;
    real *vertical MAP_ONLY = fields->edges.vertical,
                   *horizontal MAP_ONLY = fields->edges.horizontal;
#pragma omp target exit data device(device) map(delete : vertical [0:planes], horizontal [0:planes])
}

/* The state and the bed on the device (levels 2 and 3), or off it. */
static void enter_state(omptarget_fields *fields, swe_block *block)
{
    const int device = fields->grid.device;
    const size_t n = fields->grid.values;
    real *h MAP_ONLY = block->h, *hu MAP_ONLY = block->hu, *hv MAP_ONLY = block->hv,
            *b MAP_ONLY = block->b;
#pragma omp target enter data device(device) map(to : h [0:n], hu [0:n], hv [0:n], b [0:n])
}

static void exit_state(omptarget_fields *fields, swe_block *block)
{
    const int device = fields->grid.device;
    const size_t n = fields->grid.values;
    real *h MAP_ONLY = block->h, *hu MAP_ONLY = block->hu, *hv MAP_ONLY = block->hv,
            *b MAP_ONLY = block->b;
#pragma omp target exit data device(device) map(delete : h [0:n], hu [0:n], hv [0:n], b [0:n])
}

/* Level 3's second state on the device, or off it. */
static void enter_spare(omptarget_fields *fields)
{
    const int device = fields->grid.device;
    const size_t n = fields->grid.values;
    real *h MAP_ONLY = fields->spare.h, *hu MAP_ONLY = fields->spare.hu,
            *hv MAP_ONLY = fields->spare.hv;
#pragma omp target enter data device(device) map(alloc : h [0:n], hu [0:n], hv [0:n])
}

static void exit_spare(omptarget_fields *fields)
{
    const int device = fields->grid.device;
    const size_t n = fields->grid.values;
    real *h MAP_ONLY = fields->spare.h, *hu MAP_ONLY = fields->spare.hu,
            *hv MAP_ONLY = fields->spare.hv;
#pragma omp target exit data device(device) map(delete : h [0:n], hu [0:n], hv [0:n])
}

static void free_fields(omptarget_fields *fields)
{
    if (fields == NULL) {
        return;
    }
    free(fields->edges.vertical);
    free(fields->edges.horizontal);
    free(fields->spare.h);
    free(fields->spare.hu);
    free(fields->spare.hv);
    free(fields);
}

/* The level's own arrays on the host: the keys of their device copies,
 * never touched on the host when a device runs the kernels. */
static int allocate_arrays(omptarget_fields *fields, swe_error *err)
{
    const size_t values = fields->grid.values;
    int missing;
    if (fields->level == 3) {
        fields->spare.h = malloc(values * sizeof(real));
        fields->spare.hu = malloc(values * sizeof(real));
        fields->spare.hv = malloc(values * sizeof(real));
        missing = fields->spare.h == NULL || fields->spare.hu == NULL || fields->spare.hv == NULL;
    } else {
        const size_t bytes = SWE_NET_UPDATE_PLANES * values * sizeof(real);
        fields->edges.vertical = malloc(bytes);
        fields->edges.horizontal = malloc(bytes);
        missing = fields->edges.vertical == NULL || fields->edges.horizontal == NULL;
    }
    return missing ? swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the OpenMP target arrays")
                   : SWE_OK;
}

static int omptarget_init(swe_block *block, const swe_cartesian_backend_config *config,
                          swe_error *err)
{
    if (block == NULL || config == NULL || block->h == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenMP target init without a block");
    }
    const int level = config->model.level == 0 ? LEVELS : config->model.level;
    if (level < 1 || level > LEVELS) {
        return swe_fail(err, SWE_ERROR_USAGE, "backend 'omptarget' has levels 1 to %d, not %d",
                        LEVELS, level);
    }
    int device = 0;
    int status = swe_omptarget_device(config->model.device, &device, err);
    if (status != SWE_OK) {
        return status;
    }
    omptarget_fields *fields = calloc(1, sizeof *fields);
    if (fields == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the OpenMP target backend");
    }
    int wall_edges, derived_edges;
    swe_boundary_masks(block, &wall_edges, &derived_edges);
    fields->level = level;
    fields->grid = (swe_omptarget_grid){.nx = block->nx,
                                        .ny = block->ny,
                                        .stride = block->stride,
                                        .values = swe_block_size(block),
                                        .dx = block->dx,
                                        .dy = block->dy,
                                        .manning = config->manning,
                                        .solver = config->solver,
                                        .wall_edges = wall_edges,
                                        .derived_edges = derived_edges,
                                        .device = device};
    status = allocate_arrays(fields, err);
    if (status != SWE_OK) {
        free_fields(fields);
        return status;
    }
    if (level == 3) {
        enter_spare(fields);
    } else {
        enter_edges(fields); /* level 1 too: only the state travels every step */
    }
    if (level > 1) {
        enter_state(fields, block);
    }
    block->ext = fields;
    return SWE_OK;
}

static void omptarget_finalize(swe_block *block)
{
    if (block == NULL || block->ext == NULL) {
        return;
    }
    omptarget_fields *fields = block->ext;
    if (fields->level == 3) {
        exit_spare(fields);
    } else {
        exit_edges(fields);
    }
    if (fields->level > 1) {
        exit_state(fields, block);
    }
    free_fields(fields);
    block->ext = NULL;
}

static omptarget_fields *fields_of(swe_block *block, swe_error *err)
{
    if (block == NULL || block->ext == NULL) {
        swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenMP target backend not initialised");
        return NULL;
    }
    return block->ext;
}

static void update_device(const omptarget_fields *fields, swe_block *block)
{
    const int device = fields->grid.device;
    const size_t n = fields->grid.values;
    real *h MAP_ONLY = block->h, *hu MAP_ONLY = block->hu, *hv MAP_ONLY = block->hv,
            *b MAP_ONLY = block->b;
#pragma omp target update device(device) to(h [0:n], hu [0:n], hv [0:n], b [0:n])
}

static int omptarget_sync_after_write(swe_block *block, swe_error *err)
{
    omptarget_fields *fields = fields_of(block, err);
    if (fields == NULL) {
        return SWE_ERROR_USAGE;
    }
    if (fields->level > 1) {
        update_device(fields, block);
        fields->spare_holds_state = 0;
    }
    return SWE_OK; /* level 1: the host arrays are the state between steps */
}

/* The device's copy of one array of level 3's spare state into the host
 * array `to`. */
static int copy_spare(const omptarget_fields *fields, real *spare, real *to, swe_error *err)
{
    const int device = fields->grid.device;
    const size_t n = fields->grid.values;
    int code = 0;
#pragma omp target data device(device) use_device_ptr(spare)
    {
        code =
            omp_target_memcpy(to, spare, n * sizeof(real), 0, 0, omp_get_initial_device(), device);
    }
    return code == 0
               ? SWE_OK
               : swe_fail(err, SWE_ERROR_RUNTIME,
                          "the OpenMP runtime could not copy the state from device %d", device);
}

static void update_host_bed(const omptarget_fields *fields, swe_block *block)
{
    const int device = fields->grid.device;
    const size_t n = fields->grid.values;
    real *b MAP_ONLY = block->b;
#pragma omp target update device(device) from(b [0:n])
}

static void update_host(const omptarget_fields *fields, swe_block *block)
{
    const int device = fields->grid.device;
    const size_t n = fields->grid.values;
    real *h MAP_ONLY = block->h, *hu MAP_ONLY = block->hu, *hv MAP_ONLY = block->hv,
            *b MAP_ONLY = block->b;
#pragma omp target update device(device) from(h [0:n], hu [0:n], hv [0:n], b [0:n])
}

static int omptarget_sync_before_read(swe_block *block, swe_error *err)
{
    omptarget_fields *fields = fields_of(block, err);
    if (fields == NULL) {
        return SWE_ERROR_USAGE;
    }
    if (fields->level == 1) {
        return SWE_OK;
    }
    if (!fields->spare_holds_state) {
        update_host(fields, block);
        return SWE_OK;
    }
    int status = copy_spare(fields, fields->spare.h, block->h, err);
    status = status == SWE_OK ? copy_spare(fields, fields->spare.hu, block->hu, err) : status;
    status = status == SWE_OK ? copy_spare(fields, fields->spare.hv, block->hv, err) : status;
    if (status == SWE_OK) {
        update_host_bed(fields, block);
    }
    return status;
}

/* Level 1: the max wave speed with the state mapped for it. */
static real mapped_wave_speed(const omptarget_fields *fields, swe_block *block)
{
    const int device = fields->grid.device;
    const size_t n = fields->grid.values;
    real *h = block->h, *hu = block->hu, *hv = block->hv;
    real speed = 0;
#pragma omp target data device(device) map(to : h [0:n], hu [0:n], hv [0:n])
    speed = swe_omptarget_max_wave_speed(&fields->grid, (swe_omptarget_state){h, hu, hv});
    return speed;
}

static int omptarget_max_wave_speed(swe_block *block, real *speed, swe_error *err)
{
    omptarget_fields *fields = fields_of(block, err);
    if (fields == NULL || speed == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenMP target max_wave_speed");
    }
    if (fields->level == 1) {
        *speed = mapped_wave_speed(fields, block);
    } else {
        *speed = swe_omptarget_max_wave_speed(
            &fields->grid, fields->spare_holds_state ? fields->spare : block_state(block));
    }
    return SWE_OK;
}

/* Ghost layers, edges, update: levels 1 and 2. */
static real edge_array_step(omptarget_fields *fields, swe_block *block, real dt)
{
    const swe_omptarget_state state = block_state(block);
    swe_omptarget_ghost_layers(&fields->grid, state, block->b);
    swe_omptarget_net_updates(&fields->grid, state, block->b, fields->edges);
    return swe_omptarget_update(&fields->grid, state, dt, fields->edges);
}

/* Level 1: the step with the state mapped to the device and back. */
static real mapped_step(omptarget_fields *fields, swe_block *block, real dt)
{
    const int device = fields->grid.device;
    const size_t n = fields->grid.values;
    real *h MAP_ONLY = block->h, *hu MAP_ONLY = block->hu, *hv MAP_ONLY = block->hv,
            *b MAP_ONLY = block->b;
    real speed = 0;
#pragma omp target data device(device) map(tofrom : h [0:n], hu [0:n], hv [0:n]) map(to : b [0:n])
    speed = edge_array_step(fields, block, dt);
    return speed;
}

/* Level 3: ghost layers, then the fused step into the other state. */
static real fused_step(omptarget_fields *fields, swe_block *block, real dt)
{
    const int spare_holds_state = fields->spare_holds_state;
    const swe_omptarget_state from = spare_holds_state ? fields->spare : block_state(block);
    const swe_omptarget_state to = spare_holds_state ? block_state(block) : fields->spare;
    swe_omptarget_ghost_layers(&fields->grid, from, block->b);
    fields->spare_holds_state = !spare_holds_state;
    return swe_omptarget_fused_step(&fields->grid, from, block->b, to, dt);
}

static int omptarget_step(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    omptarget_fields *fields = fields_of(block, err);
    if (fields == NULL || next_speed == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenMP target step");
    }
    *next_speed = fields->level == 1   ? mapped_step(fields, block, dt)
                  : fields->level == 2 ? edge_array_step(fields, block, dt)
                                       : fused_step(fields, block, dt);
    return SWE_OK;
}

const swe_cartesian_backend swe_cartesian_omptarget_backend = {
    .table = {&swe_omptarget_model,
              "OpenMP target offload; --level 1 maps the state every step, 2 keeps it on the "
              "device, 3 one fused kernel per step (default)",
              LEVELS},
    .init = omptarget_init,
    .finalize = omptarget_finalize,
    .sync_after_write = omptarget_sync_after_write,
    .sync_before_read = omptarget_sync_before_read,
    .max_wave_speed = omptarget_max_wave_speed,
    .step = omptarget_step,
    .advance = NULL,
};
