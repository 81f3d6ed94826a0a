#!/usr/bin/env python3
"""Weak and strong scaling of shallows over MPI ranks, one GPU a rank.

For each application (the table APPS below: the Cartesian grid through
shallows-mpi, triangles through shallows-mpi --mesh, Navier-Stokes through
shallows-ns-mpi), each build folder (one per precision) and each rank count
(1, 2, 4, 8 by default), a strong series steps one problem on every count and
a weak series a problem that grows with the ranks. Every run's checksum (the
fields its summary line ends with) is compared with a run of the same problem
on one rank: the same bits for the Cartesian application, which promises them,
to rounding for the others. The mpi-ranks line of each run gives the time per
step split into compute, exchange and wait per rank. The result is one
markdown table (--out; stdout too) with the time per step, the efficiency
(strong: T1 / (P TP), weak: T1 / TP), the slowest rank's wait share and the
checksum's verdict.

    tools/scaling/scale_gpus.py                     # GPUs: --backend cuda, 1 2 4 8 ranks
    tools/scaling/scale_gpus.py --launcher srun --launcher-args "--gpus-per-task=1"
    tools/scaling/scale_gpus.py --backend serial --ranks 1,2 --size tiny --apps cartesian

Ranks find their GPU themselves (the node-local rank, shallows-mpi
--list-devices shows the placement), so the launcher needs only the rank
count: mpirun -np P, or srun -n P inside a Slurm allocation. An application
whose program is not in a build folder is left out with a line saying so
(naming it in --apps makes that an error). Exit status: 0 when every run
succeeded and every checksum agreed, 1 otherwise, 2 for bad input.

Python 3 standard library only.
"""
import argparse
import datetime
import math
import os
import platform
import re
import shlex
import subprocess
import sys
import tempfile

# Problem sizes: (strong, weak per rank) in each application's own unit --
# cells along a side of the Cartesian square, N of the mesh's square of
# 2 N^2 triangles, cells along the unit length of the Navier-Stokes cube --
# and the steps a run takes.
SIZES = {
    "tiny": {"cartesian": (48, 32), "mesh": (12, 8), "ns": (16, 8), "steps": 5},
    "small": {"cartesian": (2048, 2048), "mesh": (256, 256), "ns": (64, 48), "steps": 50},
    "full": {"cartesian": (16384, 8192), "mesh": (3162, 2236), "ns": (512, 256), "steps": 200},
}

# The Cartesian block split over P ranks for the weak series: P blocks of
# the per-rank square.
SPLITS = {1: (1, 1), 2: (2, 1), 4: (2, 2), 8: (4, 2), 16: (4, 4)}


def cartesian_args(size, ranks, weak, workdir, build):
    nx, ny = (size, size)
    if weak:
        px, py = SPLITS.get(ranks, (ranks, 1))
        nx, ny = size * px, size * py
    return ["--scenario", "radial-dam-break", "--nx", str(nx), "--ny", str(ny)], nx * ny


def mesh_args(size, ranks, weak, workdir, build):
    n = round(size * math.sqrt(ranks)) if weak else size
    mesh = os.path.join(workdir, f"square_{n}.msh")
    if not os.path.exists(mesh):
        subprocess.run([os.path.join(build, "shallows"), "--write-square", str(n), "--mesh", mesh,
                        "--quiet"], check=True, stdout=subprocess.DEVNULL)
    return ["--mesh", mesh, "--scenario", "radial-dam-break"], 2 * n * n


def ns_args(size, ranks, weak, workdir, build):
    n = size
    if weak:  # slabs: a multiple of the ranks along the split axis
        n = max(ranks, round(size * ranks ** (1.0 / 3.0) / ranks) * ranks)
    return ["--case", "kelvin-helmholtz", "--resolution", str(n)], n ** 3


# Each application: its program, its command line for a problem, how its
# checksum must agree with one rank's ("bits": the whole text; otherwise
# the named fields to a relative tolerance per precision).
APPS = {
    "cartesian": {"program": "shallows-mpi", "args": cartesian_args, "agree": "bits"},
    "mesh": {"program": "shallows-mpi", "args": mesh_args, "agree": ("mass", "h_l2", "momentum_l2"),
             "needs": "shallows"},
    "ns": {"program": "shallows-ns-mpi", "args": ns_args, "agree": ("u_l2", "v_l2", "w_l2", "p_l2")},
}
TOLERANCE = {"single": 1e-4, "double": 1e-9}


def fields(line):
    return dict(re.findall(r"(\w+)=(\S+)", line))


def checksum_of(summary):
    """What a summary line says of the final state: its fields after the rate."""
    text = re.sub(r"^.*?cell_updates_per_s=\S+\s*", "", summary)
    return re.sub(r"restarted_at_step=\S+\s*", "", text).strip()


