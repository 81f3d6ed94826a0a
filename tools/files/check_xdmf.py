#!/usr/bin/env python3
"""The structure of every .xmf2 in a directory against its NetCDF file,
as ParaView's XDMF reader reads it, without ParaView: each grid's
topology, and for each attribute

  - its values' dimensions fit the topology: a point field of an image
    has the topology's dimensions (a scalar) or those and 3 (a vector),
    a cell field of triangles one value (or 3) per triangle; ParaView
    takes the last dimension of values of lower rank than the grid for
    components (a map's b declared over y, x alone shows ny tuples);
  - each HDF dataset it names has the NetCDF variable's shape (ncdump -h),
    each hyperslab selects inside its dataset as many values as it
    declares, each function as many as its arguments hold;
  - every field of the NetCDF file over the grid (an image's variables
    over [a leading dimension,] [z,] y, x; a UGRID file's variables on
    its faces) is an attribute of every snapshot (the maxima too), and
    the snapshots' times are the file's.

Prints PASS/FAIL lines, one per .xmf2, SKIP where ncdump is missing.
Standard library only."""

import math
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree


def netcdf_header(path):
    """(dimension lengths, {variable: (dimension names, {attribute: text})})
    from ncdump -h."""
    text = subprocess.run(["ncdump", "-h", path], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, check=True).stdout
    dimensions, variables, section = {}, {}, None
    for line in text.splitlines():
        line = line.strip()
        if line in ("dimensions:", "variables:") or line.startswith("// global"):
            section = line
            continue
        if section == "dimensions:":
            match = re.match(r"(\S+) = (?:UNLIMITED ; // \((\d+) currently\)|(\d+) ;)", line)
            if match:
                dimensions[match.group(1)] = int(match.group(2) or match.group(3))
        elif section == "variables:":
            match = re.match(r"(?:float|double|int|short|byte|char|int64|ubyte|ushort|uint|"
                             r"uint64|string) (\S+?)(?:\((.*)\))? ;$", line)
            if match:
                names = [name.strip() for name in (match.group(2) or "").split(",") if name]
                variables[match.group(1)] = (names, {}, line.split()[0])
                continue
            match = re.match(r"(\S+?):(\S+) = (.*) ;$", line)
            if match and match.group(1) in variables:
                variables[match.group(1)][1][match.group(2)] = match.group(3).strip('"')
    return dimensions, variables


def dimensions_of(item):
    return [int(value) for value in item.get("Dimensions", "").split()]


def check_item(item, header, file_name):
    """Checks a DataItem and those inside it; returns (values it holds, faults)."""
    declared = dimensions_of(item)
    kind = item.get("ItemType", "Uniform")
    faults = []
    if kind == "HyperSlab":
        selection, source = list(item)
        rows = [int(value) for value in selection.text.split()]
        rank = len(rows) // 3
        start, stride, count = rows[:rank], rows[rank:2 * rank], rows[2 * rank:]
        _, inner = check_item(source, header, file_name)
        faults += inner
        shape = dimensions_of(source)
        if len(shape) != rank or any(s + (c - 1) * t >= n for s, t, c, n in
                                     zip(start, stride, count, shape)):
            faults.append(f"hyperslab {rows} outside {shape}")
        if math.prod(count) != math.prod(declared):
            faults.append(f"hyperslab of {math.prod(count)} values declared {declared}")
    elif kind == "Function":
        arguments = []
        for argument in item:
            values, inner = check_item(argument, header, file_name)
            arguments, faults = arguments + [values], faults + inner
        # JOIN(a, b, ...) holds its terms one after the other; a term
        # names one argument ($i).
        function = item.get("Function", "")
        terms = function[5:-1].split(",") if function.startswith("JOIN(") else [function]
        held = sum(arguments[int(re.search(r"\$(\d+)", term).group(1))] for term in terms)
        if held != math.prod(declared):
            faults.append(f"function {item.get('Function')} of {held} values declared {declared}")
    elif item.get("Format") == "HDF":
        file, _, name = item.text.strip().partition(":/")
        dimensions, variables = header
        if file != file_name:
            faults.append(f"names {file}, not {file_name}")
        elif name not in variables:
            faults.append(f"names {name}, which {file_name} does not have")
        else:
            shape = [dimensions[dimension] for dimension in variables[name][0]]
            if shape != declared:
                faults.append(f"declares {name} {declared}, the file holds it {shape}")
    return math.prod(declared), faults


