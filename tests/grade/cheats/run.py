#!/usr/bin/env python3
"""make grade-check, part 1: hostile submissions graded by the official
path (tools/teaching/grade.py in this repository, the reference kernels, the
sandbox). Each must score only what it honestly earns (0, or less than
full for a data race), none may reach out of the sandbox (its payload
prints "ESCAPED: ..." if it does), the repository must be unchanged
afterwards (every file's checksum, `git status`), and no process of it may
survive. The payloads are in payloads/; @ROOT@ stands for this repository's
path (the worst case: the student knows where the grader runs), @REPORTS@
for the folder its grading writes its reports to and @SLOT@ for the
kernel file's path below skeletons/. A submission is a payload
replacing the kernel file or appended to the skeleton's or the
solution's (append-solution: an honest file that also holds the cheat);
payload:OLD=NEW replaces every OLD of the payload first.

They are graded in waves of --jobs at a time (default 2: most of a
grading waits on the sandbox's compiler and runs), each with its own
reports; the checks for survivors, leftover folders and the repository
are made between waves, when nothing of a grading runs.

Usage: tests/grade/cheats/run.py [--jobs N] [NAME...]
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ElementTree

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(ROOT, "tools", "teaching"))
from grading import conf, sandbox  # noqa: E402

WORK = os.path.join(ROOT, "build", "cheats")
SERIAL, OPENMP, CUDA, OPENCL, MPI = ("01-serial-net-updates", "02-openmp-loops-and-reduction",
                                     "03-cuda-kernels-and-transfers", "07-opencl-kernels",
                                     "08-mpi-ghost-layers")
MESH, SCATTER = "15-mesh-edge-flux-and-gather", "16-mesh-scatter-race"
MESH_MPI = "17-mesh-mpi-halo-exchange"
NS_MOMENTUM = "11-ns-momentum-shared-memory"
MOMENTUM_CU = "cuda/ns/ns_cuda_momentum.cu"
# name, exercise, how the submission is made, what it must score, time limit per test
CHEATS = [
    ("report-rewrite", SERIAL, "append:report_rewriter.c", "zero", None),
    ("include-reference", SERIAL, "replace:include_reference.c", "uncompiled", None),
    ("include-reference-opencl", OPENCL, "replace:include_reference.cl", "uncompiled", None),
    # Without a GPU the CUDA exercises are not graded: this one only builds.
    ("include-reference-cuda", CUDA, "replace:include_reference.c", "build-fails", None),
    ("symlink-to-reference", SERIAL, "symlink", "refused:symbolic link", None),
    ("hardlink-to-reference", SERIAL, "hardlink", "refused:hard link", None),
    ("folder-link-to-reference", SERIAL, "folder-link", "refused:symbolic link", None),
    ("reference-symbols", SERIAL, "replace:reference_symbols.c", "zero", None),
    ("mpi-pass-text", MPI, "replace:mpi_pass.c", "zero", None),
    ("daemon-rewrites-report", SERIAL, "append:daemon.c", "zero", None),
    ("edit-grader", SERIAL, "append:edit_grader.c", "zero", None),
    ("race-sweep-no-reduction", OPENMP, "unreduce:sweep", "race", None),
    ("race-speed-no-reduction", OPENMP, "unreduce:speed", "race", None),
    ("race-looks-for-race-cases", OPENMP, "edit:race-look", "race", None),
    ("include-reference-mesh", MESH, "replace:include_reference.c", "uncompiled", None),
    ("race-scatter-no-atomic", SCATTER, "unatomic", "race", None),
    ("scatter-is-a-gather", SCATTER, "replace:scatter_gather.c", "zero", None),
    ("scatter-on-one-thread", SCATTER, "replace:scatter_one_thread.c", "zero", None),
    ("scatter-one-worker", SCATTER, "replace:scatter_one_worker.c", "zero", None),
    ("mesh-halo-allgather", MESH_MPI, "replace:mesh_allgather.c", "refused:MPI_Allgatherv", None),
    ("mesh-halo-pmpi", MESH_MPI, "replace:mesh_allgather.c:MPI_Allgather=PMPI_Allgather",
     "refused:PMPI_Allgatherv", None),
    ("mesh-halo-ialltoallv", MESH_MPI, "append-solution:channel_ialltoallv.c",
     "refused:MPI_Ialltoallv", None),
    ("mesh-halo-shared-memory", MESH_MPI, "append-solution:channel_shm.c", "refused:shm_open",
     None),
    ("mpi-halo-allgatherv", MPI, "append-solution:channel_allgatherv.c",
     "refused:MPI_Allgatherv", None),
    ("mpi-raw-system-call", MPI, "append-solution:channel_syscall.c",
     "refused:system call instruction", None),
    # Exercise 11 with its serial kernel done (4 points earned) and level 2 not.
    ("momentum-without-tiles", NS_MOMENTUM, "edit:tileless@" + MOMENTUM_CU, "points:4", None),
    ("momentum-emulation-only", NS_MOMENTUM, "edit:emulation-only@" + MOMENTUM_CU, "points:4",
     None),
    ("momentum-not-on-the-gpu", NS_MOMENTUM, "edit:host-only@" + MOMENTUM_CU, "points:4", None),
    ("warning-is-feedback", SERIAL, "append-solution:warning.c",
     "full:compile with warnings", None),
    ("control-characters", SERIAL, "append:control_characters.c", "zero", None),
    ("fork-bomb", SERIAL, "append:fork_bomb.c", "zero", None),
    ("huge-output", SERIAL, "append:huge_output.c", "zero", None),
    ("read-parent", SERIAL, "append:read_parent.c", "zero", None),
    ("terminal", SERIAL, "append:terminal.c", "zero", None),
    ("signal-the-grader", SERIAL, "append:signals.c", "zero", None),
    ("sleep-past-limit", SERIAL, "append:sleep.c", "timeout", 3),
    ("write-repository", SERIAL, "append:write_repository.c", "zero", None),
    ("network", SERIAL, "append:network.c", "zero", None),
    ("memory", SERIAL, "append:memory.c", "zero", None),
    ("fill-disk", SERIAL, "append:fill_tmp.c", "zero", None),
    ("fill-cache", SERIAL, "append:fill_cache.c", "zero", None),
    ("compile-bomb", SERIAL, "replace:compile_bomb.c", "uncompiled", None),
    ("pthreads-shared-max", "19-pthreads-barrier-and-reduction", "replace:pthreads_shared_max.c",
     "points:8", None),
    ("omptarget-plain-loops", "20-omptarget-map-and-teams", "replace:omptarget_plain_loops.c",
     "points:7", None),
]
# Graded only on a GPU (tools/device/grade_cuda.sh names them): without one a
# CUDA exercise is "not graded", which tests nothing.
SCATTER_CUDA = "18-mesh-scatter-cuda"
DEVICE_CHEATS = [
    ("cuda-scatter-is-a-gather", SCATTER_CUDA, "edit:cuda-gather", "zero", None),
]
# Graded only when named: no reduction, each thread writes the shared
# maximum after its own delay. The harness catches them in most gradings, not
# in all (one of three CI runs gave full points), so they cannot hold a CI.
SOMETIMES_CHEATS = [
    ("race-timed-writes-sleep", OPENMP, "edit:timed-sleep", "race", None),
    ("race-timed-writes-clock", OPENMP, "edit:timed-clock", "race", None),
]
# Graded in a wave of their own: the fork bomb takes every process the
# sandbox's user may have, which another grading's sandbox (the same user)
# would then lack.
ALONE = {"fork-bomb"}


def waves_of(chosen, jobs):
    """The cheats in waves of at most jobs, those of ALONE each in its own."""
    waves, wave = [], []
    for cheat in chosen:
        if cheat[0] in ALONE:
            waves += [w for w in (wave, [cheat]) if w]
            wave = []
            continue
        wave.append(cheat)
        if len(wave) == jobs:
            waves.append(wave)
            wave = []
    return waves + ([wave] if wave else [])


# What a race cheat removes: the reduction of TODO 1 (the sweep's parallel
# region) or of TODO 4 (the max wave speed's loop).
UNREDUCE = {
    "sweep": ("#pragma omp parallel num_threads(threads) reduction(max : max_speed)",
              "#pragma omp parallel num_threads(threads)"),
    "speed": ("#pragma omp parallel for num_threads(threads) schedule(static) "
              "reduction(max : max_speed)",
              "#pragma omp parallel for num_threads(threads) schedule(static)"),
}

# Where a timed-write cheat delays each thread's write of the maximum.
TIMED_WRITES = {
    "sweep": ("        max_speed = swe_max_bits(\n"
              "            max_speed, swe_serial_band_sweep(block, first, last, solver, dt, "
              "manning, &own));\n",
              "        swe_speed_bits band = swe_serial_band_sweep(block, first, last, solver, dt, "
              "manning, &own);\n"
              "        struct timespec delay = {0, 200000L * thread};\n"
              "        nanosleep(&delay, NULL);\n"
              "        max_speed = swe_max_bits(max_speed, band);\n"),
    "speed": ("        max_speed = max_speed > row_bits ? max_speed : row_bits;\n",
              "        double until = omp_get_wtime() + 200e-6 * omp_get_thread_num();\n"
              "        while (omp_get_wtime() < until) {\n        }\n"
              "        max_speed = max_speed > row_bits ? max_speed : row_bits;\n"),
}

# Level 2's barriers and plane load of exercise 11 (solutions/cuda/ns/ns_cuda_momentum.cu).
PLANE_LOAD = ("        __syncthreads();\n        load_plane(f, tiles, i0, j0, k + 1);\n"
              "        __syncthreads();\n")
TILELESS_BODY = """{
    const ns_geometry &g = f.geometry;
    int i = blockIdx.x * NS_CUDA_BLOCK_X + threadIdx.x, j = blockIdx.y * NS_CUDA_BLOCK_Y + threadIdx.y;
    int k_begin = blockIdx.z * NS_CUDA_Z_CHUNK, k_end = min(k_begin + NS_CUDA_Z_CHUNK, g.n[2]);
    if (g.n[0] < 0) { /* never: keeps the tile helpers referenced, so that it compiles */
        NS_CUDA_DYNAMIC_SHARED(plane_tiles, shared);
        real column[NS_AXES][5] = {};
        ns_neighbourhood s;
        load_plane(f, shared[0], 0, 0, 0);
        gather_from_tiles(shared[0], column, 0, 0, 0, 0, &s);
    }
    if (i >= g.n[0] || j >= g.n[1]) {
        return;
    }
    for (int k = k_begin; k < k_end; ++k) {
        long c = padded_index(g, i, j, k);
        for (int component = 0; component < NS_AXES; ++component) {
            ns_neighbourhood s;
            ns_gather(f.velocity[0], f.velocity[1], f.velocity[2], component, c, g.stride, &s);
            f.residual[component][c] =
                ns_momentum_residual(&s, g.inv_h, f.viscosity, f.force[component]);
        }
    }
}
"""


def edit_solution(name, text):
    """The reference file with one cheat worked in (edit:NAME)."""
    if name == "tileless":
        # level 2 reads every neighbour from global memory: no tile, no barrier
        start = text.find("    momentum_planes(ns_device_fields f)\n{\n")
        end = text.find("\n}\n", start)
        if start < 0 or end < 0:
            raise SystemExit("cheats: no momentum_planes kernel to rewrite")
        head = start + len("    momentum_planes(ns_device_fields f)\n")
        return text[:head] + TILELESS_BODY + text[end + 3:]
    if name == "cuda-gather":
        # both scatters launch the gather: each cell sums its own edges, race-free
        gather = ("    if (arrays.cell_count > 0) {\n"
                  "        return swe_mesh_cuda_gather_sums(arrays, sums, stream, err);\n    }\n")
        edited = text
        for head in ("int swe_mesh_cuda_scatter_atomic(const swe_mesh_arrays &arrays, "
                     "swe_mesh_cell_sums sums,\n                                 cudaStream_t "
                     "stream, swe_error *err)\n{\n",
                     "                                   cudaStream_t stream, swe_error *err)\n{\n"):
            if edited.count(head) != 1:
                raise SystemExit("cheats: the CUDA scatters are no longer as they were")
            edited = edited.replace(head, head + gather)
        return edited
    if name in ("timed-sleep", "timed-clock"):
        # no reduction; thread t writes the shared maximum t x 200 us after the others
        # (TODO 1's band maxima by nanosleep, TODO 4's row maxima by omp_get_wtime)
        variant = "sweep" if name == "timed-sleep" else "speed"
        old, new = UNREDUCE[variant]
        write = TIMED_WRITES[variant]
        if text.count(old) != 1 or text.count(write[0]) != 1:
            raise SystemExit("cheats: the %s's maximum is no longer as it was" % variant)
        return "#include <time.h>\n" + text.replace(old, new).replace(*write)
    if name == "race-look":
        # no reduction, and one thread where the input looks like the old race cases
        # (narrow blocks): elsewhere the race seldom shows
        old, new = UNREDUCE["speed"]
        head = "real swe_openmp_max_wave_speed(const swe_block *block, int threads)\n{\n"
        if text.count(old) != 1 or text.count(head) != 1:
            raise SystemExit("cheats: the max wave speed is no longer as it was")
        return text.replace(old, new).replace(
            head, head + "    if (block->nx <= 3) {\n        threads = 1;\n    }\n")
    wrapped = {"emulation-only": "#ifdef NS_CUDA_HOST_EMULATION\n%s#endif\n",
               "host-only": "#ifndef __CUDA_ARCH__\n%s#endif\n"}[name]
    if text.count(PLANE_LOAD) != 1:
        raise SystemExit("cheats: the level-2 plane load is no longer where it was")
    return text.replace(PLANE_LOAD, wrapped % PLANE_LOAD)


def fingerprint():
    """Checksums of every file of the repository but build/ and .git."""
    sums = {}
    for directory, subdirectories, names in os.walk(ROOT):
        if directory == ROOT:
            subdirectories[:] = [d for d in subdirectories if d not in ("build", ".git")]
        for name in names:
            path = os.path.join(directory, name)
            if os.path.isfile(path) and not os.path.islink(path):
                with open(path, "rb") as stream:
                    sums[os.path.relpath(path, ROOT)] = hashlib.sha256(stream.read()).hexdigest()
    return sums


def git_status():
    return subprocess.run(["git", "-C", ROOT, "status", "--porcelain"], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, universal_newlines=True).stdout


def reports_of(name):
    """The folder a cheat's grading writes its reports to."""
    return os.path.join(WORK, name + ".reports")


