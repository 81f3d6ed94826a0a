/* The serial backend of the Navier-Stokes application: the CPU verbs with
 * a runner that does the planes one after the other. */
#include "backends/serial/ns/ns_cpu_backend.h"
#include "backends/serial/serial_model.h"

static void run_in_order(int count, ns_plane_body *body, void *context, int threads)
{
    (void)threads;
    for (int plane = 0; plane < count; ++plane) {
        body(context, plane);
    }
}

static int serial_init(ns_solver *solver, swe_error *err)
{
    return ns_cpu_init(solver, run_in_order, 1, err);
}

const ns_backend ns_serial_backend = {
    .table = {&swe_serial_model, "one CPU core; FFTW for the preconditioner", 0},
    .init = serial_init,
    NS_CPU_BACKEND_VERBS,
};
