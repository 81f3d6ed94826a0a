"""The files of tools/check_files.py in ParaView (run by pvpython,
headless): its CF reader ("NetCDF Reader") opens each .nc as a flat grid in
metres, not on a sphere, with the file's time steps; the .pvd opens with
the reader ParaView picks for it, with its time steps and the velocity as
a vector. Prints one PASS or FAIL line per check.

ParaView's GUI offers several readers for a .nc (the CAM reader, which
fails on these files, among them) and asks which: the CF one is "NetCDF
Reader"; the .pvd opens without a question."""

import glob
import os
import sys

from paraview import simple


def report(ok, name, why):
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else f": {why}"), flush=True)


def netcdf_in_metres(path):
    import netCDF4  # in pvpython's interpreter: Debian's python3-netcdf4

    reader = simple.NetCDFReader(FileName=[path])
    reader.UpdatePipelineInformation()
    with netCDF4.Dataset(path) as dataset:
        times = [float(t) for t in dataset["time"][:]]
        x, y = dataset["x"][:], dataset["y"][:]
    steps = list(reader.TimestepValues)
    if steps != times:
        return f"time steps {steps} are not the file's {times}"
    reader.UpdatePipeline(steps[-1])
    info = reader.GetDataInformation()
    bounds = info.GetBounds()
    expected = (float(x[0]), float(x[-1]), float(y[0]), float(y[-1]))
    if any(abs(b - e) > 1e-6 * max(1.0, abs(e)) for b, e in zip(bounds[:4], expected)):
        return f"bounds {bounds} are not the cell centres in metres {expected}"
    if bounds[4] != 0 or bounds[5] != 0:
        return f"not flat: z spans {bounds[4:]}"
    if "eta" not in reader.PointData.keys():
        return f"no eta among {reader.PointData.keys()}"
    return ""


def pvd_opens(path):
    reader = simple.OpenDataFile(path)
    reader.UpdatePipelineInformation()
    steps = list(reader.TimestepValues)
    if len(steps) < 2:
        return f"{len(steps)} time steps"
    reader.UpdatePipeline(steps[-1])
    velocity = reader.CellData["velocity"]
    if velocity is None or velocity.GetNumberOfComponents() != 3:
        return "no velocity vector"
    return ""


def main(directory):
    for path in sorted(glob.glob(os.path.join(directory, "*.nc"))):
        name = os.path.basename(path)
        if "checkpoint" in name or "gauges" in name:
            continue  # not fields over (time, y, x)
        why = netcdf_in_metres(path)
        report(not why, f"ParaView's CF reader opens {name} flat, in metres, with its times", why)
    for path in sorted(glob.glob(os.path.join(directory, "*.pvd"))):
        why = pvd_opens(path)
        report(not why, f"ParaView opens {os.path.basename(path)} with its times and vectors",
               why)


if __name__ == "__main__":
    main(sys.argv[1])
