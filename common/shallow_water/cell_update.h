/* The per-cell arithmetic that every backend shares, so that all of them
 * compute bit for bit the same numbers: the Euler update from the summed
 * net updates, and the wave speed that the time-step rule is built on. */
#ifndef SWE_CELL_UPDATE_H
#define SWE_CELL_UPDATE_H

#include "core/real.h"

typedef struct swe_cell {
    real h, hu, hv;
} swe_cell;

/* One explicit Euler step of a cell. update_x_* are the net updates that
 * its left and right edges send it, update_y_* those of its bottom and top
 * edges. A depth below zero is clamped at zero where the numerics put it
 * there: round-off (less than the dry tolerance below zero) or a cell that
 * was dry already; a cell that falls dry loses its momentum, so that no
 * later step divides by a vanishing depth. A wet cell that lost more water
 * than it held (a step too long) and NaN stay as they are, for the guard
 * (cartesian/grid/state_check.h) to see: clamping them would make water and hide
 * the failure. */
SWE_INLINE swe_cell swe_euler_update(real h, real hu, real hv, real dt_dx, real dt_dy,
                                     real update_x_h, real update_x_hu, real update_x_hv,
                                     real update_y_h, real update_y_hu, real update_y_hv)
{
    swe_cell cell;
    cell.h = h - dt_dx * update_x_h - dt_dy * update_y_h;
    cell.hu = hu - dt_dx * update_x_hu - dt_dy * update_y_hu;
    cell.hv = hv - dt_dx * update_x_hv - dt_dy * update_y_hv;
    const int numerics_clamp = cell.h > -SWE_DRY_TOLERANCE || h < SWE_DRY_TOLERANCE;
    cell.h = (cell.h < (real)0 && numerics_clamp) ? (real)0 : cell.h;
    const int dry = cell.h < SWE_DRY_TOLERANCE;
    cell.hu = dry ? (real)0 : cell.hu;
    cell.hv = dry ? (real)0 : cell.hv;
    return cell;
}

/* The time-step rule of every backend: dt = cfl * min(dx, dy) / the largest
 * of these over the interior. max(|u|, |v|) + sqrt(g h) bounds the wave
 * speeds that the solvers use between two wet cells; dry cells have none.
 * A negative depth (left by a step that was too long) has none either: the
 * NaN of its square root goes into the maximum, whose every reduction
 * keeps it, and the run driver stops the run at that very step. */
SWE_INLINE real swe_cell_wave_speed(real h, real hu, real hv)
{
    real safe_h = h >= SWE_DRY_TOLERANCE ? h : (real)1;
    real fastest_flow = swe_divide_positive(SWE_FMAX(SWE_FABS(hu), SWE_FABS(hv)), safe_h);
    real speed = fastest_flow + SWE_SQRT(SWE_GRAVITY * h);
    return ((h >= SWE_DRY_TOLERANCE) | (h < (real)0)) ? speed : (real)0;
}

/* Running maximum of wave speeds that keeps a NaN once it has seen one,
 * so that an unstable state cannot hide behind a finite maximum. */
SWE_INLINE real swe_max_speed(real running_max, real speed)
{
    return ((running_max > speed) | (running_max != running_max)) ? running_max : speed;
}

#endif
