#!/usr/bin/env python3
"""The programs of one build as their users meet them, side by side.

Every program of shallows (shallows, shallows --mesh, shallows-ns,
shallows-mpi, shallows-ns-mpi: those this build has) shares one command
line, so the same mistake must get the same one-line message and exit code
2 from each, and the same right line must do the same thing; their files
are safe alike (no link followed, no complete file shortened by a restart)
and Ctrl-C and SIGTERM stop each alike. Then what the build promises: each program links only its own applications, every
`## make` target of `make help` exists, `make man` without help2man says in one
line which package to install, and `make install PREFIX=dir` gives
programs that run from any folder with the cases' meshes beside them.

    tests/programs/check_programs.py --build build/double

Prints one line per failed check and ends with "programs: N passed, M failed".
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
MESH = "partial_dam_break_coarse.msh"
ENVIRONMENT = dict(
    os.environ,
    OMPI_ALLOW_RUN_AS_ROOT="1",
    OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
    OMPI_MCA_rmaps_base_oversubscribe="1",
)

# Mistakes every program refuses alike: (arguments, what the message says).
# "same" says the whole message is the same in every program, not only the
# words given.
REFUSALS = [
    (["-x"], "unknown option '-x' (see --help)"),
    (["--frobnicate"], "unknown option '--frobnicate' (see --help)"),
    (["--cfl", "0"], "--cfl must be in (0, 1], got 0"),
    (["--cfl", "2"], "--cfl must be in (0, 1], got 2"),
    (["--cfl", "abc"], "--cfl needs a number, got 'abc'"),
    (["--t-end", "-1"], "--t-end must be positive, got -1"),
    (["--t-end"], "option '--t-end' needs a value (see --help)"),
    (["--output", "--quiet"], "option '--output' needs a value (see --help)"),
    (["--steps", "2"], "--steps N times N steps and writes no files: add --benchmark"),
    (["--steps", "0", "--benchmark"], "--steps must be between 1 and"),
    (["--steps", "2", "--t-end", "1", "--benchmark"], "give --t-end or --steps, not both"),
    (["--backend", "nonesuch"], "backend 'nonesuch' is not built into this program"),
    (["--backend"], "option '--backend' needs a value (see --help)"),
    (["--level", "99"], "backend 'serial' has no optimisation levels"),
    (["--outputs", "-3"], "--outputs"),
    (["--format", "xyz"], "unknown format 'xyz' in --format"),
    (["--compress", "12"], "--compress must be between 0 and 9, got 12"),
    (["--checkpoint-every", "-1"], "--checkpoint-every must be positive, got -1"),
    (["--benchmark", "--checkpoint-every", "1"], "--benchmark writes no files"),
    (["--restart", "/nonexistent/run"], "checkpoint '/nonexistent/run' cannot be read"),
    (["--restart", "/"], "checkpoint '/' is a directory, not a regular file"),
    (["--output", "/nonexistent/folder/run"], "the folder '/nonexistent/folder' of --output"),
    (["--output", "in-the-way.nc"], "'in-the-way.nc' is a directory in the way of a file"),
    # Found on the command line, not when the first checkpoint cannot be made.
    (["--output", "r" * 240], "--output is too long: its name has 240 characters"),
    (["surplus"], "unexpected argument 'surplus' (see --help)"),
]
# The options that every program's --help shows.
SHARED_HELP = ["--backend NAME", "--level N", "--t-end SECONDS", "--steps N", "--cfl C",
               "--outputs K", "--output PATH", "--format LIST", "--compress N",
               "--checkpoint-every SECONDS", "--restart FILE", "--benchmark", "--quiet",
               "--list-backends", "--version", "--help"]


class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("programs: FAILED: %s" % what)
        return ok


def run(command, cwd, timeout=120):
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True,
                              env=ENVIRONMENT, timeout=timeout)
        return done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %d s" % timeout


def programs_of(build, meshes):
    """(label, command prefix, program name) of each program built."""
    found = []
    mesh = os.path.join(meshes, MESH)
    for name, extra in (("shallows", []), ("shallows", ["--mesh", mesh]), ("shallows-ns", []),
                        ("shallows-mpi", []), ("shallows-mpi", ["--mesh", mesh]),
                        ("shallows-ns-mpi", [])):
        path = os.path.join(build, name)
        if os.access(path, os.X_OK):
            label = name + (" --mesh" if extra else "")
            found.append((label, [path] + extra, name))
    return found


def message_of(stderr, name):
    """The one line of a refusal without the program's name; None when
    there is not exactly one line or it does not start with the name."""
    lines = [line for line in stderr.splitlines() if not re.match(r"^\S+: warning: ", line)]
    if len(lines) != 1 or not lines[0].startswith(name + ": "):
        return None
    return lines[0][len(name) + 2:]


def check_refusals(tally, programs, folder):
    for arguments, words in REFUSALS:
        messages = {}
        for label, prefix, name in programs:
            code, out, err = run(prefix + arguments, folder)
            message = message_of(err, name)
            what = "%s %s" % (label, " ".join(arguments))
            tally.check(code == 2, "%s: exit %s, expected 2 (%s)" % (what, code, err.strip()))
            if tally.check(message is not None and words in message,
                           "%s: expected one line '%s: ...%s...', got '%s'" %
                           (what, name, words, err.strip())):
                messages[label] = message
            tally.check(out == "", "%s: printed to stdout on a refusal: %s" % (what, out[:80]))
        # The whole message alike, up to the hint after it, which names the
        # application's own file kinds.
        cores = {label: message.split(" (")[0] for label, message in messages.items()}
        tally.check(len(set(cores.values())) <= 1,
                    "%s: the programs say different things: %s" % (" ".join(arguments), cores))


def check_runs(tally, programs, folder):
    """The same right lines do the same thing everywhere."""
    for label, prefix, name in programs:
        code, out, err = run(prefix + ["--steps", "3", "--benchmark", "--quiet"], folder)
        summary = [line for line in out.splitlines() if line.startswith("summary: ")]
        tally.check(code == 0 and len(summary) == 1 and " steps=3 " in summary[0],
                    "%s --steps 3 --benchmark: exit %s, summary %s (%s)" %
                    (label, code, summary, err.strip()[:200]))
        tally.check(err == "", "%s --quiet printed on stderr: %s" % (label, err[:200]))
        code, out, err = run(prefix + ["--help"], folder)
        missing = [option for option in SHARED_HELP if option not in out]
        tally.check(code == 0 and not missing,
                    "%s --help: exit %s, lacks %s" % (label, code, missing))
        code, out, err = run(prefix + ["--version"], folder)
        first = out.splitlines()[0] if out else ""
        tally.check(code == 0 and re.match(r"^%s \S+ \((single|double) precision\)$" % name, first)
                    and "\nbackends: " in out,
                    "%s --version: exit %s, '%s'" % (label, code, first))
        code, out, err = run(prefix + ["--list-backends"], folder)
        tally.check(code == 0 and re.search(r"^(mpi\+)?serial +levels=0 agrees=bit-for-bit", out, re.M),
                    "%s --list-backends: exit %s, %s" % (label, code, out[:200]))


# A short run with checkpoints, per application (its last four words:
# --outputs and --checkpoint-every).
SHORT_RUNS = {
    "cartesian": ["--nx", "16", "--ny", "16", "--t-end", "1", "--outputs", "4",
                  "--checkpoint-every", "0.5"],
    "mesh": ["--t-end", "1", "--outputs", "4", "--checkpoint-every", "0.5"],
    "ns": ["--resolution", "8", "--t-end", "0.2", "--outputs", "4", "--checkpoint-every", "0.1"],
}
# Names a writer of STEM's files could be tricked into following.
PLANTED = [".nc.tmp", ".checkpoint.tmp", ".checkpoint.nc.tmp", ".xmf2.tmp"]


def application_of(label):
    return "mesh" if "--mesh" in label else "ns" if label.startswith("shallows-ns") else "cartesian"


def records_of(path):
    """The snapshots a NetCDF file holds (ncdump -h), or None."""
    done = subprocess.run(["ncdump", "-h", path], capture_output=True, text=True)
    found = re.search(r"time = UNLIMITED ; // \((\d+) currently\)", done.stdout)
    return int(found.group(1)) if done.returncode == 0 and found else None


def check_files(tally, programs):
    """Every program's files are safe alike: a link planted at any name a
    writer once used is never followed, and a restart never shortens the
    complete file of the run it continues."""
    for label, prefix, name in programs:
        folder = tempfile.mkdtemp(prefix="shallows-files-")
        try:
            short = SHORT_RUNS[application_of(label)]
            victim = os.path.join(folder, "victim")
            with open(victim, "w") as stream:
                stream.write("precious\n")
            for suffix in PLANTED:
                os.symlink(victim, os.path.join(folder, "run" + suffix))
            code, _, err = run(prefix + short + ["--output", "run", "--quiet"], folder)
            tally.check(code == 0, "%s with links planted: exit %s (%s)" %
                        (label, code, err.strip()[:200]))
            with open(victim) as stream:
                tally.check(stream.read() == "precious\n",
                            "%s wrote through a link planted at one of %s" % (label, PLANTED))
            complete = os.path.join(folder, "run.nc")
            tally.check(os.path.isfile(complete) and not os.path.islink(complete),
                        "%s: run.nc is not a regular file" % label)
            written = records_of(complete)
            tally.check(written == 5, "%s: run.nc holds %s snapshots, not 5" % (label, written))
            checkpoints = [n for n in os.listdir(folder) if n.startswith("run.checkpoint") and
                           not os.path.islink(os.path.join(folder, n))]
            tally.check(len(checkpoints) == 1, "%s: checkpoints %s" % (label, checkpoints))
            if len(checkpoints) != 1:
                continue
            restart = prefix + short + ["--output", "run", "--quiet", "--restart", checkpoints[0]]
            code, _, err = run(restart, folder)
            after = records_of(complete)
            tally.check(code == 0 and after == written,
                        "%s: restart of a finished run: exit %s, %s of %s snapshots (%s)" %
                        (label, code, after, written, err.strip()[:200]))
            # A shorter complete file where the restart writes, with the
            # checkpointed run's own file gone: refused, kept.
            os.remove(complete)
            run(prefix + short[:-4] + ["--outputs", "1", "--output", "other", "--quiet"], folder)
            code, _, err = run(prefix + short + ["--output", "other", "--quiet", "--restart",
                                                 checkpoints[0]], folder)
            kept = records_of(os.path.join(folder, "other.nc"))
            tally.check(code == 2 and kept == 2,
                        "%s: a restart into a shorter run's file: exit %s, %s snapshots left (%s)"
                        % (label, code, kept, err.strip()[:200]))
        finally:
            shutil.rmtree(folder, ignore_errors=True)


# A run long enough to be stopped, with early checkpoints, per application.
LONG_RUNS = {
    "cartesian": ["--nx", "128", "--ny", "128", "--t-end", "100000", "--outputs", "2",
                  "--checkpoint-every", "1"],
    "mesh": ["--t-end", "1000000", "--outputs", "2", "--checkpoint-every", "1"],
    "ns": ["--resolution", "16", "--t-end", "10000", "--outputs", "2", "--checkpoint-every",
           "0.05"],
}


def check_interrupts(tally, programs):
    """Ctrl-C and SIGTERM stop every program alike: exit 130 or 143, one
    line that names the checkpoint to continue from and the snapshots kept
    in run.nc, no temporary file or lock left behind."""
    for (label, prefix, name), (stop, code_wanted) in zip(
            programs, [(signal.SIGINT, 130), (signal.SIGTERM, 143)] * 3):
        folder = tempfile.mkdtemp(prefix="shallows-stop-")
        try:
            command = prefix + LONG_RUNS[application_of(label)] + ["--output", "run", "--quiet"]
            process = subprocess.Popen(command, cwd=folder, env=ENVIRONMENT, text=True,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            waited = 0.0
            while waited < 60 and process.poll() is None and not any(
                    n.startswith("run.checkpoint") and ".tmp" not in n for n in os.listdir(folder)):
                time.sleep(0.1)
                waited += 0.1
            process.send_signal(stop)
            try:
                _, err = process.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                _, err = process.communicate()
            message = message_of(err, name)
            tally.check(process.returncode == code_wanted and message is not None and
                        "stopped by" in message and "--restart run.checkpoint" in message,
                        "%s stopped by %s: exit %s, '%s'" % (label, stop.name,
                                                             process.returncode, err.strip()))
            left = [n for n in os.listdir(folder) if ".tmp" in n or n.endswith(".lock")]
            tally.check(left == [], "%s stopped by %s left %s" % (label, stop.name, left))
            # What was written stays, joined into run.nc, and the line says so.
            kept = records_of(os.path.join(folder, "run.nc"))
            said = re.search(r", (\d+) snapshots? kept", message or "")
            tally.check(kept is not None and kept >= 1 and said is not None and
                        int(said.group(1)) == kept,
                        "%s stopped by %s: run.nc holds %s snapshots, the line says '%s'" %
                        (label, stop.name, kept, message))
        finally:
            shutil.rmtree(folder, ignore_errors=True)


# A run whose snapshots take seconds, with checkpoints, per application.
KILL_RUNS = {
    "cartesian": ["--nx", "64", "--ny", "64", "--t-end", "8", "--outputs", "40",
                  "--checkpoint-every", "1"],
    "mesh": ["--t-end", "2.8", "--outputs", "40", "--checkpoint-every", "0.35"],
    "ns": ["--resolution", "8", "--t-end", "0.8", "--outputs", "40", "--checkpoint-every", "0.1"],
}
CHECKPOINTS = {"cartesian": "run.checkpoint.nc", "mesh": "run.checkpoint",
               "ns": "run.checkpoint.nc"}


def data_of(path):
    """The values of a NetCDF file, every bit of them (ncdump's data part
    with the digits that tell floats and doubles apart), or None."""
    done = subprocess.run(["ncdump", "-p", "9,17", path], capture_output=True, text=True)
    return done.stdout.split("\ndata:\n", 1)[-1] if done.returncode == 0 else None


def parts_in(folder):
    return sorted(n for n in os.listdir(folder) if n.startswith("run.nc.part-"))


def check_kills(tally, programs):
    """kill -9 after two checkpoints, then --restart: the complete file
    holds every snapshot, bit for bit those of a run never killed."""
    for label, prefix, name in programs:
        application = application_of(label)
        command = prefix + KILL_RUNS[application] + ["--output", "run", "--quiet", "--format",
                                                     "netcdf"]
        whole = tempfile.mkdtemp(prefix="shallows-whole-")
        folder = tempfile.mkdtemp(prefix="shallows-kill-")
        try:
            code, _, err = run(command, whole)
            wanted = records_of(os.path.join(whole, "run.nc"))
            if not tally.check(code == 0 and wanted == 41, "%s uninterrupted: exit %s, %s "
                               "snapshots (%s)" % (label, code, wanted, err.strip()[:200])):
                continue
            process = subprocess.Popen(command, cwd=folder, env=ENVIRONMENT, text=True,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                       start_new_session=True)
            waited = 0.0
            checkpoint = os.path.join(folder, CHECKPOINTS[application])
            while waited < 60 and process.poll() is None and not (
                    len(parts_in(folder)) >= 2 and os.path.isfile(checkpoint)):
                time.sleep(0.005)
                waited += 0.005
            running = process.poll() is None
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass  # it ended before the kill: judged below
            process.communicate()
            left = parts_in(folder)
            if not tally.check(running and len(left) >= 2 and not os.path.exists(
                    os.path.join(folder, "run.nc")),
                               "%s killed after two checkpoints: running %s, parts %s" %
                               (label, running, left)):
                continue
            code, _, err = run(command + ["--restart", os.path.basename(checkpoint)], folder)
            complete = os.path.join(folder, "run.nc")
            got = records_of(complete)
            tally.check(code == 0 and got == wanted,
                        "%s restarted after kill -9: exit %s, %s of %s snapshots (%s)" %
                        (label, code, got, wanted, err.strip()[:200]))
            tally.check(got == wanted and data_of(complete) == data_of(
                os.path.join(whole, "run.nc")),
                        "%s restarted after kill -9: the file differs from an uninterrupted "
                        "run's" % label)
            tally.check(parts_in(folder) == [], "%s restarted: parts left %s" %
                        (label, parts_in(folder)))
        finally:
            shutil.rmtree(whole, ignore_errors=True)
            shutil.rmtree(folder, ignore_errors=True)


def check_full_disk(tally, programs):
    """A file system that fills while a program writes its NetCDF file:
    one line naming it and exit 1 (2 when not even the first file fits),
    never a signal (HDF5 crashed at exit in the process that held its
    file). A tmpfs of a few sizes in a private mount namespace: as root
    only, else skipped (and not counted)."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        print("programs: skipped, needs root: the full-disk checks")
        return
    for label, prefix, name in programs:
        command = prefix + KILL_RUNS[application_of(label)] + ["--output", "run", "--quiet",
                                                               "--format", "netcdf"]
        for kib in (16, 64, 256):
            folder = tempfile.mkdtemp(prefix="shallows-full-")
            try:
                script = 'mount -t tmpfs -o size=%dk tmpfs "$0" && cd "$0" && exec "$@"' % kib
                code, _, err = run(["unshare", "-m", "sh", "-c", script, folder] + command, folder)
                message = message_of(err, name)
                tally.check(code in (1, 2) and message is not None and "full" in message,
                            "%s on a full file system of %d KiB: exit %s, '%s'" %
                            (label, kib, code, err.strip()[:300]))
            finally:
                shutil.rmtree(folder, ignore_errors=True)


