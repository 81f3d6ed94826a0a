#include "shallow_water/parameter.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

swe_parameter *swe_parameter_named(swe_parameter *parameters, int count, const char *name)
{
    for (int k = 0; parameters != NULL && name != NULL && k < count; ++k) {
        if (parameters[k].name != NULL && strcmp(parameters[k].name, name) == 0) {
            return &parameters[k];
        }
    }
    return NULL;
}

double swe_parameter_value(const swe_parameter *parameters, int count, const char *name)
{
    const swe_parameter *found = swe_parameter_named((swe_parameter *)parameters, count, name);
    return found != NULL ? found->value : NAN;
}
