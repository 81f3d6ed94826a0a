#!/usr/bin/env python3
"""The triangles' half of `make validate`: runs the cases of the triangle
solver (tools/validate/mesh_cases.py, tools/validate/mesh_cases_exact.py) through
`shallows --mesh`, prints PASS/FAIL for every check against its stated
bound, draws the figures into docs/mesh/ and writes the "Triangles"
section of docs/VALIDATION.md (only that section: the rest of the page is
tools/validate/validate.py's). --long adds the M2 partial dam break of Roe-MUSCL GPU n.d. and the
backward-facing step on M2 and M3 (tools/device/mesh_validate.sh runs it
on a GPU machine). Exit status 1 when a check fails, 2 for bad input."""

import argparse
import datetime
import os
import platform
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mesh_cases  # noqa: E402
import mesh_cases_exact  # noqa: E402
import mesh_cases_wetdry  # noqa: E402
import mesh_report  # noqa: E402
import mesh_runs  # noqa: E402

ROOT = mesh_runs.ROOT
CASES = {
    "partial": mesh_cases.partial_dam_break,
    "circular": mesh_cases.circular_dam_break,
    "lake": mesh_cases_exact.lake_at_rest,
    "dambreaks": mesh_cases_exact.dam_breaks_1d,
    "radial": mesh_cases_exact.radial_against_cartesian,
    "wetdry": mesh_cases_wetdry.wet_dry,
    "step": mesh_cases.backward_facing_step,
}


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--long", action="store_true", help="M2 partial dam break, step on M2 and M3")
    parser.add_argument("--backend", default=os.environ.get("MESH_VALIDATE_BACKEND", "serial"),
                        help="serial, openmp, cuda, opencl (default $MESH_VALIDATE_BACKEND or serial)")
    parser.add_argument("--threads", type=int, default=0, help="OpenMP threads (default: its own)")
    parser.add_argument("--cases", default=",".join(CASES), help="comma-separated: " + ",".join(CASES))
    parser.add_argument("--step-t-end", type=float, default=float(os.environ.get("MESH_VALIDATE_STEP_T_END", 500)),
                        help="seconds of the backward-facing step (500 as in Roe-MUSCL GPU n.d.; less to try "
                             "the script)")
    parser.add_argument("--program", default=os.path.join(ROOT, "build", "double", "shallows"))
    parser.add_argument("--validate-tool", default=os.path.join(ROOT, "build", "double", "shallows-validate"))
    parser.add_argument("--report", default=os.path.join(ROOT, "docs", "VALIDATION.md"),
                        help="the page whose Triangles section is written (made if absent)")
    parser.add_argument("--figures", default=os.path.join(ROOT, "docs", "mesh"))
    parser.add_argument("--keep", help="keep the runs' files in this folder")
    options = parser.parse_args()
    chosen = [c for c in options.cases.split(",") if c]
    unknown = [c for c in chosen if c not in CASES]
    if unknown or not chosen:
        parser.error(f"unknown case {unknown[0] if unknown else '(none)'}; cases: {', '.join(CASES)}")
    for tool in (options.program, options.validate_tool):
        if not os.access(tool, os.X_OK):
            parser.error(f"{tool} is not built (make PRECISION=double {os.path.relpath(tool, ROOT)})")
    if not options.step_t_end > 0:
        parser.error("--step-t-end must be positive")
    options.chosen = chosen
    return options


def main():
    options = arguments()
    started = time.time()
    os.makedirs(options.figures, exist_ok=True)
    workdir = options.keep or tempfile.mkdtemp(prefix="validate-mesh-")
    os.makedirs(workdir, exist_ok=True)
    runner = mesh_runs.Runner(options.program, options.validate_tool, options.backend, options.threads,
                              workdir)
    results = []
    for name in options.chosen:
        print(f"validate-mesh: case {name}", flush=True)
        try:
            if name == "step":
                case = CASES[name](runner, options.long, options.step_t_end)
            else:
                case = CASES[name](runner, options.long)
        except mesh_runs.RunError as error:
            print(f"validate-mesh: {error}", file=sys.stderr)
            return 1
        mesh_report.draw(case, options.figures)
        results.append(case)
    context = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.node()} ({platform.machine()}, {os.cpu_count()} cores)",
        "minutes": (time.time() - started) / 60, "backend": options.backend, "long": options.long,
        "command": " ".join(["tools/validate/validate_mesh.py"] + sys.argv[1:]),
    }
    mesh_report.write_section(options.report, options.figures, results, context)
    failed = [(c.name, check[0]) for c in results for check in c.checks if not check[3]]
    total = sum(len(c.checks) for c in results)
    print(f"validate-mesh: {total - len(failed)} of {total} checks passed; wrote "
          f"{os.path.relpath(options.report, ROOT)} (Triangles) and {os.path.relpath(options.figures, ROOT)}/")
    for name, what in failed:
        print(f"validate-mesh: FAILED {name}: {what}")
    if not options.keep:
        for entry in os.listdir(workdir):
            os.remove(os.path.join(workdir, entry))
        os.rmdir(workdir)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