def symbols(path):
    listed = subprocess.run(["nm", "--defined-only", path], capture_output=True, text=True)
    return {line.split()[-1] for line in listed.stdout.splitlines() if len(line.split()) == 3}


def libraries(path):
    listed = subprocess.run(["ldd", path], capture_output=True, text=True)
    return listed.stdout


def check_separation(tally, build):
    """Each program holds its own applications only."""
    rules = {
        "shallows": (r"^ns_", r"fftw|cufft"),
        "shallows-mpi": (r"^ns_", r"fftw|cufft"),
        "shallows-ns": (r"^swe_(cartesian|mesh)_|^swe_block_", r"metis"),
        "shallows-ns-mpi": (r"^swe_(cartesian|mesh)_|^swe_block_", r"metis"),
    }
    for name, (foreign_symbols, foreign_libraries) in rules.items():
        path = os.path.join(build, name)
        if not os.access(path, os.X_OK):
            continue
        found = sorted(s for s in symbols(path) if re.search(foreign_symbols, s))
        tally.check(not found, "%s holds another application's code: %s" % (name, found[:5]))
        linked = [line.split()[0] for line in libraries(path).splitlines()
                  if re.search(foreign_libraries, line)]
        tally.check(not linked, "%s links another application's libraries: %s" % (name, linked))


