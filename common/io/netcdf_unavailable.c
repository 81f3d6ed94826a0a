/* Stand-in for the shared NetCDF files on machines without libnetcdf. */
#include "io/netcdf_unavailable.h"

#include "io/library_versions.h"
#include "io/netcdf_xdmf.h"

int swe_netcdf_unavailable(swe_error *err)
{
    return swe_fail(err, SWE_ERROR_USAGE,
                    "this shallows was built without NetCDF (install libnetcdf-dev and "
                    "rebuild, or run with --benchmark)");
}

const char *swe_netcdf_library_version(void)
{
    return "none (built without NetCDF)";
}

int swe_netcdf_write_xdmf(const char *netcdf_path, swe_error *err)
{
    (void)netcdf_path;
    return swe_netcdf_unavailable(err);
}
