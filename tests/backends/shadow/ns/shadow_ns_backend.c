/* The shadow model's table for the ns application (the model:
 * tests/backends/shadow/shadow_model.h): serial's verbs on a private copy
 * of the state (velocity, history, pressure), which the solver's host
 * arrays hold only between download and upload, as on a device. Each verb
 * trades the solver's arrays for the private ones, runs serial's verb and
 * trades them back. With SWE_SHADOW_FAULT one velocity of the middle cell
 * is spoiled after every correction. */
#include "ns/solver/ns_solver.h"
#include "tests/backends/shadow/shadow_model.h"

#include <stdlib.h>
#include <string.h>

extern const ns_backend ns_serial_backend;

typedef struct shadow_state {
    real *velocity[NS_AXES], *history[NS_AXES], *pressure; /* the private state */
    void *serial_ext; /* the serial verbs' fields; this state's own pointer while they run */
    double fault;     /* SWE_SHADOW_FAULT; 0: none */
} shadow_state;

/* Trades the solver's state and fields for the private ones; trading
 * twice gives them back. */
static void trade(ns_solver *solver, shadow_state *state)
{
    for (int c = 0; c < NS_AXES; ++c) {
        real *velocity = solver->velocity[c], *history = solver->history[c];
        solver->velocity[c] = state->velocity[c];
        solver->history[c] = state->history[c];
        state->velocity[c] = velocity;
        state->history[c] = history;
    }
    real *pressure = solver->pressure;
    solver->pressure = state->pressure;
    state->pressure = pressure;
    void *ext = solver->ext;
    solver->ext = state->serial_ext;
    state->serial_ext = ext;
}

/* Runs call, serial's verb, on the private state. */
#define ON_PRIVATE_STATE(solver, call)                                                             \
    do {                                                                                           \
        shadow_state *state_ = (solver)->ext;                                                      \
        trade((solver), state_);                                                                   \
        int status_ = (call);                                                                      \
        trade((solver), state_);                                                                   \
        return status_;                                                                            \
    } while (0)

static void copy_state(const ns_solver *solver, real *const to[2 * NS_AXES + 1],
                       real *const from[2 * NS_AXES + 1])
{
    for (int f = 0; f < 2 * NS_AXES + 1; ++f) {
        memcpy(to[f], from[f], solver->grid.cells * sizeof(real));
    }
}

static void free_state(shadow_state *state)
{
    for (int c = 0; c < NS_AXES; ++c) {
        free(state->velocity[c]);
        free(state->history[c]);
    }
    free(state->pressure);
    free(state);
}

static void shadow_finalize(ns_solver *solver)
{
    shadow_state *state = solver != NULL ? solver->ext : NULL;
    if (state == NULL) {
        return;
    }
    trade(solver, state);
    ns_serial_backend.finalize(solver);
    trade(solver, state);
    free_state(state);
    solver->ext = NULL;
}

static int shadow_upload(ns_solver *solver, swe_error *err);

static int shadow_init(ns_solver *solver, swe_error *err)
{
    shadow_state *state = calloc(1, sizeof *state);
    int failed = state == NULL;
    for (int c = 0; !failed && c < NS_AXES; ++c) {
        state->velocity[c] = calloc(solver->grid.cells, sizeof(real));
        state->history[c] = calloc(solver->grid.cells, sizeof(real));
        failed = state->velocity[c] == NULL || state->history[c] == NULL;
    }
    if (!failed) {
        state->pressure = calloc(solver->grid.cells, sizeof(real));
        failed = state->pressure == NULL;
    }
    if (failed) {
        if (state != NULL) {
            free_state(state);
        }
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the shadow model");
    }
    int status = swe_shadow_fault(&state->fault, err);
    if (status != SWE_OK) {
        free_state(state);
        return status;
    }
    /* serial's fields are made for the private state they will work on */
    solver->ext = state;
    trade(solver, state);
    status = ns_serial_backend.init(solver, err);
    trade(solver, state);
    if (status != SWE_OK) {
        free_state(state);
        solver->ext = NULL;
        return status;
    }
    return shadow_upload(solver, err);
}

static int shadow_upload(ns_solver *solver, swe_error *err)
{
    shadow_state *state = solver->ext;
    real *const to[] = {state->velocity[0], state->velocity[1], state->velocity[2],
                        state->history[0],  state->history[1],  state->history[2],
                        state->pressure};
    real *const from[] = {solver->velocity[0], solver->velocity[1], solver->velocity[2],
                          solver->history[0],  solver->history[1],  solver->history[2],
                          solver->pressure};
    copy_state(solver, to, from);
    ON_PRIVATE_STATE(solver, ns_serial_backend.upload(solver, err));
}