def check_make_help(tally):
    """Every target that `make help` names exists."""
    code, out, err = run(["make", "--no-print-directory", "help"], REPOSITORY)
    named = re.findall(r"^make ([a-z][a-z0-9-]*)", out, re.M)
    database = run(["make", "--no-print-directory", "-pq", "help"], REPOSITORY)[1]
    targets = set(re.findall(r"^([a-z][a-z0-9-]*):", database, re.M))
    missing = [t for t in named if t not in targets]
    tally.check(code == 0 and len(named) >= 10 and not missing,
                "make help: exit %s, %d targets, not targets: %s" % (code, len(named), missing))


def check_make_man_without_help2man(tally):
    """make man where help2man is missing: one line naming the package to
    install, a failed exit, nothing built."""
    code, out, err = run(["make", "--no-print-directory", "man", "HELP2MAN=help2man-missing"],
                         REPOSITORY, timeout=60)
    lines = err.strip().splitlines()
    tally.check(code != 0 and not out and len(lines) == 1 and
                "apt-get install help2man" in lines[0],
                "make man without help2man: exit %s, stdout %r, stderr %r" % (code, out[:200],
                                                                               err[:300]))


# Runs of the README that need what a user brings or a device: a mesh or
# bathymetry of their own, an earlier run's checkpoint, a GPU.
README_LEFT_OUT = re.compile(
    r"FILE|\.\.\.|bathymetry\.nc|--restart|--backend (cuda|opencl|omptarget)")
