/* The OpenCL backend of the triangle solver: its device, program,
 * kernels and a buffer for every array of swe_mesh_arrays. */
#ifndef SWE_MESH_OPENCL_H
#define SWE_MESH_OPENCL_H

#include "backends/opencl/cl_device.h"
#include "backends/opencl/mesh/mesh_opencl_halo.h"
#include "mesh/solver/mesh_run.h"

#include <CL/cl.h>

/* Work-items per work-group of every kernel (a power of two). */
enum { SWE_MESH_CL_GROUP = 128 };

#define SWE_MESH_CL_BUFFER_MEMBER(name) cl_mem name;
#define SWE_MESH_CL_COUNT(name) +1
/* The arguments every kernel takes before its own: the arrays, four
 * counts, the viscosity and Manning's n (mesh_kernel_parameters.h). */
enum {
    SWE_MESH_CL_COMMON_ARGUMENTS = 0 SWE_MESH_ARRAY_LIST(SWE_MESH_CL_COUNT, SWE_MESH_CL_COUNT) + 6
};

typedef struct swe_mesh_opencl {
    swe_cl_device device;
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    cl_kernel gradients, interior_edges, boundary_edges, cell_updates, min_steps;
    struct {
        SWE_MESH_ARRAY_LIST(SWE_MESH_CL_BUFFER_MEMBER, SWE_MESH_CL_BUFFER_MEMBER)
    } buffers;
    cl_mem partial; /* one smallest time step per reduction group */
    size_t groups;  /* reduction groups */
    real *host_partial;
    swe_mesh_opencl_halo halo; /* of a part of shallows-mpi --mesh */
} swe_mesh_opencl;

/* Device, program, kernels and buffers for run; the geometry uploaded and
 * every kernel's common arguments set. */
int swe_mesh_opencl_create(swe_mesh_run *run, const char *cl_device, swe_mesh_opencl **created,
                           swe_error *err);

void swe_mesh_opencl_release(swe_mesh_opencl *cl);

/* The source of the triangle solver's OpenCL program, embedded at build
 * time (common/mesh/mesh.mk, tools/build/embed_opencl_source.sh). */
extern const char swe_mesh_opencl_program_source[];

#endif
