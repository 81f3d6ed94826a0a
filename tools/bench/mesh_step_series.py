#!/usr/bin/env python3
"""Time series of a backward-facing-step run (`shallows --mesh ...
--scenario backward-facing-step --format vtk --outputs K --output STEM`):
per snapshot the discharge through three sections (near the inflow, at
x = 10 m, near the outflow), the mean surface level at both ends and the
reattachment length of that state; then per 100 s window the discharge
swing at x = 10 m and the period of its oscillation (mean spacing of its
upward crossings of the window's mean; '-' where the swing is below
0.5 %). Sample at 1 s or finer: the step's swing has a period near 6 s,
which snapshots 5 s apart alias to about 25 s. Says whether the flow settles
and at what period it swings. Python standard library only."""

import argparse
import glob
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "validate"))
import mesh_cases  # noqa: E402
import mesh_runs  # noqa: E402

SECTIONS = (-3.5, 10.0, 19.5)
BAND = 0.3


def section_discharge(snap, chosen, x0):
    """Discharge (m^3/s) through x = x0: the mean hu of a band of cells
    around it times the channel's width there (2 m before the step, 3 m
    after it)."""
    cells = chosen[x0]
    mean = sum(snap.hu[c] * snap.area[c] for c in cells) / sum(snap.area[c] for c in cells)
    return mean * (2.0 if x0 < 0 else 3.0)


def end_level(snap, cells):
    weight = sum(snap.area[c] for c in cells)
    return sum((snap.h[c] + snap.b[c]) * snap.area[c] for c in cells) / weight


def series(paths):
    first = mesh_runs.snapshot(paths[0])
    chosen = {x0: [c for c in range(first.cells) if abs(first.x[c] - x0) < BAND] for x0 in SECTIONS}
    inlet = [c for c in range(first.cells) if first.x[c] < -3.7]
    outlet = [c for c in range(first.cells) if first.x[c] > 19.7]
    rows = []
    for path in paths:
        snap = mesh_runs.snapshot(path)
        xs, us = mesh_cases.wall_velocity([snap])
        rows.append({"t": snap.time, "q": [section_discharge(snap, chosen, x0) for x0 in SECTIONS],
                     "eta_in": end_level(snap, inlet), "eta_out": end_level(snap, outlet),
                     "reattachment": mesh_cases.reattachment(xs, us)})
    return rows


def period(times, values):
    mean = sum(values) / len(values)
    ups = [times[k] for k in range(1, len(values)) if values[k - 1] < mean <= values[k]]
    return (ups[-1] - ups[0]) / (len(ups) - 1) if len(ups) > 1 else float("nan")


def windows(rows, width=100.0):
    end = rows[-1]["t"]
    start = 0.0
    while start < end - 1e-9:
        chosen = [r for r in rows if start < r["t"] <= start + width + 1e-9]
        if len(chosen) > 2:
            q = [r["q"][1] for r in chosen]
            mean = sum(q) / len(q)
            lengths = [r["reattachment"] for r in chosen]
            yield (start, start + width, (max(q) - min(q)) / mean, period([r["t"] for r in chosen], q),
                   sum(lengths) / len(lengths), mean)
        start += width


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("stem", help="the run's --output STEM (STEM_NNNN.vtu are read)")
    parser.add_argument("--rows", action="store_true", help="print every snapshot's row")
    options = parser.parse_args()
    paths = sorted(glob.glob(glob.escape(options.stem) + "_[0-9][0-9][0-9][0-9].vtu"))
    if len(paths) < 3:
        print(f"mesh_step_series: {options.stem}: fewer than 3 snapshots (STEM_NNNN.vtu)", file=sys.stderr)
        return 2
    rows = series(paths)
    if options.rows:
        print("t_s q_in q_10 q_out eta_in eta_out reattachment_m")
        for r in rows:
            print(f"{r['t']:.1f} " + " ".join(f"{q:.5f}" for q in r["q"])
                  + f" {r['eta_in']:.5f} {r['eta_out']:.5f} {r['reattachment']:.2f}")
    print("window_s swing_q10 period_s mean_reattachment_m mean_q10")
    for low, high, swing, cycle, length, mean in windows(rows):
        # Below 0.5 % the crossings count round-off and drift, not a swing.
        shown = f"{cycle:.1f}" if swing > 0.005 else "-"
        print(f"{low:.0f}-{high:.0f} {100 * swing:.1f}% {shown} {length:.2f} {mean:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
