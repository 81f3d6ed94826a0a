/* The configuration a test gives a model: the level, and the values of the
 * model's own options from the environment, SWE_TEST_<NAME> for option
 * --name (SWE_TEST_CL_DEVICE=P:D picks the OpenCL device of every suite),
 * so that the suites run on any machine's devices. */
#ifndef SWE_TEST_MODEL_CONFIG_H
#define SWE_TEST_MODEL_CONFIG_H

#include "run/models.h"

/* threads > 0: the value of the model's --threads (when it has one), in
 * place of the environment's; valid until the next call. */
swe_model_config swe_test_model_config(const swe_programming_model *model, int level, int threads);

#endif
