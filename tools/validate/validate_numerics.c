/* shallows-validate's well-balance, open-boundary and dry-front commands:
 *   rest SOLVER              lake at rest over a bump and around an island
 *   balance CASE SOLVER T    a rest case (shoal, island, coast, rough) to T
 *                            seconds: momentum, surface change, land depth
 *   dambreak CASE SOLVER N.. ritter or stoker on N x 1 cells at 20 s: L1
 *                            of h and of hu against the exact solution, and
 *                            the farthest cells holding water (h > 0) and
 *                            1 mm of it, beside the exact front (Ritter)
 *   firststep SOLVER         the 10 | 2 m dam break on 1000 x 1 cells after
 *                            one step of 0.04 s: h and hu of the cells 499
 *                            and 500 (0-based) beside the dam */
#include "tools/validate/validate_numerics.h"

#include "cartesian/program/options.h"
#include "cartesian/scenarios/rest_cases.h"
#include "cartesian/scenarios/scenario.h"
#include "cartesian/scenarios/validation.h"
#include "core/timer.h"
#include "shallow_water/dam_break_exact.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void print_rest(const char *name, enum swe_solver solver, long steps, const swe_block *block)
{
    swe_rest_figures rest = swe_validation_rest_figures(block, 0.0);
    printf("%s,%s,%s,%ld,%.3e,%.3e,%.3e\n", name, swe_solver_name(solver), SWE_PRECISION_NAME,
           steps, rest.max_momentum, rest.max_surface_change, rest.max_depth_on_land);
}

/* Sets the block up on the serial backend and runs it to t_end. */
static int advance_on_serial(swe_block *block, enum swe_solver solver, double t_end, long *steps)
{
    swe_error err;
    block->backend = swe_cartesian_backend_find("serial");
    swe_cartesian_backend_config config = {.solver = solver, .model.level = 0, .manning = 0};
    if (block->backend->init(block, &config, &err) != SWE_OK) {
        block->backend = NULL;
    }
    if (block->backend == NULL ||
        swe_validation_advance(block, 0.5, t_end, steps, &err) != SWE_OK) {
        fprintf(stderr, "shallows-validate: %s\n", err.message);
        swe_validation_finish(block);
        return 0;
    }
    return 1;
}

int swe_validate_rest(enum swe_solver solver)
{
    swe_block block;
    long steps;
    swe_error err;
    if (swe_validation_run("lake-at-rest", "serial", 200, 200, solver, 0.0, 100.0, &block, &steps,
                           &err) != SWE_OK) {
        fprintf(stderr, "shallows-validate: %s\n", err.message);
        return 1;
    }
    print_rest("lake-at-rest", solver, steps, &block);
    swe_validation_finish(&block);

    /* The bump raised above the surface: a dry island in the lake. */
    const swe_scenario *lake = swe_scenario_find("lake-at-rest");
    if (swe_scenario_create_block(lake, 200, 200, &block, &err) != SWE_OK) {
        return 1;
    }
    for (size_t c = 0; c < swe_block_size(&block); ++c) {
        block.b[c] = (real)(2.0 * (double)block.b[c] + 14.0); /* crest 14 - 20 + 10 = 4 m */
        block.h[c] = (real)fmax(0.0, -(double)block.b[c]);
    }
    if (!advance_on_serial(&block, solver, 100.0, &steps)) {
        return 1;
    }
    print_rest("dry-island", solver, steps, &block);
    swe_validation_finish(&block);
    return 0;
}

int swe_validate_balance(const char *case_name, enum swe_solver solver, double t_end)
{
    swe_block block;
    swe_error err;
    long steps;
    if (swe_rest_case_create(case_name, 50, &block, &err) != SWE_OK) {
        fprintf(stderr, "shallows-validate: %s\n", err.message);
        return 2;
    }
    if (!advance_on_serial(&block, solver, t_end, &steps)) {
        return 1;
    }
    print_rest(case_name, solver, steps, &block);
    swe_validation_finish(&block);
    return 0;
}

/* One dam-break run: errors of h and hu, front positions, mass drift. */
static int dam_break_line(const char *scenario, const swe_dam_break_exact *exact,
                          enum swe_solver solver, int n)
{
    swe_error err;
    swe_block block;
    long steps;
    double started = swe_wall_seconds();
    if (swe_validation_run(scenario, "serial", n, 1, solver, 0.0, 20.0, &block, &steps, &err) !=
        SWE_OK) {
        fprintf(stderr, "shallows-validate: %s\n", err.message);
        return 1;
    }
    double seconds = swe_wall_seconds() - started;
    double l1_h = 0, l1_hu = 0, wet_front = 0, mm_front = 0, volume = 0, exact_volume = 0;
    for (int i = 1; i <= block.nx; ++i) {
        size_t c = SWE_INDEX(&block, i, 1);
        double x = swe_block_cell_x(&block, i), h, u;
        swe_dam_break_exact_eval(exact, x, 20.0, &h, &u);
        l1_h += fabs((double)block.h[c] - h) * (double)block.dx;
        l1_hu += fabs((double)block.hu[c] - h * u) * (double)block.dx;
        wet_front = block.h[c] > 0 ? x + 0.5 * (double)block.dx : wet_front;
        mm_front = block.h[c] >= (real)1e-3 ? x + 0.5 * (double)block.dx : mm_front;
        volume += (double)block.h[c] * (double)block.dx;
        swe_dam_break_exact_eval(exact, x, 0.0, &h, &u);
        exact_volume += h * (double)block.dx;
    }
    printf("%s,%s,%s,%d,%ld,%.3f,%.6e,%.6e,%.3f,%.3f,%.1e\n", scenario, swe_solver_name(solver),
           SWE_PRECISION_NAME, n, steps, seconds, l1_h, l1_hu, wet_front, mm_front,
           (volume - exact_volume) / exact_volume);
    fflush(stdout);
    swe_validation_finish(&block);
    return 0;
}

int swe_validate_dam_break(const char *case_name, enum swe_solver solver, int grid_count,
                           const int *grids)
{
    const int ritter = strcmp(case_name, "ritter") == 0;
    if (!ritter && strcmp(case_name, "stoker") != 0) {
        fprintf(stderr, "shallows-validate: dambreak needs ritter or stoker\n");
        return 2;
    }
    swe_error err;
    swe_dam_break_exact exact;
    if (swe_dam_break_exact_init(&exact, 10, ritter ? 0 : 2, 500, &err) != SWE_OK) {
        fprintf(stderr, "shallows-validate: %s\n", err.message);
        return 1;
    }
    for (int g = 0; g < grid_count; ++g) {
        if (dam_break_line(ritter ? "dam-break-1d-dry" : "dam-break-1d-wet", &exact, solver,
                           grids[g]) != 0) {
            return 1;
        }
    }
    return 0;
}

int swe_validate_first_step(enum swe_solver solver)
{
    swe_error err;
    swe_block block;
    long steps;
    if (swe_validation_run("dam-break-1d-wet", "serial", 1000, 1, solver, 0.0, 0.04, &block, &steps,
                           &err) != SWE_OK) {
        fprintf(stderr, "shallows-validate: %s\n", err.message);
        return 1;
    }
    size_t left = SWE_INDEX(&block, 500, 1), right = SWE_INDEX(&block, 501, 1);
    printf("firststep,%s,%s,%ld,%.6f,%.6f,%.6f,%.6f\n", swe_solver_name(solver), SWE_PRECISION_NAME,
           steps, (double)block.h[left], (double)block.h[right], (double)block.hu[left],
           (double)block.hu[right]);
    swe_validation_finish(&block);
    return 0;
}
