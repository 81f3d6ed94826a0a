#!/usr/bin/env python3
"""The output files in the tools their users open them with, as part of
`make test`: shallows writes a dam break, a tsunami with maxima and
gauges, a run on a GEBCO-like longitude/latitude file, a checkpoint and
(where MPI is built) the pieces of an MPI run; then

  tools/files/check_python.py   xarray and netCDF4 open every NetCDF file,
                                VTK's readers load every .vtr/.pvtr of
                                every .pvd and agree with the NetCDF file
                                (Debian's python3-xarray, -netcdf4, -vtk9)
  tools/files/check_cf.py       cfchecks and compliance-checker report 0
                                errors and 0 warnings (the venv that
                                `make deps` makes in .venv)
  tools/files/check_xdmf.py     every .xmf2 declares what ParaView's XDMF
                                reader needs: values that fit the grid,
                                the NetCDF variables' shapes, every field
                                and time of the file (ncdump alone)
  tools/files/check_metadata.py every NetCDF file of every program has the
                                same global attributes (title, history
                                with time and command line, backend ...)
                                and coordinates (ncdump alone)
  tools/files/check_uxarray.py  uxarray opens the triangles' UGRID files
                                (the same venv)
  tools/files/check_paraview.py ParaView's CF reader opens the .nc as a
                                flat grid in metres with its time steps;
                                the .xmf2 beside it opens with one reader
                                (no question) and the file's values; the
                                .pvd opens (pvpython, where installed)

Besides the maps' files, those of shallows-ns (a CF volume, .vti and
.pvd; where built beside shallows) and of two triangle runs, shallows
--mesh (UGRID NetCDF, .vtu and .pvd), each NetCDF file with its .xmf2
for ParaView.

Then each checker must catch a broken file: tools/files/break_files.py
writes copies wrong in one way each (a grid ParaView puts on a sphere, an
unknown standard name, a volume's z not marked vertical or a field out of
CF's axis order, land stored as eta = b, a series whose times or
files do not match the NetCDF file, a cut or corrupted .vtu, a triangle
naming a node that is not there, a sidecar whose times or fields are not
the file's), and a checker that passes one fails
this run.

Last, the Navier-Stokes checkpoint reader (read in a child process) is
fed the same 20 damaged, cut and foreign files every time, under
ASan/UBSan where --sanitized-program is given (tools/fuzz/fuzz_readers.py;
make validate and make fuzz run it for minutes).

A tool that is not installed is reported as skipped and counted as
nothing. The last line is "files: N passed, M failed"; the exit status is
1 when a check failed. Standard library only."""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKERS = os.path.join(ROOT, "tools", "files")
# Debian's, with its python3-* packages (a pyenv's python3 on the PATH
# would not see them); elsewhere the python3 on the PATH.
SYSTEM_PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else \
    shutil.which("python3")
VENV_PYTHON = os.path.join(ROOT, ".venv", "bin", "python")


def run(command, directory):
    """Runs a command in directory; returns (exit code, output)."""
    done = subprocess.run(command, cwd=directory, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=900)
    return done.returncode, done.stdout


def make_outputs(program, mpi_program, directory):
    """The runs whose files are checked; returns the failures (as results)."""
    runs = [
        ["--scenario", "radial-dam-break", "--nx", "60", "--ny", "50", "--t-end", "4",
         "--outputs", "2", "--format", "netcdf,vtk,png", "--checkpoint-every", "2",
         "--output", "dam"],
        ["--scenario", "artificial-tsunami", "--nx", "40", "--ny", "40", "--t-end", "300",
         "--outputs", "3", "--format", "netcdf,vtk", "--maxima", "--gauge", "80000,50000",
         "--gauge", "30000,50000", "--output", "tsunami"],
    ]
    if os.path.exists(os.path.join(directory, "inputs", "gebco.nc")):
        runs.append(["--scenario", "netcdf", "--bathymetry", "inputs/gebco.nc", "--displacement",
                     "inputs/uplift.nc", "--nx", "50", "--ny", "40", "--t-end", "120", "--outputs",
                     "2", "--maxima", "--output", "geographic"])
    results = []
    for arguments in runs:
        code, output = run([program, "--quiet"] + arguments, directory)
        results.append(("shallows " + arguments[1] + " writes its files", code == 0, output))
    results += make_other_outputs(os.path.dirname(program), directory)
    mpirun = shutil.which("mpirun")
    if mpi_program and os.path.exists(mpi_program) and mpirun:
        command = [mpirun, "-q", "--oversubscribe", "-np", "3", mpi_program, "--quiet",
                   "--scenario", "bump-dam-break", "--nx", "37", "--ny", "23", "--t-end", "0.2",
                   "--outputs", "2", "--format", "netcdf,vtk", "--output", "pieces"]
        environment = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1",
                           OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
        done = subprocess.run(command, cwd=directory, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=300, env=environment)
        results.append(("shallows-mpi writes pieces", done.returncode == 0, done.stdout))
        mesh = os.path.join(ROOT, "common", "mesh", "geo", "partial_dam_break_coarse.msh")
        command = command[:command.index("--scenario")] + [
            "--mesh", mesh, "--t-end", "1", "--outputs", "2", "--format", "netcdf",
            "--output", "triangles_mpi"]
        done = subprocess.run(command, cwd=directory, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=300, env=environment)
        results.append(("shallows-mpi --mesh writes its file", done.returncode == 0, done.stdout))
    return results


