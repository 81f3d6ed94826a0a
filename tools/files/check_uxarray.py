#!/usr/bin/env python3
"""The UGRID NetCDF files of tools/files/check_files.py in uxarray (pip, in the
.venv that `make deps` makes): it opens each as a grid and data set, with
the file's triangles and nodes, connectivity that holds together
(uxarray's own check) and h over (time, n_face) equal to the file's bit
for bit. Prints one PASS, FAIL or SKIP line per check.

uxarray's geometry (face areas, and so its full validate()) assumes
longitude and latitude on a sphere; it says so for our projected x/y in
metres and leaves them as they are, which is what is checked here."""

import glob
import os
import sys
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checker_support import declares_ugrid, run_isolated  # noqa: E402


def uxarray_reads(path):
    import netCDF4
    import numpy
    import uxarray
    from uxarray.grid.validation import _check_connectivity
    with netCDF4.Dataset(path) as dataset:
        faces, nodes = dataset.dimensions["nfaces"].size, dataset.dimensions["node"].size
        node_x = numpy.asarray(dataset["mesh_node_x"][:])
        h = numpy.ma.getdata(dataset["h"][:])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its note on projected coordinates
        data = uxarray.open_dataset(path, path)
        grid = data.uxgrid
        if (grid.n_face, grid.n_node, grid.n_max_face_nodes) != (faces, nodes, 3):
            return f"{grid.n_face} faces, {grid.n_node} nodes; the file: {faces}, {nodes}"
        if not _check_connectivity(grid):
            return "its face-node connectivity does not hold together"
        if not numpy.array_equal(grid.node_lon.values, node_x):
            return "its node x are not the file's"
        if data["h"].dims != ("time", "n_face") or not numpy.array_equal(data["h"].values, h):
            return f"h over {data['h'].dims} differs from the file's"
    return ""


def main(directory):
    try:
        import uxarray  # noqa: F401
    except ImportError as missing:
        print(f"SKIP uxarray: {missing} (make deps installs it in .venv)")
        return
    for path in sorted(glob.glob(os.path.join(directory, "*.nc"))):
        if declares_ugrid(path):
            why = run_isolated(uxarray_reads, path)
            name = os.path.basename(path)
            print(f"PASS uxarray opens {name}" if not why else f"FAIL uxarray opens {name}: {why}",
                  flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
