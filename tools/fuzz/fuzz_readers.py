#!/usr/bin/env python3
"""make fuzz: mutated input files against one reader of shallows for N minutes.

Each input is a seed file (written here with ncgen, or by shallows itself)
changed by a few random mutations (bit flips, interesting integers and
doubles over header fields, truncation, junk, repeated or cut chunks). The
program, built with AddressSanitizer and UndefinedBehaviorSanitizer, runs
on it under a time limit, and the run is judged as a user would:

  crash     the program died of a signal, or a sanitizer reported a fault
            in shallows' own code (in the program or in a child process)
  library   a sanitizer caught libhdf5 or libnetcdf misbehaving on the file
            inside the child process that reads it: contained (the run
            still ends with exit 2 and one line), counted apart
  hang      it ran past the time limit
  message   it failed without exactly one line 'shallows: ...' on stderr,
            or ended 0 without its summary line, or with another exit code
  litter    it failed and left temporary files behind
  lost      a restart lost snapshots of the complete PATH.nc it was given,
            or changed it and failed

Readers: bathymetry, displacement (the --scenario netcdf inputs in the three
NetCDF formats), checkpoint (--restart FILE), snapshots (the complete
PATH.nc from which a restart takes the snapshots before its checkpoint);
mesh (shallows --mesh FILE: the GMSH reader on the four encodings of the
unit square), mesh-checkpoint (shallows --mesh ... --restart FILE) and
ns-checkpoint (shallows-ns --restart FILE, the program beside --program).
The checksum that ends a triangle checkpoint is made to fit the mutated
bytes in half the inputs, as a forger would, so that the checks of the
state behind it are attacked too (the Cartesian and Navier-Stokes
checkpoints are NetCDF files, their checksum an attribute). The
Navier-Stokes checkpoint reader also gets foreign files in the
checkpoint's place, whole or mutated or spliced in: another case's
checkpoint and NetCDF files that are no checkpoint (classic and netCDF-4).
Failing inputs are kept in WORKDIR/findings/ with the command that ran them.
--inputs N stops after N inputs (with --seed, the same inputs every time):
the short form that `make test` runs; --minutes the long one.

classic-header runs the libFuzzer target tools/fuzz/classic_header_fuzzer.c
(--libfuzzer PATH) instead: coverage-guided, in process, for the one parser
of untrusted bytes that is shallows' own code.
"""
import argparse
import os
import random
import re
import shutil
import signal
import struct
import subprocess
import sys
import time

BATHYMETRY_CDL = """netcdf bathymetry {
dimensions:
  x = 6 ; y = 5 ;
variables:
  double x(x) ; x:units = "m" ;
  double y(y) ; y:units = "m" ;
  float b(y, x) ; b:units = "m" ;
data:
  x = 0, 100, 200, 300, 400, 500 ;
  y = 0, 100, 200, 300, 400 ;
  b = -10, -10, -10, -10, -10, -10, -10, -12, -12, -12, -12, -10,
      -10, -12, -15, -15, -12, -10, -10, -12, -12, -12, -12, -10,
      -10, -10, -10, -10, -10, 2 ;
}
"""

DISPLACEMENT_CDL = """netcdf displacement {
dimensions:
  x = 3 ; y = 3 ;
variables:
  double x(x) ; double y(y) ; double d(y, x) ;
data:
  x = 100, 250, 400 ;
  y = 100, 200, 300 ;
  d = 0, 0, 0, 0, 1, 0, 0, 0, 0 ;
}
"""

NETCDF_KINDS = ["classic", "64-bit-offset", "netCDF-4"]
SANITIZER_LOG = "sanitizer"
RUN_OPTIONS = ["--nx", "16", "--ny", "12", "--t-end", "1", "--outputs", "4", "--quiet"]
CHECKPOINT_RUN = ["--scenario", "radial-dam-break", "--nx", "24", "--ny", "20", "--t-end", "2",
                  "--outputs", "4", "--quiet"]
SNAPSHOTS = 5  # of CHECKPOINT_RUN
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
MESH_SEEDS = ["tests/mesh/data/unit_square_%s.msh" % encoding
              for encoding in ("22_ascii", "22_binary", "41_ascii", "41_binary")]
# A few steps, whatever the mutated mesh's cells allow: a valid mesh of
# slivers would otherwise be a hang of the run, not of the reader.
MESH_RUN = ["--scenario", "lake-at-rest", "--steps", "20", "--benchmark", "--quiet"]
MESH_CHECKPOINT_RUN = ["--mesh", os.path.join(ROOT, "common/mesh/geo/partial_dam_break_coarse.msh"),
                       "--t-end", "7.2", "--outputs", "4", "--format", "vtk", "--quiet"]