def make_other_outputs(build, directory):
    """The files of the Navier-Stokes program of the same build (where it
    is built) and of two triangle runs (shallows --mesh): the partial dam
    break, and the lake around an island, whose dry cells the files mask."""
    geo = os.path.join(ROOT, "common", "mesh", "geo")
    runs = [("shallows-ns", ["--case", "cavity", "--resolution", "16", "--outputs", "2",
                             "--format", "netcdf,vtk,png", "--checkpoint-every", "0.15",
                             "--t-end", "0.2", "--output", "cavity"]),
            ("shallows", ["--quiet", "--mesh", os.path.join(geo, "partial_dam_break_coarse.msh"),
                          "--outputs", "2", "--t-end", "1", "--format", "netcdf,vtk",
                          "--output", "triangles"]),
            ("shallows", ["--quiet", "--mesh", os.path.join(geo, "square_1000_coarse.msh"),
                          "--scenario", "lake-at-rest-island", "--outputs", "2", "--t-end", "2",
                          "--format", "netcdf,vtk", "--output", "island"])]
    results = []
    for name, arguments in runs:
        program = os.path.join(build, name)
        label = name + (" --mesh " + arguments[arguments.index("--output") + 1]
                        if "--mesh" in arguments else "")
        if os.path.exists(program):
            code, output = run([program] + arguments, directory)
            results.append((f"{label} writes its files", code == 0, output))
        else:
            print(f"files: skip: {name} is not built")
    return results


# The short form of `make fuzz READER=ns-checkpoint` (make validate runs
# the long one): damaged, cut and foreign files in the place of the
# Navier-Stokes checkpoint, the same ones every time.
FUZZ_INPUTS = 20
FUZZ_SEED = 39


def fuzz_checkpoint_reader(program, sanitized):
    """shallows-ns --restart on mutated and foreign checkpoints, under
    ASan/UBSan where the sanitized build is given; returns a result, or
    None where shallows-ns is not built."""
    build = os.path.dirname(sanitized if sanitized else program)
    if not os.path.exists(os.path.join(build, "shallows-ns")):
        print(f"files: skip: the checkpoint reader's fuzz: no shallows-ns in {build}")
        return None
    workdir = tempfile.mkdtemp(prefix="shallows-fuzz-")
    code, output = run([sys.executable, os.path.join(ROOT, "tools", "fuzz", "fuzz_readers.py"),
                        "--reader", "ns-checkpoint", "--program", os.path.join(build, "shallows"),
                        "--inputs", str(FUZZ_INPUTS), "--seed", str(FUZZ_SEED),
                        "--workdir", workdir], workdir)
    if code == 0:
        shutil.rmtree(workdir, ignore_errors=True)  # else its findings stay, named in output
    under = "under ASan/UBSan" if sanitized else "(no sanitized build given)"
    return (f"shallows-ns reads {FUZZ_INPUTS} damaged or foreign checkpoints {under} without a "
            f"crash, hang or unclear refusal", code == 0, output)


# What each checker must reject among tools/files/break_files.py's copies:
# the start of its FAIL line.
MUST_FAIL = {
    "check_python.py": ("xarray opens unmasked.nc", "VTK's readers load shifted.pvd",
                        "VTK's readers load swapped.pvd", "VTK's readers load cut.pvd",
                        "VTK's readers load flipped.pvd", "xarray opens unmasked_island.nc",
                        "the UGRID topology of badfaces.nc"),
    "check_cf.py": ("cfchecks on badname.nc", "compliance-checker on badname.nc",
                    "cfchecks on badname_triangles.nc",
                    "compliance-checker on badname_triangles.nc",
                    "cfchecks on badrole.nc", "compliance-checker on badrole.nc",
                    "compliance-checker on disordered.nc"),
    "check_uxarray.py": ("uxarray opens badfaces.nc",),
    "check_metadata.py": ("the metadata of nohistory.nc", "the metadata of flat.nc"),
    "check_xdmf.py": ("the XDMF structure of bed.xmf2", "the XDMF structure of nomaxima.xmf2",
                      "the XDMF structure of faces.xmf2", "the XDMF structure of late.xmf2"),
    "check_paraview.py": ("ParaView's CF reader opens sphere.nc", "ParaView opens late.xmf2",
                          "ParaView opens bed.xmf2",
                          "ParaView opens crossed.xmf2", "ParaView opens cut.pvd"),
}

