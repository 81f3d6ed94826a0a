/* The OpenCL backend: the state lives in device buffers; level 1 runs one
 * kernel per verb of the time step with dt chosen on the host, level 2
 * one fused kernel per step with dt chosen on the device.
 * This file sets up and tears down a device, its program and buffers. */
#include "cl_check.h"
#include "cl_device.h"
#include "cl_program.h"
#include "opencl_fields.h"

#include <stdlib.h>

static const char *const kernel_names[] = {
    "set_ghost_layers", "vertical_net_updates", "horizontal_net_updates", "update_cells",
    "max_wave_speed",   "fused_step",           "fused_strips_step",      "fused_rows_step"};

static cl_kernel *kernel_slot(opencl_fields *fields, size_t index)
{
    cl_kernel *slots[] = {&fields->set_ghost_layers,       &fields->vertical_net_updates,
                          &fields->horizontal_net_updates, &fields->update_cells,
                          &fields->max_wave_speed,         &fields->fused_step,
                          &fields->fused_strips_step,      &fields->fused_rows_step};
    return slots[index];
}

static cl_mem *buffer_slot(opencl_fields *fields, size_t index)
{
    cl_mem *slots[] = {&fields->h[0],        &fields->hu[0],          &fields->hv[0],
                       &fields->h[1],        &fields->hu[1],          &fields->hv[1],
                       &fields->b,           &fields->vertical_edges, &fields->horizontal_edges,
                       &fields->group_max,   &fields->clock_time,     &fields->clock_dt,
                       &fields->clock_steps, &fields->clock_speed};
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

/* A GPU runs one work item per edge or cell. A CPU runtime such as PoCL
 * runs the items of a group as a loop, which it fails to vectorise around
 * the Riemann solvers (its early optimisation pairs their two square
 * roots into one vector operation, which its work-item loop vectoriser
 * then refuses); a loop over several cells inside each item is
 * vectorised when the program is built. */
static void choose_work_per_item(opencl_fields *fields)
{
    cl_device_type type = CL_DEVICE_TYPE_GPU;
    clGetDeviceInfo(fields->device.device, CL_DEVICE_TYPE, sizeof type, &type, NULL);
    const int is_cpu = (type & CL_DEVICE_TYPE_CPU) != 0;
    fields->cells_per_item = is_cpu ? SWE_CL_CPU_CELLS_PER_ITEM : 1;
    fields->row_chunk = is_cpu ? SWE_CL_CPU_ROW_CHUNK : SWE_CL_GPU_ROW_CHUNK;
}

/* Refuses devices that cannot run this build at the level asked for;
 * picks the level for --level 0: the fused step in the device's form,
 * strips of rows walked by a work group on GPUs (as the CUDA backend's
 * fastest level), by one work item on CPUs (whose loops along a row
 * vectorise, while a work group's loop over its items does not). */
static int check_device(opencl_fields *fields, int asked_level, swe_error *err)
{
    cl_device_id device = fields->device.device;
    int has_fp64 = swe_cl_device_has_extension(device, "cl_khr_fp64");
    fields->clock_is_double = has_fp64;
#ifdef SWE_PRECISION_DOUBLE
    if (!has_fp64) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "OpenCL device %d:%d (%s) has no double precision (cl_khr_fp64): build "
                        "single precision (make PRECISION=single) or pick another --cl-device",
                        fields->device.platform_index, fields->device.device_index,
                        fields->device.name);
    }
    /* The fused step's atomic max of a double's bits needs 64-bit atomics. */
    int can_fuse = swe_cl_device_has_extension(device, "cl_khr_int64_extended_atomics");
#else
    int can_fuse = 1;
#endif
    if (swe_opencl_is_fused(asked_level) && !can_fuse) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "OpenCL device %s has no 64-bit atomics (cl_khr_int64_extended_atomics), "
                        "which --level %d needs in double precision: use --level 1",
                        fields->device.name, asked_level);
    }
    choose_work_per_item(fields);
    const int is_cpu = fields->cells_per_item > 1;
    const int fused_form = is_cpu ? SWE_CL_LEVEL_ROWS : SWE_CL_LEVEL_STRIPS;
    fields->level =
        asked_level != 0 ? asked_level : (can_fuse ? fused_form : SWE_CL_LEVEL_SEPARATE);
    return SWE_OK;
}

/* Bytes of device memory the level needs for a block. */
static double bytes_needed(const swe_block *block, int level)
{
    double cells = (double)swe_block_size(block);
    double edges =
        6.0 * ((double)(block->nx + 1) * block->ny + (double)block->nx * (block->ny + 1));
    double values = swe_opencl_is_fused(level) ? 7.0 * cells : 4.0 * cells + edges;
    return values * (double)sizeof(real);
}