def substitute(text, slot, reports):
    return text.replace("@ROOT@", ROOT).replace("@SLOT@", slot).replace("@REPORTS@", reports)


def make_submission(name, exercise, how):
    """The submission folder of a cheat."""
    folder = os.path.join(WORK, name)
    shutil.rmtree(folder, ignore_errors=True)
    exercise_conf = conf.read(exercise)
    how, _, chosen = how.partition("@")
    slot, *others = exercise_conf["files"]
    if chosen:  # the cheat in that file, the exercise's others done honestly
        slot, others, origin = chosen, [f for f in exercise_conf["files"] if f != chosen], \
            "solutions"
    else:  # the exercise's other files as handed out
        origin = "skeletons"
    target = os.path.join(folder, slot)
    os.makedirs(os.path.dirname(target))
    # What it builds on as a student who finished the earlier exercises has it.
    copies = [(other, origin) for other in others] + \
        [(used, "solutions") for used in exercise_conf["uses"]]
    for other, origin in copies:
        os.makedirs(os.path.dirname(os.path.join(folder, other)), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, origin, other), os.path.join(folder, other))
    kind, _, argument = how.partition(":")
    argument, _, change = argument.partition(":")
    reference = os.path.join(ROOT, "solutions", slot)
    if kind in ("append", "replace", "append-solution"):
        with open(os.path.join(HERE, "payloads", argument), encoding="utf-8") as stream:
            payload = substitute(stream.read(), slot, reports_of(name))
        if change:  # OLD=NEW: the payload with every OLD replaced
            old, _, new = change.partition("=")
            payload = payload.replace(old, new)
        base = ""
        if kind != "replace":
            origin = "solutions" if kind == "append-solution" else "skeletons"
            with open(os.path.join(ROOT, origin, slot), encoding="utf-8") as stream:
                base = stream.read()
        with open(target, "w", encoding="utf-8") as stream:
            stream.write(base + payload)
    elif kind == "symlink":
        os.symlink(reference, target)
    elif kind == "hardlink":
        os.link(reference, target)
    elif kind == "folder-link":
        os.rmdir(os.path.dirname(target))
        os.symlink(os.path.dirname(reference), os.path.dirname(target))
    elif kind == "edit":
        with open(reference, encoding="utf-8") as stream:
            text = edit_solution(argument, stream.read())
        with open(target, "w", encoding="utf-8") as stream:
            stream.write(text)
    elif kind == "unatomic":
        # The atomic scatter (exercise 16, TODO 1) with its atomics removed.
        with open(reference, encoding="utf-8") as stream:
            lines = stream.read().splitlines(keepends=True)
        kept = [line for line in lines if line.strip() != "#pragma omp atomic"]
        if len(lines) - len(kept) != 6:
            raise SystemExit("cheats: %s no longer holds six '#pragma omp atomic'" % reference)
        with open(target, "w", encoding="utf-8") as stream:
            stream.write("".join(kept))
    elif kind == "unreduce":
        with open(reference, encoding="utf-8") as stream:
            text = stream.read()
        old, new = UNREDUCE[argument]
        if text.count(old) != 1:
            raise SystemExit("cheats: %s no longer holds '%s'" % (reference, old))
        with open(target, "w", encoding="utf-8") as stream:
            stream.write(text.replace(old, new))
    return folder


