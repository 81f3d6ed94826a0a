/* The shadow backend, a test double built only into shallows-tests (and
 * into shallows with `make WITH_SHADOW=yes`, for the check of make bench's
 * verification): serial's kernels run on a private copy of the arrays, as a
 * device backend keeps its state in memory of its own. It is in the test
 * program to show that a backend is tested by being registered: the
 * agreement suite finds it in the registry, no test file names it. And it
 * catches a driver or a test that reads the host arrays without
 * sync_before_read, or writes them without sync_after_write: here, as on a
 * GPU, those hold stale values.
 *
 * SWE_SHADOW_FAULT=F in the environment (read at init) makes it wrong on
 * purpose, for the tests that show a wrong backend is caught: after every
 * step the depth of the middle cell is multiplied by 1 + F, or moved up by
 * one unit in the last place where that changes nothing. */
#include "cartesian/grid/backend.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

extern const swe_backend swe_serial_backend;

typedef struct shadow_fields {
    swe_block state; /* the private copy, on the serial backend */
    double fault;    /* SWE_SHADOW_FAULT; 0: none */
} shadow_fields;

static int read_fault(double *fault, swe_error *err)
{
    const char *text = getenv("SWE_SHADOW_FAULT");
    *fault = 0.0;
    if (text == NULL || text[0] == '\0') {
        return SWE_OK;
    }
    char *end = NULL;
    *fault = strtod(text, &end);
    if (end == text || *end != '\0' || !(*fault >= 0.0) || !isfinite(*fault)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "SWE_SHADOW_FAULT must be a number >= 0 (a relative error), not '%s'",
                        text);
    }
    return SWE_OK;
}

/* A copy of the block's shape: same cell sizes bit for bit, same edges. */
static int create_state(const swe_block *block, swe_block *state, swe_error *err)
{
    int status = swe_block_create_part(state, block->domain_nx, block->domain_ny, block->first_i,
                                       block->first_j, block->nx, block->ny, block->x0, block->y0,
                                       block->width, block->height, err);
    if (status == SWE_OK) {
        state->dx = block->dx;
        state->dy = block->dy;
        state->backend = &swe_serial_backend;
    }
    return status;
}

static int shadow_init(swe_block *block, const swe_backend_config *config, swe_error *err)
{
    if (block == NULL || config == NULL || block->h == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: shadow init without a block");
    }
    shadow_fields *fields = calloc(1, sizeof *fields);
    if (fields == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the shadow backend");
    }
    int status = read_fault(&fields->fault, err);
    if (status == SWE_OK) {
        status = create_state(block, &fields->state, err);
    }
    if (status == SWE_OK) {
        status = swe_serial_backend.init(&fields->state, config, err);
        if (status != SWE_OK) {
            swe_block_destroy(&fields->state);
        }
    }
    if (status != SWE_OK) {
        free(fields);
        return status;
    }
    block->ext = fields;
    return SWE_OK;
}

static void shadow_finalize(swe_block *block)
{
    if (block == NULL || block->ext == NULL) {
        return;
    }
    shadow_fields *fields = block->ext;
    swe_serial_backend.finalize(&fields->state);
    swe_block_destroy(&fields->state);
    free(fields);
    block->ext = NULL;
}

static void copy_arrays(swe_block *to, const swe_block *from)
{
    size_t bytes = swe_block_size(from) * sizeof(real);
    memcpy(to->h, from->h, bytes);
    memcpy(to->hu, from->hu, bytes);
    memcpy(to->hv, from->hv, bytes);
    memcpy(to->b, from->b, bytes);
    memcpy(to->boundary, from->boundary, sizeof to->boundary);
}

static int shadow_sync_after_write(swe_block *block, swe_error *err)
{
    (void)err;
    shadow_fields *fields = block->ext;
    copy_arrays(&fields->state, block);
    return SWE_OK;
}

static int shadow_sync_before_read(swe_block *block, swe_error *err)
{
    (void)err;
    shadow_fields *fields = block->ext;
    copy_arrays(block, &fields->state);
    return SWE_OK;
}

static int shadow_max_wave_speed(swe_block *block, real *speed, swe_error *err)
{
    shadow_fields *fields = block->ext;
    return swe_serial_backend.max_wave_speed(&fields->state, speed, err);
}

static real one_ulp_up(real value)
{
#ifdef SWE_PRECISION_DOUBLE
    return nextafter(value, INFINITY);
#else
    return nextafterf(value, INFINITY);
#endif
}

static void apply_fault(swe_block *state, double fault)
{
    real *h = &state->h[SWE_INDEX(state, state->nx / 2 + 1, state->ny / 2 + 1)];
    real wrong = (real)((double)*h * (1.0 + fault));
    *h = wrong != *h ? wrong : one_ulp_up(*h);
}

static int shadow_step(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    shadow_fields *fields = block->ext;
    int status = swe_serial_backend.step(&fields->state, dt, next_speed, err);
    if (status == SWE_OK && fields->fault > 0.0) {
        apply_fault(&fields->state, fields->fault);
    }
    return status;
}

const swe_backend swe_shadow_backend = {
    .name = "shadow",
    .description = "test double: serial's kernels on a private copy of the arrays "
                   "(SWE_SHADOW_FAULT=F makes it wrong on purpose)",
    .levels = 0,
    .agreement = SWE_AGREES_BIT_FOR_BIT,
    .init = shadow_init,
    .finalize = shadow_finalize,
    .sync_after_write = shadow_sync_after_write,
    .sync_before_read = shadow_sync_before_read,
    .max_wave_speed = shadow_max_wave_speed,
    .step = shadow_step,
};
