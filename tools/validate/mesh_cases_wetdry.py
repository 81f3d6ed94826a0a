"""The wet/dry cases of the triangles in `make validate`
(tools/validate/validate_mesh.py), the long forms of the suite mesh-wetdry:
Ritter's front at 5 s on four channels at both orders against the exact
599 m and the first order's step count, Thacker's planar bowl against its
exact solution after one period, the radial dam break onto dry land and
off centre onto a 1 mm film (the physical speed bound, the water to
round-off, a step budget), and the partial dam break to 30 s on every
committed mesh in both precisions."""

import math
import os

import mesh_runs as runs
from mesh_cases import Case, mesh

CHANNELS = (("channel_20", 20), ("channel_10", 10), ("channel_5", 5), ("channel_2.5", 2.5))
G = 9.81
ROUND_OFF = {"double": 1e-12, "single": 2e-5}


def water(snap):
    return sum(h * a for h, a in zip(snap.h, snap.area))


def fastest(snap):
    return max(math.hypot(*snap.velocity(c)) for c in range(snap.cells))


def drift(paths):
    first, last = runs.snapshot(paths[0]), runs.snapshot(paths[-1])
    return (water(last) - water(first)) / water(first), last


def ritter(case, runner):
    """The 1 mm front at 5 s: within 5 % of 500 + 2 sqrt(10 g) 5 m on every
    channel, within 3 % on the finest; no water more than four cells
    beyond it; second order in at most a quarter more steps than first."""
    exact = 500 + 2 * math.sqrt(10 * G) * 5
    for name, size in CHANNELS:
        steps = {}
        for order in (1, 2):
            summary, _, paths = runner.run(mesh(name), "dam-break-1d-dry", f"ritter-{name}-{order}",
                                           order=order, t_end=5)
            change, last = drift(paths)
            case.data.setdefault("ritter", {})[order] = (name, last)  # the finest channel's stay
            front = max(last.x[c] for c in range(last.cells) if last.h[c] > 1e-3)
            wet = max(last.x[c] for c in range(last.cells) if last.h[c] > 0)
            steps[order] = int(summary["steps"])
            case.rows.append({"case": f"Ritter, {name}", "order": order, "cells": last.cells,
                              "steps": steps[order], "measure": f"front {front:.1f} m (exact {exact:.1f})",
                              "fastest": fastest(last), "drift": change})
            off = abs(front - exact) / exact
            bound = 0.03 if name == CHANNELS[-1][0] else 0.05
            case.check(f"Ritter {name}, order {order}: 1 mm front at 5 s", f"{front:.1f} m ({100 * off:.1f} % off)",
                       f"within {100 * bound:.0f} % of {exact:.1f} m", off < bound)
            case.check(f"Ritter {name}, order {order}: no water beyond the front", f"last wet cell at {wet:.1f} m",
                       f"< {exact + 4 * size:.1f} m (four cells)", wet < exact + 4 * size)
            case.check(f"Ritter {name}, order {order}: water kept (the ends far away)", f"{change:+.1e}",
                       "|drift| < 1e-12", abs(change) < 1e-12)
        case.check(f"Ritter {name}: second order's steps", f"{steps[2]} against {steps[1]}",
                   "<= 1.25 x first order's", steps[2] <= 1.25 * steps[1])


def ritter_exact(x, t, x_dam=500.0, h0=10.0):
    """Ritter's depth at x and t > 0: still water, the parabola of the
    rarefaction, dry land beyond 2 sqrt(g h0) t."""
    c0 = math.sqrt(G * h0)
    if x - x_dam <= -c0 * t:
        return h0
    if x - x_dam >= 2 * c0 * t:
        return 0.0
    return (2 * c0 - (x - x_dam) / t) ** 2 / (9 * G)


def thacker_exact(x, y, t, a=400.0, h0=10.0, amplitude=40.0, cx=500.0, cy=500.0):
    """The depth of Thacker's planar bowl (shallow_water/thacker_exact.h)."""
    w = math.sqrt(2 * G * h0) / a
    xs, ys = x - cx, y - cy
    bed = h0 * ((xs * xs + ys * ys) / (a * a) - 1)
    eta = amplitude * h0 / (a * a) * (2 * xs * math.cos(w * t) + 2 * ys * math.sin(w * t) - amplitude)
    return max(0.0, eta - bed)


