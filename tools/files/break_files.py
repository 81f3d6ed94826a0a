#!/usr/bin/env python3
"""Writes broken copies of tools/check_files.py's outputs into
DIRECTORY/broken, each wrong in one way that a user's tool shows and a
check must catch (tools/check_files.py runs the checkers over them and
expects each to fail):

  sphere.nc      dam.nc with axis = "X"/"Y" on x and y: ParaView's CF
                 reader puts the grid on a unit sphere
  badname.nc     dam.nc whose h has a standard_name CF does not know
  unmasked.nc    tsunami.nc whose dry cells hold eta = b instead of
                 missing values (land swamps the wave in ncview)
  shifted.pvd    dam.pvd whose last snapshot's time is not the NetCDF
                 file's (beside shifted.nc, a copy of dam.nc)
  swapped.pvd    dam.pvd with its last two snapshots' files swapped (beside
                 swapped.nc, a copy of dam.nc): depths at the wrong times

Prints SKIP when netCDF4 is not installed."""

import os
import re
import shutil
import sys

try:
    import netCDF4
    import numpy
except ImportError as missing:
    print(f"SKIP broken files: {missing} (apt-get install python3-netcdf4)")
    sys.exit(0)


def copy_netcdf(directory, source, name, change):
    target = os.path.join(directory, "broken", name)
    shutil.copyfile(os.path.join(directory, source), target)
    with netCDF4.Dataset(target, "a") as dataset:
        change(dataset)


def on_sphere(dataset):
    dataset["x"].axis = "X"
    dataset["y"].axis = "Y"


def bad_name(dataset):
    dataset["h"].standard_name = "depth_of_the_water_please"


def unmasked(dataset):
    eta, bed = dataset["eta"], dataset["b"][:]
    for k in range(eta.shape[0]):
        dry = numpy.ma.getmaskarray(eta[k])
        eta[k] = numpy.where(dry, bed, eta[k].filled(0.0))


def series(directory, name, change):
    """name.pvd listing copies of dam.pvd's files, changed by
    change(text of the .pvd, the last file's path) -> new .pvd text."""
    broken = os.path.join(directory, "broken")
    shutil.copyfile(os.path.join(directory, "dam.nc"), os.path.join(broken, name + ".nc"))
    with open(os.path.join(directory, "dam.pvd")) as handle:
        text = handle.read()
    files = re.findall(r'file="([^"]+)"', text)
    for file in files:
        shutil.copyfile(os.path.join(directory, file), os.path.join(broken, name + "_" + file))
    text = text.replace('file="', f'file="{name}_')
    text = change(text, os.path.join(broken, name + "_" + files[-1]))
    with open(os.path.join(broken, name + ".pvd"), "w") as handle:
        handle.write(text)


def shift_time(text, _):
    times = re.findall(r'timestep="([^"]+)"', text)
    return text.replace(f'timestep="{times[-1]}"', f'timestep="{float(times[-1]) + 1.0!r}"')


def swap_last_two(text, _):
    files = re.findall(r'file="([^"]+)"', text)
    return text.replace(files[-1], "@").replace(files[-2], files[-1]).replace("@", files[-2])


def main(directory):
    os.makedirs(os.path.join(directory, "broken"), exist_ok=True)
    copy_netcdf(directory, "dam.nc", "sphere.nc", on_sphere)
    copy_netcdf(directory, "dam.nc", "badname.nc", bad_name)
    copy_netcdf(directory, "tsunami.nc", "unmasked.nc", unmasked)
    series(directory, "shifted", shift_time)
    series(directory, "swapped", swap_last_two)


if __name__ == "__main__":
    main(sys.argv[1])
