/* The validation cases of shallows-validate: which scenario each runs and
 * for how long, running one, and the reference each is measured against
 * (exact, a radial 1D solution, or a finer run of the same solver). */
#include "tools/validate/validate_cases.h"

#include "cartesian/scenarios/scenario.h"
#include "core/timer.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Cells of the radial reference over [0, 36 m]: 0.0018 m, 70 times finer
 * than the finest 2D grid. */
enum { RADIAL_REFERENCE_CELLS = 20000 };

/* Thacker: one period; partial dam break: as published; the 1D dam breaks
 * at 20 s, before any wave leaves the 1000 m domain. */
static const validation_case cases[] = {
    {"thacker", "thacker-bowl", 4.485701465466374, 1},
    {"circular", "circular-dam-break", 0.69, 1},
    {"partial", "partial-dam-break", 7.2, 1},
    {"stoker", "dam-break-1d-wet", 20, 0},
    {"ritter", "dam-break-1d-dry", 20, 0},
};

const validation_case *swe_validate_find_case(const char *name)
{
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        if (strcmp(cases[c].name, name) == 0) {
            return &cases[c];
        }
    }
    return NULL;
}

/* Runs a case on an n-cell grid; the block holds the state at t_end. */
int swe_validate_run_case(const validation_case *vc, const char *backend, enum swe_solver solver,
                          int n, swe_block *block, long *steps, double *seconds, double *mass_drift)
{
    swe_error err;
    int ny = vc->ny_is_nx ? n : 2;
    const swe_scenario *scenario = swe_scenario_find(vc->scenario);
    swe_block initial;
    if (scenario == NULL || swe_scenario_create_block(scenario, n, ny, &initial, &err) != SWE_OK) {
        fprintf(stderr, "shallows-validate: cannot set up %s\n", vc->scenario);
        return 0;
    }
    double volume = swe_block_volume(&initial);
    swe_block_destroy(&initial);
    double started = swe_wall_seconds();
    if (swe_validation_run(vc->scenario, backend, n, ny, solver, 0.0, vc->t_end, block, steps,
                           &err) != SWE_OK) {
        fprintf(stderr, "shallows-validate: %s\n", err.message);
        return 0;
    }
    *seconds = swe_wall_seconds() - started;
    *mass_drift = (swe_block_volume(block) - volume) / volume;
    return 1;
}

static double dam_break_depth(double x, double y, const void *data)
{
    (void)y;
    double h, u;
    swe_dam_break_exact_eval(data, x, 20.0, &h, &u);
    return h;
}

/* Depth of the fine reference run averaged over the coarse cell around
 * (x, y); the grids are nested (the fine cell count a multiple). */
typedef struct coarse_view {
    const swe_block *fine;
    double dx, dy;
} coarse_view;

static double fine_average_depth(double x, double y, const void *data)
{
    const coarse_view *view = data;
    const swe_block *fine = view->fine;
    int ratio_x = (int)lround(view->dx / fine->dx), ratio_y = (int)lround(view->dy / fine->dy);
    int i0 = (int)lround((x - 0.5 * view->dx - fine->x0) / fine->dx);
    int j0 = (int)lround((y - 0.5 * view->dy - fine->y0) / fine->dy);
    double sum = 0;
    for (int j = 1; j <= ratio_y; ++j) {
        for (int i = 1; i <= ratio_x; ++i) {
            sum += fine->h[SWE_INDEX(fine, i0 + i, j0 + j)];
        }
    }
    return sum / (ratio_x * ratio_y);
}

int swe_validate_prepare_reference(const validation_case *vc, enum swe_solver solver,
                                   validation_reference *ref)
{
    swe_error err;
    const swe_scenario *scenario = swe_scenario_find(vc->scenario);
    if (strcmp(vc->name, "thacker") == 0) {
        ref->thacker_at = (swe_thacker_at){&ref->thacker, vc->t_end};
        return swe_thacker_init(&ref->thacker, swe_scenario_parameter(scenario, "centre_x"),
                                swe_scenario_parameter(scenario, "centre_y"),
                                swe_scenario_parameter(scenario, "radius"),
                                swe_scenario_parameter(scenario, "depth"),
                                swe_scenario_parameter(scenario, "amplitude"), &err) == SWE_OK;
    }
    if (strcmp(vc->name, "circular") == 0) {
        return swe_radial_reference_solve(&ref->radial, swe_scenario_parameter(scenario, "radius"),
                                          swe_scenario_parameter(scenario, "h_inside"),
                                          swe_scenario_parameter(scenario, "h_outside"), 36.0,
                                          RADIAL_REFERENCE_CELLS, vc->t_end, &err) == SWE_OK;
    }
    if (strcmp(vc->name, "partial") == 0) {
        long steps;
        double seconds, drift;
        return swe_validate_run_case(vc, "serial", solver, ref->fine_cells, &ref->fine, &steps,
                                     &seconds, &drift);
    }
    return swe_dam_break_exact_init(&ref->dam_break, swe_scenario_parameter(scenario, "h_left"),
                                    swe_scenario_parameter(scenario, "h_right"),
                                    swe_scenario_parameter(scenario, "x_dam"), &err) == SWE_OK;
}

void swe_validate_release_reference(const validation_case *vc, validation_reference *ref)
{
    if (strcmp(vc->name, "circular") == 0) {
        swe_radial_reference_free(&ref->radial);
    } else if (strcmp(vc->name, "partial") == 0) {
        swe_validation_finish(&ref->fine);
    }
}

/* Circular dam break: the radial reference at the distance from the centre. */
static double radial_depth(double x, double y, const void *data)
{
    return swe_radial_reference_depth(hypot(x - 25.0, y - 25.0), data);
}

/* Reference depth at (x, y) for a block of this case. */
double swe_validate_reference_depth(const validation_case *vc, const validation_reference *ref,
                                    const swe_block *block, double x, double y)
{
    if (strcmp(vc->name, "thacker") == 0) {
        return swe_validation_thacker_depth(x, y, &ref->thacker_at);
    }
    if (strcmp(vc->name, "circular") == 0) {
        return radial_depth(x, y, &ref->radial);
    }
    if (strcmp(vc->name, "partial") == 0) {
        coarse_view view = {&ref->fine, block->dx, block->dy};
        return fine_average_depth(x, y, &view);
    }
    return dam_break_depth(x, y, &ref->dam_break);
}
