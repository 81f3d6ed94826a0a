"""The sections of docs/VALIDATION.md on the numerics of the dry tolerance,
well-balancedness, open boundaries and George's augmented solver: runs of
shallows-validate's dambreak, balance and firststep commands
(tools/validate/validate_numerics.c) and the tables written from them. Used by
tools/validate/validate.py."""

import math

SOLVERS = ["augrie", "fwave", "hlle", "rusanov"]
GRAVITY = 9.81
RITTER_FRONT = 500 + 2 * math.sqrt(GRAVITY * 10) * 20  # m, at 20 s
RITTER_MM_CONTOUR = 500 + (2 * math.sqrt(GRAVITY * 10) - math.sqrt(9 * GRAVITY * 1e-3)) * 20
# The rest cases (common/cartesian/scenarios/rest_cases.h) and how long each runs:
# the rough bed with outflow for about 10 000 steps.
BALANCE_CASES = [("shoal", 100), ("island", 100), ("coast", 400), ("rough", 5050)]
# GeoClaw's riemann_aug_JCP and the exact Godunov flux on the first step of
# the 10 | 2 m dam break (issue 20): h and hu of cells 499 and 500.
FIRST_STEP_REFERENCES = [
    ("GeoClaw riemann_aug_JCP (issue 20)", 8.6166, 3.3834, 8.22, 10.61),
    ("exact Godunov flux (issue 20)", 8.8437, 3.1563, 7.98, 10.86),
]


def dam_break_rows(run_tool, case, solver, grids):
    rows = run_tool("double", "dambreak", case, solver, *grids)
    return [
        {
            "n": int(r[3]),
            "steps": int(r[4]),
            "seconds": float(r[5]),
            "l1": float(r[6]),
            "l1_hu": float(r[7]),
            "wet_front": float(r[8]),
            "mm_front": float(r[9]),
            "drift": float(r[10]),
        }
        for r in rows
    ]


def order_text(coarse, fine, key):
    if coarse is None or coarse[key] <= 0 or fine[key] <= 0:
        return ""
    return f"{math.log(coarse[key] / fine[key]) / math.log(fine['n'] / coarse['n']):.2f}"


def dam_break_table(title, runs, ritter):
    front_head = " front, h > 0 (m) | front, h ≥ 1 mm (m) |" if ritter else ""
    front_rule = " ---: | ---: |" if ritter else ""
    lines = [
        f"| {title} | cells | steps | L1 of h (m²) | order | L1 of hu (m³/s) | order |{front_head}"
        " mass drift |",
        f"| --- | ---: | ---: | ---: | ---: | ---: | ---: |{front_rule} ---: |",
    ]
    for solver, rows in runs.items():
        previous = None
        for row in rows:
            fronts = f" {row['wet_front']:.2f} | {row['mm_front']:.2f} |" if ritter else ""
            lines.append(
                f"| {solver} | {row['n']} | {row['steps']} | {row['l1']:.3e} | "
                f"{order_text(previous, row, 'l1')} | {row['l1_hu']:.3e} | "
                f"{order_text(previous, row, 'l1_hu')} |{fronts} {row['drift']:.1e} |"
            )
            previous = row
    return "\n".join(lines)


def last_orders(runs, key):
    return {s: float(order_text(rows[-2], rows[-1], key)) for s, rows in runs.items()}


def ritter_text(ritter):
    """What the front table says, from this run's figures."""
    h_orders = last_orders(ritter, "l1")
    hu_orders = last_orders(ritter, "l1_hu")
    finest = {s: rows[-1] for s, rows in ritter.items()}
    n = next(iter(finest.values()))["n"]
    gaps = ", ".join(
        f"{s} {RITTER_MM_CONTOUR - row['mm_front']:.1f} m" for s, row in finest.items()
    )
    return f"""The exact front at 20 s is at {RITTER_FRONT:.1f} m, the exact 1 mm contour at
{RITTER_MM_CONTOUR:.1f} m. On {n} cells the orders between the last two grids are
{", ".join(f"{s} {h_orders[s]:.2f}" for s in h_orders)} in h and
{", ".join(f"{s} {hu_orders[s]:.2f}" for s in hu_orders)} in hu; the 1 mm front
lies behind the exact contour by {gaps} ({", ".join(
        f"{s} {100 * (RITTER_MM_CONTOUR - row['mm_front']) / RITTER_MM_CONTOUR:.2f} %"
        for s, row in finest.items())}), and advances with every refinement. A
first-order scheme resolves the tip of Ritter's profile, where the depth falls to zero
quadratically, slowly: the front approaches the exact one at an order of about 0.4, and is within
1 % of the 1 mm contour for HLLE, f-wave and augrie from about 64 000 cells on (Rusanov, more
diffusive, later). This is the scheme's, not the dry tolerance's:
beyond the sonic point the flow is supercritical, where HLLE, f-wave, augrie and the exact Godunov
flux all take the upwind flux, and an upwind update averages the velocities of thin cells with
those of slower water behind them (at 1000 cells the computed velocity peaks at 17.0 m/s, behind
the exact 19.8 m/s at the tip); with a dry tolerance of 1e-12 m the 1 mm front is where it is with
1e-6 m (848 m on 1000 cells, 855.5 on 2000, 862.5 on 4000; an HLLE written separately in numpy
gives the same). With the former 1 mm dry tolerance it
stalled far short of it, at 840, 844.5, 847.5, 849.6, 851.0 m on 2000 to 32 000
cells (HLLE, issue 20), because a cell below the tolerance had no velocity and a front cell had
to fill to 1 mm before passing water on, and the order in hu fell from 0.58 to 0.25."""


