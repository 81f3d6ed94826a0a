/* Exercise 09: one time step that computes while the
 * halo travels (--overlap). Most cells of a block do not read a ghost
 * layer: the backend's step_interior updates all but the outer ring of the
 * block, and needs nothing from the neighbours. So the exchange is started,
 * the interior computed while the messages are under way, and only then
 * waited for; step_ring then updates the ring from the arrived ghost
 * layers. The result is the same, bit for bit, as exchanging first and
 * stepping the whole block; what changes is how much of the exchange the
 * rank spends waiting. */
#include "backends/mpi/cartesian/mpi_layer.h"

#include "core/timer.h"

int swe_mpi_step_overlapped(swe_mpi_layer *layer, real dt, real *local_speed, swe_error *err)
{
    if (layer == NULL || layer->block == NULL || local_speed == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: overlapped step without a layer");
    }
    swe_block *block = layer->block;
    /* BEGIN SOLUTION: (1) the step during the exchange. In this order, stopping at the first
     * status that is not SWE_OK: start the exchange (swe_mpi_exchange_start(layer, err)); step
     * the interior while the halo travels (block->backend->step_interior(block, dt, err)); wait
     * for the ghost layers (swe_mpi_exchange_finish(layer, err)); step the ring
     * (block->backend->step_ring(block, dt, local_speed, err)), which also gives the block's
     * max wave speed. (2) Add the seconds spent starting and finishing the exchange, not those
     * of the interior, to layer->exchange_seconds (swe_wall_seconds() around each).
     * | stub: SWE_TODO("(1) the step during the exchange"); (void)block; (void)dt;
     *   (void)local_speed; return swe_fail(err, SWE_ERROR_RUNTIME, "the overlapped step is not
     *   written (TODO 1 in mpi/cartesian/mpi_overlap.c): run without --overlap"); */
    double started = swe_wall_seconds();
    int status = swe_mpi_exchange_start(layer, err);
    double sent = swe_wall_seconds();
    if (status == SWE_OK) {
        status = block->backend->step_interior(block, dt, err);
    }
    double computed = swe_wall_seconds();
    if (status == SWE_OK) {
        status = swe_mpi_exchange_finish(layer, err);
    }
    layer->exchange_seconds += (sent - started) + (swe_wall_seconds() - computed);
    return status != SWE_OK ? status : block->backend->step_ring(block, dt, local_speed, err);
    /* END SOLUTION */
}