def thacker(case, runner):
    """One period of Thacker's bowl: L1 of h against the exact solution
    (dry ground included) falls with the mesh and is smaller at second
    order; the water to round-off; no cell faster than the exact speed
    plus a front's 2 sqrt(g h) of the deepest water."""
    period = 2 * math.pi * 400 / math.sqrt(2 * G * 10)
    bound = 40 * math.sqrt(2 * G * 10) / 400 + 2 * math.sqrt(G * 12)
    errors = {}
    for name in ("square_1000_coarse", "square_1000_m1"):
        path = mesh(name)
        if not os.path.exists(path):
            case.notes.append(f"({name} left out: make meshes writes it)\n")
            continue
        for order in (1, 2):
            summary, _, paths = runner.run(path, "thacker-bowl", f"thacker-{name}-{order}", order=order)
            change, last = drift(paths)
            l1 = sum(abs(last.h[c] - thacker_exact(last.x[c], last.y[c], period)) * last.area[c]
                     for c in range(last.cells))
            errors[(name, order)] = l1
            if order == 2:
                xs, hs = runs.line_profile(last, last.h, 500, 15, 0, 1000, 10)
                exact = [thacker_exact(x, 500, period) for x in xs]
                case.data["thacker"] = (f"{name.replace('_', ' ')}, {last.cells:,} cells", xs, hs, exact)
            speed = fastest(last)
            case.rows.append({"case": f"Thacker, {name}", "order": order, "cells": last.cells,
                              "steps": int(summary["steps"]), "measure": f"L1 of h {l1:.4g} m^3",
                              "fastest": speed, "drift": change})
            case.check(f"Thacker {name}, order {order}: water kept", f"{change:+.1e}", "|drift| < 1e-12",
                       abs(change) < 1e-12)
            case.check(f"Thacker {name}, order {order}: fastest cell", f"{speed:.2f} m/s", f"<= {bound:.1f} m/s",
                       speed <= bound)
        case.check(f"Thacker {name}: second order more accurate", f"L1 {errors[(name, 2)]:.4g} against "
                   f"{errors[(name, 1)]:.4g} m^3", "smaller", errors[(name, 2)] < errors[(name, 1)])
    if ("square_1000_m1", 2) in errors:
        case.check("Thacker: L1 falls with the mesh, order 2",
                   f"{errors[('square_1000_coarse', 2)]:.4g} > {errors[('square_1000_m1', 2)]:.4g} m^3",
                   "decreasing", errors[("square_1000_m1", 2)] < errors[("square_1000_coarse", 2)])


def radial(case, runner):
    """15 m within 100 m onto dry land (centred) and onto a 1 mm film (off
    centre), second order, 20 s: no cell faster than 2 sqrt(15 g), the
    water to round-off, within twice the steps the fastest wave needs."""
    bound = 2 * math.sqrt(15 * G)
    for label, sets in (("onto dry land", ["h_outside=0"]),
                        ("off centre onto 1 mm", ["h_outside=0.001", "centre_x=300", "centre_y=620"])):
        extra = [item for pair in (("--set", s) for s in sets) for item in pair]
        summary, _, paths = runner.run(mesh("square_1000_m1"), "radial-dam-break", f"radial-{len(sets)}",
                                       outputs=4, extra=extra)
        change, last = drift(paths)
        centre = [float(s.split("=")[1]) for s in sets if s.startswith("centre_")] or [500.0, 500.0]
        case.data.setdefault("radial", []).append((label, centre, last))
        speed = max(fastest(runs.snapshot(p)) for p in paths)
        smallest_chi = min(a / max(math.dist((last.node_x[i], last.node_y[i]), (last.node_x[j], last.node_y[j]))
                                   for i, j in ((t[0], t[1]), (t[1], t[2]), (t[2], t[0])))
                           for a, t in zip(last.area, last.triangles))
        budget = 2 * 20 * bound / (0.5 * smallest_chi)
        steps = int(summary["steps"])
        case.rows.append({"case": f"radial dam break {label}", "order": 2, "cells": last.cells, "steps": steps,
                          "measure": f"budget {budget:.0f} steps", "fastest": speed, "drift": change})
        case.check(f"radial {label}: fastest cell (5 snapshots)", f"{speed:.1f} m/s", f"<= {bound:.1f} m/s",
                   speed <= bound)
        case.check(f"radial {label}: water kept", f"{change:+.1e}", "|drift| < 1e-12", abs(change) < 1e-12)
        case.check(f"radial {label}: steps to 20 s", f"{steps}", f"<= {budget:.0f}", steps <= budget)


def partial(case, runner):
    """The partial dam break to 30 s (the walls' reflections meet the
    breach's corners from 20 s on) on every committed mesh and M1, both
    precisions: it finishes, finite, within 20,000 steps, the water to
    round-off."""
    geo = os.path.join(runs.GEO)
    meshes = sorted(os.path.join(geo, f) for f in os.listdir(geo) if f.startswith("partial_dam_break")
                    and f.endswith(".msh"))
    meshes += [mesh("partial_dam_break_m1")] if os.path.exists(mesh("partial_dam_break_m1")) else []
    single = runner.program.replace(os.sep + "double" + os.sep, os.sep + "single" + os.sep)
    programs = [("double", runner.program)] + ([("single", single)] if os.access(single, os.X_OK) else [])
    if len(programs) == 1:
        case.notes.append(f"(single precision left out: {os.path.relpath(single, runs.ROOT)} is not built)\n")
    for precision, program in programs:
        other = runs.Runner(program, runner.validate_tool, runner.backend, runner.threads, runner.workdir)
        for path in meshes:
            name = os.path.splitext(os.path.basename(path))[0]
            summary, _, paths = other.run(path, "partial-dam-break", f"partial-{name}-{precision}", t_end=30)
            change, last = drift(paths)
            steps = int(summary["steps"])
            case.rows.append({"case": f"partial dam break, {name}, {precision}", "order": 2, "cells": last.cells,
                              "steps": steps, "measure": "t = 30 s", "fastest": fastest(last), "drift": change})
            case.check(f"partial {name} {precision}: 30 s within 20,000 steps", f"{steps} steps", "<= 20000",
                       steps <= 20000)
            case.check(f"partial {name} {precision}: water kept", f"{change:+.1e}",
                       f"|drift| < {ROUND_OFF[precision]:g}", abs(change) < ROUND_OFF[precision])


def wet_dry(runner, long_form):
    case = Case("wet-dry", "Wet/dry fronts on triangles (Ritter, Thacker, dam breaks onto dry land)")
    ritter(case, runner)
    thacker(case, runner)
    radial(case, runner)
    partial(case, runner)
    return case
