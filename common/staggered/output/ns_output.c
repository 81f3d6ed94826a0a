#include "staggered/output/ns_output.h"

int ns_output_open(ns_output **output, const char *stem, int formats, const char *case_name,
                   ns_solver *solver, swe_error *err)
{
    (void)formats; (void)case_name; (void)solver;
    *output = NULL;
    return stem == NULL ? SWE_OK : swe_fail(err, SWE_ERROR_USAGE, "no output yet");
}

int ns_output_write(ns_output *output, ns_solver *solver, swe_error *err)
{
    (void)output; (void)solver; (void)err;
    return SWE_OK;
}

int ns_output_close(ns_output *output, swe_error *err)
{
    (void)output; (void)err;
    return SWE_OK;
}
