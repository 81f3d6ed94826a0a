/* The OpenCL backend: levels 1 to 4 mean what they mean in the CUDA
 * backend (1 kernels and the state's transfers every step, 2 the state
 * kept on the device, 3 local-memory tiles, 4 the fused step with dt on
 * the device); level 5 is level 4's fused step in the shape that suits a
 * CPU (opencl_fields.h). The kernels of level N are in
 * solutions/opencl/levelN_*.cl, all of them built into one program.
 * This file sets up and tears down a device, its program and buffers. */
#include "backends/opencl/cartesian/opencl_fields.h"
#include "backends/opencl/cl_check.h"
#include "backends/opencl/cl_device.h"
#include "backends/opencl/cl_math.h"
#include "backends/opencl/cl_program.h"
#include "backends/opencl/opencl_model.h"
#include "cartesian/grid/boundary.h"
#include "cartesian/numerics/device_clock.h"
#include "cartesian/numerics/edge_updates.h"

#include <stdlib.h>

static const char *const kernel_names[] = {"set_ghost_layers",       "vertical_net_updates",
                                           "horizontal_net_updates", "update_cells",
                                           "max_wave_speed",         "tile_step",
                                           "fused_strips_step",      "fused_rows_step"};

static cl_kernel *kernel_slot(opencl_fields *fields, size_t index)
{
    cl_kernel *slots[] = {&fields->set_ghost_layers,       &fields->vertical_net_updates,
                          &fields->horizontal_net_updates, &fields->update_cells,
                          &fields->max_wave_speed,         &fields->tile_step,
                          &fields->fused_strips_step,      &fields->fused_rows_step};
    return slots[index];
}

static cl_mem *buffer_slot(opencl_fields *fields, size_t index)
{
    cl_mem *slots[] = {&fields->h[0],      &fields->hu[0],          &fields->hv[0],
                       &fields->h[1],      &fields->hu[1],          &fields->hv[1],
                       &fields->b,         &fields->vertical_edges, &fields->horizontal_edges,
                       &fields->group_max, &fields->clock};
    return index < sizeof slots / sizeof slots[0] ? slots[index] : NULL;
}

static void release_fields(opencl_fields *fields)
{
    for (size_t k = 0; k < sizeof kernel_names / sizeof kernel_names[0]; ++k) {
        if (*kernel_slot(fields, k) != NULL) {
            clReleaseKernel(*kernel_slot(fields, k));
        }
    }
    for (size_t m = 0; buffer_slot(fields, m) != NULL; ++m) {
        if (*buffer_slot(fields, m) != NULL) {
            clReleaseMemObject(*buffer_slot(fields, m));
        }
    }
    if (fields->program != NULL) {
        clReleaseProgram(fields->program);
    }
    if (fields->queue != NULL) {
        clReleaseCommandQueue(fields->queue);
    }
    if (fields->context != NULL) {
        clReleaseContext(fields->context);
    }
    free(fields->host_group_max);
    free(fields);
}

/* The program's build options: the solver and work shapes as constants,
 * the precision and the math (cl_math.h: --cl-math, or the device's
 * default). */
static int build_options(const opencl_fields *fields, enum swe_solver solver, const char *math,
                         char *options, size_t size, swe_error *err)
{
    char math_options[256];
    int status =
        swe_cl_math_options(fields->device.device, math, math_options, sizeof math_options, err);
    if (status != SWE_OK) {
        return status;
    }
    const char *precision = SWE_CL_PRECISION_OPTION;
    snprintf(options, size,
             "-cl-std=CL1.2 -DSWE_SOLVER=%d -DSWE_TILE_X=%d -DSWE_TILE_Y=%d "
             "-DSWE_REDUCTION_GROUP=%d -DSWE_CELLS_PER_ITEM=%d -DSWE_STRIP_LANES=%d "
             "-DSWE_STRIP_ROWS=%d -DSWE_ROW_CHUNK=%d -DSWE_ROWS_PER_ITEM=%d%s%s "
             "-DSWE_DRY_TOLERANCE_METRES=%.17g %s",
             (int)solver, SWE_CL_TILE_X, SWE_CL_TILE_Y, SWE_CL_REDUCTION_GROUP,
             fields->cells_per_item, SWE_CL_STRIP_LANES, SWE_CL_STRIP_ROWS, fields->row_chunk,
             SWE_CL_ROWS_PER_ITEM, precision, fields->has_fp64 ? " -DSWE_DEVICE_HAS_FP64" : "",
             (double)SWE_DRY_TOLERANCE_METRES, math_options);
    return SWE_OK;
}

static int create_buffer(opencl_fields *fields, cl_mem *buffer, size_t bytes, swe_error *err)
{
    cl_int code = CL_SUCCESS;
    *buffer = clCreateBuffer(fields->context, CL_MEM_READ_WRITE, bytes, NULL, &code);
    return CL_CHECK_CODE(code, "clCreateBuffer", err);
}

