/* A named parameter of a test case (Cartesian or triangle), with its units,
 * and the lookup both applications' scenario tables share. */
#ifndef SWE_PARAMETER_H
#define SWE_PARAMETER_H

typedef struct swe_parameter {
    const char *name; /* e.g. "radius" */
    double value;
    const char *units; /* e.g. "m" */
} swe_parameter;

/* The parameter called name among the first count (NULL if none). */
swe_parameter *swe_parameter_named(swe_parameter *parameters, int count, const char *name);

/* Its value; NaN where there is no such parameter, so that a case asking
 * for one it lacks shows up at once. */
double swe_parameter_value(const swe_parameter *parameters, int count, const char *name);

#endif
