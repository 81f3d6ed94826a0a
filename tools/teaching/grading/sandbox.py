"""The sandbox that compiles and runs a submission: bubblewrap (bwrap) with
new user, PID, mount, network, IPC, UTS and cgroup namespaces and prlimit
inside. It shows the system's programs and libraries read-only, a work
folder the grader filled (writable only while compiling), a private /tmp
and the one pipe the grader reads the student's arrays from: no
repository, no solutions, no tools, no reports, no network. The PID
namespace ends every process of the student's when its first one ends or
the time limit kills it, daemons included; as root the grader first drops
to an unprivileged user of its own, so that the process limit holds.
"""
import ctypes
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time

from .text import printable

# Limits inside the sandbox (prlimit). Threads count as processes: MPI
# ranks and OpenMP teams need a few hundred.
PROCESSES = 512
MEMORY = 4 << 30          # address space per process; not for CUDA (its runtime maps more)
FILE_SIZE = 256 << 20
OPEN_FILES = 1024
TMP_SIZE = 512 << 20      # /tmp and /dev/shm, each
CACHE_SIZE = 256 << 20    # /cache: the OpenCL and CUDA compilers' caches, per run
MESSAGE_KEEP = 64 << 10   # of what the student's processes print, the grader keeps this much
MESSAGE_DRAIN = 64 << 20  # and reads at most this much before it closes the pipe
# As root, the student's processes run as this user (no account needed).
SANDBOX_ID = int(os.environ.get("SHALLOWS_SANDBOX_UID", "64123"))
# Everything the sandbox shows of this machine, read-only.
SYSTEM_FILES = ["/usr", "/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf",
                "/etc/ld.so.conf.d", "/etc/OpenCL", "/etc/openmpi", "/sys/devices/system"]
TOP_LEVEL = ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]
PATH = "/usr/local/cuda/bin:/usr/local/bin:/usr/bin:/bin"
PR_SET_CHILD_SUBREAPER = 36


class SandboxError(Exception):
    pass


class Result:
    def __init__(self):
        self.returncode = None  # None: killed at the time limit
        self.timed_out = False
        self.seconds = 0.0
        self.messages = ""      # what the processes printed (the start of it), escaped
        self.data = b""         # what arrived through the grader's pipe
        self.data_overflow = False

    def ending(self):
        """How the processes ended, in words, or None for a clean exit."""
        if self.timed_out:
            return "timed out after %.0f s" % self.seconds
        if self.data_overflow:
            return "wrote more output than the grader asked for"
        if self.returncode is not None and self.returncode < 0:
            try:
                name = signal.Signals(-self.returncode).name
            except ValueError:
                name = "signal %d" % -self.returncode
            return "crashed (%s)" % name
        if self.returncode:
            return "stopped with exit code %d" % self.returncode
        return None


def remove_tree(path):
    """Removes a folder the sandbox's user wrote into, whatever modes it
    left on what it made (a folder of mode 000 too)."""
    def unlock_and_retry(function, failed, _):
        parent = os.path.dirname(failed)
        for place in (parent, failed):
            try:
                os.chmod(place, 0o700, follow_symlinks=False)
            except (OSError, NotImplementedError):
                pass
        try:
            if os.path.isdir(failed) and not os.path.islink(failed):
                shutil.rmtree(failed, onerror=lambda *a: None)
            else:
                function(failed)
        except OSError:
            pass
    if os.path.lexists(path):
        for directory, subdirectories, _ in os.walk(path):
            for name in subdirectories:
                place = os.path.join(directory, name)
                if not os.path.islink(place):
                    try:
                        os.chmod(place, 0o700)
                    except OSError:
                        pass
        shutil.rmtree(path, onerror=unlock_and_retry)


