/* The preconditioner of the Navier-Stokes OpenCL backend on the device
 * with clFFT (libclfft-dev), the way the CUDA backend uses cuFFT: clFFT
 * has no cosine transform, so a wall axis is mirrored to twice its length
 * (ns/grid/ns_even_extension.h), one real-to-complex and one
 * complex-to-real transform of the extended grid per application, and the
 * divide by the eigenvalues between them (ns_spectral.cl). */
#include "backends/opencl/cl_check.h"
#include "backends/opencl/ns/ns_opencl.h"
#include "ns/grid/ns_even_extension.h"

#include <clFFT.h>
#include <stdio.h>
#include <stdlib.h>

struct ns_clfft {
    cl_int n[NS_AXES]; /* the extended grid */
    cl_mem extended;   /* n[0] n[1] n[2] reals */
    cl_mem spectrum;   /* (n[0] / 2 + 1) n[1] n[2] complex, interleaved */
    cl_mem eigenvalues;
    double scale;
    clfftPlanHandle forward, backward;
    int plans;
};

/* clFFT's library state is one per process: set up with the first plan,
 * torn down after the last. */
static int clfft_users;

/* clFFT's own status codes extend OpenCL's: the check names the call. */
#define CLFFT_CHECK(call, err) swe_cl_check((cl_int)(call), #call, __FILE__, __LINE__, (err))

static int create_buffer(ns_opencl_ext *ext, cl_mem *buffer, size_t bytes, void *host,
                         swe_error *err)
{
    cl_int code = CL_SUCCESS;
    *buffer = clCreateBuffer(ext->context, host != NULL ? CL_MEM_COPY_HOST_PTR : CL_MEM_READ_WRITE,
                             bytes, host, &code);
    return CL_CHECK_CODE(code, "clCreateBuffer", err);
}

/* One out-of-place 3D plan between the real extended grid and its half
 * spectrum, unnormalised both ways (the divide applies the scale).
 * CLFFT_NOTIMPLEMENTED at bake time: lengths clFFT cannot factor. */
static clfftStatus plan(ns_opencl_ext *ext, struct ns_clfft *f, clfftDirection direction,
                        clfftPlanHandle *handle)
{
    size_t lengths[NS_AXES] = {(size_t)f->n[0], (size_t)f->n[1], (size_t)f->n[2]};
    size_t half_x = lengths[0] / 2 + 1;
    size_t real_strides[NS_AXES] = {1, lengths[0], lengths[0] * lengths[1]};
    size_t complex_strides[NS_AXES] = {1, half_x, half_x * lengths[1]};
    int forward = direction == CLFFT_FORWARD;
    clfftStatus status = clfftCreateDefaultPlan(handle, ext->context, CLFFT_3D, lengths);
    if (status != CLFFT_SUCCESS) {
        return status;
    }
    ++f->plans;
#ifdef SWE_PRECISION_DOUBLE
    status = clfftSetPlanPrecision(*handle, CLFFT_DOUBLE);
#else
    status = clfftSetPlanPrecision(*handle, CLFFT_SINGLE);
#endif
    if (status == CLFFT_SUCCESS) {
        status = clfftSetLayout(*handle, forward ? CLFFT_REAL : CLFFT_HERMITIAN_INTERLEAVED,
                                forward ? CLFFT_HERMITIAN_INTERLEAVED : CLFFT_REAL);
    }
    if (status == CLFFT_SUCCESS) {
        status = clfftSetResultLocation(*handle, CLFFT_OUTOFPLACE);
    }
    if (status == CLFFT_SUCCESS) {
        status = clfftSetPlanInStride(*handle, CLFFT_3D, forward ? real_strides : complex_strides);
    }
    if (status == CLFFT_SUCCESS) {
        status = clfftSetPlanOutStride(*handle, CLFFT_3D, forward ? complex_strides : real_strides);
    }
    if (status == CLFFT_SUCCESS) {
        status = clfftSetPlanScale(*handle, direction, 1.0f);
    }
    return status == CLFFT_SUCCESS ? clfftBakePlan(*handle, 1, &ext->queue, NULL, NULL) : status;
}

