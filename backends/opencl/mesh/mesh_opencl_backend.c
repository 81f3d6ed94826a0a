/* The OpenCL backend of the triangle solver: the kernels of
 * solutions/opencl/mesh on a device chosen with --cl-device, the state
 * in device buffers, one transfer of a few partial minima per step. */
#include "backends/opencl/opencl_model.h"
#include "mesh/solver/mesh_backend.h"

#include "backends/opencl/cl_check.h"
#include "backends/opencl/mesh/mesh_opencl.h"

static swe_mesh_opencl *fields(const swe_mesh_run *run)
{
    return (swe_mesh_opencl *)run->ext;
}

static int opencl_init(swe_mesh_run *run, const swe_model_config *config, swe_error *err)
{
    swe_mesh_opencl *cl = NULL;
    int status = swe_mesh_opencl_create(
        run, config != NULL ? config->option_values[SWE_CL_OPTION_DEVICE] : NULL, &cl, err);
    run->ext = status == SWE_OK ? cl : NULL;
    return status;
}

static void opencl_finalize(swe_mesh_run *run)
{
    swe_mesh_opencl_release(fields(run));
    run->ext = NULL;
}

static int transfer(swe_mesh_opencl *cl, cl_mem buffer, real *host, size_t count, int to_device,
                    swe_error *err)
{
    size_t bytes = count * sizeof(real);
    return to_device ? CL_CHECK(clEnqueueWriteBuffer(cl->queue, buffer, CL_TRUE, 0, bytes, host, 0,
                                                     NULL, NULL),
                                err)
                     : CL_CHECK(clEnqueueReadBuffer(cl->queue, buffer, CL_TRUE, 0, bytes, host, 0,
                                                    NULL, NULL),
                                err);
}

static int opencl_upload(swe_mesh_run *run, swe_error *err)
{
    swe_mesh_opencl *cl = fields(run);
    size_t cells = (size_t)run->host.cell_count;
    int status = transfer(cl, cl->buffers.h, run->host.h, cells, 1, err);
    if (status == SWE_OK) {
        status = transfer(cl, cl->buffers.hu, run->host.hu, cells, 1, err);
    }
    if (status == SWE_OK) {
        status = transfer(cl, cl->buffers.hv, run->host.hv, cells, 1, err);
    }
    return status == SWE_OK ? transfer(cl, cl->buffers.bed, run->host.bed, cells, 1, err) : status;
}

static int opencl_download(swe_mesh_run *run, swe_error *err)
{
    swe_mesh_opencl *cl = fields(run);
    size_t cells = (size_t)run->host.cell_count;
    int status = transfer(cl, cl->buffers.h, run->host.h, cells, 0, err);
    if (status == SWE_OK) {
        status = transfer(cl, cl->buffers.hu, run->host.hu, cells, 0, err);
    }
    return status == SWE_OK ? transfer(cl, cl->buffers.hv, run->host.hv, cells, 0, err) : status;
}

/* count work-items in whole groups of SWE_MESH_CL_GROUP. */
static int launch(swe_mesh_opencl *cl, cl_kernel kernel, size_t count, swe_error *err)
{
    if (count == 0) {
        return SWE_OK;
    }
    size_t local = SWE_MESH_CL_GROUP;
    size_t global = (count + local - 1) / local * local;
    return CL_CHECK(
        clEnqueueNDRangeKernel(cl->queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL), err);
}

static int set_int(cl_kernel kernel, cl_uint index, int value, swe_error *err)
{
    cl_int argument = value;
    return CL_CHECK(clSetKernelArg(kernel, index, sizeof argument, &argument), err);
}

static int set_real(cl_kernel kernel, cl_uint index, real value, swe_error *err)
{
    return CL_CHECK(clSetKernelArg(kernel, index, sizeof value, &value), err);
}

/* Every cell and edge of run as one span: the whole sweeps. */
static swe_mesh_span whole_span(const swe_mesh_run *run)
{
    swe_mesh_span whole = {0,
                           run->host.cell_count,
                           0,
                           run->host.interior_edge_count,
                           run->host.interior_edge_count,
                           run->host.edge_count};
    return whole;
}

/* kernel on [first, end): its range arguments (first, count) at index. */
static int launch_range(swe_mesh_opencl *cl, cl_kernel kernel, cl_uint index, int first, int end,
                        swe_error *err)
{
    int status = set_int(kernel, index, first, err);
    if (status == SWE_OK) {
        status = set_int(kernel, index + 1, end - first, err);
    }
    return status == SWE_OK ? launch(cl, kernel, (size_t)(end - first), err) : status;
}

static int gradients_of(swe_mesh_opencl *cl, const swe_mesh_span *span, swe_error *err)
{
    return launch_range(cl, cl->gradients, SWE_MESH_CL_COMMON_ARGUMENTS, span->cell_begin,
                        span->cell_end, err);
}

static int edge_fluxes_of(swe_mesh_opencl *cl, swe_mesh_launch how, const swe_mesh_span *span,
                          swe_error *err)
{
    const cl_uint first = SWE_MESH_CL_COMMON_ARGUMENTS;
    cl_kernel kernels[2] = {cl->interior_edges, cl->boundary_edges};
    int begins[2] = {span->interior_begin, span->boundary_begin};
    int ends[2] = {span->interior_end, span->boundary_end};
    int status = SWE_OK;
    for (int k = 0; status == SWE_OK && k < 2; ++k) {
        status = set_int(kernels[k], first, how.read_stage, err);
        if (status == SWE_OK) {
            status = set_int(kernels[k], first + 1, how.second_order, err);
        }
        if (status == SWE_OK) {
            status = launch_range(cl, kernels[k], first + 2, begins[k], ends[k], err);
        }
    }
    return status;
}

