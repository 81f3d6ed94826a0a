"""Building a submission: the grader's own build (`make grade-program
grade-kit`: the expected-output program and the objects of everything but
the kernels), then, per exercise, a work folder for the sandbox with the
headers, those objects, the skeletons' kernel objects for the files the
exercise does not take, and the submission's files: those the exercise
names (grade.conf's `files:`) and those it builds on (`uses:`, the
skeleton's where the submission has none). The sandbox compiles these and
links the student's program. Nothing of solutions/ enters the work folder,
compiled or not: the student's program holds no reference code."""
import fcntl
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

from . import channels, emulation, sandbox, submission

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
ERROR_LINE = re.compile(r": (fatal )?error:|undefined reference|multiple definition|Error \d|"
                        r"^embed: ")
WARNING_LINE = re.compile(r": warning:|\): warning #")
# Wrapped in the student's build (-Wl,--wrap): the row kernels and the
# waits that could time the threads' writes (exercise 02's race cases:
# tests/grade/grade_race_wrap.c) and libgomp's entries of a parallel region
# (exercise 16 watches the team: tests/grade/grade_openmp_team.h), and the
# entries of a target region and of its teams where the kit has their
# wrapper (exercise 20 watches the map clauses and the teams:
# tests/grade/grade_omptarget_guard.h).
WRAPPED = ["swe_serial_update_row", "swe_serial_row_wave_speed", "usleep", "sleep", "nanosleep",
           "clock_nanosleep", "omp_get_wtime", "GOMP_parallel"] + \
    ["GOMP_parallel_loop_" + schedule for schedule in (
        "static", "dynamic", "guided", "nonmonotonic_dynamic", "nonmonotonic_guided")]
WRAPPED_WITH = {name: "grade_omptarget_wrap.o" for name in ("GOMP_target_ext", "GOMP_teams4")}
HEADER_SUFFIXES = (".h", ".cuh", ".cl", ".clh")
COMPILED = (".c", ".cu")


class KitError(Exception):
    pass


def trusted_build(precision):
    """The folder of the grader's own build: apart from the builds of
    make, so that neither disturbs the other."""
    return os.path.join(ROOT, "build", "grade-" + precision)


def make_trusted(precision):
    """Builds this repository's grade program and kit; returns the kit. KERNELS is set on the
    command line: `make grade KERNELS=skeletons` passes KERNELS down to this make through
    MAKEFLAGS, which would build the reference from the submission itself. (A student release
    has no solutions/; its expected outputs are shipped data.)"""
    kernels = "solutions" if os.path.isdir(os.path.join(ROOT, "solutions")) else "skeletons"
    # WERROR=: a student's warning is feedback, not the end of the grading
    # (the kit's compile lines, which build the submission, inherit it).
    command = ["make", "-C", ROOT, "--no-print-directory", "-s", "-j2", "PRECISION=" + precision,
               "BUILD=" + os.path.relpath(trusted_build(precision), ROOT), "KERNELS=" + kernels,
               "WERROR=", "grade-program", "grade-kit"]
    print("grade: building the grader's own programs in %s (the first time takes minutes)"
          % os.path.relpath(trusted_build(precision)), file=sys.stderr, flush=True)
    # Gradings side by side (make grade-check runs two) take turns: two makes
    # in one build folder would write the same objects and kit.txt at once.
    os.makedirs(os.path.dirname(trusted_build(precision)), exist_ok=True)
    with open(trusted_build(precision) + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        result = run_with_progress(command)
    if result.returncode != 0:
        if kernels == "skeletons" and "skeletons/" in result.stdout:
            # a release builds the student's own files: theirs to fix
            raise KitError("your kernel files do not compile (this release's grader builds "
                           "skeletons/ with them):\n" + errors_of(result.stdout))
        raise KitError("the grader's own build failed:\n" + result.stdout[-3000:])
    return Kit(os.path.join(trusted_build(precision), "grade-kit", "kit.txt"))


def run_with_progress(command, every=30):
    """Runs command, saying every `every` seconds that it still runs."""
    with tempfile.TemporaryFile(mode="w+") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                   universal_newlines=True)
        waited = 0
        while True:
            try:
                process.wait(timeout=every)
                break
            except subprocess.TimeoutExpired:
                waited += every
                print("grade: still building (%d s)" % waited, file=sys.stderr, flush=True)
        log.seek(0)
        return subprocess.CompletedProcess(command, process.returncode, log.read())