static int check_memory(const opencl_fields *fields, const swe_block *block, swe_error *err)
{
    cl_ulong global_memory = 0, max_allocation = 0;
    int status = CL_CHECK(clGetDeviceInfo(fields->device.device, CL_DEVICE_GLOBAL_MEM_SIZE,
                                          sizeof global_memory, &global_memory, NULL),
                          err);
    if (status == SWE_OK) {
        status = CL_CHECK(clGetDeviceInfo(fields->device.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE,
                                          sizeof max_allocation, &max_allocation, NULL),
                          err);
    }
    if (status != SWE_OK) {
        return status;
    }
    double needed = bytes_needed(block, fields->level);
    double largest = swe_opencl_is_fused(fields->level)
                         ? (double)swe_block_size(block) * sizeof(real)
                         : 6.0 * (double)(block->nx + 1) * (block->ny + 1) * sizeof(real);
    if (needed > (double)global_memory || largest > (double)max_allocation) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "%d x %d cells need %.0f MiB on OpenCL device %s, which has %.0f MiB "
                        "(%.0f MiB per buffer): choose fewer cells or another --level",
                        block->nx, block->ny, needed / 1048576.0, fields->device.name,
                        (double)global_memory / 1048576.0, (double)max_allocation / 1048576.0);
    }
    return SWE_OK;
}

/* The program's build options: the solver and work shapes as constants,
 * and the precision. Both precisions are IEEE arithmetic: single precision
 * asks for correctly rounded division and square root where the device
 * offers them, so that the results stay within the OpenCL tests' 1e-4 of
 * the serial backend on every scenario (with OpenCL's default 2.5 and 3 ulp
 * and denormals flushed, an NVIDIA GPU drifted 2e-3 from it within 30 steps
 * of a dry-bed case). Neither contracts a * b + c into one rounding
 * (kernel_support.h): contracted, the artificial tsunami's momenta drift
 * 3e-3 from the serial backend's within 30 steps. */
static int build_options(const opencl_fields *fields, enum swe_solver solver, char *options,
                         size_t size, swe_error *err)
{
#ifdef SWE_PRECISION_DOUBLE
    const char *precision = " -DSWE_PRECISION_DOUBLE";
    (void)err;
#else
    cl_device_fp_config single_config = 0;
    int status = CL_CHECK(clGetDeviceInfo(fields->device.device, CL_DEVICE_SINGLE_FP_CONFIG,
                                          sizeof single_config, &single_config, NULL),
                          err);
    if (status != SWE_OK) {
        return status;
    }
    const char *precision = (single_config & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT)
                                ? " -cl-fp32-correctly-rounded-divide-sqrt"
                                : "";
#endif
    snprintf(options, size,
             "-cl-std=CL1.2 -DSWE_SOLVER=%d -DSWE_TILE_X=%d -DSWE_TILE_Y=%d "
             "-DSWE_REDUCTION_GROUP=%d -DSWE_CELLS_PER_ITEM=%d -DSWE_STRIP_LANES=%d "
             "-DSWE_STRIP_ROWS=%d -DSWE_ROW_CHUNK=%d -DSWE_ROWS_PER_ITEM=%d%s%s "
             "-DSWE_DRY_TOLERANCE_METRES=%.17g",
             (int)solver, SWE_CL_TILE_X, SWE_CL_TILE_Y, SWE_CL_REDUCTION_GROUP,
             fields->cells_per_item, SWE_CL_STRIP_LANES, SWE_CL_STRIP_ROWS, fields->row_chunk,
             SWE_CL_ROWS_PER_ITEM, precision, fields->clock_is_double ? " -DSWE_CLOCK_DOUBLE" : "",
             (double)SWE_DRY_TOLERANCE_METRES);
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
    int sets = swe_opencl_is_fused(fields->level) ? 2 : 1;
    int status = create_buffer(fields, &fields->b, state, err);
    for (int set = 0; status == SWE_OK && set < sets; ++set) {
        cl_mem *arrays[] = {&fields->h[set], &fields->hu[set], &fields->hv[set]};
        for (int a = 0; status == SWE_OK && a < 3; ++a) {
            status = create_buffer(fields, arrays[a], state, err);
        }
    }
    if (status == SWE_OK && fields->level == SWE_CL_LEVEL_SEPARATE) {
        size_t nx = (size_t)block->nx, ny = (size_t)block->ny;
        status =
            create_buffer(fields, &fields->vertical_edges, 6 * (nx + 1) * ny * sizeof(real), err);
        if (status == SWE_OK) {
            status = create_buffer(fields, &fields->horizontal_edges,
                                   6 * nx * (ny + 1) * sizeof(real), err);
        }
    }
    if (status == SWE_OK && swe_opencl_is_fused(fields->level)) {
        size_t clock_value = fields->clock_is_double ? sizeof(cl_double) : sizeof(cl_float);
        status = create_buffer(fields, &fields->clock_time, 3 * clock_value, err);
        if (status == SWE_OK) {
            status = create_buffer(fields, &fields->clock_dt, 3 * clock_value, err);
        }
        if (status == SWE_OK) {
            status = create_buffer(fields, &fields->clock_steps, 3 * sizeof(cl_int), err);
        }
        if (status == SWE_OK) {
            status = create_buffer(fields, &fields->clock_speed, 3 * sizeof(real), err);
        }
    }
    if (status == SWE_OK) {
        status =
            create_buffer(fields, &fields->group_max, fields->reduction_groups * sizeof(real), err);
    }
    return status;
}

