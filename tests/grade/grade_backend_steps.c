/* Whole-backend checks against the serial backend (see
 * grade_backend_steps.h). */
#include "tests/grade/grade_backend_steps.h"

#include "cartesian/grid/boundary.h"
#include "cartesian/grid/state_check.h"
#include "cartesian/program/options.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;

/* The backend that computes one side of a case, at a level. */
typedef struct backend_level {
    const swe_cartesian_backend *backend; /* NULL: not built here, the outputs stay NaN */
    int level;
    double step_ulps; /* the tolerance of a step, for the speed's conditioning */
} backend_level;

typedef struct step_case {
    swe_block block; /* random state, ghost layers set */
    enum swe_solver solver;
    real dt;
} step_case;

static void make_step_case(const grade_backend_checks *checks, const char *test_id, int case_number,
                           step_case *step)
{
    grade_rng rng = grade_case_rng(test_id, case_number);
    int nx = grade_integer(&rng, 1, checks->max_nx), ny = grade_integer(&rng, 1, checks->max_ny);
    nx = nx * ny < 2 ? 2 : nx;
    double width = nx * grade_uniform(&rng, 0.5, 2), height = ny * grade_uniform(&rng, 0.5, 2);
    swe_error err;
    memset(step, 0, sizeof *step);
    if (swe_block_create(&step->block, nx, ny, 0, 0, width, height, &err) != SWE_OK) {
        grade_harness_failure(err.message);
    }
    grade_random_moving_state(&rng, &step->block);
    swe_set_boundary_layers(&step->block); /* the bed's ghosts too, as every backend sees them */
    step->solver = (enum swe_solver)((case_number - 1) % checks->solvers);
    /* A step the solver could take: at a CFL number below one half of the
     * state's fastest wave, as the time-step rule would choose it. */
    real fastest = swe_state_max_wave_speed(&step->block);
    double cell = fmin(step->block.dx, step->block.dy);
    step->dt = (real)(grade_uniform(&rng, 0.1, 0.45) * cell / fmax(fastest, 1e-3));
}

/* The largest terms a step sums into cell c, from the cell and its four
 * neighbours before the step: depths and momenta for the depth, momentum
 * fluxes too for the momenta. */
static void step_magnitudes(const swe_block *before, size_t c, double *depth, double *momentum)
{
    const size_t stencil[5] = {c, c - 1, c + 1, c - before->stride, c + before->stride};
    *depth = *momentum = 0;
    for (int k = 0; k < 5; ++k) {
        double h = before->h[stencil[k]], hu = fabs((double)before->hu[stencil[k]]),
               hv = fabs((double)before->hv[stencil[k]]);
        double flux = (h > 0 ? (hu * hu + hv * hv) / h : 0) + SWE_GRAVITY * h * h / 2;
        *depth = fmax(*depth, fmax(h, fmax(hu, hv)));
        *momentum = fmax(*momentum, fmax(fmax(hu, hv), flux));
    }
}

/* How far the max wave speed after a step may move when a correct kernel
 * rounds each sum of the step differently (contracted, or in another
 * order), by ROUNDING_ULPS units of its largest term: a cell drained to a
 * thin film that still moves, or one that ends near the dry tolerance,
 * makes the speed ill-conditioned. The answer, in units of the case's
 * tolerance (`ulps`) at the max speed, is at least 1. */
enum { ROUNDING_ULPS = 8 };
static double speed_tolerance_scale(const swe_block *before, const swe_block *after, double ulps)
{
    const double epsilon = sizeof(real) == sizeof(float) ? FLT_EPSILON : DBL_EPSILON;
    const double dry = SWE_DRY_TOLERANCE, g = SWE_GRAVITY;
    double widest = 0;
    for (int j = 1; j <= after->ny; ++j) {
        for (int i = 1; i <= after->nx; ++i) {
            size_t c = SWE_INDEX(after, i, j);
            double h = after->h[c],
                   q = fmax(fabs((double)after->hu[c]), fabs((double)after->hv[c]));
            double dh, dq;
            step_magnitudes(before, c, &dh, &dq);
            dh *= ROUNDING_ULPS * epsilon;
            dq *= ROUNDING_ULPS * epsilon;
            double high = h + dh < dry ? 0 : (q + dq) / fmax(h - dh, dry) + sqrt(g * (h + dh));
            double low = h - dh < dry ? 0 : fmax(q - dq, 0) / (h + dh) + sqrt(g * (h - dh));
            widest = fmax(widest, high - low);
        }
    }
    double fastest = swe_state_max_wave_speed(after);
    return fmax(1, 2 * widest / (ulps * epsilon * (1 + fastest)));
}

/* Runs one step of a copy of the case's block with a backend: the max
 * wave speed before it, the interior after it and the speed it returns.
 * A backend that fails leaves them NaN and says why. */
