"""Runs `shallows --mesh` for tools/validate/validate_mesh.py and measures what it
wrote: the run's summary line, its .vtu snapshots (tools/validate/mesh_vtu.py), and
profiles along lines, by radius and by distance from a wall. Also the
references that the Cartesian measuring tool (build/double/shallows-validate)
computes: the exact dam breaks and the radial reference."""

import math
import os
import re
import subprocess

import mesh_vtu

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GEO = os.path.join(ROOT, "common", "mesh", "geo")
MESHES = os.path.join(ROOT, "build", "meshes")


class RunError(Exception):
    pass


class Runner:
    """Where the program is, which backend it runs on, where runs go."""

    def __init__(self, program, validate_tool, backend, threads, workdir):
        self.program, self.validate_tool = program, validate_tool
        self.backend, self.threads, self.workdir = backend, threads, workdir

    def run(self, mesh, scenario, stem, order=None, t_end=None, outputs=1, extra=()):
        """Runs scenario on mesh; returns (summary dict, stdout, snapshot paths)."""
        output = os.path.join(self.workdir, stem)
        command = [self.program, "--mesh", mesh, "--scenario", scenario, "--ordering", "rcm+edges"]
        command += ["--backend", self.backend, "--outputs", str(outputs), "--format", "vtk"]
        command += ["--output", output, "--quiet"]
        if self.backend == "openmp" and self.threads:
            command += ["--threads", str(self.threads)]
        if order is not None:
            command += ["--order", str(order)]
        if t_end is not None:
            command += ["--t-end", repr(t_end)]
        command += list(extra)
        print("validate-mesh:", " ".join(os.path.relpath(c, ROOT) if "/" in c else c for c in command[1:]),
              flush=True)
        result = subprocess.run(command, capture_output=True, text=True, encoding="utf-8")
        if result.returncode != 0:
            raise RunError(f"{' '.join(command)}: exit {result.returncode}: {result.stderr.strip()}")
        summary = parse_summary(result.stdout)
        snapshots = [f"{output}_{k:04d}.vtu" for k in range(outputs + 1)]
        missing = [s for s in snapshots if not os.path.exists(s)]
        if missing:
            raise RunError(f"{' '.join(command)} wrote no {missing[0]}")
        return summary, result.stdout, snapshots

    def reference_profile(self, case, n):
        """(x, reference h) along the Cartesian tool's profile line of case
        (stoker, ritter: the exact solution; circular: the radial reference
        through the centre)."""
        path = os.path.join(self.workdir, f"reference-{case}.txt")
        command = [self.validate_tool, "profile", case, "fwave", str(n), path]
        result = subprocess.run(command, capture_output=True, text=True, encoding="utf-8")
        if result.returncode != 0:
            raise RunError(f"{' '.join(command)}: {result.stderr.strip()}")
        with open(path, encoding="utf-8") as file:
            rows = [line.split() for line in file if line.strip()]
        return [float(r[0]) for r in rows], [float(r[2]) for r in rows]

    def cartesian_depths(self, scenario, n):
        """h of the Cartesian f-wave solver on n x n cells at the scenario's end."""
        path = os.path.join(self.workdir, f"cartesian-{scenario}-{n}.bin")
        command = [self.validate_tool, "dump", scenario, "fwave", str(n), path]
        result = subprocess.run(command, capture_output=True, text=True, encoding="utf-8")
        if result.returncode != 0:
            raise RunError(f"{' '.join(command)}: {result.stderr.strip()}")
        import array

        values = array.array("d")
        with open(path, "rb") as file:
            values.frombytes(file.read())
        return values.tolist()[: n * n]


def parse_summary(stdout):
    for line in stdout.splitlines():
        if line.startswith("summary:"):
            return dict(field.split("=", 1) for field in line.split()[1:] if "=" in field)
    raise RunError("no summary line")


def reattachment_printed(stdout):
    match = re.search(r"reattachment_length_m=([0-9.]+)", stdout)
    return float(match.group(1)) if match else float("nan")


def interpolate(xs, ys, x):
    """Linear interpolation in the sorted table xs, ys (clamped at its ends)."""
    if x <= xs[0]:
        return ys[0]
    if x >= xs[-1]:
        return ys[-1]
    lo, hi = 0, len(xs) - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if xs[mid] <= x else (lo, mid)
    w = (x - xs[lo]) / (xs[hi] - xs[lo])
    return ys[lo] * (1 - w) + ys[hi] * w


def binned(values_at, keys, weights, low, high, width):
    """Weighted means of values in bins of key; (bin centres, means) of
    the bins that hold a cell."""
    count = int(math.ceil((high - low) / width))
    total, weight = [0.0] * count, [0.0] * count
    for value, key, w in zip(values_at, keys, weights):
        k = int((key - low) // width)
        if 0 <= k < count:
            total[k] += value * w
            weight[k] += w
    centres = [low + (k + 0.5) * width for k in range(count) if weight[k] > 0]
    means = [total[k] / weight[k] for k in range(count) if weight[k] > 0]
    return centres, means


def line_profile(snap, field, y_line, half_width, low, high, width):
    """Means of a cell field along y = y_line in x bins (cells within half_width)."""
    chosen = [c for c in range(snap.cells) if abs(snap.y[c] - y_line) < half_width]
    return binned([field[c] for c in chosen], [snap.x[c] for c in chosen],
                  [snap.area[c] for c in chosen], low, high, width)


def mean_cell_size(snap):
    return math.sqrt(sum(snap.area) / snap.cells)


def crossing(xs, ys, level, start=0.0, rising=None):
    """First x >= start where the profile crosses level (interpolated);
    rising: only upward (True) or downward (False) crossings. NaN if none."""
    for k in range(1, len(xs)):
        if xs[k - 1] < start:
            continue
        a, b = ys[k - 1] - level, ys[k] - level
        if a == 0 or a * b < 0:
            if rising is None or (b > a) == rising:
                return xs[k - 1] + (xs[k] - xs[k - 1]) * a / (a - b) if a != b else xs[k - 1]
    return float("nan")


def asymmetry(snap, cx, cy, rest, sectors=8):
    """Spread over the mean of the sector-mean radius of the water displaced
    from rest (tests/mesh/test_mesh_validation.c measures it the same way)."""
    moment, weight = [0.0] * sectors, [0.0] * sectors
    for c in range(snap.cells):
        dx, dy = snap.x[c] - cx, snap.y[c] - cy
        s = int((math.atan2(dy, dx) + math.pi) / (2 * math.pi) * sectors) % sectors
        displaced = abs(snap.h[c] - rest) * snap.area[c]
        moment[s] += displaced * math.hypot(dx, dy)
        weight[s] += displaced
    radii = [m / w for m, w in zip(moment, weight)]
    return (max(radii) - min(radii)) / (sum(radii) / sectors)


def snapshot(path):
    return mesh_vtu.Snapshot(path)