def errors_of(log):
    """The compiler's error lines of a log, or its end."""
    lines = [line for line in log.splitlines() if ERROR_LINE.search(line)]
    return "\n".join(lines[:20]) or log[-3000:]


class Kit:
    def __init__(self, path):
        self.entries = {}
        with open(path, encoding="utf-8") as stream:
            for line in stream:
                key, _, value = line.strip().partition("=")
                if key:
                    self.entries[key] = value

    def words(self, key):
        return shlex.split(self.entries.get(key, ""))

    def compilers(self):
        """The programs the kit's build commands start."""
        keys = ("CC_COMPILE", "MPI_COMPILE", "NVCC_COMPILE", "LINK", "MPI_LINK")
        return [self.words(key)[0] for key in keys if self.has(key)]

    def has(self, key):
        return bool(self.entries.get(key, "").strip())

    def slot_object(self, slot):
        """The skeleton's object of a kernel file."""
        return os.path.join(self.entries["KIT"], "obj", "skeletons",
                            os.path.splitext(slot)[0] + ".o")


def copy_into(work, relative, source=None):
    target = os.path.join(work, relative)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copyfile(source or os.path.join(ROOT, relative), target)
    return target


def copy_headers(work, kernels_folder):
    """The headers a kernel file may include, the backends' OpenCL sources,
    and every file of the skeletons (public: what every student starts from)."""
    for top in ("common", "backends"):
        for directory, _, names in os.walk(os.path.join(ROOT, top)):
            for name in names:
                if name.endswith(HEADER_SUFFIXES):
                    path = os.path.join(directory, name)
                    copy_into(work, os.path.join("src", os.path.relpath(path, ROOT)), path)
    for directory, _, names in os.walk(os.path.join(ROOT, kernels_folder)):
        for name in names:
            path = os.path.join(directory, name)
            inside = os.path.relpath(path, os.path.join(ROOT, kernels_folder))
            if name != "README.md" and not os.path.islink(path):
                copy_into(work, os.path.join("src", "submission", inside), path)


def compile_line(kit, slot):
    source = "submission/" + slot
    target = "/work/obj/" + os.path.splitext(slot)[0] + ".o"
    if slot.startswith("cuda/mesh/"):
        words = kit.words("MESH_NVCC_COMPILE")
    elif slot.endswith(".cu"):
        words = kit.words("NVCC_COMPILE")
    elif slot.startswith("mpi/"):
        words = kit.words("MPI_COMPILE")
    else:
        words = kit.words("CC_COMPILE")
    return target, "mkdir -p %s && %s -c -o %s %s" % (
        shlex.quote(os.path.dirname(target)), " ".join(shlex.quote(w) for w in words),
        shlex.quote(target), shlex.quote(source))


def opencl_lines(kit):
    """The embedding of the backend's and every kernel slot's OpenCL sources,
    in the order of backends/opencl/model.mk (each group sorted)."""
    sources = kit.words("OPENCL_SOURCES") + sorted("submission/" + s for s in kit.words("SLOTS")
                                                   if s.endswith(".cl"))
    if not kit.has("OPENCL_SOURCES"):
        return [], []
    generated = "/work/obj/gen/cartesian_opencl_source.c"
    # The embedding says on stderr what it cannot include, but goes on: stop there.
    lines = ["mkdir -p /work/obj/gen",
             "sh /work/kit/embed_opencl_source.sh %s swe_cartesian_opencl_program_source %s %s "
             "2>/work/obj/embed.log" % (
                 generated, shlex.quote(kit.entries.get("OPENCL_INCLUDE_DIRS", "")),
                 " ".join(shlex.quote(s) for s in sources)),
             "if [ -s /work/obj/embed.log ]; then cat /work/obj/embed.log >&2; exit 1; fi",
             "%s -c -o /work/obj/gen/cartesian_opencl_source.o %s" % (
                 " ".join(shlex.quote(w) for w in kit.words("CC_COMPILE")), generated)]
    return lines, ["/work/obj/gen/cartesian_opencl_source.o"]