def agreement(app, precision, checksum, reference):
    """'same bits', 'within TOL' or what differs."""
    rule = APPS[app]["agree"]
    if checksum == reference:
        return "same bits", True
    if rule == "bits":
        return f"DIFFERS ({checksum} against {reference})", False
    tolerance = TOLERANCE.get(precision, 1e-9)
    ours, theirs = fields(checksum), fields(reference)
    for name in rule:
        try:
            a, b = float(ours[name]), float(theirs[name])
        except (KeyError, ValueError):
            return f"DIFFERS ({name} missing)", False
        if not abs(a - b) <= tolerance * max(abs(a), abs(b), 1e-300):
            return f"DIFFERS ({name} {a!r} against {b!r})", False
    return f"within {tolerance:g}", True


def launch(options, ranks):
    extra = shlex.split(options.launcher_args)
    if options.launcher == "srun":
        return ["srun", "-n", str(ranks)] + extra
    return ["mpirun", "-np", str(ranks)] + extra


def run_once(options, build, app, ranks, weak, size, workdir, problem_ranks=None):
    """One run of the problem of problem_ranks (default: ranks) on ranks ranks: (summary
    fields, checksum, mpi-ranks fields, cells), or RuntimeError."""
    args, cells = APPS[app]["args"](size, problem_ranks or ranks, weak, workdir, build)
    command = launch(options, ranks) + [os.path.join(build, APPS[app]["program"])] + args + [
        "--backend", options.backend, "--steps", str(options.steps), "--benchmark"] + \
        shlex.split(options.program_args)
    done = subprocess.run(command, capture_output=True, text=True, timeout=options.timeout)
    summary = [l for l in done.stdout.splitlines() if l.startswith("summary:")]
    per_rank = [l for l in done.stdout.splitlines() if l.startswith("mpi-ranks:")]
    if done.returncode != 0 or not summary:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise RuntimeError(f"exit {done.returncode}: {' '.join(command)}: {' | '.join(tail)}")
    ranks_figures = fields(per_rank[-1]) if per_rank else {}
    return fields(summary[-1]), checksum_of(summary[-1]), ranks_figures, cells


def upper(value):
    """The largest of a figure 'a..b' (or a plain number)."""
    return float(str(value).split("..")[-1]) if value not in (None, "") else float("nan")


def series(options, build, app, weak, workdir, rows, references):
    strong_size, weak_size = SIZES[options.size][app]
    size = weak_size if weak else strong_size
    first = None
    for ranks in options.ranks:
        key = (build, app, weak, ranks if weak else 1)  # the problem
        try:
            summary, checksum, per_rank, cells = run_once(options, build, app, ranks, weak, size,
                                                          workdir)
            if key not in references:  # the same problem on one rank
                references[key] = checksum if ranks == 1 else run_once(
                    options, build, app, 1, weak, size, workdir, problem_ranks=ranks)[1]
        except (RuntimeError, subprocess.SubprocessError, OSError) as failure:
            rows.append({"app": app, "mode": "weak" if weak else "strong", "ranks": ranks,
                         "failed": str(failure)})
            continue
        precision = summary.get("precision", "?")
        per_step = float(summary["seconds"]) / max(1, int(summary["steps"]))
        if ranks == 1:
            first = per_step
        efficiency = float("nan") if first is None or per_step <= 0 else \
            (first / per_step if weak else first / (ranks * per_step))
        verdict, agrees = ("reference", True) if ranks == 1 else \
            agreement(app, precision, checksum, references[key])
        rows.append({"app": app, "precision": precision, "mode": "weak" if weak else "strong",
                     "ranks": ranks, "cells": cells, "steps": int(summary["steps"]),
                     "per_step": per_step, "efficiency": efficiency,
                     "compute": upper(per_rank.get("compute_seconds")),
                     "exchange": upper(per_rank.get("exchange_seconds")),
                     "wait": upper(per_rank.get("wait_seconds")),
                     "wait_share": per_rank.get("slowest_rank_wait_share", "-"),
                     "overlap": per_rank.get("overlap", "-"),
                     "checksum": verdict, "agrees": agrees})