static int shadow_download(ns_solver *solver, swe_error *err)
{
    shadow_state *state = solver->ext;
    real *const to[] = {solver->velocity[0], solver->velocity[1], solver->velocity[2],
                        solver->history[0],  solver->history[1],  solver->history[2],
                        solver->pressure};
    real *const from[] = {state->velocity[0], state->velocity[1], state->velocity[2],
                          state->history[0],  state->history[1],  state->history[2],
                          state->pressure};
    copy_state(solver, to, from);
    ON_PRIVATE_STATE(solver, ns_serial_backend.download(solver, err));
}

static int shadow_max_speeds(ns_solver *solver, double speed[NS_AXES], swe_error *err)
{
    ON_PRIVATE_STATE(solver, ns_serial_backend.max_speeds(solver, speed, err));
}

static int shadow_momentum(ns_solver *solver, swe_error *err)
{
    ON_PRIVATE_STATE(solver, ns_serial_backend.momentum(solver, err));
}

static int shadow_predict(ns_solver *solver, real dt, real weight_new, real weight_old,
                          swe_error *err)
{
    ON_PRIVATE_STATE(solver, ns_serial_backend.predict(solver, dt, weight_new, weight_old, err));
}

static int shadow_divergence(ns_solver *solver, real scale, swe_error *err)
{
    ON_PRIVATE_STATE(solver, ns_serial_backend.divergence(solver, scale, err));
}

static int shadow_laplacian(ns_solver *solver, enum ns_vector in, enum ns_vector out,
                            swe_error *err)
{
    ON_PRIVATE_STATE(solver, ns_serial_backend.laplacian(solver, in, out, err));
}

static int shadow_precondition(ns_solver *solver, enum ns_vector in, enum ns_vector out,
                               swe_error *err)
{
    ON_PRIVATE_STATE(solver, ns_serial_backend.precondition(solver, in, out, err));
}

static int shadow_remove_mean(ns_solver *solver, enum ns_vector x, swe_error *err)
{
    ON_PRIVATE_STATE(solver, ns_serial_backend.remove_mean(solver, x, err));
}

static int shadow_dot(ns_solver *solver, enum ns_vector x, enum ns_vector y, double *result,
                      swe_error *err)
{
    ON_PRIVATE_STATE(solver, ns_serial_backend.dot(solver, x, y, result, err));
}

static int shadow_axpy(ns_solver *solver, real alpha, enum ns_vector x, enum ns_vector y,
                       swe_error *err)
{
    ON_PRIVATE_STATE(solver, ns_serial_backend.axpy(solver, alpha, x, y, err));
}

static int shadow_xpay(ns_solver *solver, enum ns_vector x, real beta, enum ns_vector y,
                       swe_error *err)
{
    ON_PRIVATE_STATE(solver, ns_serial_backend.xpay(solver, x, beta, y, err));
}

/* The correction ends a step: where the fault spoils it. */
static int shadow_correct(ns_solver *solver, real factor, swe_error *err)
{
    shadow_state *state = solver->ext;
    trade(solver, state);
    int status = ns_serial_backend.correct(solver, factor, err);
    trade(solver, state);
    if (status == SWE_OK && state->fault > 0.0) {
        const ns_grid *g = &solver->grid;
        real *u = &state->velocity[0][ns_index(g, g->n[0] / 2, g->n[1] / 2, g->n[2] / 2)];
        *u = swe_shadow_spoil(*u, state->fault);
    }
    return status;
}

const ns_backend ns_shadow_backend = {
    .table = {&swe_shadow_model, "a test double: serial's verbs on a private copy of the state", 0},
    .init = shadow_init,
    .finalize = shadow_finalize,
    .upload = shadow_upload,
    .download = shadow_download,
    .max_speeds = shadow_max_speeds,
    .momentum = shadow_momentum,
    .predict = shadow_predict,
    .divergence = shadow_divergence,
    .laplacian = shadow_laplacian,
    .precondition = shadow_precondition,
    .remove_mean = shadow_remove_mean,
    .dot = shadow_dot,
    .axpy = shadow_axpy,
    .xpay = shadow_xpay,
    .correct = shadow_correct,
};
