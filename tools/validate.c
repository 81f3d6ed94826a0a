/* The measuring half of `make validate`: runs the validation cases in
 * memory and prints their figures as CSV lines (or writes profiles, fields
 * and raw dumps for plots); tools/validate.py turns them into
 * docs/VALIDATION.md. Commands:
 *   convergence CASE SOLVER N...   error norms per grid (CASE: thacker,
 *                                  circular, partial, stoker, ritter; partial:
 *                                  each grid against the next, nested, finer one)
 *   profile CASE SOLVER N FILE     x, h, reference depth, bed along a line
 *   field CASE SOLVER N FILE       x, y, h, surface for gnuplot's image plots
 *   split SOLVER FRACTION N...     Thacker after FRACTION of a period: L1 error in all,
 *                                  in the wet interior, in the band of 2 cells either
 *                                  side of the exact shoreline and on the dry beach
 *                                  beyond it, and the water left on exactly dry ground
 *                                  in films thinner than the dry tolerance
 *   rest SOLVER, balance CASE SOLVER T, dambreak CASE SOLVER N..., firststep SOLVER
 *                                  see tools/validate_numerics.c
 *   dump SCENARIO SOLVER N FILE    h, hu, hv of the interior at t_end, raw doubles
 *   compare BACKEND SOLVER N...    L1 difference of BACKEND against serial */
#include "core/timer.h"
#include "radial_reference.h"
#include "run/options.h"
#include "scenarios/dam_break_exact.h"
#include "scenarios/scenario.h"
#include "scenarios/validation.h"
#include "validate_numerics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_GRIDS = 16 };

typedef struct validation_case {
    const char *name;     /* command-line name */
    const char *scenario; /* the scenario it runs */
    double t_end;         /* seconds */
    int ny_is_nx;         /* square grids; else 1D with ny = 2 */
} validation_case;

/* Thacker: one period; partial dam break: as published; the 1D dam breaks
 * at 20 s, before any wave leaves the 1000 m domain. */
static const validation_case cases[] = {
    {"thacker", "thacker-bowl", 4.485701465466374, 1},
    {"circular", "circular-dam-break", 0.69, 1},
    {"partial", "partial-dam-break", 7.2, 1},
    {"stoker", "dam-break-1d-wet", 20, 0},
    {"ritter", "dam-break-1d-dry", 20, 0},
};

/* Cells of the radial reference over [0, 36 m]: 0.0018 m, 70 times finer
 * than the finest 2D grid. */
enum { RADIAL_REFERENCE_CELLS = 20000 };

static int usage(const char *message)
{
    fprintf(stderr, "shallows-validate: %s (see the comment at the top of tools/validate.c)\n",
            message);
    return 2;
}

static const validation_case *find_case(const char *name)
{
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        if (strcmp(cases[c].name, name) == 0) {
            return &cases[c];
        }
    }
    return NULL;
}

static int parse_solver(const char *name, enum swe_solver *solver)
{
    for (int s = 0; s < SWE_SOLVER_COUNT; ++s) {
        if (strcmp(swe_solver_name((enum swe_solver)s), name) == 0) {
            *solver = (enum swe_solver)s;
            return 1;
        }
    }
    return 0;
}

static int parse_grid(const char *text, int *cells)
{
    char *end = NULL;
    long value = strtol(text, &end, 10);
    if (end == text || *end != '\0' || value < 2 || value > 32768) {
        return 0;
    }
    *cells = (int)value;
    return 1;
}

/* Runs a case on an n-cell grid; the block holds the state at t_end. */
static int run_case(const validation_case *vc, const char *backend, enum swe_solver solver, int n,
                    swe_block *block, long *steps, double *seconds, double *mass_drift)
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

/* The references each case is measured against. */
typedef struct reference {
    swe_thacker_exact thacker;
    swe_thacker_at thacker_at;
    swe_radial_reference radial;
    swe_dam_break_exact dam_break;
    swe_block fine; /* partial dam break: a finer run of the same solver */
    int fine_cells;
} reference;

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

static int prepare_reference(const validation_case *vc, enum swe_solver solver, reference *ref)
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
        return run_case(vc, "serial", solver, ref->fine_cells, &ref->fine, &steps, &seconds,
                        &drift);
    }
    return swe_dam_break_exact_init(&ref->dam_break, swe_scenario_parameter(scenario, "h_left"),
                                    swe_scenario_parameter(scenario, "h_right"),
                                    swe_scenario_parameter(scenario, "x_dam"), &err) == SWE_OK;
}

