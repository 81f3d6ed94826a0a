#!/usr/bin/env python3
"""The recirculation behind the backward-facing step in .vtu snapshots of
`shallows --mesh ... --scenario backward-facing-step --format vtk`: per
snapshot the reattachment length as shallows measures it (where u of the
cells on the lower wall turns forward), the former measure beside it (mean
u of the cells within 0.25 m of the wall, 0.1 m bins: it held one row of
M1's cells and five of M3's), the eddy's recirculating discharge (the
largest backflow under the dividing streamline, min over y of the
integral of hu from the wall, m^2/s) and where that backflow ends, the
eddy's height (highest cell running back), the fastest backflow on the
wall, and how much the face limiter (Roe-MUSCL GPU n.d., eq. 22) cuts the
gradients of hu and hv in the shear layer behind the step's edge (x 0..4 m,
y 0.6..1.4 m: mean factor phi, and the share of cells with phi < 0.5),
recomputed from the cell values as
common/mesh/numerics/mesh_reconstruction.h does for interior cells. Compares
meshes on the same quantities. Python standard library only."""

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "validate"))
import mesh_cases  # noqa: E402
import mesh_runs  # noqa: E402


def band_length(snap, band=0.25, width=0.1):
    chosen = [c for c in range(snap.cells) if snap.y[c] < band and snap.x[c] >= 0]
    xs, us = mesh_runs.binned([snap.u[c] for c in chosen], [snap.x[c] for c in chosen],
                              [snap.area[c] for c in chosen], 0, 20, width)
    return mesh_cases.reattachment(xs, us)


def backflow(snap, width):
    """Per x column of the given width behind the step: min over y of the
    discharge between the wall and y (the cells' hu times their area over
    the column's width, summed from the wall up)."""
    columns = {}
    for c in range(snap.cells):
        if snap.x[c] >= 0:
            columns.setdefault(int(snap.x[c] // width), []).append(c)
    rows = []
    for k in sorted(columns):
        total, lowest = 0.0, 0.0
        for c in sorted(columns[k], key=lambda c: snap.y[c]):
            total += snap.hu[c] * snap.area[c] / width
            lowest = min(lowest, total)
        rows.append(((k + 0.5) * width, lowest))
    return rows


def neighbours(snap):
    """Per cell its neighbours across interior edges, with the midpoints."""
    edges = {}
    for c, corners in enumerate(snap.triangles):
        for a, b in ((corners[0], corners[1]), (corners[1], corners[2]), (corners[2], corners[0])):
            edges.setdefault((min(a, b), max(a, b)), []).append(c)
    around = [[] for _ in range(snap.cells)]
    for (a, b), cells in edges.items():
        if len(cells) == 2:
            mid = ((snap.node_x[a] + snap.node_x[b]) / 2, (snap.node_y[a] + snap.node_y[b]) / 2)
            around[cells[0]].append((cells[1], mid))
            around[cells[1]].append((cells[0], mid))
    return around


def limiter(snap, around, q, c):
    """phi of quantity q in interior cell c: the plane through the three
    neighbours' centroids, each midpoint value kept between q[c] and the
    neighbour's across that edge."""
    (k0, _), (k1, _), (k2, _) = around[c]
    ax, ay = snap.x[k1] - snap.x[k0], snap.y[k1] - snap.y[k0]
    bx, by = snap.x[k2] - snap.x[k0], snap.y[k2] - snap.y[k0]
    det = ax * by - ay * bx
    if abs(det) <= 1e-6 * (ax * ax + ay * ay + bx * bx + by * by):
        return 0.0
    d1, d2 = q[k1] - q[k0], q[k2] - q[k0]
    gx, gy = (d1 * by - d2 * ay) / det, (ax * d2 - bx * d1) / det
    phi = 1.0
    for k, (mx, my) in around[c]:
        change = gx * (mx - snap.x[c]) + gy * (my - snap.y[c])
        difference = q[k] - q[c]
        if change > max(difference, 0.0):
            phi = min(phi, max(difference, 0.0) / change)
        elif change < min(difference, 0.0):
            phi = min(phi, min(difference, 0.0) / change)
    return phi


def shear_layer_limiting(snap):
    around = neighbours(snap)
    chosen = [c for c in range(snap.cells)
              if 0 <= snap.x[c] <= 4 and 0.6 <= snap.y[c] <= 1.4 and len(around[c]) == 3]
    parts = []
    for name, q in (("hu", snap.hu), ("hv", snap.hv)):
        phis = [limiter(snap, around, q, c) for c in chosen]
        cut = sum(1 for phi in phis if phi < 0.5) / len(phis)
        parts.append(f"phi_{name}={sum(phis) / len(phis):.2f} cut_{name}={100 * cut:.0f}%")
    return " ".join(parts)


def describe(path):
    snap = mesh_runs.snapshot(path)
    xs, us = mesh_cases.wall_velocity([snap])
    width = 2 * math.sqrt(4 * sum(snap.area) / snap.cells / math.sqrt(3))  # two cell sizes
    flow = backflow(snap, width)
    strongest = min(flow, key=lambda row: row[1])
    started = [x for x, q in flow if q < 0]
    end = next((x for x, q in flow if started and x > strongest[0] and q >= 0), float("nan"))
    back = [c for c in range(snap.cells) if snap.x[c] >= 0 and snap.u[c] < 0]
    height = max((snap.y[c] for c in back), default=0.0)
    return (f"{os.path.basename(path)} t={snap.time:.0f} s cells={snap.cells} "
            f"reattachment_wall={mesh_cases.reattachment(xs, us):.2f} m "
            f"band_0.25m={band_length(snap):.2f} m backflow={-strongest[1]:.4f} m^2/s "
            f"at x={strongest[0]:.2f} ends x={end:.2f} m eddy_height={height:.2f} m "
            f"fastest_back_on_wall={min(us):.3f} m/s {shear_layer_limiting(snap)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("snapshots", nargs="+", help=".vtu files of the step")
    options = parser.parse_args()
    for path in options.snapshots:
        try:
            print(describe(path), flush=True)
        except (OSError, ValueError) as error:
            print(f"mesh_step_profile: {path}: {error}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
