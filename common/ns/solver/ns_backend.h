/* The ns application's backend interface: its table of verbs for a
 * programming model (run/models.h registers the models; each model's table
 * for ns lives in backends/<model>/ns/ as ns_<model>_backend), whose fields (device arrays, FFT
 * plans) live in solver->ext. The host arrays of ns_solver (velocity, pressure, history, fluid) are
 * the exchange format with the rest of the program. The verbs are those of one fractional step
 * (Code 1 of Costarelli et al. n.d.); the conjugate gradient iteration itself is common code
 * (ns/solver/ns_cg.c) over the vector verbs. Every verb returns SWE_OK or a status with err filled.
 */
#ifndef NS_BACKEND_H
#define NS_BACKEND_H

#include "core/error.h"
#include "core/real.h"
#include "ns/grid/ns_grid.h"
#include "run/models.h"

struct ns_solver;

/* The scalar fields of the pressure solve: pressure x, right-hand side b,
 * residual r, preconditioned residual z, direction d, product q = A d. */
enum ns_vector {
    NS_PRESSURE,
    NS_RHS,
    NS_RESIDUAL,
    NS_PRECONDITIONED,
    NS_DIRECTION,
    NS_PRODUCT,
    NS_VECTORS
};

typedef struct ns_backend {
    /* The model, what the ns application does on it, the levels of its
     * momentum kernel (1..levels; 0: only one). */
    swe_model_table table;
    /* Sets up the backend for a solver whose host arrays hold the initial
     * state (and uploads it); SWE_ERROR_USAGE when it cannot run here. */
    int (*init)(struct ns_solver *solver, swe_error *err);
    void (*finalize)(struct ns_solver *solver);
    /* Host -> backend after the host arrays were written (restart);
     * backend -> host before they are read (output, diagnostics). */
    int (*upload)(struct ns_solver *solver, swe_error *err);
    int (*download)(struct ns_solver *solver, swe_error *err);
    /* max |u|, |v|, |w| over the faces, for the time step. */
    int (*max_speeds)(struct ns_solver *solver, double speed[NS_AXES], swe_error *err);
    /* Velocity ghosts, then R(u^n) (Costarelli et al. n.d., eq. 6: QUICK + diffusion). */
    int (*momentum)(struct ns_solver *solver, swe_error *err);
    /* u* = u + dt (weight_new R^n - weight_old R^{n-1}) on open faces, then
     * R^n becomes the history of the next step. */
    int (*predict)(struct ns_solver *solver, real dt, real weight_new, real weight_old,
                   swe_error *err);
    /* Velocity ghosts (of u*), then b = scale * div(u*) in fluid cells. */
    int (*divergence)(struct ns_solver *solver, real scale, swe_error *err);
    /* out = minus the Laplacian of in (ghosts of in filled first). */
    int (*laplacian)(struct ns_solver *solver, enum ns_vector in, enum ns_vector out,
                     swe_error *err);
    /* out = the FFT solve of the obstacle-free problem applied to in. */
    int (*precondition)(struct ns_solver *solver, enum ns_vector in, enum ns_vector out,
                        swe_error *err);
    /* x -= its mean over the fluid cells: the right-hand side loses the
     * round-off that puts it outside the range of the singular operator
     * (whose null space is the constant), which CG could not remove. */
    int (*remove_mean)(struct ns_solver *solver, enum ns_vector x, swe_error *err);
    /* x . y over the interior, accumulated in double. */
    int (*dot)(struct ns_solver *solver, enum ns_vector x, enum ns_vector y, double *result,
               swe_error *err);
    /* y += alpha x; y = x + beta y. */
    int (*axpy)(struct ns_solver *solver, real alpha, enum ns_vector x, enum ns_vector y,
                swe_error *err);
    int (*xpay)(struct ns_solver *solver, enum ns_vector x, real beta, enum ns_vector y,
                swe_error *err);
    /* Pressure ghosts, then u -= factor grad(p) on open faces. */
    int (*correct)(struct ns_solver *solver, real factor, swe_error *err);
    /* Optional: waits until the work queued so far is done (device
     * backends, for timing stages). NULL: every verb returns when done. */
    int (*finish)(struct ns_solver *solver, swe_error *err);
    /* Optional: times the momentum kernel alone (ghosts as they are) on the
     * current state, `launches` times after a warm-up: the median in
     * *seconds; and the backend's copy bandwidth (bytes read plus written
     * per second, GB/s) measured the same way beside it. */
    int (*measure_momentum)(struct ns_solver *solver, int launches, double *seconds,
                            double *copy_GBps, swe_error *err);
} ns_backend;

/* The ns tables of the models linked into this program. */
extern const swe_model_registry ns_models;

/* The table of the model called name: SWE_OK, or SWE_ERROR_USAGE when no
 * such model is built or its table breaks the contract (named). */
int ns_backend_lookup(const char *name, const ns_backend **backend, swe_error *err);
/* The table of the model called name, or NULL when it is not built or
 * breaks the contract. */
const ns_backend *ns_backend_find(const char *name);
/* The model's name of a table. */
const char *ns_backend_name(const ns_backend *backend);

#endif
