/* The serial model: one core, plain loops; the reference every other
 * model agrees with. */
#ifndef SWE_SERIAL_MODEL_H
#define SWE_SERIAL_MODEL_H

#include "run/models.h"

extern const swe_programming_model swe_serial_model;

#endif
