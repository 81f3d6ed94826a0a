"""The triangle cases of `make validate` with exact answers
(tools/validate/validate_mesh.py): a lake at rest stays at rest, Ritter's and
Stoker's dam breaks in a triangulated channel converge at the orders of
first- and second-order schemes, and the radial dam break on triangles
against the Cartesian solver on as many cells."""

import math

import mesh_runs as runs
from mesh_cases import Case, mesh

def lake_at_rest(runner, long_form):
    """A flat surface over a bump and around a dry island stays flat and
    still, both orders, on the 23,250-cell square."""
    case = Case("lake-at-rest", "Lake at rest over a bump and around an island")
    for scenario in ("lake-at-rest", "lake-at-rest-island"):
        for order in (1, 2):
            _, _, paths = runner.run(mesh("square_1000_m1"), scenario, f"{scenario}-{order}",
                                     order=order, t_end=100)
            last = runs.snapshot(paths[-1])
            speed = max(math.hypot(*last.velocity(c)) for c in range(last.cells))
            wet = [c for c in range(last.cells) if last.h[c] > 0]
            surface = max(abs(last.h[c] + last.b[c]) for c in wet)
            dry = sum(1 for c in range(last.cells) if last.h[c] == 0)
            case.rows.append({"scenario": scenario, "order": order, "cells": last.cells,
                              "speed": speed, "surface": surface, "dry": dry})
            case.check(f"{scenario}, order {order}: largest speed after 100 s", f"{speed:.1e} m/s",
                       "< 1e-10 m/s (round-off)", speed < 1e-10)
            case.check(f"{scenario}, order {order}: surface", f"max |eta| {surface:.1e} m", "< 1e-10 m",
                       surface < 1e-10)
    return case


CHANNELS = ("channel_20", "channel_10", "channel_5", "channel_2.5")


def dam_breaks_1d(runner, long_form):
    """L1 of h per metre of channel against the exact solutions at 20 s on
    four meshes, each half the element size of the one before."""
    case = Case("dam-breaks-1d", "Stoker and Ritter in a triangulated channel")
    bands = {("stoker", 1): (0.6, 1.1), ("stoker", 2): (0.85, 1.3),
             ("ritter", 1): (0.45, 1.1), ("ritter", 2): (0.75, 1.3)}
    for exact_name, scenario in (("stoker", "dam-break-1d-wet"), ("ritter", "dam-break-1d-dry")):
        ref_x, ref_h = runner.reference_profile(exact_name, 8000)
        finest = {}
        for order in (1, 2):
            errors = []
            for name in CHANNELS:
                summary, _, paths = runner.run(mesh(name), scenario, f"{exact_name}-{name}-{order}",
                                               order=order)
                last = runs.snapshot(paths[-1])
                error = sum(abs(last.h[c] - runs.interpolate(ref_x, ref_h, last.x[c])) * last.area[c]
                            for c in range(last.cells)) / 50.0
                errors.append((last.cells, error))
                case.rows.append({"case": exact_name, "order": order, "mesh": name, "cells": last.cells,
                                  "steps": int(summary["steps"]), "l1": error,
                                  "ratio": errors[-2][1] / error if len(errors) > 1 else None})
                if name == CHANNELS[-1]:
                    finest[order] = (last, error)
            l1 = [e for _, e in errors]
            mean = math.log(l1[0] / l1[-1]) / math.log(2 ** (len(l1) - 1))
            low, high = bands[(exact_name, order)]
            case.check(f"{exact_name}, order {order}: L1 falls on every refinement",
                       " > ".join(f"{v:.1f}" for v in l1) + " m^2", "decreasing",
                       all(a > b for a, b in zip(l1, l1[1:])))
            case.check(f"{exact_name}, order {order}: mean observed order", f"{mean:.2f}",
                       f"{low} to {high}", low <= mean <= high)
        case.data[exact_name] = {"reference": (ref_x, ref_h),
                                 "finest": {o: finest[o][0] for o in finest}}
        case.check(f"{exact_name}: second order more accurate on the finest mesh",
                   f"{finest[2][1]:.1f} against {finest[1][1]:.1f} m^2", "< 0.9 x first order",
                   finest[2][1] < 0.9 * finest[1][1])
    return case


def radial_profile(xs, ys, hs, areas, cx, cy, width):
    return runs.binned(hs, [math.hypot(x - cx, y - cy) for x, y in zip(xs, ys)], areas, 0, 500, width)


def radial_against_cartesian(runner, long_form):
    """The radial dam break (15 m in a 100 m circle, 10 m around, 20 s) on
    23,250 triangles and on the Cartesian f-wave solver's 152 x 152 = 23,104
    squares; each against the Cartesian solution on 800 x 800 cells, by the
    L1 of h against that solution's radial profile (m^3)."""
    case = Case("radial-dam-break", "Radial dam break: triangles against the Cartesian solver")
    fine_n, match_n = 800, 152

    def cartesian(n):
        h = runner.cartesian_depths("radial-dam-break", n)
        d = 1000.0 / n
        xs = [(i + 0.5) * d for j in range(n) for i in range(n)]
        ys = [(j + 0.5) * d for j in range(n) for i in range(n)]
        return xs, ys, h, [d * d] * (n * n)

    ref_r, ref_h = radial_profile(*cartesian(fine_n), 500, 500, 1.0)

    def l1(xs, ys, hs, areas):
        return sum(abs(h - runs.interpolate(ref_r, ref_h, math.hypot(x - 500, y - 500))) * a
                   for x, y, h, a in zip(xs, ys, hs, areas))

    squares = cartesian(match_n)
    case.rows.append({"solver": "Cartesian f-wave, first order", "cells": match_n * match_n,
                      "l1": l1(*squares), "profile": radial_profile(*squares, 500, 500, 5.0)})
    for order in (1, 2):
        _, _, paths = runner.run(mesh("square_1000_m1"), "radial-dam-break", f"radial-{order}", order=order)
        last = runs.snapshot(paths[-1])
        fields = (last.x, last.y, last.h, last.area)
        case.rows.append({"solver": f"triangles Roe, order {order}", "cells": last.cells,
                          "l1": l1(*fields), "profile": radial_profile(*fields, 500, 500, 5.0)})
    case.data["reference"] = (ref_r, ref_h)
    cart, first, second = (r["l1"] for r in case.rows)
    case.check("triangles, first order, against the Cartesian first-order solver",
               f"L1 {first:.0f} against {cart:.0f} m^3", "within a factor 1.5", first < 1.5 * cart)
    case.check("triangles, second order, more accurate than both first-order runs",
               f"L1 {second:.0f} m^3", f"< {min(first, cart):.0f} m^3", second < min(first, cart))
    return case