def channel_lines(target):
    """Lists an MPI object's undefined symbols and counts its system-call
    instructions, in the sandbox (channels.py judges them)."""
    quoted = shlex.quote(target)
    return ("nm -P -u %s > %s.undefined && "
            "{ objdump -d --no-show-raw-insn %s | grep -cw syscall > %s.syscalls || true; }"
            % (quoted, quoted, quoted, quoted))


class Build:
    """The work folder of one exercise's build."""

    def __init__(self, kit, conf, submission_folder):
        self.kit, self.conf = kit, conf
        self.mpi = conf["device"] == "mpi"
        self.taken = list(conf["files"]) + list(conf["uses"])
        # The submission's files first: a refused one leaves nothing behind.
        taken = {}
        for slot in self.taken:
            try:
                taken[slot] = submission.take(submission_folder, slot)
            except submission.Refused:
                if slot in conf["files"]:
                    raise
                # without the earlier exercise's file: the skeleton's
        # A kernel file that would hand the emulation other code than nvcc
        # gets: graded as the skeleton's (what nvcc would run), with why.
        self.notes = []
        for slot in [s for s in taken if s in kit.words("EMULATED_SLOTS")]:
            data, shown = taken[slot]
            found = emulation.problems(data.decode("utf-8", "replace"))
            if found:
                del taken[slot]
                self.notes.append("refused: %s; graded with the skeleton's file in its place"
                                  % emulation.message(shown, found))
        self.work = tempfile.mkdtemp(prefix="shallows-grade-")
        # The device compilers' cache, where kernels compile at run time.
        self.cache = tempfile.mkdtemp(prefix="shallows-cache-") if any(
            slot.endswith((".cl", ".clh", ".cu", ".cuh")) for slot in self.taken) else None
        self.shown = {}  # path in the sandbox -> the submission's file, for messages
        copy_headers(self.work, "skeletons")
        for slot, (data, shown) in taken.items():
            target = os.path.join(self.work, "src", "submission", slot)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as stream:
                stream.write(data)
            self.shown["submission/" + slot] = shown

    def objects(self):
        """Objects from the kit for the link, copied into the work folder."""
        keys = ["MPI_GRADE", "MPI_PLUMBING", "PLUMBING"] if self.mpi else \
            ["GRADE", "WRAP", "PLUMBING"]
        paths = [p for key in keys for p in self.kit.words(key)]
        for slot in self.kit.words("SLOTS"):
            # The MPI kernels belong in the MPI case program only.
            if slot.endswith(".cl") or slot in self.taken or \
                    (slot.startswith("mpi/") and not self.mpi):
                continue
            paths.append(self.kit.slot_object(slot))
        copied = []
        for path in paths:
            copy_into(self.work, os.path.join("kit", path), os.path.join(ROOT, path))
            copied.append("/work/kit/" + path)
        copy_into(self.work, "kit/embed_opencl_source.sh",
                  os.path.join(ROOT, "tools", "build", "embed_opencl_source.sh"))
        return copied

    def emulation(self):
        """Compile lines and objects of the grade program's emulation
        sources (the Navier-Stokes CUDA kernels run on CPU threads),
        compiled against the submission's kernels; their folders' headers
        copied beside them."""
        if self.mpi or not self.kit.has("EMULATION_SOURCES"):
            return [], []
        # The emulation includes kernel files from the folders of the
        # emulated slots only: a submission that takes none of those links
        # the kit's, compiled against skeletons/ (no reference code).
        folders = {os.path.dirname(s) + "/" for s in self.kit.words("EMULATED_SLOTS")}
        if not any(slot.startswith(tuple(folders)) for slot in self.taken):
            objects = []
            for path in self.kit.words("EMULATION_OBJECTS"):
                copy_into(self.work, os.path.join("kit", path), os.path.join(ROOT, path))
                objects.append("/work/kit/" + path)
            return [], objects
        lines, objects = [], []
        for source in self.kit.words("EMULATION_SOURCES"):
            folder = os.path.dirname(source)
            for directory, _, names in os.walk(os.path.join(ROOT, folder)):
                for name in names:
                    path = os.path.join(directory, name)
                    copy_into(self.work, os.path.join("src", os.path.relpath(path, ROOT)), path)
            target = "/work/obj/emulation/" + os.path.splitext(os.path.basename(source))[0] + ".o"
            lines.append("mkdir -p /work/obj/emulation && %s -c -o %s %s" % (
                " ".join(shlex.quote(w) for w in self.kit.words("EMULATION_COMPILE")),
                shlex.quote(target), shlex.quote(source)))
            objects.append(target)
        return lines, objects

    def script(self):
        lines = ["set -e", "cd /work/src", "mkdir -p /work/bin"]
        objects = self.objects()
        for slot in self.taken:
            if not slot.endswith(COMPILED):
                continue  # a header, or OpenCL source, which the embedding takes
            if slot.endswith(".cu") and not self.kit.has("NVCC_COMPILE"):
                continue  # no CUDA in this build: only the emulation runs it
            target, line = compile_line(self.kit, slot)
            lines.append(line)
            objects.append(target)
            if slot.startswith("mpi/"):
                lines.append(channel_lines(target))
        emulated, emulation_objects = self.emulation()
        lines += emulated
        objects += emulation_objects
        embed, embedded = opencl_lines(self.kit)
        lines += embed
        objects += embedded
        if self.mpi:
            link = self.kit.words("MPI_LINK") + ["-o", "/work/bin/shallows-mpi-grade"]
            wrap = []
        else:
            link = self.kit.words("LINK") + ["-o", "/work/bin/shallows-grade"]
            wrapped = WRAPPED + [name for name, wrapper in WRAPPED_WITH.items()
                                 if any(o.endswith("/" + wrapper) for o in self.kit.words("WRAP"))]
            wrap = ["-Wl," + ",".join("--wrap=" + name for name in wrapped)] \
                if self.kit.has("WRAP") else []
        libraries = self.kit.words("LIBS") + \
            (self.kit.words("EMULATION_LIBS") if emulation_objects else [])
        # A static library (the shared core) after every object, so that it
        # gives the submission's objects what they take from it.
        objects = [o for o in objects if not o.endswith(".a")] + \
            [o for o in objects if o.endswith(".a")]
        lines.append(" ".join(shlex.quote(w) for w in link + objects + wrap + libraries))
        path = os.path.join(self.work, "build.sh")
        with open(path, "w", encoding="utf-8") as stream:
            stream.write("\n".join(lines) + "\n")
        return path

    def refused_channels(self):
        """Why the compiled MPI files may not run (channels.py), or None."""
        problems = []
        for slot in self.taken:
            if not (slot.startswith("mpi/") and slot.endswith(".c")):
                continue
            base = os.path.join(self.work, "obj", os.path.splitext(slot)[0] + ".o")
            try:
                with open(base + ".undefined", encoding="utf-8", errors="replace") as stream:
                    symbols = channels.undefined_symbols(stream.read(1 << 20))
                with open(base + ".syscalls", encoding="utf-8", errors="replace") as stream:
                    syscalls = int(stream.read(64).strip() or "0")
            except (OSError, ValueError):
                return "the grader could not list what %s calls" % slot
            refused = channels.refused_calls(symbols, syscalls)
            if refused:
                problems.append(channels.message(self.shown.get("submission/" + slot, slot),
                                                 refused))
        return "\n".join(problems) or None

    def name_files(self, text):
        """text with the sandbox's paths of the submission's files replaced
        by the files' own."""
        for inside, shown in self.shown.items():
            text = text.replace(inside, shown)
        return text

    def errors(self, log):
        """The compiler's error lines, naming the submission's files."""
        return self.name_files(errors_of(log))

    def note_warnings(self, log):
        """The compiler's warnings on the submission's files, as feedback."""
        lines = [line for line in log.splitlines() if WARNING_LINE.search(line) and
                 line.startswith(tuple(self.shown))]
        if lines:
            shown = [self.name_files(line) for line in lines[:10]]
            more = ["  ... and %d more" % (len(lines) - 10)] if len(lines) > 10 else []
            self.notes.append("your files compile with warnings (not graded, worth fixing):\n  " +
                              "\n  ".join(shown + more))

    def remove(self):
        if os.environ.get("SHALLOWS_GRADE_KEEP"):
            print("grade: kept %s" % self.work)
        else:
            sandbox.remove_tree(self.work)
        if self.cache:
            sandbox.remove_tree(self.cache)
