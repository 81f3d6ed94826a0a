/* The shadow model's table for the Cartesian blocks (the model:
 * tests/backends/shadow/shadow_model.h): serial's kernels on a private
 * copy of the block, so that a driver or a test that reads the host arrays
 * without sync_before_read, or writes them without sync_after_write, finds
 * stale values, as on a GPU. With SWE_SHADOW_FAULT the depth of the middle
 * cell is spoiled after every step. */
#include "cartesian/grid/backend.h"
#include "tests/backends/shadow/shadow_model.h"

#include <stdlib.h>
#include <string.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;

typedef struct shadow_fields {
    swe_block state; /* the private copy, on the serial backend */
    double fault;    /* SWE_SHADOW_FAULT; 0: none */
} shadow_fields;

/* A copy of the block's shape: same cell sizes bit for bit, same edges. */
static int create_state(const swe_block *block, swe_block *state, swe_error *err)
{
    int status = swe_block_create_part(state, block->domain_nx, block->domain_ny, block->first_i,
                                       block->first_j, block->nx, block->ny, block->x0, block->y0,
                                       block->width, block->height, err);
    if (status == SWE_OK) {
        state->dx = block->dx;
        state->dy = block->dy;
        state->backend = &swe_cartesian_serial_backend;
    }
    return status;
}

static int shadow_init(swe_block *block, const swe_cartesian_backend_config *config, swe_error *err)
{
    if (block == NULL || config == NULL || block->h == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: shadow init without a block");
    }
    shadow_fields *fields = calloc(1, sizeof *fields);
    if (fields == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the shadow backend");
    }
    int status = swe_shadow_fault(&fields->fault, err);
    if (status == SWE_OK) {
        status = create_state(block, &fields->state, err);
    }
    if (status == SWE_OK) {
        status = swe_cartesian_serial_backend.init(&fields->state, config, err);
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
    swe_cartesian_serial_backend.finalize(&fields->state);
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
    return swe_cartesian_serial_backend.max_wave_speed(&fields->state, speed, err);
}

static void apply_fault(swe_block *state, double fault)
{
    real *h = &state->h[SWE_INDEX(state, state->nx / 2 + 1, state->ny / 2 + 1)];
    *h = swe_shadow_spoil(*h, fault);
}

static int shadow_step(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    shadow_fields *fields = block->ext;
    int status = swe_cartesian_serial_backend.step(&fields->state, dt, next_speed, err);
    if (status == SWE_OK && fields->fault > 0.0) {
        apply_fault(&fields->state, fields->fault);
    }
    return status;
}

const swe_cartesian_backend swe_cartesian_shadow_backend = {
    .table = {&swe_shadow_model,
              "test double: serial's kernels on a private copy of the arrays "
              "(SWE_SHADOW_FAULT=F makes it wrong on purpose)",
              0},
    .init = shadow_init,
    .finalize = shadow_finalize,
    .sync_after_write = shadow_sync_after_write,
    .sync_before_read = shadow_sync_before_read,
    .max_wave_speed = shadow_max_wave_speed,
    .step = shadow_step,
};
