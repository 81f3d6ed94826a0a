#include "cartesian/scenarios/validation.h"

#include "cartesian/grid/stepping.h"
#include "cartesian/scenarios/scenario.h"

#include <math.h>
#include <stddef.h>

int swe_validation_advance(swe_block *block, double cfl, double t_end, long *steps, swe_error *err)
{
    if (block == NULL || block->backend == NULL || steps == NULL || !(cfl > 0) || !(t_end > 0)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: validation run needs a block, cfl > 0 and t_end > 0");
    }
    swe_clock clock = {.t = 0.0, .steps = 0, .last_dt = 0.0, .cfl = cfl};
    int status = block->backend->max_wave_speed(block, &clock.wave_speed, err);
    if (status == SWE_OK) {
        status = swe_advance(block, &clock, t_end, err);
    }
    if (status == SWE_OK) {
        status = block->backend->sync_before_read(block, err);
    }
    *steps = clock.steps;
    return status;
}

int swe_validation_run(const char *scenario_name, const char *backend_name, int nx, int ny,
                       enum swe_solver solver, double manning, double t_end, swe_block *block,
                       long *steps, swe_error *err)
{
    const swe_scenario *scenario = swe_scenario_find(scenario_name);
    const swe_cartesian_backend *backend = swe_cartesian_backend_find(backend_name);
    if (scenario == NULL || backend == NULL || block == NULL || steps == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "validation: unknown scenario '%s' or backend '%s'",
                        scenario_name != NULL ? scenario_name : "(none)",
                        backend_name != NULL ? backend_name : "(none)");
    }
    int status = swe_scenario_create_block(scenario, nx, ny, block, err);
    if (status != SWE_OK) {
        return status;
    }
    block->backend = backend;
    swe_cartesian_backend_config config = {
        .solver = solver, .model.level = 0, .manning = (real)manning};
    status = backend->init(block, &config, err);
    if (status != SWE_OK) {
        block->backend = NULL;
        swe_block_destroy(block);
        return status;
    }
    status = backend->sync_after_write(block, err);
    if (status == SWE_OK) {
        status = swe_validation_advance(block, scenario->default_cfl, t_end, steps, err);
    }
    if (status != SWE_OK) {
        swe_validation_finish(block);
    }
    return status;
}

void swe_validation_finish(swe_block *block)
{
    if (block == NULL) {
        return;
    }
    if (block->backend != NULL) {
        block->backend->finalize(block);
    }
    swe_block_destroy(block);
}

/* Accumulates one cell's difference into the norms. */
static void add_difference(swe_error_norms *norms, double difference, double area)
{
    double size = fabs(difference);
    norms->l1 += size * area;
    norms->l2 += size * size * area;
    norms->linf = size > norms->linf ? size : norms->linf;
}

swe_error_norms swe_validation_depth_error(const swe_block *block,
                                           double (*depth)(double x, double y, const void *data),
                                           const void *data)
{
    swe_error_norms norms = {0, 0, 0};
    if (block == NULL || depth == NULL) {
        return (swe_error_norms){NAN, NAN, NAN};
    }
    double area = (double)block->dx * (double)block->dy;
    for (int j = 1; j <= block->ny; ++j) {
        double y = swe_block_cell_y(block, j);
        for (int i = 1; i <= block->nx; ++i) {
            double reference = depth(swe_block_cell_x(block, i), y, data);
            add_difference(&norms, (double)block->h[SWE_INDEX(block, i, j)] - reference, area);
        }
    }
    norms.l2 = sqrt(norms.l2);
    return norms;
}

double swe_validation_thacker_depth(double x, double y, const void *thacker_at)
{
    const swe_thacker_at *at = thacker_at;
    double h, u, v;
    swe_thacker_eval(at->exact, x, y, at->t, &h, &u, &v);
    return h;
}

swe_rest_figures swe_validation_rest_figures(const swe_block *block, double surface)
{
    swe_rest_figures figures = {0, 0, 0};
    if (block == NULL) {
        return (swe_rest_figures){NAN, NAN, NAN};
    }
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            size_t c = SWE_INDEX(block, i, j);
            double h = block->h[c], b = block->b[c];
            figures.max_momentum = fmax(
                figures.max_momentum, fmax(fabs((double)block->hu[c]), fabs((double)block->hv[c])));
            if (b >= surface) {
                figures.max_depth_on_land = fmax(figures.max_depth_on_land, h);
            } else {
                figures.max_surface_change =
                    fmax(figures.max_surface_change, fabs(h + b - surface));
            }
        }
    }
    return figures;
}
