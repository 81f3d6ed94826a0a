/* Manning bed friction, as a source term applied to a cell after its Euler
 * step: d(hu)/dt = -g n^2 |u| hu / h^(4/3), same for hv, with n the
 * Manning coefficient in s/m^(1/3). Taken semi-implicitly,
 *   hu_new = hu* / (1 + dt g n^2 |u*| / h^(4/3)),
 * the factor divides by a number >= 1, so friction slows a flow down but
 * can never reverse it, however shallow the water or long the step. Shared
 * by every backend (compiles as C, CUDA and OpenCL C, like the solvers). */
#ifndef SWE_FRICTION_H
#define SWE_FRICTION_H

#include "shallow_water/cell_update.h"

/* An application may bring its own cube root (common/mesh/numerics/mesh_cbrt.h). */
#if defined(SWE_CBRT)
#elif defined(__OPENCL_VERSION__)
#define SWE_CBRT(x) cbrt(x)
#elif defined(SWE_PRECISION_DOUBLE)
#define SWE_CBRT(x) cbrt(x)
#else
#define SWE_CBRT(x) cbrtf(x)
#endif

/* The cell after friction over dt; manning == 0 returns it untouched (the
 * test is uniform over a loop, so compilers hoist it out and GPU warps do
 * not diverge on it). Dry cells have no momentum left to slow down. */
SWE_INLINE swe_cell swe_manning_friction(swe_cell cell, real dt, real manning)
{
    if (manning == (real)0) {
        return cell;
    }
    real safe_h = cell.h >= SWE_DRY_TOLERANCE ? cell.h : (real)1;
    real speed = swe_divide_positive(SWE_SQRT(cell.hu * cell.hu + cell.hv * cell.hv), safe_h);
    real h_four_thirds = safe_h * SWE_CBRT(safe_h);
    real factor =
        (real)1 + swe_divide_positive(dt * SWE_GRAVITY * manning * manning * speed, h_four_thirds);
    cell.hu = swe_divide_positive(cell.hu, factor);
    cell.hv = swe_divide_positive(cell.hv, factor);
    return cell;
}

#endif
