#include "ns/cases/ns_cases.h"

#include "ns/cases/ns_mask.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static const double pi = 3.14159265358979323846;

static const ns_case cases[] = {
    {"taylor-green", "2D Taylor-Green vortex in a periodic box of side 2 pi, exact decay", 32, 10.0,
     1.0, 2},
    {"cavity", "lid-driven cavity, unit square, lid u = 1 m/s, periodic and thin in z", 64, 100.0,
     20.0, 2},
    {"kelvin-helmholtz",
     "shear layer of Costarelli et al. n.d.: unit cube, u = tanh((z - 1/2) / 0.02) m/s, "
     "nu = 1.004e-6, periodic in x and y, free-slip in z",
     64, 0.0, 0.87, 1},
    {"channel-obstacle", "channel 4 x 1 x 1 driven by a body force, square obstacle, no-slip in y",
     16, 100.0, 10.0, 2},
};

int ns_case_count(void)
{
    return (int)(sizeof cases / sizeof cases[0]);
}

const ns_case *ns_case_at(int index)
{
    return index >= 0 && index < ns_case_count() ? &cases[index] : NULL;
}

const ns_case *ns_case_find(const char *name)
{
    for (int index = 0; name != NULL && index < ns_case_count(); ++index) {
        if (strcmp(cases[index].name, name) == 0) {
            return &cases[index];
        }
    }
    return NULL;
}

void ns_taylor_green_exact(double x, double y, double t, double nu, double velocity[2])
{
    double decay = exp(-2.0 * nu * t);
    velocity[0] = sin(x) * cos(y) * decay;
    velocity[1] = -cos(x) * sin(y) * decay;
}

/* Position of face component c of cell (i, j, k) along axis a. */
static double face_position(const ns_grid *g, int c, int a, int index)
{
    return (index + (a == c ? 1.0 : 0.5)) * g->h[a];
}

/* A reproducible number in [-1, 1] for cell index and component. */
static double noise(size_t cell, int component)
{
    uint64_t z = (uint64_t)cell * 3 + (uint64_t)component + 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    z ^= z >> 31;
    return (double)(z >> 11) / 4503599627370496.0 - 1.0;
}

static void initialise_taylor_green(ns_solver *solver)
{
    const ns_grid *g = &solver->grid;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            for (int i = 0; i < g->n[0]; ++i) {
                size_t cell = ns_index(g, i, j, k);
                double exact[2];
                ns_taylor_green_exact(face_position(g, 0, 0, i), face_position(g, 0, 1, j), 0.0,
                                      0.0, exact);
                solver->velocity[0][cell] = (real)exact[0];
                ns_taylor_green_exact(face_position(g, 1, 0, i), face_position(g, 1, 1, j), 0.0,
                                      0.0, exact);
                solver->velocity[1][cell] = (real)exact[1];
            }
        }
    }
}

/* The shear layer of Costarelli et al. n.d., section 4.1, without gravity:
 * u = tanh((z - 1/2) / thickness), a 1% w perturbation of wave number 4 in
 * x centred on the layer, and 0.1% noise in every component. */
static void initialise_shear_layer(ns_solver *solver)
{
    const ns_grid *g = &solver->grid;
    const double thickness = 0.02, mode = 4.0;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            for (int i = 0; i < g->n[0]; ++i) {
                size_t cell = ns_index(g, i, j, k);
                double z = face_position(g, 0, 2, k) - 0.5;
                solver->velocity[0][cell] = (real)(tanh(z / thickness) + 1e-3 * noise(cell, 0));
                solver->velocity[1][cell] = (real)(1e-3 * noise(cell, 1));
                double x = face_position(g, 2, 0, i), zw = face_position(g, 2, 2, k) - 0.5;
                double bump = exp(-(zw * zw) / (4.0 * thickness * thickness));
                solver->velocity[2][cell] =
                    (real)(1e-2 * sin(2.0 * pi * mode * x) * bump + 1e-3 * noise(cell, 2));
            }
        }
    }
}

/* A square obstacle of side 1/4 centred at (1, 1/2), through the whole
 * height, and a uniform start of 1 m/s. */
static void initialise_channel(ns_solver *solver)
{
    const ns_grid *g = &solver->grid;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            for (int i = 0; i < g->n[0]; ++i) {
                size_t cell = ns_index(g, i, j, k);
                double x = (i + 0.5) * g->h[0], y = (j + 0.5) * g->h[1];
                solver->fluid[cell] = fabs(x - 1.0) < 0.125 && fabs(y - 0.5) < 0.125 ? 0 : 1;
                solver->velocity[0][cell] = (real)1;
            }
        }
    }
}

