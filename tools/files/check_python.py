#!/usr/bin/env python3
"""The files of tools/files/check_files.py in Python's tools: xarray and netCDF4
open every NetCDF file as their users would (a UGRID file's topology
checked to hold together); VTK's XML readers load every data set of every
.pvd (.vtr, .pvtr, .vti, .vtu) and hold the NetCDF file's values. Prints one
PASS, FAIL or SKIP line per check."""

import glob
import math
import os
import sys
import xml.etree.ElementTree as ElementTree

from checker_support import declares_ugrid, run_isolated


def report(ok, name, why=""):
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else f": {why}"), flush=True)


def check(name, function, *arguments):
    why = run_isolated(function, *arguments)
    report(not why, name, why)


def netcdf4_opens(path):
    import netCDF4
    with netCDF4.Dataset(path) as dataset:
        if "Conventions" not in dataset.ncattrs() and "format" not in dataset.ncattrs():
            return "no Conventions attribute"
        for variable in dataset.variables.values():
            variable[...]  # every value readable (and decompressed)
    return ""


def rising(values):
    """Whether decoded times (datetimes, durations or numbers) rise."""
    import numpy
    steps = numpy.diff(values)
    if numpy.issubdtype(steps.dtype, numpy.timedelta64):
        steps = steps / numpy.timedelta64(1, "s")
    return bool(numpy.all(steps > 0))


def xarray_opens(path):
    import numpy
    import xarray
    with xarray.open_dataset(path) as dataset:
        if "eta" in dataset and "h" in dataset and "_FillValue" in dataset["eta"].encoding:
            # the file's own dry tolerance, as its writer masked with it
            dry = dataset["h"].values < float(dataset.attrs["dry_tolerance"])
            masked = numpy.isnan(dataset["eta"].values)
            if not numpy.array_equal(dry, masked):
                return "eta is not missing exactly where the cells are dry"
        if "time" in dataset.coords and dataset["time"].size > 1:
            if not rising(dataset["time"].values):
                return "time does not decode to rising times"
        if "lon" in dataset:
            if dataset["lon"].attrs.get("units") != "degrees_east":
                return "lon has no degrees_east"
            if not (-70.3 < float(dataset["lon"].min()) < float(dataset["lon"].max()) < -69.7):
                return f"lon spans {float(dataset['lon'].min())}..{float(dataset['lon'].max())}"
    return ""


def ugrid_is_sound(path):
    """A UGRID 1.0 file's topology holds together: the variables it names
    exist, every triangle's nodes are nodes of the file, every triangle
    turns counter-clockwise (positive area), and the fields lie over its
    faces."""
    import netCDF4
    import numpy
    with netCDF4.Dataset(path) as dataset:
        topology = [v for v in dataset.variables.values()
                    if getattr(v, "cf_role", "") == "mesh_topology"]
        if len(topology) != 1 or getattr(topology[0], "topology_dimension", 0) != 2:
            return "no one 2D mesh_topology variable"
        mesh = topology[0]
        names = mesh.node_coordinates.split() + [mesh.face_node_connectivity]
        missing = [name for name in names if name not in dataset.variables]
        if missing:
            return f"the topology names {missing}, which the file lacks"
        x, y = (numpy.asarray(dataset[name][:]) for name in mesh.node_coordinates.split())
        faces = dataset[mesh.face_node_connectivity]
        corners = numpy.asarray(faces[:]) - int(getattr(faces, "start_index", 0))
        if corners.ndim != 2 or corners.shape[1] != 3:
            return f"face_node_connectivity has shape {corners.shape}"
        if corners.min() < 0 or corners.max() >= x.size:
            return f"face nodes {corners.min()}..{corners.max()} outside 0..{x.size - 1}"
        a, b, c = corners[:, 0], corners[:, 1], corners[:, 2]
        area = (x[b] - x[a]) * (y[c] - y[a]) - (x[c] - x[a]) * (y[b] - y[a])
        if not numpy.all(area > 0):
            return f"{int(numpy.sum(area <= 0))} triangles are not counter-clockwise"
        face_dimension = faces.dimensions[0]
        for variable in dataset.variables.values():
            if getattr(variable, "mesh", None) == mesh.name and \
                    variable.dimensions[-1] != face_dimension:
                return f"{variable.name} lies over {variable.dimensions}, not the faces"
    return ""


