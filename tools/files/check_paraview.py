"""The files of tools/files/check_files.py in ParaView (run by pvpython,
headless): its CF reader ("NetCDF Reader") opens each .nc as a grid in
metres, not on a sphere (flat for the maps, spanning its z for a volume),
with the file's time steps; the .pvd opens with
the reader ParaView picks for it, with its time steps and the velocity as
a vector. Prints one PASS or FAIL line per check.

ParaView's GUI offers several readers for a .nc (the CAM reader, which
fails on these files, among them) and asks which: the CF one is "NetCDF
Reader". The .xmf2 beside each NetCDF file (io/netcdf_xdmf.h) has one
reader, XDMF Reader, and must show the NetCDF file's times, grid and
values; the .pvd opens without a question too (for triangles, with the
UGRID file's triangles and nodes)."""

import glob
import os
import sys

from paraview import simple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checker_support import declares_ugrid, run_isolated  # noqa: E402


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


def readers_of(path):
    """The names of the readers ParaView's GUI offers for path; more than
    one and it asks which."""
    from paraview import servermanager
    factory = servermanager.vtkSMProxyManager.GetProxyManager().GetReaderFactory()
    if factory.GetNumberOfRegisteredPrototypes() == 0:
        factory.UpdateAvailableReaders()
    found = factory.GetReaders(path, servermanager.ActiveConnection.Session)
    return [found.GetString(k) for k in range(1, found.GetLength(), 3)]


def netcdf_grid(dataset):
    """Bounds of the grid ParaView should show for a NetCDF file: the
    nodes of a UGRID mesh, else the cell centres; and the probed field."""
    if "mesh_node_x" in dataset.variables:
        x, y = dataset["mesh_node_x"][:], dataset["mesh_node_y"][:]
        return (float(x.min()), float(x.max()), float(y.min()), float(y.max()), 0.0, 0.0), "cell"
    x, y = dataset["x"][:], dataset["y"][:]
    z = dataset["z"][:] if "z" in dataset.variables else [0.0, 0.0]
    return tuple(float(v) for v in (x[0], x[-1], y[0], y[-1], z[0], z[-1])), "point"


def sidecar_matches(path, netcdf_path):
    """The .xmf2 opens with one reader, the NetCDF file's times, its grid
    in metres, the velocity vector where the file has u and v, its
    last snapshot's depth (pressure) bit for bit, and one tuple of every
    array per point (cell)."""
    import netCDF4
    import numpy
    from paraview import servermanager
    from vtk.util.numpy_support import vtk_to_numpy
    readers = readers_of(path)
    if readers != ["XdmfReader"]:
        return f"ParaView offers {readers}, not the XDMF Reader alone"
    with netCDF4.Dataset(netcdf_path) as dataset:
        times = [float(t) for t in dataset["time"][:]]
        expected, centring = netcdf_grid(dataset)
        probe = "h" if "h" in dataset.variables else "p"
        last = numpy.ma.getdata(dataset[probe][-1]).ravel()
        vector = "u" in dataset.variables and "v" in dataset.variables
    reader = simple.OpenDataFile(path)
    reader.UpdatePipelineInformation()
    steps = list(reader.TimestepValues)
    if steps != times:
        return f"time steps {steps} are not the file's {times}"
    reader.UpdatePipeline(steps[-1])
    bounds = reader.GetDataInformation().GetBounds()
    if any(abs(b - e) > 1e-9 * max(1.0, abs(e)) for b, e in zip(bounds, expected)):
        return f"bounds {bounds} are not the file's grid in metres {expected}"
    data = servermanager.Fetch(reader)
    arrays = data.GetPointData() if centring == "point" else data.GetCellData()
    if arrays.GetArray(probe) is None:
        return f"no {probe} among the {centring} data"
    if not numpy.array_equal(vtk_to_numpy(arrays.GetArray(probe)), last):
        return f"{probe} at the last time differs from the NetCDF file's"
    velocity = arrays.GetArray("velocity")
    if vector and (velocity is None or velocity.GetNumberOfComponents() != 3):
        return "no 3-component velocity"
    # Every array one tuple per point (cell): a field whose declared
    # dimensions do not fit the grid is read as fewer tuples of more
    # components, and the GUI shows an error and an empty view.
    tuples = data.GetNumberOfPoints() if centring == "point" else data.GetNumberOfCells()
    for index in range(arrays.GetNumberOfArrays()):
        array = arrays.GetArray(index)
        if array.GetNumberOfTuples() != tuples:
            return f"{array.GetName()} has {array.GetNumberOfTuples()} tuples for {tuples}"
    return ""


def mesh_pvd_matches(path, netcdf_path):
    """A triangle run's .pvd shows the UGRID file's mesh: its triangles
    and nodes, in metres."""
    import netCDF4
    with netCDF4.Dataset(netcdf_path) as dataset:
        expected, _ = netcdf_grid(dataset)
        faces, nodes = dataset.dimensions["nfaces"].size, dataset.dimensions["node"].size
    reader = simple.OpenDataFile(path)
    reader.UpdatePipelineInformation()
    reader.UpdatePipeline(reader.TimestepValues[-1])
    info = reader.GetDataInformation()
    if (info.GetNumberOfCells(), info.GetNumberOfPoints()) != (faces, nodes):
        return f"{info.GetNumberOfCells()} cells, {info.GetNumberOfPoints()} points; the " \
               f"NetCDF file: {faces} triangles, {nodes} nodes"
    bounds = info.GetBounds()
    if any(abs(b - e) > 1e-9 * max(1.0, abs(e)) for b, e in zip(bounds, expected)):
        return f"bounds {bounds} are not the mesh's {expected}"
    return ""


def main(directory):
    for path in sorted(glob.glob(os.path.join(directory, "*.nc"))):
        name = os.path.basename(path)
        if "checkpoint" in name or "gauges" in name:
            continue  # not fields over (time, y, x)
        sidecar = os.path.exists(path[:-len(".nc")] + ".xmf2")
        report(sidecar, f"{name} has the .xmf2 that ParaView opens without a question", "no .xmf2 beside it")
        if declares_ugrid(path):
            print(f"SKIP ParaView's own readers on {name}: ParaView {simple.GetParaViewVersion()} "
                  "has no UGRID reader; the triangles open from the .xmf2 and the .pvd")
            continue
        why = run_isolated(netcdf_in_metres, path)
        report(not why, f"ParaView's CF reader opens {name} in metres, not on a sphere, with its times", why)
    for path in sorted(glob.glob(os.path.join(directory, "*.xmf2"))):
        why = run_isolated(sidecar_matches, path, path[:-len(".xmf2")] + ".nc")
        report(not why, f"ParaView opens {os.path.basename(path)} without a question, with the "
               "NetCDF file's times, grid and values", why)
    for path in sorted(glob.glob(os.path.join(directory, "*.pvd"))):
        netcdf = path[:-len(".pvd")] + ".nc"
        why = run_isolated(pvd_opens, path)
        if not why and os.path.exists(netcdf) and declares_ugrid(netcdf):
            why = run_isolated(mesh_pvd_matches, path, netcdf)
        report(not why, f"ParaView opens {os.path.basename(path)} with its times and vectors",
               why)


if __name__ == "__main__":
    main(sys.argv[1])
