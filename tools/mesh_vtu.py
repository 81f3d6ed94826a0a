"""Reads the .vtu snapshots that `shallows --mesh ... --format vtk` writes
(common/mesh/io/mesh_vtk.c: inline binary DataArrays, base64 of a UInt64
byte count followed by the values, uncompressed) into plain Python lists:
node coordinates, triangles, and the cell fields h, hu, hv, b, eta. Python
standard library only, so that `make validate` needs nothing more."""

import array
import base64
import re
import struct
import sys

TYPES = {"Float64": "d", "Float32": "f", "Int64": "q", "UInt8": "B"}
ARRAY = re.compile(
    r'<DataArray type="(\w+)" Name="(\w+)"[^>]*? format="(binary|ascii)">\s*([^<]*?)\s*'
    r"</DataArray>",
    re.S,
)


class Snapshot:
    """One triangle snapshot: nodes, triangles, cell fields and geometry."""

    def __init__(self, path):
        with open(path, encoding="ascii") as file:
            text = file.read()
        if 'byte_order="LittleEndian"' not in text or 'header_type="UInt64"' not in text:
            raise ValueError(f"{path}: not a little-endian .vtu of shallows --mesh")
        arrays = {}
        for kind, name, encoding, body in ARRAY.findall(text):
            arrays[name] = decode(path, kind, encoding, body)
        for needed in ("Points", "connectivity", "h", "hu", "hv", "b"):
            if needed not in arrays:
                raise ValueError(f"{path}: no DataArray {needed}")
        self.time = arrays["TimeValue"][0] if "TimeValue" in arrays else float("nan")
        points = arrays["Points"]
        self.node_x, self.node_y = points[0::3], points[1::3]
        corners = arrays["connectivity"]
        self.triangles = [tuple(corners[k : k + 3]) for k in range(0, len(corners), 3)]
        self.h, self.hu, self.hv, self.b = (arrays[n] for n in ("h", "hu", "hv", "b"))
        if not len(self.h) == len(self.hu) == len(self.hv) == len(self.triangles):
            raise ValueError(f"{path}: cell arrays and triangles differ in length")
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

    def velocity(self, c, dry=1e-6):
        """(u, v) of cell c, zero where it is dry."""
        h = self.h[c]
        return (self.hu[c] / h, self.hv[c] / h) if h >= dry else (0.0, 0.0)

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


def decode(path, kind, encoding, body):
    if kind not in TYPES:
        raise ValueError(f"{path}: unexpected DataArray type {kind}")
    if encoding == "ascii":
        return [float(v) for v in body.split()]
    raw = base64.b64decode("".join(body.split()))
    (count,) = struct.unpack_from("<Q", raw, 0)
    if count > len(raw) - 8:
        raise ValueError(f"{path}: a DataArray says {count} bytes, holds {len(raw) - 8}")
    values = array.array(TYPES[kind])
    values.frombytes(raw[8 : 8 + count])
    if sys.byteorder != "little":
        values.byteswap()
    return values.tolist()
