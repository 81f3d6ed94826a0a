/* Stand-in for the Navier-Stokes checkpoints (a NetCDF file) on machines
 * without libnetcdf: --checkpoint-every and --restart say what is missing. */
#include "io/netcdf_unavailable.h"
#include "ns/model/ns_checkpoint.h"

int ns_checkpoint_write(const char *path, const ns_solver *whole, const ns_checkpoint_run *run,
                        const ns_checkpoint_state *state, swe_error *err)
{
    (void)path, (void)whole, (void)run, (void)state;
    return swe_netcdf_unavailable(err);
}

int ns_checkpoint_read(const char *path, ns_solver *whole, const ns_checkpoint_run *run,
                       ns_checkpoint_state *state, swe_error *err)
{
    (void)path, (void)whole, (void)run, (void)state;
    return swe_netcdf_unavailable(err);
}