# The broken copies of shallows-ns's file, made where it is built.
NAVIER_STOKES_BROKEN = ("flat.nc", "disordered.nc")


def checkers(pvpython):
    return ((SYSTEM_PYTHON, "check_python.py"), (SYSTEM_PYTHON, "check_xdmf.py"),
            (SYSTEM_PYTHON, "check_metadata.py"),
            (VENV_PYTHON, "check_cf.py"),
            (VENV_PYTHON, "check_uxarray.py"), (pvpython, "check_paraview.py"))


def catch_broken(directory, pvpython):
    """Runs each checker over the broken copies; returns (passed, failed)."""
    for kind, text in run_checker(SYSTEM_PYTHON, "break_files.py", directory):
        print(f"files: {kind.lower()}: {text}")
    broken = os.path.join(directory, "broken")
    if not os.path.isdir(broken):
        return 0, 0
    passed = failed = 0
    for interpreter, script in checkers(pvpython):
        lines = run_checker(interpreter, script, broken)
        if all(kind == "SKIP" for kind, _ in lines):
            print(f"files: skip: {script} on the broken files (not installed)")
            continue
        for expected in MUST_FAIL[script]:
            if expected.split()[-1] in NAVIER_STOKES_BROKEN and \
                    not os.path.exists(os.path.join(directory, "cavity.nc")):
                continue  # shallows-ns is not built: "files: skip" said so
            caught = any(kind == "FAIL" and text.startswith(expected) for kind, text in lines)
            print(f"files: {'pass' if caught else 'FAILED'}: {script} "
                  f"{'rejects' if caught else 'does not reject'} the broken file of "
                  f"'{expected}'")
            passed, failed = passed + caught, failed + (not caught)
    return passed, failed


def run_checker(interpreter, script, directory):
    """Runs a checker; it prints PASS/FAIL/SKIP lines. Returns them parsed."""
    if interpreter is None or not os.path.exists(interpreter):
        return [("SKIP", f"{os.path.basename(script)}: {interpreter} not installed")]
    command = [interpreter, os.path.join(CHECKERS, script), directory]
    if script == "check_paraview.py":  # headless
        command.insert(1, "--force-offscreen-rendering")
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    code, output = run(command, directory)
    lines = []
    for line in output.splitlines():
        kind, _, text = line.partition(" ")
        if kind in ("PASS", "FAIL", "SKIP"):
            lines.append((kind, text))
    if code != 0 and not any(kind == "FAIL" for kind, _ in lines):
        lines.append(("FAIL", f"{script} ended with status {code}: {output[-2000:]}"))
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--program", required=True, help="build/<precision>/shallows")
    parser.add_argument("--mpi-program", help="build/<precision>/shallows-mpi, if built")
    parser.add_argument("--sanitized-program",
                        help="build/double-sanitize/shallows, whose shallows-ns the "
                             "checkpoint reader's fuzz runs (else the one beside --program)")
    parser.add_argument("--keep", action="store_true", help="keep the files (prints where)")
    arguments = parser.parse_args()
    program = os.path.abspath(arguments.program)
    mpi_program = os.path.abspath(arguments.mpi_program) if arguments.mpi_program else None
    directory = tempfile.mkdtemp(prefix="shallows-files-")
    passed = failed = 0
    try:
        # The GEBCO-like input needs netCDF4 in Debian's python.
        for kind, text in run_checker(SYSTEM_PYTHON, "make_inputs.py", directory):
            print(f"files: {kind.lower()}: {text}")
        for name, ok, output in make_outputs(program, mpi_program, directory):
            print(f"files: {'pass' if ok else 'FAILED'}: {name}" + ("" if ok else f"\n{output}"))
            passed, failed = passed + ok, failed + (not ok)
        pvpython = shutil.which("pvpython")
        for interpreter, script in checkers(pvpython):
            for kind, text in run_checker(interpreter, script, directory):
                print(f"files: {'FAILED' if kind == 'FAIL' else kind.lower()}: {text}")
                passed += kind == "PASS"
                failed += kind == "FAIL"
        caught, missed = catch_broken(directory, pvpython)
        passed, failed = passed + caught, failed + missed
        sanitized = os.path.abspath(arguments.sanitized_program) \
            if arguments.sanitized_program else None
        fuzzed = fuzz_checkpoint_reader(program, sanitized)
        if fuzzed is not None:
            name, ok, output = fuzzed
            print(f"files: {'pass' if ok else 'FAILED'}: {name}" + ("" if ok else f"\n{output}"))
            passed, failed = passed + ok, failed + (not ok)
    finally:
        if arguments.keep:
            print(f"files: kept in {directory}")
        else:
            shutil.rmtree(directory, ignore_errors=True)
    print(f"files: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