LISTINGS = ("--help", "--version", "--list-scenarios", "--list-cases", "--list-backends",
            "--list-devices")


def readme_runs():
    """(program, arguments) of each run of a program in the README's code
    blocks (build/PRECISION/NAME ...), continuation lines joined, comments
    cut, those README_LEFT_OUT names left out."""
    with open(os.path.join(REPOSITORY, "README.md"), encoding="utf-8") as stream:
        text = stream.read()
    runs = []
    for block in re.findall(r"^```[a-z]*\n(.*?)^```", text, re.M | re.S):
        for line in block.replace("\\\n", " ").splitlines():
            found = re.match(r"\s*build/[a-z0-9.-]+/(shallows(-ns)?)\s(.*)$", line)
            if found and not README_LEFT_OUT.search(found.group(3)):
                runs.append((found.group(1), found.group(3).split("#")[0].split()))
    return runs


def shortened(arguments):
    """A README run cut to one short snapshot (a listing as it is)."""
    if any(a in LISTINGS for a in arguments):
        return arguments
    kept, skip = [], False
    for argument in arguments:
        if skip or argument in ("--t-end", "--outputs"):
            skip = not skip
            continue
        kept.append(argument)
    return kept + ["--t-end", "0.05", "--outputs", "1", "--quiet"]


