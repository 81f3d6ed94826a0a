/* Copy layers and ghost layers of CONNECT edges (the MPI layer's verbs):
 * only the layer crosses between device and host, read and written as
 * rectangles of the device buffers (a row is one line of values, a column
 * one value per line), so no kernel is needed. The ghost layers go into
 * the state set that the next step reads. At level 1 the host arrays are
 * the state: the layers are packed from them and unpacked into them, and
 * into the device's bed as well. */
#include "backends/opencl/cartesian/opencl_fields.h"
#include "backends/opencl/cl_check.h"
#include "cartesian/grid/copy_layer.h"

/* The layer's rectangle in a buffer with lines of `stride` values and in a
 * packed host array of `length` values. */
typedef struct layer_rectangle {
    size_t buffer_origin[3], host_origin[3], region[3];
    size_t buffer_row_pitch, host_row_pitch;
} layer_rectangle;

static layer_rectangle rectangle_of(const swe_block *block, swe_layer_position layer)
{
    const size_t value = sizeof(real);
    const size_t stride = (size_t)block->stride;
    const int is_row = layer.step == 1;
    layer_rectangle r = {
        .buffer_origin = {(layer.first % stride) * value, layer.first / stride, 0},
        .host_origin = {0, 0, 0},
        .region = {is_row ? (size_t)layer.length * value : value, is_row ? 1 : (size_t)layer.length,
                   1},
        .buffer_row_pitch = stride * value,
        .host_row_pitch = is_row ? (size_t)layer.length * value : value,
    };
    return r;
}

static int layer_fields(swe_block *block, enum swe_edge edge, const real *buffer,
                        opencl_fields **fields, swe_error *err)
{
    int status = swe_check_layer_arguments(block, edge, buffer, err);
    if (status == SWE_OK && block->ext == NULL) {
        status = swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenCL layer copy without init");
    }
    *fields = block->ext;
    return status;
}

int swe_opencl_pack_copy_layer(swe_block *block, enum swe_edge edge, real *buffer, swe_error *err)
{
    opencl_fields *fields = NULL;
    int status = layer_fields(block, edge, buffer, &fields, err);
    if (status != SWE_OK || fields->level == SWE_CL_LEVEL_TRANSFERS) {
        return status == SWE_OK ? swe_host_pack_copy_layer(block, edge, buffer, err) : status;
    }
    const swe_layer_position layer = swe_layer_position_of(block, edge, SWE_COPY_LAYER_DEPTH);
    const layer_rectangle r = rectangle_of(block, layer);
    const int set = fields->current;
    cl_mem sources[SWE_COPY_LAYER_FIELDS] = {fields->h[set], fields->hu[set], fields->hv[set],
                                             fields->b};
    for (int f = 0; f < SWE_COPY_LAYER_FIELDS && status == SWE_OK; ++f) {
        status = CL_CHECK(clEnqueueReadBufferRect(
                              fields->queue, sources[f], CL_FALSE, r.buffer_origin, r.host_origin,
                              r.region, r.buffer_row_pitch, 0, r.host_row_pitch, 0,
                              buffer + (size_t)f * (size_t)layer.length, 0, NULL, NULL),
                          err);
    }
    return status == SWE_OK ? CL_CHECK(clFinish(fields->queue), err) : status;
}

int swe_opencl_unpack_ghost_layer(swe_block *block, enum swe_edge edge, const real *buffer,
                                  swe_error *err)
{
    opencl_fields *fields = NULL;
    int status = layer_fields(block, edge, buffer, &fields, err);
    if (status == SWE_OK && fields->level == SWE_CL_LEVEL_TRANSFERS) {
        status = swe_host_unpack_ghost_layer(block, edge, buffer, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    const swe_layer_position layer = swe_layer_position_of(block, edge, SWE_GHOST_LAYER_DEPTH);
    const layer_rectangle r = rectangle_of(block, layer);
    const int set = fields->current;
    cl_mem targets[SWE_COPY_LAYER_FIELDS] = {fields->h[set], fields->hu[set], fields->hv[set],
                                             fields->b};
    for (int f = 0; f < SWE_COPY_LAYER_FIELDS && status == SWE_OK; ++f) {
        status = CL_CHECK(clEnqueueWriteBufferRect(
                              fields->queue, targets[f], CL_FALSE, r.buffer_origin, r.host_origin,
                              r.region, r.buffer_row_pitch, 0, r.host_row_pitch, 0,
                              buffer + (size_t)f * (size_t)layer.length, 0, NULL, NULL),
                          err);
    }
    /* The caller's buffer may change as soon as this returns. */
    return status == SWE_OK ? CL_CHECK(clFinish(fields->queue), err) : status;
}
