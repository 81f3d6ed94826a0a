"""The files of tools/check_files.py in ParaView (run by pvpython,
headless): its CF reader ("NetCDF Reader") opens each .nc as a grid in
metres, not on a sphere (flat for the maps, spanning its z for a volume),
with the file's time steps; the .pvd opens with
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
        # a volume (Navier-Stokes) spans its z; a map lies flat at 0
        z = dataset["z"][:] if "z" in dataset.variables else [0.0, 0.0]
        field = "eta" if "eta" in dataset.variables else "p"
    steps = list(reader.TimestepValues)
    if steps != times:
        return f"time steps {steps} are not the file's {times}"
    reader.UpdatePipeline(steps[-1])
    info = reader.GetDataInformation()
    bounds = info.GetBounds()
    expected = tuple(float(v) for v in (x[0], x[-1], y[0], y[-1], z[0], z[-1]))
    if any(abs(b - e) > 1e-6 * max(1.0, abs(e)) for b, e in zip(bounds, expected)):
        return f"bounds {bounds} are not the cell centres in metres {expected}"
    if field not in reader.PointData.keys():
        return f"no {field} among {reader.PointData.keys()}"
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
        with open(path, "rb") as handle:
            if b"UGRID-1.0" in handle.read(1 << 16):
                print(f"SKIP ParaView on {name}: ParaView {simple.GetParaViewVersion()} has no "
                      "UGRID reader; its triangles open from the .pvd of .vtu files")
                continue
        why = netcdf_in_metres(path)
        report(not why, f"ParaView's CF reader opens {name} in metres, not on a sphere, with its times", why)
    for path in sorted(glob.glob(os.path.join(directory, "*.pvd"))):
        why = pvd_opens(path)
        report(not why, f"ParaView opens {os.path.basename(path)} with its times and vectors",
               why)


if __name__ == "__main__":
    main(sys.argv[1])
