/* Exact solution of the 1D dam-break Riemann problem on a flat bottom:
 * still water of depth h_left for x < x_dam and h_right for x > x_dam at
 * t = 0. A wet bed (h_right > 0) gives Stoker's solution - a left-going
 * rarefaction, a constant middle state and a right-going shock; a dry bed
 * (h_right == 0) gives Ritter's solution - one rarefaction whose head runs
 * over dry ground. Used as the reference for validating the solvers. */
#ifndef SWE_DAM_BREAK_EXACT_H
#define SWE_DAM_BREAK_EXACT_H

#include "core/error.h"

#define SWE_DAM_BREAK_GRAVITY 9.81 /* m/s^2 */

typedef struct swe_dam_break_exact {
    double h_left, h_right, x_dam;
    double h_middle,
        u_middle;       /* middle state (Stoker); for Ritter h_middle = 0, u_middle = 2*c_left */
    double shock_speed; /* Stoker; 0 for Ritter */
} swe_dam_break_exact;

/* Solves for the middle state. Refuses h_left <= 0, h_right < 0,
 * h_right >= h_left and non-finite input with SWE_ERROR_USAGE. */
int swe_dam_break_exact_init(swe_dam_break_exact *solution, double h_left, double h_right,
                             double x_dam, swe_error *err);

/* Depth and velocity at position x and time t >= 0 (t == 0: the initial step). */
void swe_dam_break_exact_eval(const swe_dam_break_exact *solution, double x, double t, double *h,
                              double *u);

#endif