def topology_of(grid):
    """(point dimensions or None, points, cells) of a uniform grid."""
    topology = grid.find("Topology")
    if topology.get("TopologyType") == "Triangle":
        geometry = grid.find("Geometry").findall("DataItem")
        return None, math.prod(dimensions_of(geometry[0])), int(topology.get("NumberOfElements"))
    shape = dimensions_of(topology)
    return shape, math.prod(shape), math.prod(max(n - 1, 1) for n in shape)


def check_attribute(attribute, grid, header, file_name):
    shape, points, cells = topology_of(grid)
    item = attribute.find("DataItem")
    components = 3 if attribute.get("AttributeType") == "Vector" else 1
    declared = dimensions_of(item)
    _, faults = check_item(item, header, file_name)
    name = attribute.get("Name")
    if attribute.get("Center") == "Node":
        wanted = shape + ([components] if components > 1 else [])
        if shape is None or declared != wanted:
            faults.append(f"{name} declared {declared} on points {shape}, wants {wanted}")
    elif declared[0] != cells or math.prod(declared) != cells * components:
        faults.append(f"{name} declared {declared} on {cells} cells")
    return [f"{name}: {fault}" if not fault.startswith(name) else fault for fault in faults]


def grid_fields(header):
    """The NetCDF variables the sidecar must show."""
    _, variables = header
    if "mesh_face_nodes" in variables:
        return {name for name, (_, attributes, _) in variables.items()
                if attributes.get("location") == "face" and name != "mesh"}
    grid = ["z", "y", "x"] if "z" in variables else ["y", "x"]
    return {name for name, (dimensions, _, kind) in variables.items()
            if kind in ("float", "double") and dimensions[-len(grid):] == grid
            and len(dimensions) in (len(grid), len(grid) + 1) and name not in grid}


def times_of(path):
    text = subprocess.run(["ncdump", "-v", "time", "-p", "17,17", path], stdout=subprocess.PIPE,
                          text=True, check=True).stdout
    values = text.split("time =")[-1].split(";")[0]
    return [float(value) for value in values.replace(",", " ").split()]


def check_sidecar(path):
    """"" or why the sidecar is not what ParaView can read."""
    netcdf = path[:-len(".xmf2")] + ".nc"
    file_name = os.path.basename(netcdf)
    if not os.path.exists(netcdf):
        return f"no {file_name} beside it"
    header = netcdf_header(netcdf)
    collection = ElementTree.parse(path).getroot().find("Domain").find("Grid")
    snapshots = collection.findall("Grid")
    faults = []
    times = [float(grid.find("Time").get("Value")) for grid in snapshots]
    if times != times_of(netcdf):
        faults.append(f"times {times}, the file's {times_of(netcdf)}")
    wanted = grid_fields(header)
    for grid in snapshots:
        attributes = grid.findall("Attribute")
        shown = {attribute.get("Name") for attribute in attributes}
        if not wanted <= shown:
            faults.append(f"{grid.get('Name')} lacks {sorted(wanted - shown)}")
        for attribute in attributes:
            faults += check_attribute(attribute, grid, header, file_name)
    return "; ".join(faults[:4]) + (f" (and {len(faults) - 4} more)" if len(faults) > 4 else "")


def main(directory):
    sidecars = sorted(name for name in os.listdir(directory) if name.endswith(".xmf2"))
    if shutil.which("ncdump") is None:
        print("SKIP XDMF structure: ncdump is not installed (apt-get install netcdf-bin)")
        return
    for name in sidecars:
        try:
            why = check_sidecar(os.path.join(directory, name))
        except (ElementTree.ParseError, AttributeError, ValueError, TypeError,
                subprocess.CalledProcessError) as error:
            why = f"{type(error).__name__}: {error}"
        print(f"{'FAIL' if why else 'PASS'} the XDMF structure of {name}" +
              (f": {why}" if why else ""))


if __name__ == "__main__":
    main(sys.argv[1])
