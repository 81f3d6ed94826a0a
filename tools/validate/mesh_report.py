"""Figures and the "Triangles" section of docs/VALIDATION.md for
tools/validate/validate_mesh.py. The section lies between two markers; the rest of
the page (tools/validate/validate.py's) is left as it is."""

import os
import shutil

import mesh_cases_wetdry as wetdry
import mesh_pictures as pictures

BEGIN = "<!-- triangles: written by tools/validate/validate_mesh.py; the rest of this page by tools/validate/validate.py -->"
END = "<!-- end of triangles -->"

# What the figures of Roe-MUSCL GPU n.d. show (seed file 000_2fbfa04711029218.txt), beside ours.
SEED = {
    "partial-dam-break": "Roe-MUSCL GPU n.d., fig. 4c/4d: h at 7.2 s on M1 (18,876 cells) and M2 "
    "(379,182), colour "
    "bar 4.8-9.9 m; a shock running downstream as a bow from the breach (sharp on M2), a "
    "depression wave running upstream, vortices behind the breach's corners.",
    "circular-dam-break": "Roe-MUSCL GPU n.d., fig. 5c-5e: h at 0.69 s on M1, M2, M3 (8,688, 35,168, "
    "140,200 "
    "cells), colour bar 0.8-9.6 m; a circular shock running out, more diffuse on the coarser meshes.",
    "backward-facing-step": "Roe-MUSCL GPU n.d., fig. 6: streamlines at 500 s on M1-M3 (3,294, 13,894, "
    "56,168 "
    "cells); reattachment 3.9 m on M3, as Denham and Patrick measured; shorter on the coarser meshes.",
}


def draw(case, folder):
    """The case's figures into folder; their names into case.figures.
    Without gnuplot (a GPU machine may lack it) the figures are left out."""
    if shutil.which("gnuplot") is None:
        case.notes.append("(figures left out: no gnuplot on this machine)\n")
        return
    def path(name):
        case.figures.append(name)
        return os.path.join(folder, name)

    rows = case.rows
    if case.name == "partial-dam-break":
        panels = [(f"{r['mesh']}, {r['cells']:,} cells, t = 7.2 s", r["snapshot"], r["snapshot"].h) for r in rows]
        pictures.maps(path("validate-partial-dam-break.png"), panels, (0, 200, 0, 200), (4.8, 9.9), "h (m)")
        pictures.lines(path("validate-partial-dam-break-section.png"), "h along y = 132.5 m (the breach centre line), 7.2 s",
                       "x (m)", "h (m)", [(r["mesh"], *r["section"], "with lines") for r in rows])
    elif case.name == "circular-dam-break":
        panels = [(f"{r['mesh']}, {r['cells']:,} cells", r["snapshot"], r["snapshot"].h) for r in rows]
        pictures.maps(path("validate-circular-dam-break.png"), panels, (0, 50, 0, 50), (0.8, 9.6), "h (m)")
        finest = rows[-1]["snapshot"]
        radius = [((x - 25) ** 2 + (y - 25) ** 2) ** 0.5 for x, y in zip(finest.x, finest.y)]
        pictures.lines(path("validate-circular-dam-break-radius.png"), "h against r at 0.69 s", "r (m)", "h (m)",
                       [(f"{rows[-1]['mesh']} cells", radius, finest.h, "with dots"),
                        ("radial reference", *case.data["reference"], "with lines lw 2")], "set xrange [0:25]")
    elif case.name == "dam-breaks-1d":
        curves = []
        for name in ("stoker", "ritter"):
            for order in (1, 2):
                chosen = [r for r in rows if r["case"] == name and r["order"] == order]
                curves.append((f"{name}, order {order}", [r["cells"] for r in chosen], [r["l1"] for r in chosen],
                               "with linespoints"))
        pictures.lines(path("validate-dam-breaks-1d.png"), "L1 of h against the exact solutions, 20 s", "cells",
                       "L1 (m^2)", curves, "set logscale xy")
        data = case.data["ritter"]
        last = data["finest"][2]
        pictures.lines(path("validate-ritter-profile.png"), "Ritter at 20 s, finest channel, second order", "x (m)",
                       "h (m)", [("cells", last.x, last.h, "with dots"),
                                 ("exact", *data["reference"], "with lines lw 2")])
    elif case.name == "radial-dam-break":
        pictures.lines(path("validate-radial-dam-break.png"), "radial dam break at 20 s: mean h in 5 m rings", "r (m)",
                       "h (m)", [(r["solver"], *r["profile"], "with lines") for r in rows]
                       + [("Cartesian, 800 x 800", *case.data["reference"], "with lines dt 2")], "set xrange [0:500]")
    elif case.name == "wet-dry":
        draw_wet_dry(case, path)
    elif case.name == "backward-facing-step":
        pictures.lines(path("validate-backward-facing-step.png"),
                       "u of the cells on the lower wall, mean of the last 100 s", "x behind the step (m)", "u (m/s)",
                       [(f"{r['setup']}, {r['mesh']} ({r['cells']:,} cells)", *r["profile"], "with lines")
                        for r in rows],
                       "set xrange [0:12]\nset arrow from 3.9, graph 0 to 3.9, graph 1 nohead dt 2\n"
                       "set label '3.9 m (Roe-MUSCL GPU n.d., M3)' at 4.0, graph 0.9")
        # The paper's set-up and the experiment's kind of flow (no-slip, peak 0.5 m/s) on the finest mesh.
        finest = [r for r in rows if r["mesh"] == rows[-1]["mesh"]]
        finest = [finest[0], finest[-1]]
        panels = [(f"u at the end, {r['setup']}, {r['mesh']}", r["snapshot"],
                   [r["snapshot"].velocity(c)[0] for c in range(r["snapshot"].cells)]) for r in finest]
        pictures.maps(path("validate-backward-facing-step-u.png"), panels, (-4, 20, 0, 3), (-0.2, 0.8), "u (m/s)",
                      columns=720)


