"""Taking files from a submission: only the kernel files an exercise names,
each a regular file of its own (no symbolic link anywhere on its path, no
hard link to another file) and of a sensible size, read once through a
descriptor that cannot follow a link."""
import os
import stat

SIZE_LIMIT = 512 << 10


class Refused(Exception):
    """The submission's file cannot be graded: the message says why."""


def candidates(relative):
    """Where a kernel file like serial/cartesian/serial_kernels.c may lie in a
    submission: as in skeletons/, inside a skeletons/ folder, or flat."""
    return [relative, os.path.join("skeletons", relative), os.path.basename(relative)]


def read_below(root_fd, relative, shown):
    """The bytes of root/relative, walking one component at a time without
    following links."""
    parts = relative.split("/")
    fd = os.dup(root_fd)
    try:
        for part in parts[:-1]:
            try:
                next_fd = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            except OSError:
                info = os.lstat(part, dir_fd=fd)
                if stat.S_ISLNK(info.st_mode):
                    raise Refused("%s: the folder %s is a symbolic link: submit the files "
                                  "themselves" % (shown, part)) from None
                raise
            os.close(fd)
            fd = next_fd
        info = os.lstat(parts[-1], dir_fd=fd)
        if stat.S_ISLNK(info.st_mode):
            raise Refused("%s is a symbolic link: submit the file itself" % shown)
        if not stat.S_ISREG(info.st_mode):
            raise Refused("%s is not a regular file" % shown)
        if info.st_nlink != 1:
            raise Refused("%s is a hard link to another file: submit a file of your own" % shown)
        if info.st_size > SIZE_LIMIT:
            raise Refused("%s is larger than %d KiB" % (shown, SIZE_LIMIT >> 10))
        file_fd = os.open(parts[-1], os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=fd)
        with os.fdopen(file_fd, "rb") as stream:
            opened = os.fstat(stream.fileno())
            if (opened.st_dev, opened.st_ino) != (info.st_dev, info.st_ino):
                raise Refused("%s changed while it was read" % shown)
            data = stream.read(SIZE_LIMIT + 1)
        if len(data) > SIZE_LIMIT:
            raise Refused("%s is larger than %d KiB" % (shown, SIZE_LIMIT >> 10))
        return data
    finally:
        os.close(fd)


def exists_below(root_fd, relative):
    try:
        os.lstat(relative, dir_fd=root_fd)
        return True
    except OSError:
        return False


def take(submission, relative):
    """(bytes, shown path) of the submission's file for a kernel path;
    Refused when it is missing or may not be graded."""
    root_fd = os.open(submission, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for candidate in candidates(relative):
            if exists_below(root_fd, candidate):
                shown = os.path.relpath(os.path.join(submission, candidate))
                return read_below(root_fd, candidate, shown), shown
    finally:
        os.close(root_fd)
    raise Refused("the submission has no %s" % relative)
