/* The parameters every OpenCL kernel of the triangle solver takes, and
 * the swe_mesh_arrays its body rebuilds from them (OpenCL 1.2 passes no
 * struct of pointers to a kernel): the arrays in SWE_MESH_ARRAY_LIST
 * order, then the counts and the physics. The host sets them in the same
 * order (mesh_opencl_backend.c). Compiled only as OpenCL C. */
#ifndef SWE_MESH_KERNEL_PARAMETERS_H
#define SWE_MESH_KERNEL_PARAMETERS_H

#include "mesh/numerics/mesh_arrays.h"

#define SWE_MESH_CL_REAL_PARAMETER(name) __global real *name,
#define SWE_MESH_CL_INT_PARAMETER(name) __global int *name,
#define SWE_MESH_KERNEL_PARAMETERS                                                                 \
    SWE_MESH_ARRAY_LIST(SWE_MESH_CL_REAL_PARAMETER, SWE_MESH_CL_INT_PARAMETER)                     \
    int cell_count, int interior_edge_count, int edge_count, int condition_count, real viscosity,  \
        real manning

/* Declares swe_mesh_arrays a from the kernel's parameters. */
#define SWE_MESH_CL_ASSIGN(name) a.name = name;
#define SWE_MESH_ARRAYS_FROM_PARAMETERS                                                            \
    swe_mesh_arrays a;                                                                             \
    SWE_MESH_ARRAY_LIST(SWE_MESH_CL_ASSIGN, SWE_MESH_CL_ASSIGN)                                    \
    a.cell_count = cell_count;                                                                     \
    a.interior_edge_count = interior_edge_count;                                                   \
    a.edge_count = edge_count;                                                                     \
    a.condition_count = condition_count;                                                           \
    a.viscosity = viscosity;                                                                       \
    a.manning = manning

SWE_INLINE swe_mesh_launch swe_mesh_cl_launch(int read_stage, int second_order, int write_stage,
                                              real dt, real friction_dt)
{
    swe_mesh_launch launch;
    launch.read_stage = read_stage;
    launch.second_order = second_order;
    launch.write_stage = write_stage;
    launch.dt = dt;
    launch.friction_dt = friction_dt;
    return launch;
}

#endif
