#include "ns/solver/ns_diagnostics.h"

#include "ns/grid/ns_stencils.h"

#include <math.h>
#include <string.h>

double ns_kinetic_energy(const ns_solver *solver)
{
    const ns_grid *g = &solver->grid;
    double sum = 0.0;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            for (int i = 0; i < g->n[0]; ++i) {
                size_t cell = ns_index(g, i, j, k);
                for (int c = 0; c < NS_AXES; ++c) {
                    double u = solver->velocity[c][cell];
                    sum += u * u;
                }
            }
        }
    }
    return 0.5 * sum * g->h[0] * g->h[1] * g->h[2];
}

double ns_max_divergence(const ns_solver *solver)
{
    const ns_grid *g = &solver->grid;
    ns_geometry geometry = ns_grid_geometry(g);
    double largest = 0.0;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            for (int i = 0; i < g->n[0]; ++i) {
                long cell = (long)ns_index(g, i, j, k);
                if (solver->fluid[cell]) {
                    double div =
                        fabs((double)ns_divergence(solver->velocity[0], solver->velocity[1],
                                                   solver->velocity[2], cell, &geometry));
                    largest = div > largest || div != div ? div : largest;
                }
            }
        }
    }
    return largest;
}

void ns_state_figures(const ns_solver *solver, double figures[NS_STATE_FIGURES])
{
    const ns_grid *g = &solver->grid;
    const real *fields[NS_STATE_FIGURES] = {solver->velocity[0], solver->velocity[1],
                                            solver->velocity[2], solver->pressure};
    double volume = g->h[0] * g->h[1] * g->h[2];
    for (int f = 0; f < NS_STATE_FIGURES; ++f) {
        double sum = 0.0;
        for (int k = 0; k < g->n[2]; ++k) {
            for (int j = 0; j < g->n[1]; ++j) {
                const real *row = fields[f] + ns_index(g, 0, j, k);
                for (int i = 0; i < g->n[0]; ++i) {
                    sum += (double)row[i] * (double)row[i];
                }
            }
        }
        figures[f] = sqrt(sum * volume);
    }
}

static uint64_t fnv1a(uint64_t hash, const void *bytes, size_t length)
{
    const unsigned char *p = bytes;
    for (size_t b = 0; b < length; ++b) {
        hash = (hash ^ p[b]) * 0x100000001b3u;
    }
    return hash;
}

uint64_t ns_state_checksum(const ns_solver *solver)
{
    const ns_grid *g = &solver->grid;
    uint64_t hash = 0xcbf29ce484222325u;
    const real *fields[4] = {solver->velocity[0], solver->velocity[1], solver->velocity[2],
                             solver->pressure};
    for (int f = 0; f < 4; ++f) {
        for (int k = 0; k < g->n[2]; ++k) {
            for (int j = 0; j < g->n[1]; ++j) {
                hash =
                    fnv1a(hash, fields[f] + ns_index(g, 0, j, k), (size_t)g->n[0] * sizeof(real));
            }
        }
    }
    return hash;
}

void ns_centre_velocity(const ns_solver *solver, int i, int j, int k, double velocity[NS_AXES])
{
    const ns_grid *g = &solver->grid;
    size_t cell = ns_index(g, i, j, k);
    for (int c = 0; c < NS_AXES; ++c) {
        velocity[c] = 0.5 * ((double)solver->velocity[c][cell] +
                             (double)solver->velocity[c][cell - g->stride[c]]);
    }
}

void ns_centre_vorticity(const ns_solver *solver, int i, int j, int k, double vorticity[NS_AXES])
{
    const ns_grid *g = &solver->grid;
    /* d[a][c]: derivative along axis a of centre velocity component c. */
    double d[NS_AXES][NS_AXES];
    for (int a = 0; a < NS_AXES; ++a) {
        int step[NS_AXES] = {0, 0, 0};
        step[a] = 1;
        double plus[NS_AXES], minus[NS_AXES];
        ns_centre_velocity(solver, i + step[0], j + step[1], k + step[2], plus);
        ns_centre_velocity(solver, i - step[0], j - step[1], k - step[2], minus);
        for (int c = 0; c < NS_AXES; ++c) {
            d[a][c] = (plus[c] - minus[c]) / (2.0 * g->h[a]);
        }
    }
    vorticity[0] = d[1][2] - d[2][1];
    vorticity[1] = d[2][0] - d[0][2];
    vorticity[2] = d[0][1] - d[1][0];
}