def check_install(tally, precision):
    """make install PREFIX=dir: the programs run from another folder and
    find the cases' meshes under PREFIX/share/shallows/meshes; so do the
    README's runs, each shortened to one short snapshot."""
    prefix = tempfile.mkdtemp(prefix="shallows-install-")
    elsewhere = tempfile.mkdtemp(prefix="shallows-elsewhere-")
    try:
        code, out, err = run(["make", "--no-print-directory", "PRECISION=" + precision,
                              "install", "PREFIX=" + prefix], REPOSITORY, timeout=1200)
        if not tally.check(code == 0, "make install PREFIX=%s: exit %s: %s" %
                           (prefix, code, err.strip()[-300:])):
            return
        meshes = os.path.join(prefix, "share", "shallows", "meshes")
        tally.check(os.path.isfile(os.path.join(meshes, MESH)), "no %s in %s" % (MESH, meshes))
        tally.check(os.path.isfile(os.path.join(prefix, "share", "doc", "shallows", "README.md")),
                    "no README.md in PREFIX/share/doc/shallows")
        installed = programs_of(os.path.join(prefix, "bin"), meshes)
        tally.check(len(installed) >= 3, "installed programs: %s" % [p[0] for p in installed])
        for label, command, name in installed:
            code, out, err = run(command + ["--steps", "2", "--benchmark", "--quiet"], elsewhere)
            tally.check(code == 0 and "summary: " in out,
                        "installed %s from another folder: exit %s (%s)" %
                        (label, code, err.strip()[:200]))
        # The README's runs name a case's mesh alone: found under PREFIX/share.
        shallows = os.path.join(prefix, "bin", "shallows")
        code, out, err = run([shallows, "--mesh", MESH, "--steps", "2", "--benchmark", "--quiet"],
                             elsewhere)
        tally.check(code == 0 and "summary: " in out,
                    "installed shallows --mesh %s (the name alone) from another folder: exit %s "
                    "(%s)" % (MESH, code, err.strip()[:200]))
        # The README's runs, each program its installed one, from another folder.
        runs = readme_runs()
        tally.check(len(runs) >= 10, "runs found in README.md: %s" % runs)
        for name, arguments in runs:
            code, out, err = run([os.path.join(prefix, "bin", name)] + shortened(arguments),
                                 elsewhere, timeout=300)
            tally.check(code == 0, "the README's run '%s %s', installed, from another folder: "
                        "exit %s (%s)" % (name, " ".join(arguments), code, err.strip()[:200]))
    finally:
        shutil.rmtree(prefix, ignore_errors=True)
        shutil.rmtree(elsewhere, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(REPOSITORY, "build", "double"))
    parser.add_argument("--no-install", action="store_true",
                        help="leave out make help and make install (they run make)")
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    precision = "single" if os.path.basename(build).startswith("single") else "double"
    tally = Tally()
    programs = programs_of(build, os.path.join(REPOSITORY, "common", "mesh", "geo"))
    tally.check(len(programs) >= 3, "programs in %s: %s" % (build, [p[0] for p in programs]))
    folder = tempfile.mkdtemp(prefix="shallows-programs-")
    try:
        os.mkdir(os.path.join(folder, "in-the-way.nc"))  # where PATH.nc would go
        check_refusals(tally, programs, folder)
        check_runs(tally, programs, folder)
        tally.check(os.listdir(folder) == ["in-the-way.nc"],
                    "refusals and benchmarks left files: %s" % os.listdir(folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    check_files(tally, programs)
    check_interrupts(tally, programs)
    check_kills(tally, programs)
    check_full_disk(tally, programs)
    check_separation(tally, build)
    if not args.no_install:
        check_make_help(tally)
        check_make_man_without_help2man(tally)
        check_install(tally, precision)
    print("programs: %d passed, %d failed" % (tally.passed, tally.failed))
    return 0 if tally.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