/* The grid and physics of case c at resolution n and Reynolds number re. */
static int set_up(const ns_case *c, int n, double re, ns_grid *grid, ns_parameters *p,
                  swe_error *err)
{
    ns_wall wall[NS_FACES] = {{NS_PERIODIC, {0, 0, 0}}, {NS_PERIODIC, {0, 0, 0}},
                              {NS_PERIODIC, {0, 0, 0}}, {NS_PERIODIC, {0, 0, 0}},
                              {NS_PERIODIC, {0, 0, 0}}, {NS_PERIODIC, {0, 0, 0}}};
    int cells[NS_AXES] = {n, n, n};
    double length[NS_AXES] = {1.0, 1.0, 1.0};
    p->density = 1.0;
    p->viscosity = 1.0 / re; /* unit velocity and length */
    if (strcmp(c->name, "taylor-green") == 0) {
        /* z-invariant: 4 cells of the same size are enough in z. */
        cells[2] = 4;
        length[0] = length[1] = 2.0 * pi;
        length[2] = 4.0 * 2.0 * pi / n;
    } else if (strcmp(c->name, "cavity") == 0) {
        cells[2] = 4;
        length[2] = 4.0 / n;
        for (int face = NS_WEST; face <= NS_NORTH; ++face) {
            wall[face].kind = NS_NO_SLIP;
        }
        wall[NS_NORTH].velocity[0] = 1.0;
    } else if (strcmp(c->name, "kelvin-helmholtz") == 0) {
        wall[NS_BOTTOM].kind = wall[NS_TOP].kind = NS_FREE_SLIP;
        p->density = 1000.0;
        p->viscosity = 1.004e-6; /* water at 20 C, as in Costarelli et al. n.d. */
    } else {
        cells[0] = 4 * n;
        cells[2] = n / 2 > 2 ? n / 2 : 2;
        length[0] = 4.0;
        length[2] = 0.5;
        wall[NS_SOUTH].kind = wall[NS_NORTH].kind = NS_NO_SLIP;
        /* The force of a Poiseuille flow with 1 m/s on the centre line. */
        p->force[0] = 8.0 * p->viscosity;
    }
    return ns_grid_init(grid, cells, length, wall, err);
}

static void initialise(const ns_case *c, ns_solver *solver)
{
    if (strcmp(c->name, "taylor-green") == 0) {
        initialise_taylor_green(solver);
    } else if (strcmp(c->name, "kelvin-helmholtz") == 0) {
        initialise_shear_layer(solver);
    } else if (strcmp(c->name, "channel-obstacle") == 0) {
        initialise_channel(solver);
    } /* the cavity starts at rest */
}

int ns_case_setup(const ns_case *c, const ns_case_settings *settings, ns_grid *grid,
                  ns_parameters *parameters, swe_error *err)
{
    if (c == NULL || settings == NULL || grid == NULL || parameters == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: ns_case_setup needs a case");
    }
    if (settings->resolution < 0 || settings->reynolds < 0.0 || !isfinite(settings->reynolds)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "the resolution and the Reynolds number must be positive");
    }
    if (c->default_reynolds == 0.0 && settings->reynolds > 0.0) {
        return swe_fail(err, SWE_ERROR_USAGE, "case '%s' has its own viscosity: no Reynolds number",
                        c->name);
    }
    int n = settings->resolution > 0 ? settings->resolution : c->default_resolution;
    double re = settings->reynolds > 0.0 ? settings->reynolds : c->default_reynolds;
    *parameters = settings->parameters;
    return set_up(c, n, c->default_reynolds > 0.0 ? re : 1.0, grid, parameters, err);
}

int ns_case_initialise(const ns_case *c, const ns_case_settings *settings, ns_solver *solver,
                       swe_error *err)
{
    if (c == NULL || settings == NULL || solver == NULL || solver->ext != NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: initialise a case into a created solver");
    }
    initialise(c, solver);
    return settings->obstacles != NULL ? ns_mask_apply_pgm(solver, settings->obstacles, err)
                                       : SWE_OK;
}

const ns_case *ns_case_named(const char *name, swe_error *err)
{
    const ns_case *c = ns_case_find(name);
    if (c == NULL) {
        swe_fail(err, SWE_ERROR_USAGE,
                 "unknown case '%s' (taylor-green, cavity, kelvin-helmholtz, channel-obstacle)",
                 name != NULL ? name : "(none)");
    }
    return c;
}

int ns_case_create(const char *name, const ns_case_settings *settings, ns_solver **out,
                   swe_error *err)
{
    const ns_case *c = ns_case_named(name, err);
    if (c == NULL) {
        return SWE_ERROR_USAGE;
    }
    if (settings == NULL || out == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: ns_case_create needs settings");
    }
    ns_grid grid;
    ns_parameters parameters;
    int status = ns_case_setup(c, settings, &grid, &parameters, err);
    ns_solver *solver = NULL;
    if (status == SWE_OK) {
        status = ns_solver_create(&grid, &parameters,
                                  settings->backend != NULL ? settings->backend : "serial", &solver,
                                  err);
    }
    if (status == SWE_OK) {
        status = ns_case_initialise(c, settings, solver, err);
    }
    if (status == SWE_OK) {
        status = ns_solver_start(solver, err);
    }
    if (status != SWE_OK) {
        ns_solver_destroy(solver);
        return status;
    }
    *out = solver;
    return SWE_OK;
}
