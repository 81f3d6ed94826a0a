#include "ns/cases/ns_ghia.h"

#include <math.h>
#include <stddef.h>

/* The published values (Ghia, Ghia and Shin 1982, Tables I and II), as
 * printed. The Re = 400 value v = -0.23827 at x = 0.9063 breaks the smooth
 * profile around it (-0.22847 and -0.44993 beside it) and differs from
 * every resolution of our solver by 0.14 where its neighbours agree to
 * 0.01: most likely -0.3827 misprinted. It stays in the table and is left
 * out of the comparison (v_misprint). */
static const ns_ghia_table tables[] = {
    {100.0,
     {1.0000, 0.9766, 0.9688, 0.9609, 0.9531, 0.8516, 0.7344, 0.6172, 0.5000, 0.4531, 0.2813,
      0.1719, 0.1016, 0.0703, 0.0625, 0.0547, 0.0000},
     {1.00000, 0.84123, 0.78871, 0.73722, 0.68717, 0.23151, 0.00332, -0.13641, -0.20581, -0.21090,
      -0.15662, -0.10150, -0.06434, -0.04775, -0.04192, -0.03717, 0.00000},
     {1.0000, 0.9688, 0.9609, 0.9531, 0.9453, 0.9063, 0.8594, 0.8047, 0.5000, 0.2344, 0.2266,
      0.1563, 0.0938, 0.0781, 0.0703, 0.0625, 0.0000},
     {0.00000, -0.05906, -0.07391, -0.08864, -0.10313, -0.16914, -0.22445, -0.24533, 0.05454,
      0.17527, 0.17507, 0.16077, 0.12317, 0.10890, 0.10091, 0.09233, 0.00000},
     -1},
    {400.0,
     {1.0000, 0.9766, 0.9688, 0.9609, 0.9531, 0.8516, 0.7344, 0.6172, 0.5000, 0.4531, 0.2813,
      0.1719, 0.1016, 0.0703, 0.0625, 0.0547, 0.0000},
     {1.00000, 0.75837, 0.68439, 0.61756, 0.55892, 0.29093, 0.16256, 0.02135, -0.11477, -0.17119,
      -0.32726, -0.24299, -0.14612, -0.10338, -0.09266, -0.08186, 0.00000},
     {1.0000, 0.9688, 0.9609, 0.9531, 0.9453, 0.9063, 0.8594, 0.8047, 0.5000, 0.2344, 0.2266,
      0.1563, 0.0938, 0.0781, 0.0703, 0.0625, 0.0000},
     {0.00000, -0.12146, -0.15663, -0.19254, -0.22847, -0.23827, -0.44993, -0.38598, 0.05186,
      0.30174, 0.30203, 0.28124, 0.22965, 0.20920, 0.19713, 0.18360, 0.00000},
     5},
    {1000.0,
     {1.0000, 0.9766, 0.9688, 0.9609, 0.9531, 0.8516, 0.7344, 0.6172, 0.5000, 0.4531, 0.2813,
      0.1719, 0.1016, 0.0703, 0.0625, 0.0547, 0.0000},
     {1.00000, 0.65928, 0.57492, 0.51117, 0.46604, 0.33304, 0.18719, 0.05702, -0.06080, -0.10648,
      -0.27805, -0.38289, -0.29730, -0.22220, -0.20196, -0.18109, 0.00000},
     {1.0000, 0.9688, 0.9609, 0.9531, 0.9453, 0.9063, 0.8594, 0.8047, 0.5000, 0.2344, 0.2266,
      0.1563, 0.0938, 0.0781, 0.0703, 0.0625, 0.0000},
     {0.00000, -0.21388, -0.27669, -0.33714, -0.39188, -0.51550, -0.42665, -0.31966, 0.02526,
      0.32235, 0.33075, 0.37095, 0.32627, 0.30353, 0.29012, 0.27485, 0.00000},
     -1},
};

const ns_ghia_table *ns_ghia_find(double reynolds)
{
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; ++t) {
        if (fabs(tables[t].reynolds - reynolds) < 1e-9 * reynolds) {
            return &tables[t];
        }
    }
    return NULL;
}

/* Component c on the centre line through the faces at index n/2 - 1 of
 * axis `across`, at position s along axis `along`: linear between the
 * cell centres (averaged over z), and the wall values at the ends. */
static double centre_line(const ns_solver *solver, int c, int along, int across, double s,
                          double low_wall, double high_wall)
{
    const ns_grid *g = &solver->grid;
    double h = g->h[along], position = s / h - 0.5;
    int below = (int)floor(position);
    double values[2];
    for (int side = 0; side < 2; ++side) {
        int index = below + side;
        if (index < 0 || index >= g->n[along]) {
            values[side] = index < 0 ? low_wall : high_wall;
            continue;
        }
        double sum = 0.0;
        for (int k = 0; k < g->n[2]; ++k) {
            int ij[2];
            ij[along] = index;
            ij[across] = g->n[across] / 2 - 1;
            sum += solver->velocity[c][ns_index(g, ij[0], ij[1], k)];
        }
        values[side] = sum / g->n[2];
    }
    /* Between the wall and the first centre the wall is half a cell away. */
    double weight = position - below;
    if (below < 0) {
        weight = (s - 0.0) / (0.5 * h);
    } else if (below + 1 >= g->n[along]) {
        weight = (s - (below + 0.5) * h) / (0.5 * h);
    }
    return values[0] + weight * (values[1] - values[0]);
}

void ns_ghia_compare(const ns_solver *solver, const ns_ghia_table *table, double *u_error,
                     double *v_error)
{
    *u_error = *v_error = 0.0;
    for (int p = 0; p < NS_GHIA_POINTS; ++p) {
        double u = centre_line(solver, 0, 1, 0, table->y[p], 0.0, 1.0);
        double v = centre_line(solver, 1, 0, 1, table->x[p], 0.0, 0.0);
        *u_error = fmax(*u_error, fabs(u - table->u[p]));
        if (p != table->v_misprint) {
            *v_error = fmax(*v_error, fabs(v - table->v[p]));
        }
    }
}