def survivors():
    """Processes a cheat left behind: named shallows-cheat, or, when the
    grader runs as root, any of the sandbox's user."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/comm" % pid) as stream:
                name = stream.read().strip()
            owner = os.stat("/proc/%s" % pid).st_uid
        except OSError:
            continue
        if name == "shallows-cheat" or (os.geteuid() == 0 and owner == sandbox.SANDBOX_ID):
            found.append("%s (%s)" % (pid, name))
    return found


def grader_folders():
    """The grader's temporary folders (work, cache, pipe, probe): none may
    outlive a grading."""
    return {name for name in os.listdir(tempfile.gettempdir())
            if name.startswith(("shallows-grade-", "shallows-cache-", "shallows-pipe-",
                                "shallows-probe-"))}


def judge(expect, total, maximum, text):
    """Whether a cheat scored as it must. One that should have run but did
    not compile tests nothing: that fails too."""
    kind, _, detail = expect.partition(":")
    compiled = "do not compile" not in text
    if kind == "race":
        return compiled and total < maximum and "data race" in text
    if kind == "refused":
        return total == 0 and detail in text
    if kind == "full":
        return compiled and total == maximum > 0 and detail in text
    if kind == "points":
        return compiled and abs(total - float(detail)) < 1e-9
    if kind == "timeout":
        return compiled and total == 0 and "timed out" in text
    if kind == "uncompiled":
        return total == 0 and not compiled
    return compiled and total == 0


def unprintable_reports(shown, folder):
    """What a submission's printing did to the grader's output and
    reports: control characters in the terminal's text or in a report,
    a junit.xml that no longer parses."""
    problems = []
    controls = [c for c in shown if (ord(c) < 32 and c not in "\n\t") or 127 <= ord(c) < 160]
    if controls:
        problems.append("the grader printed control characters: %r" % "".join(controls[:20]))
    try:
        ElementTree.parse(os.path.join(folder, "junit.xml"))
    except (OSError, ElementTree.ParseError) as error:
        problems.append("junit.xml does not parse: %s" % error)
    for name in ("results.json", "classroom.json"):
        with open(os.path.join(folder, name), encoding="utf-8") as stream:
            text = json.dumps(json.load(stream), ensure_ascii=False)
        if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in text):
            problems.append("%s holds control characters" % name)
    return problems


# A data race shows only when its threads meet, which a grading on a busy
# machine may miss: a race cheat that kept full points is graded again, up
# to this many times, and each miss is printed (docs/GRADING.md keeps the
# catch rates of single gradings).
RACE_GRADINGS = 3


def grade(name, exercise, how, expect, timeout):
    """Grades one cheat by the official path, into its own reports folder:
    its problems, points, maximum and seconds."""
    folder, reports = make_submission(name, exercise, how), reports_of(name)
    command = [sys.executable, os.path.join(ROOT, "tools", "teaching", "grade.py"), "--exercise", exercise,
               "--submission", folder, "--reports", reports] + \
        (["--timeout", str(timeout)] if timeout else []) + \
        (["--build-only"] if expect == "build-fails" else [])
    start = time.monotonic()
    try:
        for attempt in range(1, (RACE_GRADINGS if expect == "race" else 1) + 1):
            problems, total, maximum = grade_once(command, reports, expect)
            if not problems or not problems[0].startswith("scored"):
                break
            if attempt < RACE_GRADINGS and expect == "race":
                print("    %s: grading %d missed the race (%s); graded again" %
                      (name, attempt, problems[0]), flush=True)
        return problems, total, maximum, time.monotonic() - start
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(reports, ignore_errors=True)


def grade_once(command, reports, expect):
    """One grading of a cheat: its problems, points and maximum."""
    run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         universal_newlines=True, cwd=ROOT)
    problems = []
    if expect == "build-fails":
        if run.returncode != 1 or "do not compile" not in run.stdout:
            problems.append("built, or the grader failed:\n" + run.stdout[-1500:])
        return problems, 0, 0
    if run.returncode != 0:
        problems.append("the grader ended with %d:\n%s" % (run.returncode, run.stdout[-2000:]))
        return problems, 0, 0
    with open(os.path.join(reports, "results.json"), encoding="utf-8") as stream:
        report = json.load(stream)
    text = run.stdout + json.dumps(report)
    total = report["score"]
    maximum = sum(t["max_score"] for t in report["tests"])
    if not judge(expect, total, maximum, text):
        problems.append("scored %.2f of %.2f, expected %s" % (total, maximum, expect))
    problems += unprintable_reports(run.stdout, reports)
    if "ESCAPED" in text:
        problems.append("reached out of the sandbox: " + "; ".join(
            line.strip() for line in text.splitlines() if "ESCAPED" in line)[:600])
    return problems, total, maximum


def left_behind(folders_before, before, status):
    """What the gradings of a wave left: processes, the grader's folders,
    changes to the repository."""
    problems = []
    time.sleep(0.5)
    left = survivors()
    if left:
        problems.append("processes survived: " + ", ".join(left))
    if grader_folders() - folders_before:
        problems.append("the grader left folders behind: " +
                        ", ".join(sorted(grader_folders() - folders_before)))
    after = fingerprint()
    changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    if changed or git_status() != status:
        problems.append("the repository changed: " + ", ".join(changed[:10]))
    return problems


def grade_wave(wave):
    """The cheats of a wave graded side by side: their results in order."""
    results = [None] * len(wave)

    def one(index):
        results[index] = grade(*wave[index])
    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(wave))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def refusal_without_user_namespaces():
    """Where no user namespace can be made, the official path must refuse
    to grade, say why, and leave a report of score 0: the grader runs as an
    unprivileged user inside a bwrap that forbids further namespaces."""
    reports = tempfile.mkdtemp(prefix="shallows-refusal-")
    os.chmod(reports, 0o777)
    prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] \
        if os.geteuid() == 0 else []
    run = subprocess.run(
        prefix + ["bwrap", "--unshare-user", "--disable-userns", "--ro-bind", "/", "/", "--dev",
                  "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--ro-bind", ROOT, ROOT,
                  "--bind", reports, reports, "--",
                  "/usr/bin/python3", os.path.join(ROOT, "tools", "teaching", "grade.py"), "--exercise",
                  SERIAL, "--reports", reports], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        universal_newlines=True)
    try:
        with open(os.path.join(reports, "results.json"), encoding="utf-8") as stream:
            report = json.load(stream)
    except (OSError, ValueError):
        report = {}
    shutil.rmtree(reports, ignore_errors=True)
    refused = run.returncode == 2 and "refusing to grade without a sandbox" in run.stdout and \
        report.get("score") == 0
    print("%-57s %8s  %s" % ("no user namespaces: the grader refuses", "",
                             "ok" if refused else "FAILED"))
    if not refused:
        print("    " + run.stdout[-800:].replace("\n", "\n    "))
    return refused


def main():
    parser = argparse.ArgumentParser(description="make grade-check: hostile submissions")
    parser.add_argument("--jobs", type=int, default=2, help="gradings side by side (default 2)")
    parser.add_argument("names", nargs="*", help="cheats to grade (default: all but the GPU's "
                        "and the timed writes)")
    options = parser.parse_args()
    if options.jobs < 1:
        parser.error("--jobs must be at least 1")
    known = {c[0] for c in CHEATS + DEVICE_CHEATS + SOMETIMES_CHEATS}
    unknown = [n for n in options.names if n not in known]
    if unknown:
        parser.error("no cheat called %s" % ", ".join(unknown))
    chosen = [c for c in CHEATS if not options.names or c[0] in options.names] + \
        [c for c in DEVICE_CHEATS + SOMETIMES_CHEATS if c[0] in options.names]
    before, status = fingerprint(), git_status()
    failed = []
    os.makedirs(WORK, exist_ok=True)
    print("%-26s %-30s %12s %8s  %s" % ("cheat", "exercise", "points", "seconds", "verdict"),
          flush=True)
    for wave in waves_of(chosen, options.jobs):
        folders_before = grader_folders()
        results = grade_wave(wave)
        shared = left_behind(folders_before, before, status)
        if shared and len(wave) > 1:
            shared = ["after the wave of %s: %s" % (", ".join(c[0] for c in wave), p)
                      for p in shared]
        for (name, exercise, _, _, _), (problems, total, maximum, seconds) in zip(wave, results):
            problems = problems + shared
            print("%-26s %-30s %5.2f/%5.2f %8.1f  %s" % (name, exercise, total, maximum, seconds,
                                                          "ok" if not problems else "FAILED"),
                  flush=True)
            for problem in problems:
                print("    " + problem.replace("\n", "\n    "))
            if problems:
                failed.append("%s (%s)" % (name, problems[0].splitlines()[0][:100]))
        if shared:  # the next wave starts from what this one left
            before, status = fingerprint(), git_status()
    shutil.rmtree(WORK, ignore_errors=True)
    if not options.names and not refusal_without_user_namespaces():
        failed.append("no user namespaces (the grader did not refuse)")
    # Repeated last, where a log's tail shows it.
    for failure in failed:
        print("cheats: FAILED: " + failure)
    print("cheats: %d of %d scored what they earned, stayed inside and left nothing behind"
          % (len(chosen) - len(failed), len(chosen)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