def balance_rows(run_tool):
    rows = []
    for precision in ("single", "double"):
        for name, seconds in BALANCE_CASES:
            for solver in SOLVERS:
                rows += run_tool(precision, "balance", name, solver, seconds)
    return rows


def balance_table(rows):
    lines = [
        "| case | solver | precision | steps | max \\|hu\\|, \\|hv\\| (m²/s) | max surface change (m) |"
        " max depth on land (m) |",
        "| --- | --- | --- | ---: | ---: | ---: | ---: |",
    ]
    lines += [f"| {' | '.join(r)} |" for r in rows]
    return "\n".join(lines)


def first_step_rows(run_tool):
    rows = []
    for solver in ("augrie", "hlle", "fwave"):
        rows += run_tool("double", "firststep", solver)
    return rows


def first_step_table(rows):
    lines = [
        "| solver | h, cell 499 (m) | h, cell 500 (m) | hu, cell 499 (m²/s) | hu, cell 500 (m²/s) |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for r in rows:
        lines.append(f"| {r[1]} (here) | {float(r[4]):.4f} | {float(r[5]):.4f} | "
                     f"{float(r[6]):.2f} | {float(r[7]):.2f} |")
    for name, h_l, h_r, hu_l, hu_r in FIRST_STEP_REFERENCES:
        lines.append(f"| {name} | {h_l:.4f} | {h_r:.4f} | {hu_l:.2f} | {hu_r:.2f} |")
    return "\n".join(lines)


def dam_break_section(stoker, ritter):
    return f"""## 1D dam breaks to 64 000 cells (Stoker and Ritter, exact solutions)

Scenarios `dam-break-1d-wet` (10 m | 2 m) and `dam-break-1d-dry` (10 m | dry), 1000 m, one row of
cells, t = 20 s; exact solutions common/shallow_water/dam_break_exact.h. L1 per metre of width of h
(m²) and of hu (m³/s) against the exact solution at the cell centres; for Ritter, the farthest cell
holding water at all and the farthest holding 1 mm (its outer edge).

{dam_break_table("Stoker", stoker, False)}

{dam_break_table("Ritter", ritter, True)}

{ritter_text(ritter)}

![dam breaks](validation/dam-break-1d.png)"""


def balance_section(rows):
    return f"""## Well-balancedness over any bed, and open boundaries

The rest cases of common/cartesian/scenarios/rest_cases.h on 50² cells, surface 0 m, started at rest:
`shoal` (a 5 m lake, one cell 0.5 mm deep: thinner than the former 1 mm tolerance; outflow, 100 s),
`island` (three islands 2 m above the surface, shorelines on slopes; walls, 100 s), `coast` (a rough
bed from 7.5 m below to 1.5 m above the surface, shorelines everywhere and three cells 0.3 to
0.9 mm deep; outflow, 400 s) and `rough` (bed uniform random in −10 … −2 m, every cell wet, outflow,
5050 s: about 10 000 steps). Figures after the run, as above.

{balance_table(rows)}

Before (issue 20): the shoal cell filled to 4.7 m within 0.5 s with f-wave and the surface was off
by 4.45 m after 100 s (every cell below the dry tolerance was cut out of the balance: f-wave split
the depth jump next to it, not the surface jump, and HLLE dropped its hydrostatic flux); HLLE and
Rusanov on the rough bed with outflow grew from round-off to momenta of 3e-7 in 200 s and 1e7 m²/s by
2000 s. Now a cell below the tolerance keeps its depth in every solver's balance (only its
velocity is dropped), and outflow ghosts keep the inner cell's surface and velocities on the higher
of the two inner beds (common/cartesian/grid/boundary.h, swe_outflow_ghost): with copied ghosts a boundary
cell lower than its inner neighbour is a pit that the hydrostatic reconstruction opens to the inside
only through the neighbour's sill and to the outside with its whole depth, a feedback that grows.
f-wave and augrie, which balance the bed step in the waves, were stable with either ghost."""


def first_step_section(rows):
    return f"""## George's augmented solver (augrie)

common/shallow_water/riemann_augrie.h follows George (2008): Einfeldt's speeds (bounded by the middle
state's characteristic speeds, and the front speed u ∓ 2c next to a dry bed), the steady wave of
the bed step from the linearised Bernoulli relation, bounded by the HLL middle depth so that no
middle depth is negative, a corrector wave at the mean speed, and dry beds that reflect when the
wet side cannot reach over them and are lowered to its surface when it can. First step of the
10 | 2 m dam break (1000 × 1 cells, one step of 0.04 s), the two cells beside the dam:

{first_step_table(rows)}

The tests (tests/cartesian/test_augrie.c) hold the solver to a separate implementation written from the paper
within 1e-12, and to the published properties: no waves for a lake at rest beside thin and dry
cells, non-negative depths, Einfeldt's bounds. Differences from GeoClaw's implementation, and why:
a cell below the dry tolerance keeps its depth in the jumps (GeoClaw sets it to zero, which makes a
shoal thinner than the tolerance fill up: rest would not be exact); a dry bed exactly at the wet
surface is a wall (GeoClaw floods it; water at rest makes no waves either way, bit for bit here); the
middle state is found by three Newton steps on the depth function (GeoClaw's one step only decides
the wave types and the speed bounds, which differ only where the bound is active); the momentum
along the edge is carried by the upwind mass flux (as the other solvers here), not by GeoClaw's
split of it over the acoustic waves. GeoClaw's optional iteration of the steady wave and its
rarefaction corrector (both off by default there) are not built."""
