#!/usr/bin/env python3
"""Writes broken copies of tools/files/check_files.py's outputs into
DIRECTORY/broken, each wrong in one way that a user's tool shows and a
check must catch (tools/files/check_files.py runs the checkers over them and
expects each to fail):

  sphere.nc      dam.nc with axis = "X"/"Y" on x and y: ParaView's CF
                 reader puts the grid on a unit sphere
  badname.nc     dam.nc whose h has a standard_name CF does not know
  nohistory.nc   dam.nc whose history names the version alone (not when
                 and by which command the file was made)
  unmasked.nc    tsunami.nc whose dry cells hold eta = b instead of
                 missing values (land swamps the wave in ncview)
  shifted.pvd    dam.pvd whose last snapshot's time is not the NetCDF
                 file's (beside shifted.nc, a copy of dam.nc)
  swapped.pvd    dam.pvd with its last two snapshots' files swapped (beside
                 swapped.nc, a copy of dam.nc): depths at the wrong times
  cut.pvd        triangles.pvd whose last .vtu is cut in half (a copy that a
                 full disk or a kill left), beside cut.nc
  flipped.pvd    triangles.pvd whose last .vtu has a byte of its compressed
                 arrays flipped, beside flipped.nc
  unmasked_island.nc  island.nc (dry cells around an island) holding
                 eta = b where dry instead of missing values
  badfaces.nc    triangles.nc whose first triangle names a node the file
                 does not have
  badname_triangles.nc  triangles.nc whose h has an unknown standard_name
                 (UGRID's own messages are set aside, not real faults)
  badrole.nc     triangles.nc whose connectivity has a misspelt cf_role
                 (which no UGRID reader knows)
  late.xmf2      dam.xmf2 whose last snapshot's time is not the NetCDF
                 file's (beside late.nc, a copy of dam.nc)
  crossed.xmf2   dam.xmf2 showing hu's values under the name h (beside
                 crossed.nc, a copy of dam.nc)
  bed.xmf2       tsunami.xmf2 declaring b over y, x under the image's
                 1, y, x points (ParaView reads ny tuples of nx components)
  nomaxima.xmf2  tsunami.xmf2 without the maxima of the run
  faces.xmf2     triangles.xmf2 declaring h over one triangle too few
  flat.nc        cavity.nc (Navier-Stokes) whose z is not marked as the
                 vertical (no axis, positive or standard name)
  disordered.nc  cavity.nc with a field over (time, z, x, y): out of CF's
                 recommended T, Z, Y, X order

The sidecars are text, copied without netCDF4; the NetCDF copies print
SKIP when netCDF4 is not installed."""

import os
import re
import shutil
import sys

try:
    import netCDF4
    import numpy
except ImportError as missing:
    netCDF4 = None
    MISSING = missing


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


def no_history(dataset):
    dataset.history = dataset.source


def unmasked(dataset):
    eta, bed = dataset["eta"], dataset["b"][:]
    for k in range(eta.shape[0]):
        dry = numpy.ma.getmaskarray(eta[k])
        eta[k] = numpy.where(dry, bed, eta[k].filled(0.0))


def bad_role(dataset):
    dataset["mesh_face_nodes"].cf_role = "face_node_conectivity"


def not_vertical(dataset):
    for name in ("axis", "positive", "standard_name"):
        dataset["z"].delncattr(name)


def disordered(dataset):
    field = dataset.createVariable("q", "f4", ("time", "z", "x", "y"))
    field.long_name = "a field over its axes out of order"
    field.units = "1"


def series(directory, name, change, source="dam"):
    """name.pvd listing copies of source.pvd's files, changed by
    change(text of the .pvd, the last file's path) -> new .pvd text."""
    broken = os.path.join(directory, "broken")
    shutil.copyfile(os.path.join(directory, source + ".nc"), os.path.join(broken, name + ".nc"))
    with open(os.path.join(directory, source + ".pvd")) as handle:
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


