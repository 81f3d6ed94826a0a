/* The measuring commands of shallows-validate that tools/validate/validate.c
 * describes: convergence, profile and field, split, dump and compare. Each
 * prints CSV lines to stdout or writes the file it is given. */
#include "tools/validate/validate_commands.h"

#include "cartesian/grid/backend.h"
#include "cartesian/program/options.h"
#include "cartesian/scenarios/scenario.h"
#include "tools/validate/validate_cases.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct depth_at {
    const validation_case *vc;
    const validation_reference *ref;
    const swe_block *block;
} depth_at;

static double case_depth(double x, double y, const void *data)
{
    const depth_at *at = data;
    return swe_validate_reference_depth(at->vc, at->ref, at->block, x, y);
}

/* Error norms per grid. The partial dam break has no exact solution: each
 * grid is measured against the next finer one (its cells nest), so the
 * last grid only serves as the reference of the one before. */
int swe_validate_convergence(const validation_case *vc, enum swe_solver solver, int grid_count,
                             const int *grids)
{
    int self_convergence = strcmp(vc->name, "partial") == 0;
    validation_reference ref = {.fine_cells = 0};
    if (!self_convergence && !swe_validate_prepare_reference(vc, solver, &ref)) {
        return 1;
    }
    for (int g = 0; g + self_convergence < grid_count; ++g) {
        ref.fine_cells = self_convergence ? grids[g + 1] : 0;
        if (self_convergence && !swe_validate_prepare_reference(vc, solver, &ref)) {
            return 1;
        }
        swe_block block;
        long steps;
        double seconds, drift;
        if (!swe_validate_run_case(vc, "serial", solver, grids[g], &block, &steps, &seconds,
                                   &drift)) {
            swe_validate_release_reference(vc, &ref);
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
            swe_validate_release_reference(vc, &ref);
        }
    }
    if (!self_convergence) {
        swe_validate_release_reference(vc, &ref);
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

int swe_validate_profile(const validation_case *vc, enum swe_solver solver, int n, const char *path,
                         int whole_field)
{
    validation_reference ref;
    swe_block block;
    long steps;
    double seconds, drift;
    memset(&ref, 0, sizeof ref);
    ref.fine_cells = 2 * n; /* partial dam break: against a run twice as fine */
    /* A field needs no reference (the partial dam break's costs a fine run). */
    if (!whole_field && !swe_validate_prepare_reference(vc, solver, &ref)) {
        return 1;
    }
    if (!swe_validate_run_case(vc, "serial", solver, n, &block, &steps, &seconds, &drift)) {
        swe_validate_release_reference(vc, &ref);
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
                        swe_validate_reference_depth(vc, &ref, &block, x, y), b);
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
        swe_validate_release_reference(vc, &ref);
    }
    return status;
}

/* Thacker's bowl: where the error sits. Cells whose centre lies within
 * SHORELINE_BAND_CELLS cell widths of the exact shoreline form the band;
 * the wet interior and the dry beach lie beyond it on either side. Films:
 * the water below the dry tolerance on ground that is exactly dry. */
enum { SHORELINE_BAND_CELLS = 2 };

int swe_validate_split(enum swe_solver solver, double period_fraction, int grid_count,
                       const int *grids)
{
    const validation_case *vc = swe_validate_find_case("thacker");
    validation_reference ref;
    if (!swe_validate_prepare_reference(vc, solver, &ref)) {
        return 1;
    }
    validation_case at_time = *vc;
    at_time.t_end = period_fraction * swe_thacker_period(&ref.thacker);
    for (int g = 0; g < grid_count; ++g) {
        swe_block block;
        long steps;
        double seconds, drift;
        if (!swe_validate_run_case(&at_time, "serial", solver, grids[g], &block, &steps, &seconds,
                                   &drift)) {
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

/* Interior h, hu, hv as doubles, row by row, for comparisons across builds. */
int swe_validate_dump(const char *scenario_name, enum swe_solver solver, int n, const char *path)
{
    const swe_scenario *scenario = swe_scenario_find(scenario_name);
    if (scenario == NULL) {
        return swe_validate_usage("unknown scenario");
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
int swe_validate_compare(const char *backend_name, enum swe_solver solver, int grid_count,
                         const int *grids)
{
    if (swe_cartesian_backend_find(backend_name) == NULL) {
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