static int create_buffers(opencl_fields *fields, const swe_block *block, swe_error *err)
{
    size_t state = swe_block_size(block) * sizeof(real);
    const int sets = swe_opencl_state_sets(fields->level);
    int status = create_buffer(fields, &fields->b, state, err);
    for (int set = 0; status == SWE_OK && set < sets; ++set) {
        cl_mem *arrays[] = {&fields->h[set], &fields->hu[set], &fields->hv[set]};
        for (int a = 0; status == SWE_OK && a < 3; ++a) {
            status = create_buffer(fields, arrays[a], state, err);
        }
    }
    if (status == SWE_OK && fields->level <= SWE_CL_LEVEL_ON_DEVICE) {
        size_t nx = (size_t)block->nx, ny = (size_t)block->ny;
        status = create_buffer(fields, &fields->vertical_edges,
                               SWE_NET_UPDATE_PLANES * (nx + 1) * ny * sizeof(real), err);
        if (status == SWE_OK) {
            status = create_buffer(fields, &fields->horizontal_edges,
                                   SWE_NET_UPDATE_PLANES * nx * (ny + 1) * sizeof(real), err);
        }
    }
    if (status == SWE_OK && swe_opencl_is_fused(fields->level)) {
        status =
            create_buffer(fields, &fields->clock, SWE_CLOCK_SLOTS * sizeof(swe_clock_slot), err);
    }
    if (status == SWE_OK) {
        status =
            create_buffer(fields, &fields->group_max, fields->group_max_size * sizeof(real), err);
    }
    return status;
}

/* Enough groups of the max_wave_speed kernel to fill the device, never
 * more than there are cells for; one maximum per tile at level 3. */
static int choose_reduction_groups(opencl_fields *fields, const swe_block *block, swe_error *err)
{
    cl_uint units = 1;
    int status = CL_CHECK(clGetDeviceInfo(fields->device.device, CL_DEVICE_MAX_COMPUTE_UNITS,
                                          sizeof units, &units, NULL),
                          err);
    size_t cells = (size_t)block->nx * (size_t)block->ny;
    size_t needed = (cells + SWE_CL_REDUCTION_GROUP - 1) / SWE_CL_REDUCTION_GROUP;
    size_t filling = 8 * (size_t)(units > 0 ? units : 1);
    fields->reduction_groups = needed < filling ? needed : filling;
    const size_t tiles = ((size_t)block->nx + SWE_CL_TILE_X - 1) / SWE_CL_TILE_X *
                         (((size_t)block->ny + SWE_CL_TILE_Y - 1) / SWE_CL_TILE_Y);
    fields->group_max_size = fields->level == SWE_CL_LEVEL_TILES && tiles > fields->reduction_groups
                                 ? tiles
                                 : fields->reduction_groups;
    fields->host_group_max =
        status == SWE_OK ? malloc(fields->group_max_size * sizeof(real)) : NULL;
    if (status == SWE_OK && fields->host_group_max == NULL) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the reduction results");
    }
    return status;
}

static int create_kernels(opencl_fields *fields, swe_error *err)
{
    int status = SWE_OK;
    for (size_t k = 0; status == SWE_OK && k < sizeof kernel_names / sizeof kernel_names[0]; ++k) {
        cl_int code = CL_SUCCESS;
        *kernel_slot(fields, k) = clCreateKernel(fields->program, kernel_names[k], &code);
        status = CL_CHECK_CODE(code, "clCreateKernel", err);
    }
    return status;
}

/* Context, queue, program, kernels and buffers for the chosen device. */
static int set_up_device(opencl_fields *fields, const swe_block *block, enum swe_solver solver,
                         const char *math, swe_error *err)
{
    cl_context_properties properties[] = {CL_CONTEXT_PLATFORM,
                                          (cl_context_properties)fields->device.platform, 0};
    cl_int code = CL_SUCCESS;
    fields->context = clCreateContext(properties, 1, &fields->device.device, NULL, NULL, &code);
    int status = CL_CHECK_CODE(code, "clCreateContext", err);
    if (status == SWE_OK) {
        fields->queue = clCreateCommandQueue(fields->context, fields->device.device, 0, &code);
        status = CL_CHECK_CODE(code, "clCreateCommandQueue", err);
    }
    if (status == SWE_OK) {
        char options[640];
        status = build_options(fields, solver, math, options, sizeof options, err);
        if (status == SWE_OK) {
            status = swe_cl_build_source(fields->context, fields->device.device,
                                         swe_cartesian_opencl_program_source, options,
                                         &fields->program, err);
        }
    }
    if (status == SWE_OK) {
        status = create_kernels(fields, err);
    }
    if (status == SWE_OK) {
        status = choose_reduction_groups(fields, block, err);
    }
    if (status == SWE_OK) {
        status = create_buffers(fields, block, err);
    }
    return status;
}

