/* What makes a checkpoint self-describing: the CF conventions, a title,
 * the history (when and by which command) and backend of the run,
 * and each field's long_name, units and standard name as the output
 * files give them (cartesian/io/netcdf_layout.c), so that ncdump, xarray and the CF
 * checkers read it like an output file. */
#include "cartesian/io/checkpoint.h"
#include "cartesian/io/netcdf_layout.h"

#include <stdio.h>

int swe_checkpoint_describe(int ncid, const char *path, const swe_checkpoint_run *run,
                            const int varids[4], swe_error *err)
{
    const char *scenario = run != NULL ? run->scenario : NULL;
    const swe_cf_file file = {.ncid = ncid, .path = path};
    char title[160];
    snprintf(title, sizeof title, "shallows checkpoint of a %s run (h, hu, hv and the bed b)",
             scenario != NULL ? scenario : "?");
    int status = swe_cf_put_globals(&file, title, run != NULL ? run->history : NULL, err);
    if (status == SWE_OK && run != NULL && run->backend != NULL) {
        status = swe_cf_put_text(&file, NC_GLOBAL, "backend", run->backend, err);
    }
    const swe_cf_variable *described[4] = {
        swe_output_field_variable(SWE_FIELD_H), swe_output_field_variable(SWE_FIELD_HU),
        swe_output_field_variable(SWE_FIELD_HV), swe_output_bed_variable()};
    for (int f = 0; f < 4 && status == SWE_OK; ++f) {
        status = swe_cf_describe(&file, varids[f], described[f], err);
    }
    return status;
}
