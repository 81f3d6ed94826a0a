/* Which levels an OpenCL device can run: the level that --level 0 picks
 * on it, the refusal, with a message, of a level that it cannot run, and
 * the memory that a level needs there. */
#include "backends/opencl/cartesian/opencl_fields.h"
#include "backends/opencl/cl_check.h"
#include "cartesian/numerics/edge_updates.h"

/* A GPU runs one work item per edge or cell. A CPU runtime such as PoCL
 * runs the items of a group as a loop, which it fails to vectorise around
 * the Riemann solvers (its early optimisation pairs their two square
 * roots into one vector operation, which its work-item loop vectoriser
 * then refuses); a loop over several cells inside each item is
 * vectorised when the program is built. */
static void choose_work_per_item(opencl_fields *fields)
{
    cl_device_type type = CL_DEVICE_TYPE_GPU; /* a device that does not say is taken for a GPU */
    clGetDeviceInfo(fields->device.device, CL_DEVICE_TYPE, sizeof type, &type, NULL);
    const int is_cpu = (type & CL_DEVICE_TYPE_CPU) != 0;
    fields->cells_per_item = is_cpu ? SWE_CL_CPU_CELLS_PER_ITEM : 1;
    fields->row_chunk = is_cpu ? SWE_CL_CPU_ROW_CHUNK : SWE_CL_GPU_ROW_CHUNK;
}

/* Refuses devices that cannot run this build at the level asked for;
 * picks the level for --level 0: the fused step in the device's form,
 * strips of rows walked by a work group on GPUs (level 4, as the CUDA
 * backend's), by one work item on CPUs (level 5: their loops along a row
 * vectorise, while a work group's loop over its items does not). The
 * fused levels keep the clock in double precision on the device, as the
 * host keeps it, so that they take the steps that serial takes. */
int swe_opencl_choose_level(opencl_fields *fields, int asked_level, swe_error *err)
{
    cl_device_id device = fields->device.device;
    const int has_fp64 = swe_cl_device_has_extension(device, "cl_khr_fp64");
    fields->has_fp64 = has_fp64;
#ifdef SWE_PRECISION_DOUBLE
    if (!has_fp64) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "OpenCL device %d:%d (%s) has no double precision (cl_khr_fp64): build "
                        "single precision (make PRECISION=single) or pick another --cl-device",
                        fields->device.platform_index, fields->device.device_index,
                        fields->device.name);
    }
    /* The fused step's atomic max of a double's bits needs 64-bit atomics. */
    const int has_atomics = swe_cl_device_has_extension(device, "cl_khr_int64_extended_atomics");
    const char *missing = !has_atomics ? "64-bit atomics (cl_khr_int64_extended_atomics)" : NULL;
#else
    const char *missing = !has_fp64 ? "double precision (cl_khr_fp64) for its clock" : NULL;
#endif
    if (swe_opencl_is_fused(asked_level) && missing != NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "OpenCL device %s has no %s, which --level %d needs: use --level %d",
                        fields->device.name, missing, asked_level, SWE_CL_LEVEL_TILES);
    }
    choose_work_per_item(fields);
    const int is_cpu = fields->cells_per_item > 1;
    const int fused_form = is_cpu ? SWE_CL_LEVEL_CPU_ROWS : SWE_CL_LEVEL_FUSED;
    fields->level =
        asked_level != 0 ? asked_level : (missing == NULL ? fused_form : SWE_CL_LEVEL_ON_DEVICE);
    return SWE_OK;
}

/* Bytes of local memory that a work group of the level 3 kernel uses: the
 * tile with its halo, its edges' net updates, the reduction's scratch. */
static size_t tile_local_bytes(void)
{
    const size_t halo = (size_t)(SWE_CL_TILE_X + 2) * (SWE_CL_TILE_Y + 2);
    const size_t edges =
        (size_t)(SWE_CL_TILE_X + 1) * SWE_CL_TILE_Y + (size_t)SWE_CL_TILE_X * (SWE_CL_TILE_Y + 1);
    const size_t scratch = (size_t)SWE_CL_TILE_X * SWE_CL_TILE_Y;
    return (4 * halo + SWE_NET_UPDATE_PLANES * edges + scratch) * sizeof(real);
}

static int check_local_memory(const opencl_fields *fields, swe_error *err)
{
    cl_ulong local_memory = 0;
    int status = CL_CHECK(clGetDeviceInfo(fields->device.device, CL_DEVICE_LOCAL_MEM_SIZE,
                                          sizeof local_memory, &local_memory, NULL),
                          err);
    if (status == SWE_OK && fields->level == SWE_CL_LEVEL_TILES &&
        tile_local_bytes() > local_memory) {
        status = swe_fail(err, SWE_ERROR_USAGE,
                          "--level %d needs %zu bytes of local memory per work group and OpenCL "
                          "device %s has %lu: use --level %d",
                          SWE_CL_LEVEL_TILES, tile_local_bytes(), fields->device.name,
                          (unsigned long)local_memory, SWE_CL_LEVEL_ON_DEVICE);
    }
    return status;
}

/* Bytes of device memory the level needs for a block. */
static double bytes_needed(const swe_block *block, int level)
{
    double cells = (double)swe_block_size(block);
    double edges =
        6.0 * ((double)(block->nx + 1) * block->ny + (double)block->nx * (block->ny + 1));
    double values = swe_opencl_state_sets(level) == 2 ? 7.0 * cells : 4.0 * cells + edges;
    return values * (double)sizeof(real);
}

static int check_global_memory(const opencl_fields *fields, const swe_block *block, swe_error *err)
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
    double largest = swe_opencl_state_sets(fields->level) == 2
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

int swe_opencl_check_memory(const opencl_fields *fields, const swe_block *block, swe_error *err)
{
    int status = check_global_memory(fields, block, err);
    return status == SWE_OK ? check_local_memory(fields, err) : status;
}
