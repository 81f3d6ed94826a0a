/* The reductions of the Navier-Stokes OpenCL kernels (ns_kernels.cl), by
 * number: the host passes one as a kernel argument. Compiled as C and as
 * OpenCL C. */
#ifndef NS_OPENCL_REDUCTION_H
#define NS_OPENCL_REDUCTION_H

enum ns_cl_reduction {
    NS_CL_REDUCE_DOT,         /* x . y */
    NS_CL_REDUCE_FLUID_SUM,   /* x summed over the fluid cells */
    NS_CL_REDUCE_FLUID_COUNT, /* the fluid cells */
    NS_CL_REDUCE_MAX_ABS      /* max |x|, a NaN winning */
};

#endif
