#!/usr/bin/env python3
"""The contest of the programming models on one machine: every model and
level built into shallows on the same Cartesian case and the same triangle
case, with its speed, the lines of code the model needs, and its agreement
with serial. Writes a Markdown table (and a CSV beside it) and prints it.

    tools/bench/models_table.py [--program build/double/shallows]
        [--nx 1000] [--steps 50] [--square 300] [--mesh-steps 50]
        [--threads 2] [--repeats 3] [--out build/bench/models.md]

The Cartesian case: `shallows --backend B [--level L] --nx N --ny N --steps S
--benchmark` (radial dam break, f-wave). The triangle case: a generated
square of 2 M^2 triangles (`--write-square M`, written once under
build/bench/meshes/), `--scenario radial-dam-break --order 2 --steps S
--benchmark`. The threaded models (openmp, pthreads) get --threads T, and
OMP_NUM_THREADS=T covers the OpenMP runtime's host fall-back of omptarget.
A model whose first run fails here (no device) is reported and left out.
Each run is repeated and the fastest counts (the machine may be shared).
The CSV ends with the columns date and host, as every CSV of make bench.

Agreement, against serial's run of the same case: the triangle summary's
`state=` (a hash of every value of the final state) equal means bit for
bit; the Cartesian summary's three checksums (mass, h_l2, momentum_l2,
printed to 17 digits) equal are reported as "same checksums", otherwise
as their largest relative difference. A model registered as bit for bit
(`--list-backends`) that differs, or any model off by more than
--tolerance, is FAILED and the script exits 1.

Lines of code: lines that are neither blank nor only a comment, in the
model's own files for the application: its kernels
(solutions/<model>/<app>/) and its plumbing (backends/<model>/<app>/ and
the model's files directly in backends/<model>/); what every model shares
(common/) is not counted. Python 3 standard library only.
"""
import argparse
import csv
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCE_ENDINGS = (".c", ".h", ".cu", ".cuh", ".cl", ".clh")
APPS = {"cartesian": "Cartesian", "mesh": "triangles"}


class BenchError(Exception):
    pass


