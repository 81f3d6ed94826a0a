/* Gauges and maxima of the Cartesian model (--gauge, --maxima): opened
 * with the outputs, sampled after the steps at the first step boundary
 * past every multiple of --sample-every (each step when 0), the maxima
 * written into PATH.nc with each snapshot. Internal to common/cartesian/.
 * shallows-mpi does not record them yet and refuses them. */
#ifndef SWE_CARTESIAN_BLOCK_MODEL_SAMPLES_H
#define SWE_CARTESIAN_BLOCK_MODEL_SAMPLES_H

#include "cartesian/model/block_model.h"

/* Opens what the options ask for; initial is the state at t = 0 (the
 * maxima's reference), whole the state now, at time (sampled at once on a
 * fresh run). */
int swe_cartesian_open_samples(swe_cartesian_model *model, const swe_block *initial,
                               const swe_block *whole, double time, swe_error *err);

/* The pause to give the steps: the caller's, or the next sample's time
 * when earlier, so that backends that choose dt on the device stop there. */
double swe_cartesian_sample_pause(const swe_cartesian_model *model, double t_pause);

/* After a call of the steps: samples when due. */
int swe_cartesian_sample(swe_cartesian_model *model, const swe_clock *clock, swe_error *err);

/* Writes the maxima so far into the NetCDF output (with each snapshot). */
int swe_cartesian_write_maxima(swe_cartesian_model *model, const swe_block *whole, swe_error *err);

/* Closes the gauge file (kept or removed) and frees the maxima. */
int swe_cartesian_close_samples(swe_cartesian_model *model, int keep, swe_error *err);

#endif