int ns_clfft_create(ns_opencl_ext *ext, const ns_grid *grid, int required,
                    struct ns_clfft **created, swe_error *err)
{
    *created = NULL;
    struct ns_clfft *f = calloc(1, sizeof *f);
    if (f == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the clFFT preconditioner");
    }
    int extended[NS_AXES];
    f->scale = ns_even_extension(grid, extended, NULL);
    size_t axes_total = (size_t)extended[0] + (size_t)extended[1] + (size_t)extended[2];
    double *eigenvalues = malloc(axes_total * sizeof(double));
    if (eigenvalues == NULL) {
        free(f);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the clFFT preconditioner");
    }
    ns_even_extension(grid, extended, eigenvalues);
    for (int axis = 0; axis < NS_AXES; ++axis) {
        f->n[axis] = extended[axis];
    }
    size_t points = (size_t)f->n[0] * (size_t)f->n[1] * (size_t)f->n[2];
    size_t modes = (size_t)(f->n[0] / 2 + 1) * (size_t)f->n[1] * (size_t)f->n[2];
    int status = create_buffer(ext, &f->extended, points * sizeof(real), NULL, err);
    if (status == SWE_OK) {
        status = create_buffer(ext, &f->spectrum, 2 * modes * sizeof(real), NULL, err);
    }
    if (status == SWE_OK) {
        status = create_buffer(ext, &f->eigenvalues, axes_total * sizeof(double), eigenvalues, err);
    }
    free(eigenvalues);
    if (status == SWE_OK && clfft_users++ == 0) {
        clfftSetupData setup;
        status = CLFFT_CHECK(clfftInitSetupData(&setup), err);
        if (status == SWE_OK) {
            status = CLFFT_CHECK(clfftSetup(&setup), err);
        }
    }
    clfftStatus planned = CLFFT_SUCCESS;
    if (status == SWE_OK) {
        planned = plan(ext, f, CLFFT_FORWARD, &f->forward);
    }
    if (status == SWE_OK && planned == CLFFT_SUCCESS) {
        planned = plan(ext, f, CLFFT_BACKWARD, &f->backward);
    }
    if (status == SWE_OK && planned == CLFFT_NOTIMPLEMENTED) {
        ns_clfft_destroy(f); /* lengths with other factors: the host's transforms serve */
        return required ? swe_fail(err, SWE_ERROR_USAGE,
                                   "SWE_CL_FFT=device: clFFT cannot transform %d x %d x %d "
                                   "(lengths of factors 2, 3, 5, 7, 11 and 13 only)",
                                   extended[0], extended[1], extended[2])
                        : SWE_OK;
    }
    if (status == SWE_OK) {
        status = CLFFT_CHECK(planned, err);
    }
    if (status != SWE_OK) {
        ns_clfft_destroy(f);
        return status;
    }
    *created = f;
    return SWE_OK;
}

static void warn_unless_done(cl_int code, const char *call)
{
    if (code != CL_SUCCESS) {
        fprintf(stderr, "shallows-ns: warning: %s failed: %s\n", call, swe_cl_error_name(code));
    }
}

void ns_clfft_destroy(struct ns_clfft *f)
{
    if (f == NULL) {
        return;
    }
    if (f->plans > 0) {
        warn_unless_done((cl_int)clfftDestroyPlan(&f->forward), "clfftDestroyPlan");
    }
    if (f->plans > 1) {
        warn_unless_done((cl_int)clfftDestroyPlan(&f->backward), "clfftDestroyPlan");
    }
    cl_mem buffers[] = {f->extended, f->spectrum, f->eigenvalues};
    for (int b = 0; b < 3; ++b) {
        if (buffers[b] != NULL) {
            warn_unless_done(clReleaseMemObject(buffers[b]), "clReleaseMemObject");
        }
    }
    if (f->eigenvalues != NULL && --clfft_users == 0) {
        warn_unless_done((cl_int)clfftTeardown(), "clfftTeardown");
    }
    free(f);
}

int ns_clfft_apply(ns_opencl_ext *ext, struct ns_clfft *f, cl_mem in, cl_mem out, swe_error *err)
{
    const size_t group = 64;
    size_t points = (size_t)f->n[0] * (size_t)f->n[1] * (size_t)f->n[2];
    size_t modes = (size_t)(f->n[0] / 2 + 1) * (size_t)f->n[1] * (size_t)f->n[2];
    size_t extend_global = (points + group - 1) / group * group;
    size_t divide_global = (modes + group - 1) / group * group;
    const ns_cl_argument extend[] = {
        NS_CL_ARG(ext->geometry), NS_CL_ARG(f->n[0]), NS_CL_ARG(f->n[1]),
        NS_CL_ARG(f->n[2]),       NS_CL_ARG(in),      NS_CL_ARG(ext->fluid),
        NS_CL_ARG(f->extended)};
    int status = ns_opencl_launch(ext, NS_CL_EXTEND, extend, 7, 1, &extend_global, &group, err);
    if (status == SWE_OK) {
        status = CLFFT_CHECK(clfftEnqueueTransform(f->forward, CLFFT_FORWARD, 1, &ext->queue, 0,
                                                   NULL, NULL, &f->extended, &f->spectrum, NULL),
                             err);
    }
    const ns_cl_argument divide[] = {NS_CL_ARG(f->n[0]),     NS_CL_ARG(f->n[1]),
                                     NS_CL_ARG(f->n[2]),     NS_CL_ARG(f->eigenvalues),
                                     NS_CL_ARG(f->spectrum), NS_CL_ARG(f->scale)};
    if (status == SWE_OK) {
        status =
            ns_opencl_launch(ext, NS_CL_SPECTRAL_DIVIDE, divide, 6, 1, &divide_global, &group, err);
    }
    if (status == SWE_OK) {
        status = CLFFT_CHECK(clfftEnqueueTransform(f->backward, CLFFT_BACKWARD, 1, &ext->queue, 0,
                                                   NULL, NULL, &f->spectrum, &f->extended, NULL),
                             err);
    }
    const size_t cells[NS_AXES] = {(size_t)ext->geometry.n[0], (size_t)ext->geometry.n[1],
                                   (size_t)ext->geometry.n[2]};
    const ns_cl_argument restrict_arguments[] = {NS_CL_ARG(ext->geometry), NS_CL_ARG(f->n[0]),
                                                 NS_CL_ARG(f->n[1]),       NS_CL_ARG(f->extended),
                                                 NS_CL_ARG(ext->fluid),    NS_CL_ARG(out)};
    return status != SWE_OK
               ? status
               : ns_opencl_launch(ext, NS_CL_RESTRICT, restrict_arguments, 6, 3, cells, NULL, err);
}
