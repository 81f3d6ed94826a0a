/* Whole-backend checks against the reference serial backend (see
 * grade_backend_steps.h). */
#include "grade_backend_steps.h"

#include "grid/boundary.h"
#include "run/options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SWE_GRADE_WITH_REFERENCE
#include "serial_reference.h"
#endif

static const grade_backend_level *reference(void)
{
#ifdef SWE_GRADE_WITH_REFERENCE
    static const grade_backend_level serial = {&reference_serial_backend, 0, NULL};
    return &serial;
#else
    return NULL;
#endif
}

static int usable(const grade_backend_level *chosen)
{
    return chosen->device_available == NULL || chosen->device_available();
}

typedef struct step_case {
    swe_block block; /* random state, ghost layers set */
    enum swe_solver solver;
    real dt;
} step_case;

static int make_step_case(const grade_backend_checks *checks, const char *test_id, int case_number,
                          step_case *step)
{
    grade_rng rng = grade_case_rng(test_id, case_number);
    int nx = grade_integer(&rng, 1, checks->max_nx), ny = grade_integer(&rng, 1, checks->max_ny);
    double width = nx * grade_uniform(&rng, 0.5, 2), height = ny * grade_uniform(&rng, 0.5, 2);
    swe_error err;
    memset(step, 0, sizeof *step);
    if (swe_block_create(&step->block, nx, ny, 0, 0, width, height, &err) != SWE_OK) {
        CU_FAIL_FATAL("cannot create a block for the test");
        return 0;
    }
    grade_random_state(&rng, &step->block);
    swe_set_boundary_layers(&step->block); /* the bed's ghosts too, as every backend sees them */
    step->solver = (enum swe_solver)((case_number - 1) % checks->solvers);
    step->dt = (real)grade_uniform(&rng, 0.002, 0.05);
    return 1;
}

/* Runs one step of a copy of the case's block with a backend: the max
 * wave speed before it, the interior after it and the speed it returns.
 * A backend that fails leaves them NaN and says why. */
static void compute_step(const void *kernels, const void *input, grade_outputs *outputs)
{
    const grade_backend_level *chosen = kernels;
    const step_case *step = input;
    const swe_block *source = &step->block;
    size_t cells = (size_t)source->nx * (size_t)source->ny;
    real *speed_before = grade_add_field(outputs, "wave_speed_before", 1);
    real *h = grade_add_field(outputs, "h", cells);
    real *hu = grade_add_field(outputs, "hu", cells);
    real *hv = grade_add_field(outputs, "hv", cells);
    real *speed_after = grade_add_field(outputs, "wave_speed_after", 1);
    if (!usable(chosen)) {
        return; /* recording reference data on a machine without the device */
    }
    swe_block block;
    swe_error err;
    if (swe_block_create(&block, source->nx, source->ny, source->x0, source->y0,
                         source->nx * source->dx, source->ny * source->dy, &err) != SWE_OK) {
        CU_FAIL_FATAL("cannot create a block for the test");
        return;
    }
    size_t bytes = swe_block_size(source) * sizeof(real);
    memcpy(block.h, source->h, bytes);
    memcpy(block.hu, source->hu, bytes);
    memcpy(block.hv, source->hv, bytes);
    memcpy(block.b, source->b, bytes);
    memcpy(block.boundary, source->boundary, sizeof block.boundary);
    block.backend = chosen->backend;
    swe_backend_config config = {.solver = step->solver, .level = chosen->level};
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
    } else {
        fprintf(stderr, "%s\n", err.message);
    }
    swe_block_destroy(&block);
}

static void compute_run(const void *kernels, const void *input, grade_outputs *outputs)
{
    const grade_backend_level *chosen = kernels;
    grade_run run = *(const grade_run *)input;
    run.level = chosen->level;
    grade_run_outputs(usable(chosen) ? chosen->backend : NULL, &run, outputs); /* NULL: NaN */
}

void grade_check_backend_steps(const grade_backend_checks *checks, const char *test_id, int cases)
{
    const int level = checks->student.level;
    for (int k = 1; k <= cases; ++k) {
        step_case step;
        if (!make_step_case(checks, test_id, k, &step)) {
            return;
        }
        char description[128];
        snprintf(description, sizeof description, "level %d, %s, nx=%d, ny=%d", level,
                 swe_solver_name(step.solver), step.block.nx, step.block.ny);
        grade_check_case(test_id, k, cases, description, compute_step, &checks->student,
                         reference(), &step, checks->step_ulps, __FILE__, __LINE__);
        swe_block_destroy(&step.block);
    }
}

void grade_check_backend_runs(const grade_backend_checks *checks, const char *test_id, int cases)
{
    const int level = checks->student.level;
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
        grade_check_case(test_id, k, cases, description, compute_run, &checks->student, reference(),
                         &run, checks->run_ulps, __FILE__, __LINE__);
    }
}
