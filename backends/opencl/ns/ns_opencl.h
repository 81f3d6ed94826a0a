/* The fields of the Navier-Stokes OpenCL backend: the state and the CG
 * vectors in device buffers, the kernels of ns_kernels.cl, and the
 * preconditioner: on a GPU with clFFT where the build has it
 * (libclfft-dev) and clFFT can transform the grid's even extension
 * (ns_clfft.c, ns_spectral.cl), else on the host with the CPU backends'
 * FFTW transforms (backends/serial/ns/ns_fftw_poisson.h), the vector going
 * to the host and back for every application. */
#ifndef NS_OPENCL_H
#define NS_OPENCL_H

#include "backends/opencl/cl_device.h"
#include "backends/opencl/ns/ns_reduction.h"
#include "backends/serial/ns/ns_fftw_poisson.h"
#include "ns/solver/ns_solver.h"

#include <CL/cl.h>

/* The program's source, embedded at build time (backends/opencl/model.mk). */
extern const char swe_ns_opencl_program_source[];

enum ns_cl_kernel {
    NS_CL_MOMENTUM,
    NS_CL_PREDICT,
    NS_CL_DIVERGENCE,
    NS_CL_LAPLACIAN,
    NS_CL_CORRECT,
    NS_CL_COMBINE,
    NS_CL_SHIFT,
    NS_CL_FILL_GHOSTS,
    NS_CL_REDUCE_CELLS,
    NS_CL_REDUCE_PARTIALS,
    NS_CL_EXTEND,
    NS_CL_SPECTRAL_DIVIDE,
    NS_CL_RESTRICT,
    NS_CL_KERNELS
};

/* The work-group size of the reductions at most (a power of two; smaller
 * where the device allows fewer work-items in a group). */
enum { NS_CL_REDUCE_MAX = 256 };

typedef struct ns_opencl_ext {
    swe_cl_device device;
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    cl_kernel kernel[NS_CL_KERNELS];
    cl_mem velocity[NS_AXES], residual[NS_AXES], history[NS_AXES];
    cl_mem vector[NS_VECTORS]; /* the CG vectors, vector[NS_PRESSURE] the pressure */
    cl_mem fluid;
    cl_mem partials;     /* reduce_groups partial results, then the result */
    size_t reduce_group; /* work-items of a reduction's work-group */
    size_t reduce_groups;
    ns_geometry geometry;
    /* The device's preconditioner (NULL: the host's), or the host's and
     * the vectors it reads and writes. */
    struct ns_clfft *clfft;
    ns_fftw_poisson *poisson;
    real *host_in, *host_out;
} ns_opencl_ext;

/* init and finalize of the backend (ns_opencl_setup.c). */
int ns_opencl_init(ns_solver *solver, swe_error *err);
void ns_opencl_finalize(ns_solver *solver);

/* One kernel argument: its size and where its value is. */
typedef struct ns_cl_argument {
    size_t size;
    const void *value;
} ns_cl_argument;
#define NS_CL_ARG(x)                                                                               \
    {                                                                                              \
        sizeof(x), &(x)                                                                            \
    }

/* Sets kernel's arguments 0..count-1 and enqueues it over global work-items
 * (dimensions 1 to 3; local NULL: the device's choice). */
int ns_opencl_launch(ns_opencl_ext *ext, enum ns_cl_kernel kernel, const ns_cl_argument *arguments,
                     int count, cl_uint dimensions, const size_t *global, const size_t *local,
                     swe_error *err);

/* out = the FFT solve of the obstacle-free problem applied to in, on the
 * device or the host (ns_opencl_precondition.c). */
int ns_opencl_precondition(ns_solver *solver, enum ns_vector in, enum ns_vector out,
                           swe_error *err);

/* The preconditioner with clFFT (ns_clfft.c; ns_clfft_unavailable.c in a
 * build without it). create leaves *created NULL, with SWE_OK, where
 * clFFT is not built or cannot transform the extended grid's lengths (it
 * takes factors 2, 3, 5, 7, 11 and 13): the host's transforms serve then;
 * where `required`, that is SWE_ERROR_USAGE instead. */
int ns_clfft_create(ns_opencl_ext *ext, const ns_grid *grid, int required,
                    struct ns_clfft **created, swe_error *err);
void ns_clfft_destroy(struct ns_clfft *clfft);
int ns_clfft_apply(ns_opencl_ext *ext, struct ns_clfft *clfft, cl_mem in, cl_mem out,
                   swe_error *err);

#endif
