/* Reference OpenCL kernels of the triangle solver: one work-item per
 * cell or edge, running the element kernels of common/mesh/numerics (the
 * same source as every other backend), and the smallest edge time step
 * as a reduction in each work-group. The gradients and edge kernels take
 * a range (first, count) of cells or edges: the whole sweep is one range,
 * shallows-mpi --overlap computes the inner range while the halo travels
 * and the outer one after it. */

/* Before any code: the same bits as the C backends where the device
 * allows, no contraction of a * b + c into one rounding. */
#pragma OPENCL FP_CONTRACT OFF

#include "backends/opencl/mesh/mesh_kernel_parameters.h"
#include "mesh/numerics/mesh_cell_kernels.h"
#include "mesh/numerics/mesh_edge_kernels.h"

__kernel void swe_mesh_gradients(SWE_MESH_KERNEL_PARAMETERS, int first, int count)
{
    SWE_MESH_ARRAYS_FROM_PARAMETERS;
    int k = (int)get_global_id(0);
    if (k < count) {
        swe_mesh_gradient(&a, first + k);
    }
}

__kernel void swe_mesh_interior_edges(SWE_MESH_KERNEL_PARAMETERS, int read_stage, int second_order,
                                      int first, int count)
{
    SWE_MESH_ARRAYS_FROM_PARAMETERS;
    swe_mesh_launch launch = swe_mesh_cl_launch(read_stage, second_order, 0, 0, 0);
    int k = (int)get_global_id(0);
    if (k < count) {
        swe_mesh_interior_edge(&a, launch, first + k);
    }
}

/* Boundary edges are numbered after the interior ones: the whole sweep
 * starts at first = a.interior_edge_count. */
__kernel void swe_mesh_boundary_edges(SWE_MESH_KERNEL_PARAMETERS, int read_stage, int second_order,
                                      int first, int count)
{
    SWE_MESH_ARRAYS_FROM_PARAMETERS;
    swe_mesh_launch launch = swe_mesh_cl_launch(read_stage, second_order, 0, 0, 0);
    int k = (int)get_global_id(0);
    if (k < count) {
        swe_mesh_boundary_edge(&a, launch, first + k);
    }
}

__kernel void swe_mesh_cell_updates(SWE_MESH_KERNEL_PARAMETERS, int write_stage, real dt,
                                    real friction_dt)
{
    SWE_MESH_ARRAYS_FROM_PARAMETERS;
    swe_mesh_launch launch = swe_mesh_cl_launch(0, 0, write_stage, dt, friction_dt);
    int c = (int)get_global_id(0);
    if (c < a.cell_count) {
        swe_mesh_cell_update(&a, launch, c);
    }
}

/* Each work-group's smallest edge time step into partial[group]; the host
 * takes the smallest of those. */
__kernel void swe_mesh_min_steps(SWE_MESH_KERNEL_PARAMETERS, __global real *partial,
                                 __local real *scratch)
{
    SWE_MESH_ARRAYS_FROM_PARAMETERS;
    real smallest = SWE_MESH_NO_TIME_LIMIT;
    const int item = (int)get_local_id(0), size = (int)get_local_size(0);
    for (int e = (int)get_global_id(0); e < a.edge_count; e += (int)get_global_size(0)) {
        smallest = swe_mesh_min_step(smallest, a.edge_time_step[e]);
    }
    scratch[item] = smallest;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = size / 2; stride > 0; stride /= 2) {
        if (item < stride) {
            scratch[item] = swe_mesh_min_step(scratch[item], scratch[item + stride]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (item == 0) {
        partial[get_group_id(0)] = scratch[0];
    }
}