def draw_wet_dry(case, path):
    """Ritter's depth at 5 s on the finest channel against the exact one,
    both orders; Thacker's bowl after one period against the exact one;
    the radial dam breaks onto dry land and a film at 20 s against r."""
    if "ritter" in case.data:
        name, _ = case.data["ritter"][2]
        xs = [500 + 0.5 * k for k in range(-350, 451)]
        pictures.lines(path("validate-wetdry-ritter.png"),
                       f"Ritter at 5 s, {name.replace('_', ' ')}: h along the channel", "x (m)", "h (m)",
                       [(f"cells, order {order}", last.x, last.h, f"with points pt {5 + 2 * order} ps 0.3")
                        for order, (_, last) in sorted(case.data["ritter"].items())]
                       + [("exact", xs, [wetdry.ritter_exact(x, 5.0) for x in xs], "with lines lw 2")],
                       "set xrange [300:700]")
    if "thacker" in case.data:
        label, xs, hs, exact = case.data["thacker"]
        pictures.lines(path("validate-thacker-bowl.png"), "Thacker bowl after one period, h along y = 500 m",
                       "x (m)", "h (m)", [(f"{label}, order 2", xs, hs, "with linespoints"),
                                          ("exact", xs, exact, "with lines lw 2")])
    if "radial" in case.data:
        curves = []
        for label, (cx, cy), last in case.data["radial"]:
            radius = [((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for x, y in zip(last.x, last.y)]
            curves.append((f"{label}, {last.cells:,} cells", radius, last.h, "with points pt 7 ps 0.2"))
        pictures.lines(path("validate-wetdry-radial.png"), "radial dam breaks at 20 s: h of every cell",
                       "r from the centre of the dam (m)", "h (m)", curves,
                       "set xrange [0:500]\nset key inside top right")


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(str(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def case_rows(case):
    r = case.rows
    if case.name == "partial-dam-break":
        return table(["mesh", "cells", "steps", "shock (h = 6 m) at x", "10-90 % rise", "depression at x",
                      "smallest h (cells)", "where", "smallest h (node averages)", "mass drift"],
                     [(x["mesh"], f"{x['cells']:,}", x["steps"], f"{x['front']:.1f} m", f"{x['rise']:.2f} m",
                       f"{x['depression']:.1f} m", f"{x['h_min']:.2f} m", f"({x['at'][0]:.1f}, {x['at'][1]:.1f})",
                       f"{x['h_min_nodes']:.2f} m", f"{x['drift']:.1e}") for x in r])
    if case.name == "circular-dam-break":
        return table(["mesh", "cells", "steps", "L1 (m^3)", "order", "asymmetry (initial)", "h range"],
                     [(x["mesh"], f"{x['cells']:,}", x["steps"], f"{x['l1']:.2f}",
                       f"{x['order']:.2f}" if "order" in x else "", f"{x['asym']:.4f} ({x['asym0']:.4f})",
                       f"{x['h_min']:.2f}-{x['h_max']:.2f} m") for x in r])
    if case.name == "lake-at-rest":
        return table(["scenario", "order", "cells", "max speed (m/s)", "max abs(eta) (m)", "dry cells"],
                     [(x["scenario"], x["order"], f"{x['cells']:,}", f"{x['speed']:.1e}", f"{x['surface']:.1e}",
                       x["dry"]) for x in r])
    if case.name == "dam-breaks-1d":
        return table(["case", "order", "mesh", "cells", "steps", "L1 of h (m^2)", "order (over the coarser)"],
                     [(x["case"], x["order"], x["mesh"], f"{x['cells']:,}", x["steps"], f"{x['l1']:.2f}",
                       f"{__import__('math').log2(x['ratio']):.2f}" if x["ratio"] else "") for x in r])
    if case.name == "wet-dry":
        return table(["case", "order", "cells", "steps", "measured", "fastest cell (m/s)", "water drift"],
                     [(x["case"], x["order"], f"{x['cells']:,}", x["steps"], x["measure"], f"{x['fastest']:.2f}",
                       f"{x['drift']:+.1e}") for x in r])
    if case.name == "radial-dam-break":
        return table(["solver", "cells", "L1 against Cartesian 800 x 800 (m^3)"],
                     [(x["solver"], f"{x['cells']:,}", f"{x['l1']:.0f}") for x in r])
    return table(["set-up", "mesh", "cells", "steps", "CPU-run s", "reattachment, mean of last 100 s",
                  "reattachment, last state", "converged reference", "discharge swing at x = 10 m"],
                 [(x["setup"], x["mesh"], f"{x['cells']:,}", x["steps"], f"{x['seconds']:.0f}", f"{x['mean']:.2f} m",
                   f"{x['last']:.2f} m", f"{x['reference']} m" if x["reference"] else "none (rises towards about 6 m)",
                   f"{100 * x['swing']:.1f} %") for x in r])


def section(results, figures_link, context):
    out = [BEGIN, "## Triangles (common/mesh; Roe-MUSCL GPU n.d. and Optimized GPU n.d.)", "",
           f"Written by `{context['command']}` on {context['date']}, {context['machine']}, backend "
           f"{context['backend']}, double precision, second order unless a table says otherwise, ordering "
           f"rcm+edges, in {context['minutes']:.1f} minutes"
           + (" (long form)." if context["long"] else " (default form; `--long` adds M2 and the step on M2, M3)."),
           "Meshes: `make meshes` (sizes in common/mesh/mesh.mk). Every check below is printed PASS/FAIL by the "
           "script, which exits 1 when one fails.", ""]
    for case in results:
        out += [f"### {case.title}", ""]
        if case.name in SEED:
            out += [f"Published: {SEED[case.name]}", ""]
        out += [case_rows(case), ""]
        out += [f"- {'PASS' if ok else '**FAIL**'} {what}: {measured} (bound: {bound})"
                for what, measured, bound, ok in case.checks]
        out += [""] + [f"![{name}]({figures_link}/{name})" for name in case.figures] + [""]
        out += case.notes
    out.append(END)
    return "\n".join(out) + "\n"


def write_section(report, figures, results, context):
    link = os.path.relpath(figures, os.path.dirname(os.path.abspath(report)))
    text = section(results, link, context)
    old = open(report, encoding="utf-8").read() if os.path.exists(report) else ""
    if BEGIN in old and END in old:
        new = old[: old.index(BEGIN)] + text + old[old.index(END) + len(END) + 1:]
    else:
        new = old + ("\n" if old and not old.endswith("\n\n") else "") + text
    temporary = report + ".tmp"
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(new)
    os.replace(temporary, report)