static void release_reference(const validation_case *vc, reference *ref)
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
static double reference_depth(const validation_case *vc, const reference *ref,
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

typedef struct depth_at {
    const validation_case *vc;
    const reference *ref;
    const swe_block *block;
} depth_at;

static double case_depth(double x, double y, const void *data)
{
    const depth_at *at = data;
    return reference_depth(at->vc, at->ref, at->block, x, y);
}

/* Error norms per grid. The partial dam break has no exact solution: each
 * grid is measured against the next finer one (its cells nest), so the
 * last grid only serves as the reference of the one before. */
static int command_convergence(const validation_case *vc, enum swe_solver solver, int grid_count,
                               const int *grids)
{
    int self_convergence = strcmp(vc->name, "partial") == 0;
    reference ref = {.fine_cells = 0};
    if (!self_convergence && !prepare_reference(vc, solver, &ref)) {
        return 1;
    }
    for (int g = 0; g + self_convergence < grid_count; ++g) {
        ref.fine_cells = self_convergence ? grids[g + 1] : 0;
        if (self_convergence && !prepare_reference(vc, solver, &ref)) {
            return 1;
        }
        swe_block block;
        long steps;
        double seconds, drift;
        if (!run_case(vc, "serial", solver, grids[g], &block, &steps, &seconds, &drift)) {
            release_reference(vc, &ref);
            return 1;
        }
        depth_at at = {vc, &ref, &block};
        swe_error_norms norms = swe_validation_depth_error(&block, case_depth, &at);
        /* 1D cases: per metre of width. */
        double width = vc->ny_is_nx ? 1.0 : block.ny * (double)block.dy;
        printf("%s,%s,%s,%d,%ld,%.3f,%.6e,%.6e,%.6e,%.3e\n", vc->name, swe_solver_name(solver),
               SWE_PRECISION_NAME, grids[g], steps, seconds, norms.l1 / width,
               norms.l2 / sqrt(width), norms.linf, drift);
        fflush(stdout);
        swe_validation_finish(&block);
        if (self_convergence) {
            release_reference(vc, &ref);
        }
    }
    if (!self_convergence) {
        release_reference(vc, &ref);
    }
    return 0;
}

/* The row through which profiles are drawn: the centre line of the bowl
 * and the circle, the middle of the breach, the 1D channel. */
static double profile_y(const validation_case *vc)
{
    if (strcmp(vc->name, "thacker") == 0) {
        return 2.0;
    }
    if (strcmp(vc->name, "circular") == 0) {
        return 25.0;
    }
    if (strcmp(vc->name, "partial") == 0) {
        return 132.5;
    }
    return 0.0;
}

static int command_profile(const validation_case *vc, enum swe_solver solver, int n,
                           const char *path, int whole_field)
{
    reference ref;
    swe_block block;
    long steps;
    double seconds, drift;
    memset(&ref, 0, sizeof ref);
    ref.fine_cells = 2 * n; /* partial dam break: against a run twice as fine */
    /* A field needs no reference (the partial dam break's costs a fine run). */
    if (!whole_field && !prepare_reference(vc, solver, &ref)) {
        return 1;
    }
    if (!run_case(vc, "serial", solver, n, &block, &steps, &seconds, &drift)) {
        release_reference(vc, &ref);
        return 1;
    }
    FILE *file = fopen(path, "w");
    int status = file != NULL ? 0 : 1;
    int row = 1 + (int)floor((profile_y(vc) - block.y0) / block.dy);
    row = row < 1 ? 1 : (row > block.ny ? block.ny : row);
    for (int j = whole_field ? 1 : row; file != NULL && j <= (whole_field ? block.ny : row); ++j) {
        double y = swe_block_cell_y(&block, j);
        for (int i = 1; i <= block.nx; ++i) {
            size_t c = SWE_INDEX(&block, i, j);
            double x = swe_block_cell_x(&block, i), h = block.h[c], b = block.b[c];
            if (whole_field) {
                fprintf(file, "%.6g %.6g %.6g %.6g\n", x, y, h, h > 0 ? h + b : NAN);
            } else {
                fprintf(file, "%.6g %.6g %.6g %.6g\n", x, h,
                        reference_depth(vc, &ref, &block, x, y), b);
            }
        }
        if (whole_field) {
            fputc('\n', file);
        }
    }
    if (file == NULL || fclose(file) != 0) {
        fprintf(stderr, "shallows-validate: cannot write %s\n", path);
        status = 1;
    }
    swe_validation_finish(&block);
    if (!whole_field) {
        release_reference(vc, &ref);
    }
    return status;
}

/* Thacker's bowl: where the error sits. Cells whose centre lies within
 * SHORELINE_BAND_CELLS cell widths of the exact shoreline form the band;
 * the wet interior and the dry beach lie beyond it on either side. Films:
 * the water below the dry tolerance on ground that is exactly dry. */
enum { SHORELINE_BAND_CELLS = 2 };

static int command_split(enum swe_solver solver, double period_fraction, int grid_count,
                         const int *grids)
{
    const validation_case *vc = find_case("thacker");
    reference ref;
    if (!prepare_reference(vc, solver, &ref)) {
        return 1;
    }
    validation_case at_time = *vc;
    at_time.t_end = period_fraction * swe_thacker_period(&ref.thacker);
    for (int g = 0; g < grid_count; ++g) {
        swe_block block;
        long steps;
        double seconds, drift;
        if (!run_case(&at_time, "serial", solver, grids[g], &block, &steps, &seconds, &drift)) {
            return 1;
        }
        double area = (double)block.dx * (double)block.dy;
        double band = SHORELINE_BAND_CELLS * (double)block.dx;
        double film = 0, error_all = 0, error_wet = 0, error_band = 0, error_dry = 0;
        for (int j = 1; j <= block.ny; ++j) {
            for (int i = 1; i <= block.nx; ++i) {
                double x = swe_block_cell_x(&block, i), y = swe_block_cell_y(&block, j);
                double h = block.h[SWE_INDEX(&block, i, j)], exact, u, v;
                swe_thacker_eval(&ref.thacker, x, y, at_time.t_end, &exact, &u, &v);
                double error = fabs(h - exact) * area;
                double distance = swe_thacker_shoreline_distance(&ref.thacker, x, y, at_time.t_end);
                film += exact <= 0 && h < SWE_DRY_TOLERANCE ? h * area : 0;
                error_all += error;
                error_wet += distance < -band ? error : 0;
                error_band += fabs(distance) <= band ? error : 0;
                error_dry += distance > band ? error : 0;
            }
        }
        printf("split,%s,%s,%.3g,%.4g,%d,%ld,%.4e,%.4e,%.4e,%.4e,%.4e\n", swe_solver_name(solver),
               SWE_PRECISION_NAME, (double)SWE_DRY_TOLERANCE, period_fraction, grids[g], steps,
               error_all, error_wet, error_band, error_dry, film);
        fflush(stdout);
        swe_validation_finish(&block);
    }
    return 0;
}

/* Lake at rest over the Gaussian bump, and around dry islands. */
/* Interior h, hu, hv as doubles, row by row, for comparisons across builds. */
static int command_dump(const char *scenario_name, enum swe_solver solver, int n, const char *path)
{
    const swe_scenario *scenario = swe_scenario_find(scenario_name);
    if (scenario == NULL) {
        return usage("unknown scenario");
    }
    swe_block block;
    long steps;
    swe_error err;
    if (swe_validation_run(scenario_name, "serial", n, n, solver, 0.0, scenario->default_t_end,
                           &block, &steps, &err) != SWE_OK) {
        fprintf(stderr, "shallows-validate: %s\n", err.message);
        return 1;
    }
    FILE *file = fopen(path, "wb");
    int written = file != NULL;
    real *arrays[] = {block.h, block.hu, block.hv};
    for (int a = 0; written && a < 3; ++a) {
        for (int j = 1; written && j <= block.ny; ++j) {
            for (int i = 1; written && i <= block.nx; ++i) {
                double value = arrays[a][SWE_INDEX(&block, i, j)];
                written = fwrite(&value, sizeof value, 1, file) == 1;
            }
        }
    }
    if (file == NULL || fclose(file) != 0 || !written) {
        fprintf(stderr, "shallows-validate: cannot write %s\n", path);
        swe_validation_finish(&block);
        return 1;
    }
    swe_validation_finish(&block);
    return 0;
}

/* Mean absolute difference of h, hu, hv between a backend and serial on
 * the bump dam break. */
static int command_compare(const char *backend_name, enum swe_solver solver, int grid_count,
                           const int *grids)
{
    if (swe_backend_find(backend_name) == NULL) {
        printf("skipped: backend %s is not built into this binary\n", backend_name);
        return 0;
    }
    const swe_scenario *scenario = swe_scenario_find("bump-dam-break");
    for (int g = 0; g < grid_count; ++g) {
        swe_block serial, other;
        long steps_serial, steps_other;
        swe_error err;
        int n = grids[g];
        if (swe_validation_run(scenario->name, "serial", n, n, solver, 0.0, scenario->default_t_end,
                               &serial, &steps_serial, &err) != SWE_OK) {
            fprintf(stderr, "shallows-validate: %s\n", err.message);
            return 1;
        }
        if (swe_validation_run(scenario->name, backend_name, n, n, solver, 0.0,
                               scenario->default_t_end, &other, &steps_other, &err) != SWE_OK) {
            printf("skipped: backend %s cannot run here: %s\n", backend_name, err.message);
            swe_validation_finish(&serial);
            return 0;
        }
        double difference[3] = {0, 0, 0};
        for (int j = 1; j <= n; ++j) {
            for (int i = 1; i <= n; ++i) {
                size_t c = SWE_INDEX(&serial, i, j);
                difference[0] += fabs((double)serial.h[c] - (double)other.h[c]);
                difference[1] += fabs((double)serial.hu[c] - (double)other.hu[c]);
                difference[2] += fabs((double)serial.hv[c] - (double)other.hv[c]);
            }
        }
        double cells = (double)n * n;
        printf("compare,%s,%s,%s,%d,%ld,%ld,%.3e,%.3e,%.3e\n", backend_name,
               swe_solver_name(solver), SWE_PRECISION_NAME, n, steps_serial, steps_other,
               difference[0] / cells, difference[1] / cells, difference[2] / cells);
        fflush(stdout);
        swe_validation_finish(&serial);
        swe_validation_finish(&other);
    }
    return 0;
}

/* balance CASE SOLVER SECONDS */
static int command_balance(int argc, char **argv)
{
    enum swe_solver solver;
    char *end = NULL;
    double t_end = argc == 5 ? strtod(argv[4], &end) : 0;
    if (argc != 5 || !parse_solver(argv[3], &solver) || end == argv[4] || *end != '\0' ||
        !(t_end > 0 && t_end < 1e6)) {
        return usage("balance needs CASE SOLVER SECONDS");
    }
    return swe_validate_balance(argv[2], solver, t_end);
}

/* Reads grids from argv[first..argc-1]. */
static int parse_grids(int argc, char **argv, int first, int *grids, int *count)
{
    *count = 0;
    for (int a = first; a < argc; ++a) {
        if (*count == MAX_GRIDS || !parse_grid(argv[a], &grids[*count])) {
            return 0;
        }
        ++*count;
    }
    return *count > 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        return usage("needs a command and its arguments");
    }
    const char *command = argv[1];
    enum swe_solver solver = SWE_SOLVER_FWAVE;
    int grids[MAX_GRIDS], grid_count = 0;
    if (strcmp(command, "rest") == 0) {
        return parse_solver(argv[2], &solver) ? swe_validate_rest(solver) : usage("unknown solver");
    }
    if (strcmp(command, "firststep") == 0) {
        return parse_solver(argv[2], &solver) ? swe_validate_first_step(solver)
                                              : usage("unknown solver");
    }
    if (strcmp(command, "balance") == 0) {
        return command_balance(argc, argv);
    }
    if (strcmp(command, "split") == 0) {
        char *end = NULL;
        double fraction = argc > 3 ? strtod(argv[3], &end) : 0;
        if (!parse_solver(argv[2], &solver)) {
            return usage("unknown solver");
        }
        if (end == argv[3] || *end != '\0' || !(fraction > 0 && fraction <= 10)) {
            return usage("split needs a fraction of the period in (0, 10]");
        }
        return parse_grids(argc, argv, 4, grids, &grid_count)
                   ? command_split(solver, fraction, grid_count, grids)
                   : usage("bad grid sizes");
    }
    if (argc < 4 || !parse_solver(argv[3], &solver)) {
        return usage("unknown solver");
    }
    if (strcmp(command, "compare") == 0) {
        return parse_grids(argc, argv, 4, grids, &grid_count)
                   ? command_compare(argv[2], solver, grid_count, grids)
                   : usage("bad grid sizes");
    }
    if (strcmp(command, "dambreak") == 0) {
        return parse_grids(argc, argv, 4, grids, &grid_count)
                   ? swe_validate_dam_break(argv[2], solver, grid_count, grids)
                   : usage("bad grid sizes");
    }
    if (strcmp(command, "dump") == 0) {
        return argc == 6 && parse_grid(argv[4], &grids[0])
                   ? command_dump(argv[2], solver, grids[0], argv[5])
                   : usage("dump needs SCENARIO SOLVER N FILE");
    }
    const validation_case *vc = find_case(argv[2]);
    if (vc == NULL) {
        return usage("unknown case");
    }
    if (strcmp(command, "convergence") == 0) {
        return parse_grids(argc, argv, 4, grids, &grid_count)
                   ? command_convergence(vc, solver, grid_count, grids)
                   : usage("bad grid sizes");
    }
    if (strcmp(command, "profile") == 0 || strcmp(command, "field") == 0) {
        return argc == 6 && parse_grid(argv[4], &grids[0])
                   ? command_profile(vc, solver, grids[0], argv[5], strcmp(command, "field") == 0)
                   : usage("profile and field need CASE SOLVER N FILE");
    }
    return usage("unknown command");
}
