#!/usr/bin/env python3
"""Writes the inputs of tools/files/check_files.py's geographic run into
DIRECTORY/inputs: gebco.nc, a GEBCO-like subset (longitude and latitude at
15 arc seconds, 16-bit elevation with its standard name after a
type-identifier grid, as GEBCO ships them) of a sloping sea floor near
40 N, and uplift.nc, a hump of 1 m in longitudes counted 0..360.
Prints SKIP when netCDF4 is not installed."""

import os
import sys

try:
    import netCDF4
    import numpy
except ImportError as missing:
    print(f"SKIP geographic input: {missing} (apt-get install python3-netcdf4)")
    sys.exit(0)


def axis(dataset, name, units, standard_name, values):
    dataset.createDimension(name, len(values))
    variable = dataset.createVariable(name, "f8", (name,))
    variable.units = units
    variable.standard_name = standard_name
    variable[:] = values


def main(directory):
    directory = os.path.join(directory, "inputs")
    os.makedirs(directory, exist_ok=True)
    step = 1.0 / 240
    lon = -70.2 + step * numpy.arange(97)
    lat = 40.0 + step * numpy.arange(73)
    with netCDF4.Dataset(os.path.join(directory, "gebco.nc"), "w") as gebco:
        axis(gebco, "lat", "degrees_north", "latitude", lat)
        axis(gebco, "lon", "degrees_east", "longitude", lon)
        tid = gebco.createVariable("tid", "i1", ("lat", "lon"))
        tid[:] = 11
        elevation = gebco.createVariable("elevation", "i2", ("lat", "lon"))
        elevation.units = "m"
        elevation.standard_name = "height_above_mean_sea_level"
        east = (lon - lon[0]) / (lon[-1] - lon[0])
        elevation[:] = numpy.round(-200.0 + 230.0 * east)[numpy.newaxis, :].repeat(len(lat), 0)
    with netCDF4.Dataset(os.path.join(directory, "uplift.nc"), "w") as uplift:
        coarse_lon = 360.0 + lon[::4]
        coarse_lat = lat[::4]
        axis(uplift, "latitude", "degrees_north", "latitude", coarse_lat)
        axis(uplift, "longitude", "degrees_east", "longitude", coarse_lon)
        hump = uplift.createVariable("uplift", "f4", ("latitude", "longitude"))
        hump.units = "m"
        x = (coarse_lon - coarse_lon.mean())[numpy.newaxis, :]
        y = (coarse_lat - coarse_lat.mean())[:, numpy.newaxis]
        hump[:] = numpy.exp(-(x * x + y * y) / (2 * 0.03**2))
    print("PASS geographic input written (GEBCO-like lon/lat subset and uplift)")


if __name__ == "__main__":
    main(sys.argv[1])
