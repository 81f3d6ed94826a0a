/* What every file of CUDA kernels (solutions/cuda/) shares and students do
 * not write: the interface to the plumbing, the numerics of common/ (the
 * solvers, the cell update, friction, boundary rules, speed bits), the
 * warp's shape and the choice of a kernel template's instance for the
 * solver chosen at run time. */
#ifndef SWE_CUDA_KERNEL_SUPPORT_CUH
#define SWE_CUDA_KERNEL_SUPPORT_CUH

#include "backends/cuda/cartesian/cuda_kernels.h"

extern "C" {
#include "cartesian/grid/boundary.h"
#include "cartesian/numerics/edge_updates.h"
#include "cartesian/numerics/solver_sides.h"
#include "shallow_water/friction.h"
#include "shallow_water/speed_bits.h"
}

/* Threads of a warp, and the mask that names all of them in a shuffle. */
enum { WARP = 32 };
#define FULL_WARP 0xffffffffu

/* The instance of a kernel template for a solver chosen at run time. The
 * kernels are instantiated for every solver, so that the solver's branch
 * folds away inside them. */
template <typename Kernel>
static Kernel for_solver(enum swe_solver solver, Kernel hlle, Kernel rusanov, Kernel augrie,
                         Kernel fwave)
{
    return solver == SWE_SOLVER_HLLE      ? hlle
           : solver == SWE_SOLVER_RUSANOV ? rusanov
           : solver == SWE_SOLVER_AUGRIE  ? augrie
                                          : fwave;
}

#define KERNEL_FOR_SOLVER(solver, kernel)                                                          \
    for_solver(solver, kernel<SWE_SOLVER_HLLE>, kernel<SWE_SOLVER_RUSANOV>,                        \
               kernel<SWE_SOLVER_AUGRIE>, kernel<SWE_SOLVER_FWAVE>)

#endif