NS_CHECKPOINT_RUN = ["--case", "kelvin-helmholtz", "--resolution", "8", "--t-end", "0.1",
                     "--outputs", "2", "--format", "vtk", "--quiet"]
NS_OTHER_CHECKPOINT_RUN = ["--case", "cavity", "--resolution", "8", "--t-end", "0.5",
                           "--outputs", "1", "--format", "vtk", "--quiet",
                           "--checkpoint-every", "0.1"]

INTERESTING_INTS = [0, 1, 2, 3, 4, 8, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF, 45000, 65536,
                    0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 1 << 40, (1 << 63) - 1, (1 << 64) - 1]
INTERESTING_DOUBLES = [0.0, -0.0, 1.0, -1.0, 1e-300, 1e300, 1.7976931348623157e308,
                       float("inf"), float("-inf"), float("nan"), 1e30, -1e6, 1e6, 5e-324]


def mutate(data, rng, splice_with):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if not data:
            data = bytearray(rng.randbytes(rng.randint(1, 64)))
        kind = rng.randrange(9)
        # Header fields sit at the front: aim there more often.
        front = min(len(data), 512)
        at = rng.randrange(front) if rng.random() < 0.7 else rng.randrange(len(data))
        if kind == 0:
            for _ in range(rng.randint(1, 8)):
                bit = rng.randrange(len(data) * 8)
                data[bit // 8] ^= 1 << (bit % 8)
        elif kind == 1:
            data[at] = rng.choice([0, 0xFF, 0x7F, 0x80, 1, rng.randrange(256)])
        elif kind in (2, 3):
            width = rng.choice([4, 8])
            value = rng.choice(INTERESTING_INTS + [rng.randrange(1 << 32)]) % (1 << (8 * width))
            order = ">" if kind == 2 else "<"
            packed = struct.pack(order + ("I" if width == 4 else "Q"), value)
            data[at:at + width] = packed
        elif kind == 4:
            value = rng.choice(INTERESTING_DOUBLES)
            data[at:at + 8] = struct.pack(rng.choice([">d", "<d"]), value)
        elif kind == 5:
            del data[rng.randrange(len(data) + 1):]
        elif kind == 6:
            data += rng.randbytes(rng.randint(1, 256))
        elif kind == 7:
            start = rng.randrange(len(data))
            end = min(len(data), start + rng.randint(1, 64))
            chunk = data[start:end]
            if rng.random() < 0.5:
                del data[start:end]
            else:
                data[start:start] = chunk
        else:
            other = splice_with
            cut = rng.randrange(min(len(data), len(other)) + 1)
            data = data[:cut] + bytearray(other[cut:])
    return bytes(data)


def reseal(data):
    """data with the FNV-1a hash of all but its last 8 bytes as those 8 (the
    checksum of the triangle and Navier-Stokes checkpoints, this machine's
    byte order): a forged checkpoint, for the checks behind the checksum."""
    if len(data) < 8:
        return data
    value = 0xcbf29ce484222325
    for byte in data[:-8]:
        value = ((value ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return data[:-8] + struct.pack("=Q", value)


def ncgen(cdl, kind, path):
    source = path + ".cdl"
    with open(source, "w") as out:
        out.write(cdl)
    subprocess.run(["ncgen", "-k", kind, "-o", path, source], check=True)
    os.unlink(source)


class Reader:
    """How one reader is fed: its seeds and the command that reads a file."""

    def __init__(self, name, program, workdir):
        self.name, self.program, self.workdir = name, program, workdir
        self.seed_dir = os.path.join(workdir, "seeds")
        os.makedirs(self.seed_dir, exist_ok=True)
        self.seeds = []
        self.foreign = []  # files in the input's place, whole or spliced in
        self.runs_program = os.path.basename(program)
        self.suffix = {"mesh": ".msh", "mesh-checkpoint": ".checkpoint",
                       "ns-checkpoint": ".checkpoint.nc"}.get(name, ".nc")
        setup = "files" if name in ("bathymetry", "displacement") else name.replace("-", "_")
        getattr(self, "setup_" + setup)()

    def setup_files(self):
        for kind in NETCDF_KINDS:
            for role, cdl in (("bathymetry", BATHYMETRY_CDL), ("displacement", DISPLACEMENT_CDL)):
                path = os.path.join(self.seed_dir, "%s-%s.nc" % (role, kind))
                ncgen(cdl, kind, path)
                if role == self.name:
                    self.seeds.append(path)
        self.bathymetry = os.path.join(self.seed_dir, "bathymetry-classic.nc")
        self.displacement = os.path.join(self.seed_dir, "displacement-netCDF-4.nc")

    def make_checkpointed_run(self):
        """A complete run with a checkpoint at snapshot 2 of 4."""
        base = os.path.join(self.seed_dir, "run")
        command = [self.program] + CHECKPOINT_RUN + ["--checkpoint-every", "0.8",
                                                     "--output", base]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        self.checkpoint = base + ".checkpoint.nc"
        self.complete = base + ".nc"

    def setup_checkpoint(self):
        self.make_checkpointed_run()
        self.seeds.append(self.checkpoint)

    def setup_snapshots(self):
        self.make_checkpointed_run()
        self.seeds.append(self.complete)

    def setup_mesh(self):
        self.seeds = [os.path.join(ROOT, seed) for seed in MESH_SEEDS]

    def setup_mesh_checkpoint(self):
        base = os.path.join(self.seed_dir, "run")
        subprocess.run([self.program] + MESH_CHECKPOINT_RUN + ["--checkpoint-every", "3",
                                                               "--output", base],
                       check=True, stdout=subprocess.DEVNULL)
        self.seeds.append(base + ".checkpoint")

    def setup_ns_checkpoint(self):
        self.runs_program = "shallows-ns"
        self.program = os.path.join(os.path.dirname(self.program), self.runs_program)
        base = os.path.join(self.seed_dir, "run")
        subprocess.run([self.program] + NS_CHECKPOINT_RUN + ["--checkpoint-every", "0.04",
                                                             "--output", base],
                       check=True, stdout=subprocess.DEVNULL)
        self.seeds.append(base + ".checkpoint.nc")
        # Foreign files in the checkpoint's place: another case's
        # checkpoint, and NetCDF files that are no checkpoint at all.
        other = os.path.join(self.seed_dir, "other")
        subprocess.run([self.program] + NS_OTHER_CHECKPOINT_RUN + ["--output", other],
                       check=True, stdout=subprocess.DEVNULL)
        self.foreign.append(other + ".checkpoint.nc")
        for kind in ("classic", "netCDF-4"):
            path = os.path.join(self.seed_dir, "bathymetry-%s.nc" % kind)
            ncgen(BATHYMETRY_CDL, kind, path)
            self.foreign.append(path)

    def prepare(self, data, rng):
        """A mutated input as the reader gets it: the checkpoints of the
        triangle runs resealed half the time."""
        if self.name == "mesh-checkpoint" and rng.random() < 0.5:
            return reseal(data)
        return data

    def command(self, fuzzed, run_dir):
        """The command that reads fuzzed, run in run_dir."""
        if self.name == "mesh":
            return [self.program, "--mesh", fuzzed] + MESH_RUN
        if self.name == "mesh-checkpoint":
            return [self.program] + MESH_CHECKPOINT_RUN + ["--restart", fuzzed, "--output", "run"]
        if self.name == "ns-checkpoint":
            return [self.program] + NS_CHECKPOINT_RUN + ["--restart", fuzzed, "--output", "run"]
        if self.name == "bathymetry":
            return [self.program, "--scenario", "netcdf", "--bathymetry", fuzzed,
                    "--displacement", self.displacement, "--output", "out"] + RUN_OPTIONS
        if self.name == "displacement":
            return [self.program, "--scenario", "netcdf", "--bathymetry", self.bathymetry,
                    "--displacement", fuzzed, "--output", "out"] + RUN_OPTIONS
        if self.name == "checkpoint":
            shutil.copy(self.complete, os.path.join(run_dir, "run.nc"))
            return [self.program] + CHECKPOINT_RUN + ["--restart", fuzzed, "--output", "run"]
        # The checkpoint beside the mutated run.nc, as the killed run left
        # it: its own complete file would otherwise be where the restart
        # takes the earlier snapshots from, and the mutated one never read.
        shutil.copy(fuzzed, os.path.join(run_dir, "run.nc"))
        shutil.copy(self.checkpoint, os.path.join(run_dir, "run.checkpoint.nc"))
        return [self.program] + CHECKPOINT_RUN + ["--restart", "run.checkpoint.nc", "--output",
                                                  "run"]


def snapshot_count(path):
    """Snapshots in a NetCDF file written by shallows (ncdump -h), or -1."""
    try:
        header = subprocess.run(["ncdump", "-h", path], capture_output=True, text=True,
                                timeout=30).stdout
    except subprocess.TimeoutExpired:
        return -1
    found = re.search(r"time = UNLIMITED ; // \((\d+) currently\)", header)
    return int(found.group(1)) if found else -1


def in_library(report):
    """Whether a sanitizer report's first frame outside the sanitizer's own
    interceptors lies in libhdf5 or libnetcdf: a fault of the library on
    a hostile file, which the child process contains (the program still
    ends with one line), rather than a fault of shallows."""
    for line in report.splitlines():
        frame = re.match(r"\s*#\d+ 0x[0-9a-f]+ in (.*)", line)
        if frame is None:
            continue
        where = frame.group(1)
        if "sanitizer_common" in where or "/asan/" in where or "__interceptor" in where:
            continue
        return "libhdf5" in where or "libnetcdf" in where
    return False


def judge(reader, run_dir, before, result, timed_out):
    """The defects of one run, as a list of (kind, detail)."""
    if timed_out:
        return [("hang", "ran past the time limit")]
    defects = []
    for name in sorted(n for n in os.listdir(run_dir) if n.startswith(SANITIZER_LOG)):
        with open(os.path.join(run_dir, name), errors="replace") as report:
            text = report.read()
        kind = "library" if in_library(text) else "crash"
        defects.append((kind, "sanitizer report:\n" + text[:6000]))
    code = result.returncode
    if code < 0:
        defects.append(("crash", "signal %d" % -code))
        return defects
    lines = result.stderr.splitlines()
    prefix = reader.runs_program + ": "
    if code not in (0, 1, 2):
        defects.append(("message", "exit code %d" % code))
    elif code != 0 and (len(lines) != 1 or not lines[0].startswith(prefix)):
        defects.append(("message", "stderr has %d lines: %r" % (len(lines), result.stderr[:300])))
    elif code == 0 and "summary: " not in result.stdout:
        defects.append(("message", "exit 0 without a summary line"))
    if any(ord(c) < 0x20 and c != "\n" for c in result.stderr):
        defects.append(("message", "a control byte reached stderr: %r" % result.stderr[:300]))
    litter = [name for name in os.listdir(run_dir) if ".tmp" in name or ".part" in name]
    if code != 0 and litter:
        defects.append(("litter", " ".join(sorted(litter))))
    if reader.name in ("checkpoint", "snapshots"):
        kept = os.path.join(run_dir, "run.nc")
        if not os.path.exists(kept):
            defects.append(("lost", "run.nc is gone"))
        elif code != 0 and open(kept, "rb").read() != before:
            defects.append(("lost", "a refused restart changed run.nc"))
        elif code == 0 and snapshot_count(kept) != SNAPSHOTS:
            defects.append(("lost", "run.nc holds %d snapshots" % snapshot_count(kept)))
    return defects


def run_one(reader, data, run_dir, limit):
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    fuzzed = os.path.join(run_dir, "input" + reader.suffix)
    with open(fuzzed, "wb") as out:
        out.write(data)
    command = reader.command(fuzzed, run_dir)
    before = open(os.path.join(run_dir, "run.nc"), "rb").read() \
        if os.path.exists(os.path.join(run_dir, "run.nc")) else b""
    env = dict(os.environ)
    log = os.path.join(run_dir, SANITIZER_LOG)
    env["ASAN_OPTIONS"] = "log_path=%s:detect_leaks=1:abort_on_error=0" % log
    env["UBSAN_OPTIONS"] = "log_path=%s:print_stacktrace=1:halt_on_error=1" % log
    # A session of its own: a time-out ends the program and its children.
    process = subprocess.Popen(command, cwd=run_dir, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, errors="replace",
                               start_new_session=True)
    try:
        stdout, stderr = process.communicate(timeout=limit)
        result = subprocess.CompletedProcess(command, process.returncode, stdout, stderr)
        timed_out = False
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        result, timed_out = None, True
    return command, result, judge(reader, run_dir, before, result, timed_out)


def keep_finding(workdir, number, data, command, defects, result, suffix):
    findings = os.path.join(workdir, "findings")
    os.makedirs(findings, exist_ok=True)
    stem = os.path.join(findings, "%05d" % number)
    with open(stem + suffix, "wb") as out:
        out.write(data)
    with open(stem + ".txt", "w") as out:
        out.write(" ".join(command) + "\n")
        for kind, detail in defects:
            out.write("%s: %s\n" % (kind, detail))
        if result is not None:
            out.write("exit %d\nstderr: %s\n" % (result.returncode, result.stderr[:2000]))


def run_libfuzzer(fuzzer, minutes, workdir):
    """The libFuzzer target for `minutes`, summed up like the readers."""
    corpus = os.path.join(workdir, "corpus")
    findings = os.path.join(workdir, "findings")
    os.makedirs(corpus)
    os.makedirs(findings)
    for kind in NETCDF_KINDS:
        ncgen(BATHYMETRY_CDL, kind, os.path.join(corpus, "seed-%s.nc" % kind))
    log = os.path.join(workdir, "libfuzzer.log")
    with open(log, "w") as out:
        code = subprocess.run([fuzzer, "-max_total_time=%d" % int(60 * minutes),
                               "-artifact_prefix=%s/" % findings, "-print_final_stats=1",
                               "-timeout=10", "-rss_limit_mb=2048", corpus],
                              stdout=out, stderr=subprocess.STDOUT).returncode
    text = open(log, errors="replace").read()
    runs = re.findall(r"stat::number_of_executed_units: (\d+)", text)
    crashes = [name for name in os.listdir(findings) if name.startswith(("crash", "leak", "oom"))]
    hangs = [name for name in os.listdir(findings) if name.startswith("timeout")]
    print("fuzz classic-header: %g minutes, libFuzzer %s" % (minutes, fuzzer))
    print("  tried %s, exit %d" % (runs[-1] if runs else "?", code))
    print("  crash %d, hang %d" % (len(crashes), len(hangs)))
    if crashes or hangs:
        print("  findings: %s (log %s)" % (findings, log))
    return 1 if crashes or hangs or not runs else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--program")
    parser.add_argument("--reader", required=True,
                        choices=["bathymetry", "displacement", "checkpoint", "snapshots",
                                 "mesh", "mesh-checkpoint", "ns-checkpoint", "classic-header"])
    parser.add_argument("--libfuzzer", help="the libFuzzer binary of classic-header")
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--inputs", type=int, default=0,
                        help="stop after this many inputs (0: when the minutes are up)")
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per run")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    workdir = os.path.abspath(os.path.join(args.workdir, args.reader))
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    if args.reader == "classic-header":
        return run_libfuzzer(os.path.abspath(args.libfuzzer), args.minutes, workdir)
    program = os.path.abspath(args.program)
    rng = random.Random(args.seed)
    reader = Reader(args.reader, program, workdir)
    seeds = [open(path, "rb").read() for path in reader.seeds]
    foreign = [open(path, "rb").read() for path in reader.foreign]
    counts = {"tried": 0, "exit 0": 0, "exit 1": 0, "exit 2": 0, "contained library crashes": 0,
              "reader time-outs": 0}
    defects_seen = {kind: 0 for kind in ("crash", "hang", "message", "litter", "lost",
                                         "library")}
    run_dir = os.path.join(workdir, "run")
    end = time.monotonic() + 60.0 * args.minutes
    while time.monotonic() < end and not (args.inputs and counts["tried"] >= args.inputs):
        # One input in eight starts from a foreign file, sometimes as it is.
        if foreign and rng.random() < 0.125:
            data = rng.choice(foreign)
            data = data if rng.random() < 0.25 else mutate(data, rng, rng.choice(seeds))
        else:
            data = mutate(rng.choice(seeds), rng, rng.choice(seeds + foreign))
        data = reader.prepare(data, rng)
        command, result, defects = run_one(reader, data, run_dir, args.limit)
        counts["tried"] += 1
        if result is not None:
            key = "exit %d" % result.returncode
            counts[key] = counts.get(key, 0) + 1
            counts["contained library crashes"] += "its process crashed" in result.stderr
            counts["reader time-outs"] += "took longer than" in result.stderr
        for kind, _ in defects:
            defects_seen[kind] += 1
        if defects:
            keep_finding(workdir, counts["tried"], data, command, defects, result, reader.suffix)
    print("fuzz %s: %s, program %s" % (args.reader, "%d inputs" % counts["tried"]
                                         if args.inputs else "%g minutes" % args.minutes,
                                         reader.program))
    print("  " + ", ".join("%s %d" % item for item in counts.items()))
    print("  " + ", ".join("%s %d" % item for item in defects_seen.items()))
    failures = sum(count for kind, count in defects_seen.items() if kind != "library")
    if any(defects_seen.values()):
        print("  findings: %s" % os.path.join(workdir, "findings"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
