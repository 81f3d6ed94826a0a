/* The graded exercises of this build, in teaching order; each backend's
 * exercises add one entry. Every build lists the CUDA, OpenCL and MPI
 * exercises: the grader's side of their tests needs none of them
 * (grade_backend_steps.h, grade_mpi.c). */
#include "tests/grade/grade_support.h"

extern const grade_exercise grade_serial_exercise;
#ifdef SWE_WITH_OPENMP
extern const grade_exercise grade_openmp_exercise, grade_mesh_scatter_exercise;
#endif
#ifdef SWE_WITH_NS
extern const grade_exercise grade_ns_momentum_exercise, grade_ns_reduction_exercise,
    grade_ns_preconditioner_exercise;
#endif
extern const grade_exercise grade_cuda1_exercise, grade_cuda2_exercise, grade_cuda3_exercise,
    grade_cuda4_exercise, grade_opencl_exercise, grade_mpi_exchange_exercise,
    grade_mpi_overlap_exercise, grade_mesh_edge_gather_exercise, grade_mesh_mpi_halo_exercise;
extern const grade_exercise grade_mesh_scatter_cuda_exercise;
#ifdef SWE_WITH_PTHREADS
extern const grade_exercise grade_pthreads_exercise;
#endif
#ifdef SWE_WITH_OMPTARGET
extern const grade_exercise grade_omptarget_exercise;
#endif

static const grade_exercise *const exercises[] = {
    &grade_serial_exercise,
#ifdef SWE_WITH_OPENMP
    &grade_openmp_exercise,
#endif
    &grade_cuda1_exercise,
    &grade_cuda2_exercise,
    &grade_cuda3_exercise,
    &grade_cuda4_exercise,
    &grade_opencl_exercise,
    &grade_mpi_exchange_exercise,
    &grade_mpi_overlap_exercise,
#ifdef SWE_WITH_NS
    &grade_ns_momentum_exercise,
    &grade_ns_reduction_exercise,
    &grade_ns_preconditioner_exercise,
#endif
    &grade_mesh_edge_gather_exercise,
#ifdef SWE_WITH_OPENMP
    &grade_mesh_scatter_exercise,
#endif
    &grade_mesh_mpi_halo_exercise,
    &grade_mesh_scatter_cuda_exercise,
#ifdef SWE_WITH_PTHREADS
    &grade_pthreads_exercise,
#endif
#ifdef SWE_WITH_OMPTARGET
    &grade_omptarget_exercise,
#endif
};

int grade_exercise_count(void)
{
    return (int)(sizeof exercises / sizeof exercises[0]);
}

const grade_exercise *grade_exercise_at(int index)
{
    return index >= 0 && index < grade_exercise_count() ? exercises[index] : NULL;
}