static int opencl_init(swe_block *block, const swe_cartesian_backend_config *config, swe_error *err)
{
    if (block == NULL || config == NULL || block->h == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenCL init without a block");
    }
    if (config->model.level < 0 || config->model.level > SWE_CL_LEVELS) {
        return swe_fail(err, SWE_ERROR_USAGE, "--level for backend 'opencl' must be 1 to %d",
                        SWE_CL_LEVELS);
    }
    opencl_fields *fields = calloc(1, sizeof *fields);
    if (fields == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the OpenCL backend");
    }
    fields->manning = config->manning;
    int status = swe_cl_choose_device(config->model.option_values[SWE_CL_OPTION_DEVICE],
                                      &fields->device, err);
    if (status == SWE_OK) {
        status = swe_opencl_choose_level(fields, config->model.level, err);
    }
    if (status == SWE_OK) {
        status = swe_opencl_check_memory(fields, block, err);
    }
    if (status == SWE_OK) {
        swe_boundary_masks(block, &fields->wall_edges, &fields->derived_edges);
        status = set_up_device(fields, block, config->solver,
                               config->model.option_values[SWE_CL_OPTION_MATH], err);
    }
    if (status != SWE_OK) {
        release_fields(fields);
        return status;
    }
    block->ext = fields;
    return SWE_OK;
}

static void opencl_finalize(swe_block *block)
{
    if (block == NULL || block->ext == NULL) {
        return;
    }
    opencl_fields *fields = block->ext;
    clFinish(fields->queue); /* nothing may still use what is released */
    release_fields(fields);
    block->ext = NULL;
}

int swe_opencl_copy_state(swe_block *block, opencl_fields *fields, int set, int to_device,
                          swe_error *err)
{
    const size_t bytes = swe_block_size(block) * sizeof(real);
    cl_mem buffers[] = {fields->h[set], fields->hu[set], fields->hv[set]};
    real *arrays[] = {block->h, block->hu, block->hv};
    int status = SWE_OK;
    for (int a = 0; status == SWE_OK && a < 3; ++a) {
        status = to_device ? CL_CHECK(clEnqueueWriteBuffer(fields->queue, buffers[a], CL_TRUE, 0,
                                                           bytes, arrays[a], 0, NULL, NULL),
                                      err)
                           : CL_CHECK(clEnqueueReadBuffer(fields->queue, buffers[a], CL_TRUE, 0,
                                                          bytes, arrays[a], 0, NULL, NULL),
                                      err);
    }
    return status;
}

static int opencl_sync_after_write(swe_block *block, swe_error *err)
{
    if (block == NULL || block->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenCL sync without init");
    }
    opencl_fields *fields = block->ext;
    size_t bytes = swe_block_size(block) * sizeof(real);
    int status = CL_CHECK(
        clEnqueueWriteBuffer(fields->queue, fields->b, CL_TRUE, 0, bytes, block->b, 0, NULL, NULL),
        err);
    /* Both sets, so that neither holds undefined ghost cells. */
    for (int set = 0; status == SWE_OK && set < swe_opencl_state_sets(fields->level); ++set) {
        status = swe_opencl_copy_state(block, fields, set, 1, err);
    }
    return status;
}

static int opencl_sync_before_read(swe_block *block, swe_error *err)
{
    if (block == NULL || block->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenCL sync without init");
    }
    opencl_fields *fields = block->ext;
    if (fields->level == SWE_CL_LEVEL_TRANSFERS) {
        return SWE_OK; /* the host arrays are the state */
    }
    return swe_opencl_copy_state(block, fields, fields->current, 0, err);
}

const swe_cartesian_backend swe_cartesian_opencl_backend = {
    .table = {&swe_opencl_model,
              "any OpenCL 1.2 device (--list-devices): 1 kernels, copies every step, 2 "
              "stays on the device, 3 local-memory tiles, 4 fused step with dt on the "
              "device (default on GPUs), 5 the fused step shaped for CPUs (default on CPUs)",
              SWE_CL_LEVELS},
    .init = opencl_init,
    .finalize = opencl_finalize,
    .sync_after_write = opencl_sync_after_write,
    .sync_before_read = opencl_sync_before_read,
    .max_wave_speed = swe_opencl_max_wave_speed,
    .step = swe_opencl_step,
    .advance = swe_opencl_advance,
    .advances = swe_opencl_advances,
    .pack_copy_layer = swe_opencl_pack_copy_layer,
    .unpack_ghost_layer = swe_opencl_unpack_ghost_layer,
};