def code_lines(text):
    """Lines of C-like source that hold code: not blank, not only comment."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.DOTALL)
    text = re.sub(r"//[^\n]*", "", text)
    return sum(1 for line in text.splitlines() if line.strip())


def files_in(folder, recursive=True):
    path = os.path.join(ROOT, folder)
    if not os.path.isdir(path):
        return []
    found = []
    for name in sorted(os.listdir(path)):
        full = os.path.join(path, name)
        if os.path.isfile(full) and name.endswith(SOURCE_ENDINGS):
            found.append(os.path.join(folder, name))
        elif recursive and os.path.isdir(full):
            found += files_in(os.path.join(folder, name))
    return found


def model_files(model, app):
    """(kernel files, plumbing files) of a model for an application."""
    kernels = files_in("solutions/%s/%s" % (model, app))
    plumbing = files_in("backends/%s/%s" % (model, app)) + files_in("backends/" + model, False)
    return kernels, plumbing


def count(files):
    total = 0
    for name in files:
        with open(os.path.join(ROOT, name), encoding="utf-8") as stream:
            total += code_lines(stream.read())
    return total


def backends(program, extra):
    """[(name, levels, registered agreement)] from --list-backends."""
    result = subprocess.run([program] + extra + ["--list-backends"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, universal_newlines=True)
    if result.returncode != 0:
        raise BenchError("%s --list-backends failed: %s" % (program, result.stderr.strip()))
    listed = []
    for line in result.stdout.splitlines():
        match = re.match(r"(\S+)\s+levels=(\d+)\s+agrees=(\S+)", line)
        if match:
            listed.append((match.group(1), int(match.group(2)), match.group(3)))
    return listed


def summary(command, environment):
    """The fields of the summary line of one run, or None when it failed."""
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            universal_newlines=True, env=environment)
    lines = [line for line in result.stdout.splitlines() if line.startswith("summary:")]
    if result.returncode != 0 or not lines:
        return None
    return dict(field.split("=", 1) for field in lines[-1].split()[1:] if "=" in field)


def fastest(command, environment, repeats):
    best = None
    for _ in range(repeats):
        fields = summary(command, environment)
        if fields is None:
            return None
        if best is None or float(fields["seconds"]) < float(best["seconds"]):
            best = fields
    return best


def agreement(fields, reference, registered, tolerance):
    """(text, failed) for one run against serial's."""
    if "state" in reference:
        if fields.get("state") == reference["state"]:
            return "bit for bit (state hash)", False
        return "differs (state %s)" % fields.get("state"), registered == "bit-for-bit"
    keys = ("mass", "h_l2", "momentum_l2")
    if all(fields.get(k) == reference[k] for k in keys):
        return "same checksums (17 digits)", False
    worst = max(abs(float(fields[k]) - float(reference[k])) / max(abs(float(reference[k])), 1e-300)
                for k in keys)
    failed = registered == "bit-for-bit" or worst > tolerance
    return "to rounding (rel. %.1e)" % worst, failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--program", default="build/double/shallows")
    parser.add_argument("--nx", type=int, default=1000, help="Cartesian cells per side")
    parser.add_argument("--steps", type=int, default=50, help="Cartesian steps")
    parser.add_argument("--square", type=int, default=300,
                        help="triangle square of 2 M^2 triangles: M")
    parser.add_argument("--mesh-steps", type=int, default=50)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--tolerance", type=float, default=1e-6,
                        help="largest relative checksum difference of a model that agrees to "
                        "rounding (default 1e-6)")
    parser.add_argument("--out", default="build/bench/models.md")
    options = parser.parse_args()
    for name in ("nx", "steps", "square", "mesh_steps", "threads", "repeats"):
        if getattr(options, name) < 1:
            parser.error("--%s must be at least 1" % name.replace("_", "-"))
    started = os.environ.get("BENCH_STARTED") or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    program = os.path.join(ROOT, options.program)
    if not os.access(program, os.X_OK):
        raise BenchError("%s is not built (make PRECISION=... %s)" % (options.program,
                                                                   options.program))
    os.makedirs(os.path.join(ROOT, os.path.dirname(options.out)), exist_ok=True)
    mesh = os.path.join(ROOT, "build/bench/meshes/square_%d.msh" % options.square)
    if not os.path.exists(mesh):
        os.makedirs(os.path.dirname(mesh), exist_ok=True)
        if summary([program, "--mesh", mesh, "--write-square", str(options.square), "--quiet"],
                   None) is None and not os.path.exists(mesh):
            raise BenchError("cannot write the mesh %s" % mesh)
    environment = dict(os.environ, OMP_NUM_THREADS=str(options.threads),
                       OMP_WAIT_POLICY=os.environ.get("OMP_WAIT_POLICY", "passive"))
    cases = {
        "cartesian": ([], ["--nx", str(options.nx), "--ny", str(options.nx), "--steps",
                           str(options.steps), "--benchmark", "--quiet"]),
        "mesh": (["--mesh", mesh], ["--scenario", "radial-dam-break", "--order", "2", "--steps",
                                    str(options.mesh_steps), "--benchmark", "--quiet"]),
    }
    rows, failed = [], False
    for app, (front, case) in cases.items():
        reference = None
        for name, levels, registered in backends(program, front):
            for level in range(1, levels + 1) if levels else [0]:
                command = [program] + front + ["--backend", name] + case
                if level:
                    command += ["--level", str(level)]
                if name in ("openmp", "pthreads"):
                    command += ["--threads", str(options.threads)]
                fields = fastest(command, environment, options.repeats)
                shown = " ".join(os.path.relpath(c, ROOT) if c.startswith(ROOT) else c
                                 for c in command)
                if fields is None:
                    print("models-table: %s does not run here; left out (%s)" % (name, shown),
                          file=sys.stderr)
                    break
                if reference is None:
                    if name != "serial":
                        raise BenchError("serial must be the first backend listed")
                    reference = fields
                text, bad = agreement(fields, reference, registered, options.tolerance)
                failed = failed or bad
                kernels, plumbing = model_files(name, app)
                rows.append({"application": APPS[app], "model": name,
                             "level": str(level) if level else "-",
                             "cells": fields["cells"], "steps": fields["steps"],
                             "seconds": fields["seconds"],
                             "cell_steps_per_s": "%.3g" % float(fields["cell_updates_per_s"]),
                             "kernel_lines": str(count(kernels)),
                             "plumbing_lines": str(count(plumbing)),
                             "agreement": ("FAILED: " if bad else "") + text, "command": shown})
    columns = ["application", "model", "level", "cells", "steps", "seconds", "cell_steps_per_s",
               "kernel_lines", "plumbing_lines", "agreement"]
    base = os.path.splitext(os.path.join(ROOT, options.out))[0]
    with open(base + ".csv.tmp", "w", newline="", encoding="utf-8") as stream:
        writer = csv.DictWriter(stream, columns + ["command"])
        writer.writeheader()
        writer.writerows(rows)
    os.replace(base + ".csv.tmp", base + ".csv")
    stamp = subprocess.run([os.path.join(ROOT, "tools/bench/bench_stamp.sh"), base + ".csv", started])
    if stamp.returncode != 0:
        raise BenchError("cannot stamp %s.csv with the date and host" % base)
    table = ["| " + " | ".join(columns) + " |", "|" + " --- |" * len(columns)]
    table += ["| " + " | ".join(row[c] for c in columns) + " |" for row in rows]
    with open(base + ".md.tmp", "w", encoding="utf-8") as stream:
        stream.write("\n".join(table) + "\n")
    os.replace(base + ".md.tmp", base + ".md")
    print("\n".join(table))
    print("models-table: %s.md and .csv (the commands are in the CSV)" % os.path.relpath(base, ROOT))
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as error:
        print("models-table: %s" % error, file=sys.stderr)
        sys.exit(2)