def become_subreaper():
    """Orphans of the sandbox (its PID namespace's first process, when the
    time limit kills bwrap) come to this process, which reaps them: when
    they are gone, every process of the namespace is."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def reap_orphans(limit=20.0):
    deadline = time.monotonic() + limit
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            if time.monotonic() > deadline:
                raise SandboxError("a process of the sandbox did not end")
            time.sleep(0.01)


def read_capped(stream, keep, drain, store):
    """Reads a pipe to its end, keeping `keep` bytes; after `drain` bytes it
    closes the pipe (its writers then get SIGPIPE) and notes the overflow."""
    kept, total = bytearray(), 0
    try:
        while True:
            chunk = os.read(stream, 1 << 16)
            if not chunk:
                break
            if len(kept) < keep:
                kept += chunk[:keep - len(kept)]
            total += len(chunk)
            if total > drain:
                store["overflow"] = True
                break
    except OSError:
        pass
    finally:
        os.close(stream)
    store["data"] = bytes(kept)


class Sandbox:
    """Runs commands in the sandbox with self.work, a folder the grader
    filled, as /work: read-only, or writable while the kernels compile."""

    def __init__(self):
        self.work = None
        self.cache = None  # a folder shared by the runs of one build, or None: a tmpfs each
        self.root = os.geteuid() == 0
        self.disable_userns = True
        # Compilers installed outside the system folders (a GPU machine's
        # /opt/gcc, say): shown read-only at their own place, first on PATH.
        self.toolchains = []
        self.bwrap = shutil.which("bwrap")
        if self.bwrap is None:
            raise SandboxError("bubblewrap (bwrap) is not installed (make deps installs it)")
        for path in SYSTEM_FILES:
            self.refuse_if_repository_under(path)

    @staticmethod
    def refuse_if_repository_under(path):
        real = os.path.realpath(path)
        place = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
        if place == real or place.startswith(real + os.sep):
            raise SandboxError("the repository lies under %s, which the sandbox shows: "
                               "move it elsewhere" % path)

    def show_toolchains(self, programs):
        """Binds the installation folder (the parent of bin/) of each
        compiler in programs that the system folders do not hold."""
        shown = [os.path.realpath(p) for p in SYSTEM_FILES + TOP_LEVEL]
        for program in programs:
            found = shutil.which(program)
            if found is None:
                continue
            folder = os.path.dirname(os.path.realpath(found))
            prefix = os.path.dirname(folder) if os.path.basename(folder) == "bin" else folder
            if prefix == "/" or any(prefix == s or prefix.startswith(s + os.sep) for s in shown):
                continue
            self.refuse_if_repository_under(prefix)
            if prefix not in self.toolchains:
                self.toolchains.append(prefix)

    def owner(self):
        return (SANDBOX_ID, SANDBOX_ID) if self.root else (os.getuid(), os.getgid())

    def give(self, path):
        """Makes path (and what is under it) the sandbox user's."""
        if not self.root:
            return
        for directory, _, names in os.walk(path):
            os.chown(directory, *self.owner())
            for name in names:
                os.chown(os.path.join(directory, name), *self.owner(), follow_symlinks=False)

    def arguments(self, writable, fifo, device):
        args = ["--unshare-all", "--unshare-user", "--die-with-parent", "--new-session",
                "--hostname", "sandbox"]
        if self.disable_userns:
            args += ["--disable-userns"]
        for path in TOP_LEVEL:
            if os.path.islink(path):
                args += ["--symlink", os.readlink(path), path]
            elif os.path.isdir(path):
                args += ["--ro-bind", path, path]
        for path in SYSTEM_FILES:
            args += ["--ro-bind-try", path, path]
        for path in self.toolchains:
            args += ["--ro-bind", path, path]
        args += ["--proc", "/proc", "--dev", "/dev",
                 "--size", str(TMP_SIZE), "--tmpfs", "/tmp",
                 "--size", str(TMP_SIZE), "--tmpfs", "/dev/shm",
                 "--bind" if writable else "--ro-bind", self.work, "/work"]
        if device == "cuda":
            for name in sorted(os.listdir("/dev")):
                if name.startswith("nvidia"):
                    args += ["--dev-bind", "/dev/" + name, "/dev/" + name]
            args += ["--ro-bind-try", "/sys", "/sys"]
        if fifo:
            args += ["--bind", fifo, "/grade/output"]
        args += ["--chdir", "/work", "--clearenv", "--setenv", "PATH",
                 ":".join([os.path.join(t, "bin") for t in self.toolchains] + [PATH]),
                 "--setenv", "HOME", "/tmp", "--setenv", "TMPDIR", "/tmp",
                 "--setenv", "LANG", "C.UTF-8"]
        # The device compilers' caches: the run's own tmpfs, like /tmp, or
        # where the exercise compiles device code at run time (OpenCL,
        # CUDA) a folder that its build's runs share, so that each test does
        # not compile the kernels again (kept under CACHE_SIZE: keep_cache).
        args += ["--bind", self.cache, "/cache"] if self.cache else \
            ["--size", str(CACHE_SIZE), "--tmpfs", "/cache"]
        args += ["--setenv", "XDG_CACHE_HOME", "/cache", "--setenv", "POCL_CACHE_DIR", "/cache/pocl",
                 "--setenv", "CUDA_CACHE_PATH", "/cache/nv"]
        return args

    @staticmethod
    def limited(command, device, limits):
        """command under prlimit: what bwrap runs."""
        prefix = ["prlimit", "--nproc=%d" % PROCESSES, "--fsize=%d" % FILE_SIZE,
                  "--nofile=%d" % OPEN_FILES, "--core=0"]
        if device != "cuda":
            prefix += ["--as=%d" % limits.get("memory", MEMORY)]
        return prefix + ["--"] + list(command)

    def start(self, options, command):
        """Starts bwrap (as the sandbox's user when root) with its options
        through a pipe (--args) and an empty environment, so that the
        sandbox's first process, which its processes can see in /proc/1,
        shows neither the folders bound nor the grader's environment."""
        reading, writing = os.pipe()
        os.write(writing, b"".join(a.encode() + b"\0" for a in options))
        os.close(writing)
        prefix = ["setpriv", "--reuid=%d" % SANDBOX_ID, "--regid=%d" % SANDBOX_ID,
                  "--clear-groups", "--inh-caps=-all", "--bounding-set=-all",
                  "--no-new-privs"] if self.root else []
        try:
            return subprocess.Popen(prefix + [self.bwrap, "--args", str(reading), "--"] + command,
                                    stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, start_new_session=True,
                                    pass_fds=(reading,), env={"PATH": "/usr/bin:/bin"})
        finally:
            os.close(reading)

    def keep_cache(self):
        """Empties the shared cache when a run left more than CACHE_SIZE in
        it (every process that wrote it has ended by now)."""
        if not self.cache:
            return
        total = 0
        for directory, _, names in os.walk(self.cache):
            for name in names:
                try:
                    total += os.lstat(os.path.join(directory, name)).st_blocks * 512
                except OSError:
                    pass
        if total > CACHE_SIZE:
            remove_tree(self.cache)
            os.mkdir(self.cache, 0o700)
            self.give(self.cache)

    def probe(self):
        """Why no sandbox can be made here, or None."""
        self.work = tempfile.mkdtemp(prefix="shallows-probe-")
        self.give(self.work)
        try:
            for attempt in (True, False):
                self.disable_userns = attempt
                result = self.run(["true"], timeout=30)
                if result.returncode == 0:
                    return None
        finally:
            remove_tree(self.work)
            self.work = None
        why = (result.messages.strip().splitlines() or ["no reason given"])[-1]
        try:
            with open("/proc/sys/kernel/apparmor_restrict_unprivileged_userns", encoding="utf-8") as setting:
                if setting.read().strip() == "1":
                    why += ("; this system lets no unprivileged user make a user namespace: "
                            "sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0")
        except OSError:
            pass
        return "bwrap cannot make the sandbox here: " + why

    def run(self, command, timeout, writable=False, pipe=False, data_limit=0, device="none",
            limits=None):
        """Runs command (a list) in the sandbox; with pipe, the arrays the
        processes write to /grade/output come back in Result.data."""
        result = Result()
        fifo_dir = fifo = None
        store_data, store_messages = {}, {}
        threads = []
        if pipe:
            fifo_dir = tempfile.mkdtemp(prefix="shallows-pipe-")
            fifo = os.path.join(fifo_dir, "output")
            os.mkfifo(fifo, 0o600)
            self.give(fifo_dir)
            reading = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
            holding = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)  # no EOF before a writer comes
            os.set_blocking(reading, True)
            threads.append(threading.Thread(target=read_capped, daemon=True, args=(
                reading, data_limit, data_limit, store_data)))
        args = self.arguments(writable, fifo, device)
        start = time.monotonic()
        child = self.start(args, self.limited(command, device, limits or {}))
        messages = os.dup(child.stdout.fileno())
        child.stdout.close()
        threads.append(threading.Thread(target=read_capped, daemon=True, args=(
            messages, MESSAGE_KEEP, MESSAGE_DRAIN, store_messages)))
        for thread in threads:
            thread.start()
        try:
            result.returncode = child.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            result.timed_out = True
        finally:
            try:
                os.killpg(child.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            child.wait()
            reap_orphans()
        result.seconds = time.monotonic() - start
        self.keep_cache()
        if pipe:
            os.close(holding)
        for thread in threads:
            thread.join(10)
        if fifo_dir:
            remove_tree(fifo_dir)
        result.messages = printable(store_messages.get("data", b""))
        result.data = store_data.get("data", b"")
        result.data_overflow = store_data.get("overflow", False)
        return result
