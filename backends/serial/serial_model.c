#include "backends/serial/serial_model.h"

const swe_programming_model swe_serial_model = {
    .name = "serial",
    .description = "one CPU core, plain loops: the reference every model agrees with",
    .agreement = SWE_AGREES_BIT_FOR_BIT};