# The XML readers of each kind of data set the programs write.
READERS = {".vtr": "vtkXMLRectilinearGridReader", ".pvtr": "vtkXMLPRectilinearGridReader",
           ".vti": "vtkXMLImageDataReader", ".vtu": "vtkXMLUnstructuredGridReader"}


def vtk_reader(path):
    import vtk
    reader = getattr(vtk, READERS[os.path.splitext(path)[1]])()
    reader.SetFileName(path)
    reader.Update()
    return reader.GetOutput()


def vtk_matches_netcdf(pvd_path, netcdf_path):
    """Every data set of the .pvd loads, with the velocity as a vector
    (ParaView's glyphs and stream tracers) and the NetCDF file's depth (or
    pressure) at the same time, bit for bit, in the same cell order."""
    import netCDF4
    import numpy
    from vtk.util.numpy_support import vtk_to_numpy
    series = ElementTree.parse(pvd_path).getroot().find("Collection")
    with netCDF4.Dataset(netcdf_path) as dataset:
        times = dataset["time"][:]
        probe = "h" if "h" in dataset.variables else "p"
        fields = numpy.asarray(dataset[probe][:])
    entries = series.findall("DataSet")
    if len(entries) != len(times):
        return f"{len(entries)} data sets, {len(times)} snapshots"
    for entry, time, field in zip(entries, times, fields):
        grid = vtk_reader(os.path.join(os.path.dirname(pvd_path), entry.get("file")))
        cells = grid.GetCellData()
        velocity, values = cells.GetArray("velocity"), cells.GetArray(probe)
        if velocity is None or velocity.GetNumberOfComponents() != 3:
            return f"{entry.get('file')} has no velocity vector"
        if values is None or grid.GetNumberOfCells() != field.size:
            return f"{entry.get('file')} has {grid.GetNumberOfCells()} cells and " \
                   f"{'no ' + probe if values is None else probe}, the NetCDF file {field.shape}"
        missing = [name for name in ("b", "eta") if probe == "h" and cells.GetArray(name) is None]
        if missing:
            return f"{entry.get('file')} lacks {', '.join(missing)}"
        if not numpy.array_equal(vtk_to_numpy(values), field.ravel()):
            return f"{probe} of {entry.get('file')} differs from the NetCDF file's"
        if not math.isclose(float(entry.get("timestep")), float(time), rel_tol=1e-12):
            return f"time {entry.get('timestep')} is not the NetCDF file's {time}"
    return ""


def main(directory):
    try:
        import netCDF4  # noqa: F401
        import xarray  # noqa: F401
    except ImportError as missing:
        print(f"SKIP xarray and netCDF4: {missing} (apt-get install python3-xarray "
              "python3-netcdf4)")
    else:
        for path in sorted(glob.glob(os.path.join(directory, "*.nc"))):
            name = os.path.basename(path)
            check(f"netCDF4 opens {name}", netcdf4_opens, path)
            check(f"xarray opens {name}", xarray_opens, path)
            if declares_ugrid(path):
                check(f"the UGRID topology of {name} holds together", ugrid_is_sound, path)
    try:
        import vtk  # noqa: F401
        import netCDF4  # noqa: F401,F811
    except ImportError as missing:
        print(f"SKIP VTK's readers: {missing} (apt-get install python3-vtk9)")
        return
    for pvd in sorted(glob.glob(os.path.join(directory, "*.pvd"))):
        stem = pvd[:-len(".pvd")]
        check(f"VTK's readers load {os.path.basename(pvd)} and agree with the NetCDF file",
              vtk_matches_netcdf, pvd, stem + ".nc")


if __name__ == "__main__":
    main(sys.argv[1])