static int opencl_gradients(swe_mesh_run *run, swe_error *err)
{
    swe_mesh_span whole = whole_span(run);
    return gradients_of(fields(run), &whole, err);
}

static int opencl_edge_fluxes(swe_mesh_run *run, swe_mesh_launch how, swe_error *err)
{
    swe_mesh_span whole = whole_span(run);
    return edge_fluxes_of(fields(run), how, &whole, err);
}

static int check_span(const swe_mesh_run *run, const swe_mesh_span *span, swe_error *err)
{
    return run != NULL && run->ext != NULL && swe_mesh_span_inside(&run->host, span)
               ? SWE_OK
               : swe_fail(err, SWE_ERROR_USAGE,
                          "internal error: no OpenCL run, or a span outside it");
}

/* The span verbs (shallows-mpi --mesh --overlap): the kernels of the whole
 * sweeps on span's ranges, the same bits. */
static int opencl_gradients_span(swe_mesh_run *run, const swe_mesh_span *span, swe_error *err)
{
    int status = check_span(run, span, err);
    return status == SWE_OK ? gradients_of(fields(run), span, err) : status;
}

/* Flushed: the device starts on the span while the host waits for the
 * halo (an implementation may hold unflushed work until the next blocking
 * call, which would undo the overlap). */
static int opencl_edge_fluxes_span(swe_mesh_run *run, swe_mesh_launch how,
                                   const swe_mesh_span *span, swe_error *err)
{
    int status = check_span(run, span, err);
    if (status == SWE_OK) {
        status = edge_fluxes_of(fields(run), how, span, err);
    }
    return status == SWE_OK ? CL_CHECK(clFlush(fields(run)->queue), err) : status;
}

static int opencl_min_time_step(swe_mesh_run *run, real *time_step, swe_error *err)
{
    swe_mesh_opencl *cl = fields(run);
    const cl_uint first = SWE_MESH_CL_COMMON_ARGUMENTS;
    size_t local = SWE_MESH_CL_GROUP, global = cl->groups * local;
    int status = CL_CHECK(clSetKernelArg(cl->min_steps, first, sizeof(cl_mem), &cl->partial), err);
    if (status == SWE_OK) {
        status =
            CL_CHECK(clSetKernelArg(cl->min_steps, first + 1, local * sizeof(real), NULL), err);
    }
    if (status == SWE_OK) {
        status = CL_CHECK(clEnqueueNDRangeKernel(cl->queue, cl->min_steps, 1, NULL, &global, &local,
                                                 0, NULL, NULL),
                          err);
    }
    if (status == SWE_OK) {
        status = transfer(cl, cl->partial, cl->host_partial, cl->groups, 0, err);
    }
    real smallest = SWE_MESH_NO_TIME_LIMIT;
    for (size_t g = 0; status == SWE_OK && g < cl->groups; ++g) {
        smallest = swe_mesh_min_step(smallest, cl->host_partial[g]);
    }
    *time_step = smallest;
    return status;
}

static int opencl_update_cells(swe_mesh_run *run, swe_mesh_launch how, swe_error *err)
{
    swe_mesh_opencl *cl = fields(run);
    const cl_uint first = SWE_MESH_CL_COMMON_ARGUMENTS;
    int status = set_int(cl->cell_updates, first, how.write_stage, err);
    if (status == SWE_OK) {
        status = set_real(cl->cell_updates, first + 1, how.dt, err);
    }
    if (status == SWE_OK) {
        status = set_real(cl->cell_updates, first + 2, how.friction_dt, err);
    }
    return status == SWE_OK ? launch(cl, cl->cell_updates, (size_t)run->host.cell_count, err)
                            : status;
}

static int opencl_halo_cells(swe_mesh_run *run, const int *send_cells, int send_count,
                             const int *receive_cells, int receive_count, swe_error *err)
{
    swe_mesh_opencl *cl = fields(run);
    return swe_mesh_opencl_halo_set(&cl->halo, cl->context, cl->device.device, cl->queue,
                                    send_cells, send_count, receive_cells, receive_count, err);
}

static int opencl_pack_halo(swe_mesh_run *run, real *send_values, swe_error *err)
{
    swe_mesh_opencl *cl = fields(run);
    const cl_mem state[3] = {cl->buffers.h, cl->buffers.hu, cl->buffers.hv};
    return swe_mesh_opencl_halo_pack(&cl->halo, cl->queue, state, send_values, err);
}

static int opencl_unpack_halo(swe_mesh_run *run, const real *receive_values, swe_error *err)
{
    swe_mesh_opencl *cl = fields(run);
    const cl_mem state[3] = {cl->buffers.h, cl->buffers.hu, cl->buffers.hv};
    return swe_mesh_opencl_halo_unpack(&cl->halo, cl->queue, state, receive_values, err);
}

const swe_mesh_backend swe_mesh_opencl_backend = {
    .table = {&swe_opencl_model,
              "an OpenCL device (--cl-device P:D): one work-item per edge or cell", 0},
    .init = opencl_init,
    .finalize = opencl_finalize,
    .upload = opencl_upload,
    .download = opencl_download,
    .gradients = opencl_gradients,
    .edge_fluxes = opencl_edge_fluxes,
    .min_time_step = opencl_min_time_step,
    .update_cells = opencl_update_cells,
    .gradients_span = opencl_gradients_span,
    .edge_fluxes_span = opencl_edge_fluxes_span,
    .halo_cells = opencl_halo_cells,
    .pack_halo = opencl_pack_halo,
    .unpack_halo = opencl_unpack_halo,
};
