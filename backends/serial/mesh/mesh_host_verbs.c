#include "backends/serial/mesh/mesh_host_verbs.h"

#include "mesh/solver/mesh_host_arrays.h"

int swe_mesh_host_init(swe_mesh_run *run, swe_error *err)
{
    if (run == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no run");
    }
    return swe_mesh_host_arrays_add_work(&run->host, err);
}

int swe_mesh_host_in_place(swe_mesh_run *run, swe_error *err)
{
    return run != NULL && run->host.h != NULL
               ? SWE_OK
               : swe_fail(err, SWE_ERROR_USAGE, "internal error: no host arrays");
}

void swe_mesh_host_finalize(swe_mesh_run *run)
{
    (void)run;
}
