/* The centre-line velocities of the lid-driven cavity published by
 * U. Ghia, K. N. Ghia and C. T. Shin, "High-Re solutions for
 * incompressible flow using the Navier-Stokes equations and a multigrid
 * method", Journal of Computational Physics 48 (1982) 387-411, Tables I
 * and II (129 x 129 grid), for Re = 100, 400 and 1000; and the comparison
 * of a cavity run with them. */
#ifndef NS_GHIA_H
#define NS_GHIA_H

#include "ns/solver/ns_solver.h"

enum { NS_GHIA_POINTS = 17 };

typedef struct ns_ghia_table {
    double reynolds;
    double y[NS_GHIA_POINTS], u[NS_GHIA_POINTS]; /* u along the vertical centre line x = 1/2 */
    double x[NS_GHIA_POINTS], v[NS_GHIA_POINTS]; /* v along the horizontal centre line y = 1/2 */
    int v_misprint; /* index of a v value that is printed wrong, left out of comparisons; -1 */
} ns_ghia_table;

/* The table of Reynolds number re (100, 400, 1000), or NULL. */
const ns_ghia_table *ns_ghia_find(double reynolds);

/* The largest differences |u - u_Ghia| and |v - v_Ghia| over the table's
 * points (but v_misprint) of a cavity solver (unit square, lid u = 1 on the north wall,
 * an even number of cells in x and y; host state synced), the computed
 * profiles interpolated linearly between cells and walls. */
void ns_ghia_compare(const ns_solver *solver, const ns_ghia_table *table, double *u_error,
                     double *v_error);

#endif
