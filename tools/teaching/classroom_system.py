#!/usr/bin/env python3
"""A system of only some Debian packages, for tools/teaching/classroom_simulation.sh:
writes into SYSTEM the files (hard links where possible) of the packages
named, of what GitHub's runner image starts with (the essential packages,
a C compiler and make, python3, sudo, git) and of everything these depend
on, with the alternatives, the library cache and the user database of
this machine. Grading in it shows that the GitHub Classroom workflow's
packages are all that grading needs.

Usage: tools/teaching/classroom_system.py SYSTEM PACKAGE...
"""
import os
import re
import shutil
import subprocess
import sys

# Of what GitHub's image has, what grading could use: compilers, make,
# python3 (those not installed here are left out; grading then needs them
# even less).
RUNNER_IMAGE = ["build-essential", "make", "python3", "git", "ca-certificates"]
MACHINE_FILES = ["/etc/ld.so.cache", "/etc/passwd", "/etc/group", "/etc/nsswitch.conf",
                 "/etc/hosts"]


def installed():
    """{package: (dependency groups, essential)} and {virtual: [packages]}."""
    lines = subprocess.run(
        ["dpkg-query", "-W", "-f", "${Package}\t${db:Status-Abbrev}\t${Depends}, "
         "${Pre-Depends}\t${Provides}\t${Essential}\n"], stdout=subprocess.PIPE, check=True,
        universal_newlines=True).stdout.splitlines()
    packages, providers = {}, {}
    for line in lines:
        name, status, depends, provides, essential = line.split("\t")
        if not status.startswith("ii"):
            continue
        groups = [[re.sub(r"[ (:].*", "", a.strip()) for a in group.split("|")]
                  for group in depends.split(",") if group.strip()]
        packages[name] = (groups, essential == "yes")
        for virtual in provides.split(","):
            if virtual.strip():
                providers.setdefault(re.sub(r"[ (:].*", "", virtual.strip()), []).append(name)
    return packages, providers


def closure(wanted, packages, providers):
    chosen, queue = set(), list(wanted)
    while queue:
        name = queue.pop()
        candidates = [name] if name in packages else providers.get(name, [])
        if not candidates:
            raise SystemExit("classroom-system: %s is not installed here" % name)
        for candidate in candidates[:1]:
            if candidate in chosen:
                continue
            chosen.add(candidate)
            for group in packages[candidate][0]:
                present = [a for a in group if a in packages or a in providers]
                if present:
                    queue.append(present[0])
    return chosen


def inside(path):
    """Where a packaged path lies: /bin/sh is /usr/bin/sh on a merged /usr."""
    top = "/" + path.split("/")[1]
    if os.path.islink(top) and not os.path.isabs(os.readlink(top)):
        return "/" + os.readlink(top) + path[len(top):]
    return path


def place(system, path):
    target = system + inside(path)
    if os.path.islink(path):
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if not os.path.lexists(target):
            os.symlink(os.readlink(path), target)
    elif os.path.isdir(path):
        os.makedirs(target, exist_ok=True)
    elif os.path.isfile(path) and not os.path.exists(target):
        os.makedirs(os.path.dirname(target), exist_ok=True)
        try:
            os.link(path, target)
        except OSError:
            shutil.copy2(path, target)


def place_alternatives(system):
    """The links update-alternatives made (dpkg does not list them): those
    in /etc/alternatives whose choice is there, and the links to them."""
    for name in os.listdir("/etc/alternatives"):
        link = os.path.join("/etc/alternatives", name)
        if os.path.islink(link) and os.path.lexists(system + os.readlink(link)):
            place(system, link)
    for directory, subdirectories, names in os.walk("/usr"):
        subdirectories[:] = [d for d in subdirectories if d not in ("doc", "man", "locale")]
        for name in names:
            path = os.path.join(directory, name)
            if os.path.islink(path) and os.readlink(path).startswith("/etc/alternatives/") and \
                    os.path.lexists(system + os.readlink(path)):
                place(system, path)


def main():
    system, wanted = sys.argv[1], sys.argv[2:]
    packages, providers = installed()
    essential = [name for name, (_, is_essential) in packages.items() if is_essential]
    image = [name for name in RUNNER_IMAGE if name in packages]
    chosen = closure(wanted + image + essential, packages, providers)
    listing = subprocess.run(["dpkg-query", "-L"] + sorted(chosen), stdout=subprocess.PIPE,
                             universal_newlines=True).stdout
    for path in listing.splitlines():
        # Top-level entries (/lib, a link to usr/lib on a merged /usr) are
        # the simulation's to make.
        if path.startswith("/") and path.count("/") > 1 and \
                inside(path).startswith(("/usr/", "/etc/")):
            place(system, path)
    place_alternatives(system)
    for path in MACHINE_FILES:
        if os.path.exists(path):
            os.makedirs(os.path.dirname(system + path), exist_ok=True)
            shutil.copy2(path, system + path)
    print("classroom-system: %d packages in %s" % (len(chosen), system))


if __name__ == "__main__":
    main()
