#!/usr/bin/env python3
"""Writes one variable of a shallows NetCDF file as plain text for gnuplot,
reading `ncdump` output (standard library only, no NetCDF module needed).

    tools/files/netcdf_to_table.py FILE.nc VARIABLE matrix STEP   -> ny rows of nx values
    tools/files/netcdf_to_table.py FILE.nc VARIABLE row J         -> "x v(t0) v(t1) ..." along row J
"""
import re
import subprocess
import sys


def values_of(path, name):
    dump = subprocess.run(["ncdump", "-v", "x,time," + name, path], stdout=subprocess.PIPE,
                          check=True, universal_newlines=True).stdout
    sizes = {m.group(1): int(m.group(2))
             for m in re.finditer(r"^\s*(\w+) = (\d+) ;", dump, re.MULTILINE)}
    steps = re.search(r"time = UNLIMITED ; // \((\d+) currently\)", dump)
    sizes["time"] = int(steps.group(1)) if steps else 1
    data = dump[dump.index("data:"):]

    def variable(var):
        match = re.search(r"^\s*%s =(.*?);" % re.escape(var), data, re.MULTILINE | re.DOTALL)
        if match is None:
            raise SystemExit("netcdf_to_table: no variable %s in %s" % (var, path))
        return [float(v) for v in match.group(1).replace("\n", " ").split(",") if v.strip()]

    return sizes, variable("x"), variable(name)


def main():
    if len(sys.argv) != 5 or sys.argv[3] not in ("matrix", "row"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    path, name, layout, index = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    sizes, x, values = values_of(path, name)
    nx, ny, steps = sizes["x"], sizes["y"], sizes["time"]
    frame = nx * ny
    if layout == "matrix":
        step = index if index >= 0 else steps + index
        block = values[step * frame:(step + 1) * frame]
        for j in range(ny):
            print(" ".join("%.6g" % v for v in block[j * nx:(j + 1) * nx]))
    else:
        for i in range(nx):
            print("%.6g " % x[i] + " ".join(
                "%.6g" % values[s * frame + index * nx + i] for s in range(steps)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
