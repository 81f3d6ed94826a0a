"""What a submission's MPI files may call (exercises 08, 09 and 17). Their
exercises teach a halo exchange by point-to-point messages (MPI_Isend and
MPI_Irecv); every other way for ranks to share data (collectives, one-sided
windows, MPI's profiling interface that the grader's own counting uses,
files, shared memory, raw system calls) is refused before a case runs.
The sandbox lists each compiled MPI object's undefined symbols (nm) and
counts its system-call instructions (objdump) as part of the build, so
that no tool of the host reads the submission's object; this module
judges those lists."""
import re

# The MPI calls an exchange needs, and the objects of Open MPI's handles
# (datatypes, operations, communicators) that the C macros name.
ALLOWED_MPI = re.compile(
    r"^(MPI_(Isend|Irecv|Wait|Waitall|Waitany|Waitsome|Test|Testall|Testany|Testsome|"
    r"Request_free|Comm_rank|Comm_size|Cart_\w+|Dims_create|Allreduce|Abort|Error_string|"
    r"Error_class|Type_size|Get_count|Get_processor_name|Wtime|Wtick|Initialized|Finalized)|"
    r"ompi_mpi_\w+)$")
MPI_NAME = re.compile(r"^(P?MPI_|ompi_|mca_|opal_)")
# Other ways out: files (a shared /tmp or /dev/shm), shared memory,
# sockets, other processes, and what finds any of these at run time.
OTHER_CHANNELS = {
    "open", "open64", "openat", "openat64", "creat", "creat64", "fopen", "fopen64", "freopen",
    "freopen64", "fdopen", "mmap", "mmap64", "shm_open", "shm_unlink", "memfd_create", "shmget",
    "shmat", "msgget", "msgsnd", "msgrcv", "semget", "mkfifo", "mknod", "pipe", "pipe2",
    "socket", "socketpair", "connect", "bind", "syscall", "dlopen", "dlsym", "dlvsym",
    "fork", "vfork", "clone", "execve", "execv", "execvp", "execl", "execlp", "system", "popen",
    "posix_spawn", "posix_spawnp", "process_vm_readv", "process_vm_writev", "ptrace",
    # the case's own arguments, from which its halo could be rebuilt
    "environ", "__environ", "_environ", "program_invocation_name",
    "program_invocation_short_name", "getauxval",
}
# The grading program's own functions (the case's generator among them).
HARNESS = re.compile(r"^grade_")
WHY = ("the exercise's exchange is point to point (MPI_Isend and MPI_Irecv); rewrite it "
       "without these")


def undefined_symbols(listing):
    """The names of an `nm -P -u` listing."""
    return [line.split()[0] for line in listing.splitlines() if line.split()]


def refused_calls(symbols, syscall_instructions):
    """The calls of one MPI object that the grader refuses, in words."""
    refused = []
    for name in sorted(set(symbols)):
        bare = name.split("@")[0]
        if MPI_NAME.match(bare) and not ALLOWED_MPI.match(bare):
            refused.append(bare)
        elif bare in OTHER_CHANNELS or HARNESS.match(bare):
            refused.append(bare)
    if syscall_instructions:
        refused.append("%d system call instruction(s)" % syscall_instructions)
    return refused


def message(shown, refused):
    return "%s calls %s: %s" % (shown, ", ".join(refused), WHY)
