"""Reads the .vtu snapshots that `shallows --mesh ... --format vtk` writes
(common/mesh/io/mesh_vtk.c through io/vtk_appended.h: appended DataArrays,
each VTK zlib blocks or raw, a UInt64 byte count then the values) into
plain Python lists: node coordinates, triangles, and the cell fields h, b,
eta and the velocity; the momenta are h times the velocity (the .vtu holds
no hu, hv: the NetCDF file does). Python standard library only, so that
`make validate` needs nothing more."""

import array
import re
import struct
import sys
import zlib

TYPES = {"Float64": "d", "Float32": "f", "Int64": "q", "UInt8": "B"}
ARRAY = re.compile(
    rb'<DataArray type="(\w+)" Name="(\w+)"[^>]*? format="(appended|ascii)"'
    rb'(?: offset="(\d+)")?\s*(?:/>|>([^<]*)</DataArray>)'
)


class Snapshot:
    """One triangle snapshot: nodes, triangles, cell fields and geometry."""

    def __init__(self, path):
        with open(path, "rb") as file:
            data = file.read()
        start = data.find(b"<AppendedData")
        header = data if start < 0 else data[:start]
        if b'byte_order="LittleEndian"' not in header or b'header_type="UInt64"' not in header:
            raise ValueError(f"{path}: not a little-endian .vtu of shallows --mesh")
        compressed = b'compressor="vtkZLibDataCompressor"' in header
        section = data.index(b"_", start) + 1 if start >= 0 else None
        arrays = {}
        for kind, name, form, offset, body in ARRAY.findall(header):
            kind, name = kind.decode(), name.decode()
            if form == b"ascii":
                arrays[name] = [float(v) for v in body.split()]
            elif section is None:
                raise ValueError(f"{path}: appended arrays without an AppendedData section")
            else:
                raw = read_appended(path, data, section + int(offset), compressed)
                arrays[name] = values_of(path, kind, raw)
        for needed in ("Points", "connectivity", "h", "b", "velocity"):
            if needed not in arrays:
                raise ValueError(f"{path}: no DataArray {needed}")
        self.time = arrays["TimeValue"][0] if "TimeValue" in arrays else float("nan")
        points = arrays["Points"]
        self.node_x, self.node_y = points[0::3], points[1::3]
        corners = arrays["connectivity"]
        self.triangles = [tuple(corners[k : k + 3]) for k in range(0, len(corners), 3)]
        self.h, self.b = arrays["h"], arrays["b"]
        velocity = arrays["velocity"]
        self.u, self.v = velocity[0::3], velocity[1::3]
        if not len(self.h) == len(self.u) == len(self.b) == len(self.triangles):
            raise ValueError(f"{path}: cell arrays and triangles differ in length")
        self.hu = [h * u for h, u in zip(self.h, self.u)]
        self.hv = [h * v for h, v in zip(self.h, self.v)]
        self._geometry()

    def _geometry(self):
        xs, ys = self.node_x, self.node_y
        self.x, self.y, self.area = [], [], []
        for a, b, c in self.triangles:
            self.x.append((xs[a] + xs[b] + xs[c]) / 3)
            self.y.append((ys[a] + ys[b] + ys[c]) / 3)
            self.area.append(
                0.5 * abs((xs[b] - xs[a]) * (ys[c] - ys[a]) - (xs[c] - xs[a]) * (ys[b] - ys[a]))
            )

    @property
    def cells(self):
        return len(self.h)

    def velocity(self, c):
        """(u, v) of cell c as the file holds it (zero where dry)."""
        return (self.u[c], self.v[c])

    def node_average(self, field):
        """field averaged onto the nodes, weighted by the cells' areas, as
        a plotting program does when it draws cell data smoothly."""
        total = [0.0] * len(self.node_x)
        weight = [0.0] * len(self.node_x)
        for c, corners in enumerate(self.triangles):
            for n in corners:
                total[n] += field[c] * self.area[c]
                weight[n] += self.area[c]
        return [t / w if w > 0 else float("nan") for t, w in zip(total, weight)]


def read_appended(path, data, at, compressed):
    """The bytes of the array at offset `at`: VTK's zlib blocks (a header of
    UInt64 block count, block size, last block's size, then each block's
    compressed size) or a UInt64 byte count and the raw values."""
    try:
        if not compressed:
            (count,) = struct.unpack_from("<Q", data, at)
            if at + 8 + count > len(data):
                raise ValueError("the array runs past the end of the file")
            return data[at + 8 : at + 8 + count]
        (blocks,) = struct.unpack_from("<Q", data, at)
        sizes = struct.unpack_from(f"<{blocks}Q", data, at + 24)
        position, out = at + 24 + 8 * blocks, []
        for size in sizes:
            out.append(zlib.decompress(data[position : position + size]))
            position += size
        return b"".join(out)
    except (struct.error, zlib.error, ValueError) as error:
        raise ValueError(f"{path}: a broken appended array at byte {at}: {error}") from None


def values_of(path, kind, raw):
    if kind not in TYPES:
        raise ValueError(f"{path}: unexpected DataArray type {kind}")
    values = array.array(TYPES[kind])
    if len(raw) % values.itemsize:
        raise ValueError(f"{path}: a {kind} array of {len(raw)} bytes")
    values.frombytes(raw)
    if sys.byteorder != "little":
        values.byteswap()
    return values.tolist()
