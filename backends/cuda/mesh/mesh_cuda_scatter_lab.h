/* The GPU side of the scatter lab (exercise 18) for C callers: the grader
 * (tests/grade/grade_mesh_scatter_cuda.c) and the bench
 * (tools/bench/mesh_scatter_bench.c). A lab holds a device copy of a mesh's
 * host arrays (fluxes included), its edge colouring and the accumulators,
 * and runs the cell pass of one variant on them. */
#ifndef SWE_MESH_CUDA_SCATTER_LAB_H
#define SWE_MESH_CUDA_SCATTER_LAB_H

#ifdef __cplusplus
extern "C" {
#endif

#include "mesh/geometry/mesh_colouring.h"
#include "mesh/numerics/mesh_scatter.h"

enum swe_mesh_scatter_variant {
    SWE_MESH_GATHER,           /* the solver's: each cell reads its three edges */
    SWE_MESH_SCATTER_NAIVE,    /* each edge adds into its cells: the race */
    SWE_MESH_SCATTER_ATOMIC,   /* the same with atomic additions */
    SWE_MESH_SCATTER_COLOURED, /* the colours one after the other, plain additions */
    SWE_MESH_SCATTER_VARIANTS
};

typedef struct swe_mesh_cuda_scatter_lab swe_mesh_cuda_scatter_lab;

/* Whether a CUDA device is there to run a lab on. */
int swe_mesh_cuda_scatter_lab_available(void);

/* A lab on the current device with a copy of host (every array, the
 * fluxes included) and of colouring; SWE_ERROR_USAGE without a device. */
int swe_mesh_cuda_scatter_lab_create(const swe_mesh_arrays *host,
                                     const swe_mesh_colouring *colouring,
                                     swe_mesh_cuda_scatter_lab **lab, swe_error *err);

/* The per-cell flux sums of one variant (the gather's for SWE_MESH_GATHER)
 * into the host arrays of sums, cell_count long each. */
int swe_mesh_cuda_scatter_lab_sums(swe_mesh_cuda_scatter_lab *lab,
                                   enum swe_mesh_scatter_variant variant, swe_mesh_cell_sums sums,
                                   swe_error *err);

/* repeat cell passes of one variant as the solver would run them (the
 * gather: its update kernel; a scatter: clear, scatter, apply), each a
 * first-order update; *seconds gets the mean GPU time of one pass. */
int swe_mesh_cuda_scatter_lab_time(swe_mesh_cuda_scatter_lab *lab,
                                   enum swe_mesh_scatter_variant variant, int repeat,
                                   double *seconds, swe_error *err);

void swe_mesh_cuda_scatter_lab_free(swe_mesh_cuda_scatter_lab *lab);

#ifdef __cplusplus
}
#endif

#endif
