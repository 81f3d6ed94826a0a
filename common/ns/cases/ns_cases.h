/* The cases of the Navier-Stokes application, each a grid, parameters and
 * an initial state: the Taylor-Green vortex (exact solution), the
 * lid-driven cavity (Ghia, Ghia and Shin 1982), the Kelvin-Helmholtz shear
 * layer of Costarelli et al. n.d., and a channel with an obstacle (CG needs
 * iterations). */
#ifndef NS_CASES_H
#define NS_CASES_H

#include "ns/solver/ns_solver.h"

/* What a user may choose; 0 (or NULL) for each case's default. */
typedef struct ns_case_settings {
    int resolution;           /* cells along the case's unit length */
    double reynolds;          /* taylor-green, cavity, channel-obstacle */
    ns_parameters parameters; /* cfl, fixed_dt, CG, level, threads (viscosity from the case) */
    const char *backend;      /* NULL: serial */
    const char *obstacles;    /* a PGM picture of solid cells in x-y (ns/cases/ns_mask.h) */
} ns_case_settings;

typedef struct ns_case {
    const char *name;
    const char *description;
    int default_resolution;
    double default_reynolds;
    double default_end_time; /* s */
    int slice_axis;          /* the axis normal to the plane its pictures show */
} ns_case;

/* The cases, NULL-terminated by count. */
int ns_case_count(void);
const ns_case *ns_case_at(int index);
const ns_case *ns_case_find(const char *name);

/* The case called name, or NULL with SWE_ERROR_USAGE in err naming the
 * cases there are. */
const ns_case *ns_case_named(const char *name, swe_error *err);

/* The grid and physics of case c with settings (SWE_ERROR_USAGE for bad
 * settings, naming them). */
int ns_case_setup(const ns_case *c, const ns_case_settings *settings, ns_grid *grid,
                  ns_parameters *parameters, swe_error *err);

/* Writes c's initial velocity and its obstacles (and those of
 * settings->obstacles) into the host arrays of a created, not yet started
 * solver of the grid of ns_case_setup. */
int ns_case_initialise(const ns_case *c, const ns_case_settings *settings, ns_solver *solver,
                       swe_error *err);

/* Creates and starts a solver for case `name` (the three steps above);
 * SWE_ERROR_USAGE for an unknown case or bad settings, naming them. */
int ns_case_create(const char *name, const ns_case_settings *settings, ns_solver **out,
                   swe_error *err);

/* The exact Taylor-Green velocity (amplitude 1, wave number 1, in the x-y
 * plane) at point (x, y) and time t with viscosity nu. */
void ns_taylor_green_exact(double x, double y, double t, double nu, double velocity[2]);

#endif
