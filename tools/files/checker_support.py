"""What the checkers of tools/files/check_files.py share: running a check in a
child process, so that a reader that crashes on a broken file (VTK 9.1
and 9.2 end with a segmentation fault on a .vtu cut short or corrupted
inside its compressed arrays) fails that check instead of ending the
checker with every check after it; and telling a UGRID file. Standard
library only."""

import os
import signal


def run_isolated(function, *arguments):
    """function(*arguments) -> "" or why it failed, run in a forked child;
    a child killed by a signal fails with the signal's name."""
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(reading)
        try:
            why = function(*arguments)
        except Exception as error:  # a reader that cannot read the file fails the check
            why = f"{type(error).__name__}: {error}"
        os.write(writing, (why or "").encode())
        os._exit(0)
    os.close(writing)
    chunks = []
    while True:
        chunk = os.read(reading, 65536)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(reading)
    _, status = os.waitpid(child, 0)
    if os.WIFSIGNALED(status):
        return f"the reader crashed ({signal.Signals(os.WTERMSIG(status)).name})"
    return b"".join(chunks).decode()


def declares_ugrid(path):
    """Whether a NetCDF file declares UGRID 1.0 in its Conventions (read
    without a NetCDF library)."""
    with open(path, "rb") as handle:
        return b"UGRID-1.0" in handle.read(1 << 16)