def cut_last(text, last):
    with open(last, "rb") as handle:
        data = handle.read()
    with open(last, "wb") as handle:
        handle.write(data[:len(data) // 2])
    return text


def flip_byte(text, last):
    with open(last, "rb") as handle:
        data = bytearray(handle.read())
    section = data.index(b"<AppendedData")
    data[section + (len(data) - section) * 2 // 3] ^= 0x5A
    with open(last, "wb") as handle:
        handle.write(bytes(data))
    return text


def bad_faces(dataset):
    corners = dataset["mesh_face_nodes"][0]
    corners[2] = dataset.dimensions["node"].size + 5
    dataset["mesh_face_nodes"][0] = corners


def sidecar(directory, name, change, source="dam"):
    """name.xmf2 beside name.nc, copies of source's, the sidecar changed by
    change(its text) -> new text."""
    broken = os.path.join(directory, "broken")
    shutil.copyfile(os.path.join(directory, source + ".nc"), os.path.join(broken, name + ".nc"))
    with open(os.path.join(directory, source + ".xmf2")) as handle:
        text = handle.read().replace(source + ".nc:/", name + ".nc:/")
    with open(os.path.join(broken, name + ".xmf2"), "w") as handle:
        handle.write(change(text, name))


def late_time(text, _):
    times = re.findall(r'<Time Value="([^"]+)"', text)
    return text.replace(f'<Time Value="{times[-1]}"', f'<Time Value="{float(times[-1]) + 1.0!r}"')


def cross_fields(text, name):
    return text.replace(f"{name}.nc:/h<", "@").replace(f"{name}.nc:/hu<", f"{name}.nc:/h<") \
        .replace("@", f"{name}.nc:/hu<")


def bed_over_rows(text, name):
    """b as the map's sidecars declared it before it was given the image's
    shape."""
    return re.sub(r'<DataItem ItemType="Function" Function="JOIN\(\$0\)" Dimensions="[^"]*">'
                  r'(<DataItem[^>]*>' + name + r'\.nc:/b</DataItem>)</DataItem>', r"\1", text)


def without_maxima(text, _):
    return re.sub(r'<Attribute Name="(max_depth|max_speed|arrival_time)".*?</Attribute>\n', "",
                  text, flags=re.S)


def face_short(text, name):
    faces = re.search(r'NumberOfElements="(\d+)"', text).group(1)
    return re.sub(r'(<Attribute Name="h" [^>]*><DataItem ItemType="HyperSlab" Type="HyperSlab" '
                  r'Dimensions=")' + faces, r"\g<1>" + str(int(faces) - 1), text)


def main(directory):
    os.makedirs(os.path.join(directory, "broken"), exist_ok=True)
    if os.path.exists(os.path.join(directory, "tsunami.xmf2")):
        sidecar(directory, "bed", bed_over_rows, "tsunami")
        sidecar(directory, "nomaxima", without_maxima, "tsunami")
    if os.path.exists(os.path.join(directory, "triangles.xmf2")):
        sidecar(directory, "faces", face_short, "triangles")
    if os.path.exists(os.path.join(directory, "dam.xmf2")):
        sidecar(directory, "late", late_time)
        sidecar(directory, "crossed", cross_fields)
    if netCDF4 is None:
        print(f"SKIP broken NetCDF files: {MISSING} (apt-get install python3-netcdf4)")
        return
    copy_netcdf(directory, "dam.nc", "sphere.nc", on_sphere)
    copy_netcdf(directory, "dam.nc", "badname.nc", bad_name)
    copy_netcdf(directory, "dam.nc", "nohistory.nc", no_history)
    copy_netcdf(directory, "tsunami.nc", "unmasked.nc", unmasked)
    series(directory, "shifted", shift_time)
    series(directory, "swapped", swap_last_two)
    if os.path.exists(os.path.join(directory, "triangles.pvd")):
        series(directory, "cut", cut_last, "triangles")
        series(directory, "flipped", flip_byte, "triangles")
        copy_netcdf(directory, "island.nc", "unmasked_island.nc", unmasked)
        copy_netcdf(directory, "triangles.nc", "badfaces.nc", bad_faces)
        copy_netcdf(directory, "triangles.nc", "badname_triangles.nc", bad_name)
        copy_netcdf(directory, "triangles.nc", "badrole.nc", bad_role)
    if os.path.exists(os.path.join(directory, "cavity.nc")):
        copy_netcdf(directory, "cavity.nc", "flat.nc", not_vertical)
        copy_netcdf(directory, "cavity.nc", "disordered.nc", disordered)


if __name__ == "__main__":
    main(sys.argv[1])