static void compute_step(const void *kernels, const void *input, grade_outputs *outputs)
{
    const backend_level *chosen = kernels;
    const step_case *step = input;
    const swe_block *source = &step->block;
    real *speed_before = grade_add_value(outputs, "wave_speed_before");
    real *h = grade_add_cells(outputs, "h", source->nx, source->ny);
    real *hu = grade_add_cells(outputs, "hu", source->nx, source->ny);
    real *hv = grade_add_cells(outputs, "hv", source->nx, source->ny);
    real *speed_after = grade_add_value(outputs, "wave_speed_after");
    swe_block block;
    swe_error err;
    if (chosen->backend == NULL) {
        fprintf(stderr, "this build has no such backend\n");
        return;
    }
    if (swe_block_create(&block, source->nx, source->ny, source->x0, source->y0,
                         source->nx * source->dx, source->ny * source->dy, &err) != SWE_OK) {
        grade_harness_failure(err.message);
    }
    size_t bytes = swe_block_size(source) * sizeof(real);
    memcpy(block.h, source->h, bytes);
    memcpy(block.hu, source->hu, bytes);
    memcpy(block.hv, source->hv, bytes);
    memcpy(block.b, source->b, bytes);
    memcpy(block.boundary, source->boundary, sizeof block.boundary);
    block.backend = chosen->backend;
    swe_cartesian_backend_config config = {.solver = step->solver, .model.level = chosen->level};
    real before = 0, after = 0;
    int status = chosen->backend->init(&block, &config, &err);
    if (status == SWE_OK) {
        status = chosen->backend->sync_after_write(&block, &err);
        status = status ? status : chosen->backend->max_wave_speed(&block, &before, &err);
        status = status ? status : chosen->backend->step(&block, step->dt, &after, &err);
        status = status ? status : chosen->backend->sync_before_read(&block, &err);
        chosen->backend->finalize(&block);
    }
    if (status == SWE_OK) {
        grade_copy_interior(&block, h, hu, hv);
        *speed_before = before;
        *speed_after = after;
        grade_scale_tolerance(outputs, speed_tolerance_scale(source, &block, chosen->step_ulps));
    } else {
        fprintf(stderr, "%s\n", err.message);
    }
    swe_block_destroy(&block);
}

static void compute_run(const void *kernels, const void *input, grade_outputs *outputs)
{
    const backend_level *chosen = kernels;
    grade_run run = *(const grade_run *)input;
    run.level = chosen->level;
    grade_run_outputs(chosen->backend, &run, outputs); /* NULL: NaN */
}

/* The backend under test in the student's build, the serial backend (of
 * the reference kernels) in the grader's. */
static void sides(const grade_backend_checks *checks, grade_compute compute,
                  backend_level levels[2], grade_side *actual, grade_side *expected)
{
    levels[0] = (backend_level){swe_cartesian_backend_find(checks->backend), checks->level,
                                checks->step_ulps};
    levels[1] = (backend_level){&swe_cartesian_serial_backend, 0, checks->step_ulps};
    *actual = (grade_side){compute, &levels[0]};
    *expected = (grade_side){compute, &levels[1]};
}

void grade_check_backend_steps(const grade_backend_checks *checks, const char *test_id, int cases)
{
    backend_level levels[2];
    grade_side actual, expected;
    sides(checks, compute_step, levels, &actual, &expected);
    for (int k = 1; k <= cases; ++k) {
        step_case step;
        make_step_case(checks, test_id, k, &step);
        char description[128];
        snprintf(description, sizeof description, "level %d, %s, nx=%d, ny=%d", checks->level,
                 swe_solver_name(step.solver), step.block.nx, step.block.ny);
        const grade_case a_case = {k, cases, description, checks->step_ulps};
        grade_emit_case(&a_case, actual, expected, &step);
        swe_block_destroy(&step.block);
    }
}

void grade_check_backend_runs(const grade_backend_checks *checks, const char *test_id, int cases)
{
    const int level = checks->level;
    backend_level levels[2];
    grade_side actual, expected;
    sides(checks, compute_run, levels, &actual, &expected);
    for (int k = 1; k <= cases; ++k) {
        grade_rng rng = grade_case_rng(test_id, k);
        grade_run run = {.scenario = k % 2 ? "radial-dam-break" : "bump-dam-break",
                         .nx = grade_integer(&rng, 20, 150),
                         .ny = grade_integer(&rng, 20, 150),
                         .steps = 20,
                         .solver = (enum swe_solver)((k - 1) % checks->solvers)};
        char description[128];
        snprintf(description, sizeof description, "level %d, %s, %s, %d x %d cells, %d steps",
                 level, run.scenario, swe_solver_name(run.solver), run.nx, run.ny, run.steps);
        const grade_case a_case = {k, cases, description, checks->run_ulps};
        grade_emit_case(&a_case, actual, expected, &run);
    }
}