def table(rows):
    lines = ["| application | precision | scaling | ranks | cells | steps | s/step | efficiency "
             "| compute s (max) | exchange s (max) | wait s (max) | slowest rank's wait share "
             "| overlap | checksum against 1 rank |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"]
    for r in rows:
        if "failed" in r:
            lines.append(f"| {r['app']} | | {r['mode']} | {r['ranks']} | | | | | | | | | | "
                         f"FAILED: {r['failed']} |")
            continue
        lines.append(
            f"| {r['app']} | {r['precision']} | {r['mode']} | {r['ranks']} | {r['cells']} | "
            f"{r['steps']} | {r['per_step']:.3e} | {percent(r['efficiency'])} | {r['compute']:.3f} | "
            f"{r['exchange']:.3f} | {r['wait']:.3f} | {r['wait_share']} | {r['overlap']} | "
            f"{r['checksum']} |")
    return "\n".join(lines)


def percent(value):
    return "n/a" if math.isnan(value) else f"{value:.1%}"


def machine():
    try:
        gpus = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                              capture_output=True, text=True, timeout=30).stdout.split("\n")
        gpus = [g for g in gpus if g.strip()]
    except (OSError, subprocess.SubprocessError):
        gpus = []
    return f"{platform.node()}, {os.cpu_count()} cores" + \
        (f", {len(gpus)} x {gpus[0]}" if gpus else ", no NVIDIA GPU")


def count_list(text):
    try:
        values = [int(v) for v in text.split(",") if v.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of rank counts: {text!r}")
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(f"rank counts must be positive: {text!r}")
    return values


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--builds", default="build/single,build/double",
                        help="build folders, one per precision (default: %(default)s)")
    parser.add_argument("--apps", help="applications, of " + ", ".join(APPS) +
                        " (default: those the builds have)")
    parser.add_argument("--ranks", type=count_list, default=[1, 2, 4, 8],
                        help="rank counts, one GPU each, starting at 1 (default: 1,2,4,8)")
    parser.add_argument("--modes", default="weak,strong", help="weak, strong or both (default)")
    parser.add_argument("--backend", default="cuda", help="the ranks' backend (default: cuda)")
    parser.add_argument("--size", choices=sorted(SIZES), default="full",
                        help="problem sizes (default: full, the GPU targets)")
    parser.add_argument("--steps", type=int, help="steps a run takes (default: the size's)")
    parser.add_argument("--launcher", choices=("mpirun", "srun"), default="mpirun")
    parser.add_argument("--launcher-args", default="", help="more arguments for the launcher")
    parser.add_argument("--program-args", default="", help="more arguments for the programs "
                        "(e.g. --overlap)")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds a run may take")
    parser.add_argument("--out", help="also write the table, with its header, to this file")
    options = parser.parse_args()
    modes = [m for m in options.modes.split(",") if m]
    if not modes or any(m not in ("weak", "strong") for m in modes):
        parser.error(f"--modes takes weak, strong or both: {options.modes!r}")
    if options.ranks[0] != 1:
        parser.error("--ranks must start at 1: efficiencies and checksums are against one rank")
    options.steps = options.steps or SIZES[options.size]["steps"]
    if options.steps < 1:
        parser.error("--steps must be positive")
    builds = [b for b in options.builds.split(",") if b]
    wanted = options.apps.split(",") if options.apps else list(APPS)
    unknown = [a for a in wanted if a not in APPS]
    if unknown:
        parser.error(f"unknown application {unknown[0]!r} (of {', '.join(APPS)})")
    rows, references, missing = [], {}, []
    with tempfile.TemporaryDirectory(prefix="scale-gpus-") as workdir:
        for build in builds:
            for app in wanted:
                needed = [APPS[app]["program"]] + ([APPS[app]["needs"]] if "needs" in APPS[app] else [])
                absent = [p for p in needed if not os.access(os.path.join(build, p), os.X_OK)]
                if absent:
                    missing.append(f"{app} in {build} (no {os.path.join(build, absent[0])})")
                    continue
                for mode in modes:
                    series(options, build, app, mode == "weak", workdir, rows, references)
    if options.apps and missing:
        print(f"scale_gpus: cannot run {'; '.join(missing)}", file=sys.stderr)
        return 2
    header = [f"Scaling of shallows over MPI ranks, backend {options.backend}, size "
              f"{options.size}, {options.steps} steps a run",
              f"date {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M UTC}; machine "
              f"{machine()}; command: {' '.join(shlex.quote(a) for a in sys.argv)}", ""]
    header += [f"left out: {m}" for m in missing] + ([""] if missing else [])
    text = "\n".join(header + [table(rows)]) + "\n"
    print(text, end="")
    if options.out:
        partial = options.out + ".partial"
        with open(partial, "w") as out:
            out.write(text)
        os.replace(partial, options.out)
    good = rows and all(r.get("agrees") for r in rows)
    print(f"scale_gpus: {len(rows)} runs, {sum(1 for r in rows if r.get('agrees'))} agree with one "
          f"rank (or are its run), {sum(1 for r in rows if 'failed' in r)} failed")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