/* Enough groups to fill the device, never more than there are cells for. */
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
    fields->host_group_max =
        status == SWE_OK ? malloc(fields->reduction_groups * sizeof(real)) : NULL;
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

static void boundary_masks(opencl_fields *fields, const swe_block *block)
{
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        enum swe_boundary type = block->boundary[edge];
        fields->wall_edges |= type == SWE_BOUNDARY_WALL ? 1 << edge : 0;
        fields->derived_edges |= type != SWE_BOUNDARY_CONNECT ? 1 << edge : 0;
    }
}

/* Context, queue, program, kernels and buffers for the chosen device. */
static int set_up_device(opencl_fields *fields, const swe_block *block, enum swe_solver solver,
                         swe_error *err)
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
        char options[384];
        status = build_options(fields, solver, options, sizeof options, err);
        if (status == SWE_OK) {
            status = swe_cl_build_program(fields->context, fields->device.device, options,
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

static int opencl_init(swe_block *block, const swe_backend_config *config, swe_error *err)
{
    if (block == NULL || config == NULL || block->h == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenCL init without a block");
    }
    if (config->level < 0 || config->level > SWE_CL_LEVELS) {
        return swe_fail(err, SWE_ERROR_USAGE, "--level for backend 'opencl' must be 1 to %d",
                        SWE_CL_LEVELS);
    }
    opencl_fields *fields = calloc(1, sizeof *fields);
    if (fields == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the OpenCL backend");
    }
    fields->manning = config->manning;
    int status =
        swe_cl_choose_device(config->option_values[SWE_CL_OPTION_DEVICE], &fields->device, err);
    if (status == SWE_OK) {
        status = check_device(fields, config->level, err);
    }
    if (status == SWE_OK) {
        status = check_memory(fields, block, err);
    }
    if (status == SWE_OK) {
        boundary_masks(fields, block);
        status = set_up_device(fields, block, config->solver, err);
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

static int opencl_sync_after_write(swe_block *block, swe_error *err)
{
    if (block == NULL || block->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenCL sync without init");
    }
    opencl_fields *fields = block->ext;
    size_t bytes = swe_block_size(block) * sizeof(real);
    int status = CL_CHECK(
        clEnqueueWriteBuffer(fields->queue, fields->b, CL_FALSE, 0, bytes, block->b, 0, NULL, NULL),
        err);
    /* Both sets, so that neither holds undefined ghost cells. */
    int sets = swe_opencl_is_fused(fields->level) ? 2 : 1;
    for (int set = 0; status == SWE_OK && set < sets; ++set) {
        cl_mem buffers[] = {fields->h[set], fields->hu[set], fields->hv[set]};
        real *arrays[] = {block->h, block->hu, block->hv};
        for (int a = 0; status == SWE_OK && a < 3; ++a) {
            status = CL_CHECK(clEnqueueWriteBuffer(fields->queue, buffers[a], CL_FALSE, 0, bytes,
                                                   arrays[a], 0, NULL, NULL),
                              err);
        }
    }
    /* The host arrays may change as soon as this returns. */
    return status == SWE_OK ? CL_CHECK(clFinish(fields->queue), err) : status;
}

static int opencl_sync_before_read(swe_block *block, swe_error *err)
{
    if (block == NULL || block->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenCL sync without init");
    }
    opencl_fields *fields = block->ext;
    size_t bytes = swe_block_size(block) * sizeof(real);
    cl_mem buffers[] = {fields->h[fields->current], fields->hu[fields->current],
                        fields->hv[fields->current]};
    real *arrays[] = {block->h, block->hu, block->hv};
    int status = SWE_OK;
    for (int a = 0; status == SWE_OK && a < 3; ++a) {
        status = CL_CHECK(clEnqueueReadBuffer(fields->queue, buffers[a], CL_TRUE, 0, bytes,
                                              arrays[a], 0, NULL, NULL),
                          err);
    }
    return status;
}

const swe_backend swe_opencl_backend = {
    .name = "opencl",
    .description = "any OpenCL 1.2 device (--list-devices): 1 one kernel per verb, 2 fused "
                   "step with dt on the device, as tiles, 3 as strips of rows per work group "
                   "(default on GPUs), 4 per work item (default on CPUs)",
    .levels = SWE_CL_LEVELS,
    .agreement = SWE_AGREES_TO_ROUNDING,
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
    .options = swe_cl_device_options,
    .option_count = SWE_CL_OPTION_COUNT,
};
