#!/usr/bin/env python3
"""The rooms of shallows and the one-way arrows between them.

Every C, CUDA and OpenCL source belongs to one room (docs/ARCHITECTURE.md
draws them); each of its `#include "..."` lines points into a room. This
checks every arrow against the rules below and prints one line per broken
arrow, then a tally "rooms: N passed, M failed" (files that keep the rules,
files that break them) as make test counts it. Before checking the house
it checks itself on a planted tree: a clean one must pass and one with a
core header reaching into an application must fail.

    tools/build/check_rooms.py [--root DIR]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

SOURCE = (".c", ".h", ".cu", ".cuh", ".cl", ".clh")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
APPLICATIONS = ("cartesian", "mesh", "ns")
KERNEL_TREES = ("solutions", "skeletons")

# The shared rooms of common/ and what each may use.
SHARED = {
    "core": (),
    "io": ("core",),
    "run": ("core", "io"),
    "shallow_water": ("core",),
}
# What each application builds on, besides itself.
APPLICATION_USES = {
    "cartesian": ("core", "io", "run", "shallow_water"),
    "mesh": ("core", "io", "run", "shallow_water"),
    "ns": ("core", "io", "run"),
}
# Where every programming model's shared plumbing may reach.
MODEL_USES = ("core", "io", "run")


def room_of(path):
    """(kind, model, application) of a repository path; None outside the rooms."""
    parts = path.split("/")
    top = parts[0]
    if top == "common" and len(parts) > 2:
        if parts[1] in SHARED:
            return ("shared", None, parts[1])
        if parts[1] in APPLICATIONS:
            return ("application", None, parts[1])
        if parts[1] == "programs":
            return ("programs", None, None)
    if top == "backends" and len(parts) > 2:
        if len(parts) == 3:
            return ("model", parts[1], None)
        if parts[2] in APPLICATIONS:
            return ("model-application", parts[1], parts[2])
        if parts[2] == "programs":
            return ("model-programs", parts[1], None)
    if top in KERNEL_TREES and len(parts) > 3 and parts[2] in APPLICATIONS:
        return ("kernels-" + top, parts[1], parts[2])
    if top == "tests" and len(parts) > 2 and parts[1] == "grade":
        return ("grading", None, None)
    if top == "tests":
        application = next((p for p in parts[1:-1] if p in APPLICATIONS), None)
        if application is None:
            stem = os.path.splitext(parts[-1])[0]
            application = next((a for a in APPLICATIONS if re.search(r"(^|_)%s(_|$)" % a, stem)), None)
        return ("tests", None, application)
    if top == "tools":
        return ("tools", None, None)
    return None


def shared_rooms(names):
    return {("shared", None, name) for name in names}


def allowed(source, target):
    """Whether an include from room source may point into room target."""
    if source == target:
        return True
    kind, model, name = source
    if kind == "shared":
        return target in shared_rooms(SHARED[name])
    if kind == "application":
        return target in shared_rooms(APPLICATION_USES[name])
    if kind == "programs":
        return target[0] in ("shared", "application")
    if kind == "model":
        return target in shared_rooms(MODEL_USES)
    if kind == "model-application":
        # A model's application verbs: the model's plumbing, the
        # application, what the application builds on; the CPU models
        # build on the serial verbs of the same application.
        return (
            target == ("model", model, None)
            or target == ("application", None, name)
            or target in shared_rooms(APPLICATION_USES[name])
            or target == ("model-application", "serial", name)
        )
    if kind == "model-programs":
        return (
            target[0] == "shared"
            or target[0] == "application"
            or (target[0] in ("model", "model-application") and target[1] == model)
        )
    if kind.startswith("kernels-"):
        return (
            target == ("model", model, None)
            or target == ("model-application", model, name)
            or target == ("application", None, name)
            or target in shared_rooms(APPLICATION_USES[name])
        )
    if kind == "tests":
        # A test sees its own application and what is shared, never another
        # application; the shared tests see no application at all.
        other = target[2] if target[0] != "shared" else None
        return target[0] != "tools" and other in (None, name)
    if kind == "grading":
        # The grader marks the exercises of every application.
        return target[0] != "tools"
    if kind == "tools":
        return target[0] not in ("tests", "grading")
    return False


def resolve(root, path, name):
    """The repository path an include names: from common/, the repository,
    then the kernels' tree of the including file (the build's -I order)."""
    kernels = "skeletons" if path.startswith("skeletons/") else "solutions"
    for base in ("common", "", kernels):
        candidate = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(os.path.join(root, candidate)):
            return candidate
    return None


def sources(root):
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=root, capture_output=True, text=True, check=False,
    )
    if listed.returncode == 0 and listed.stdout:
        names = listed.stdout.split()
    else:
        names = [
            os.path.relpath(os.path.join(d, f), root)
            for d, _, files in os.walk(root)
            for f in files
        ]
    # The grader's hostile payloads are meant to break the rules.
    return sorted(
        n for n in names
        if n.endswith(SOURCE) and not n.startswith("tests/grade/cheats/")
        and os.path.isfile(os.path.join(root, n))
    )


def check(root, report):
    """(files that keep the rules, files that break them)."""
    kept = broken = 0
    for path in sources(root):
        source = room_of(path)
        if source is None:
            continue
        with open(os.path.join(root, path), errors="replace") as stream:
            names = INCLUDE.findall(stream.read())
        faults = []
        for name in names:
            target_path = resolve(root, path, name)
            if target_path is None:
                faults.append('"%s" names no file from the roots common/, ., the kernels' % name)
                continue
            target = room_of(target_path)
            if target is None or not allowed(source, target):
                faults.append('"%s" reaches %s' % (name, "/".join(target_path.split("/")[:3])))
        for fault in faults:
            report("rooms: %s: %s" % (path, fault))
        if faults:
            broken += 1
        else:
            kept += 1
    return kept, broken


def plant(root, files):
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as stream:
            stream.write(text)


def self_check():
    """The checker catches a planted wrong arrow and passes a right one."""
    clean = {
        "common/core/error.h": "",
        "common/mesh/geometry/mesh.h": '#include "core/error.h"\n',
        "backends/cuda/mesh/mesh_cuda.h": '#include "mesh/geometry/mesh.h"\n',
        "tests/mesh/test_mesh.c": '#include "backends/cuda/mesh/mesh_cuda.h"\n',
    }
    wrong = {
        "common/core/error.h": '#include "mesh/geometry/mesh.h"\n',
        "common/mesh/geometry/mesh.h": "",
        "common/ns/grid/ns_grid.h": '#include "mesh/geometry/mesh.h"\n',
        "tests/ns/test_ns.c": '#include "mesh/geometry/mesh.h"\n',
    }
    outcomes = []
    for files, expected in ((clean, 0), (wrong, 3)):
        with tempfile.TemporaryDirectory() as root:
            plant(root, files)
            outcomes.append(check(root, lambda line: None)[1] == expected)
    return outcomes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    args = parser.parse_args()
    planted = self_check()
    for ok, what in zip(planted, ("a clean planted tree passes", "three planted wrong arrows are caught")):
        if not ok:
            print("rooms: the checker's self-check failed: %s" % what)
    kept, broken = check(os.path.abspath(args.root), print)
    kept += planted.count(True)
    broken += planted.count(False)
    print("rooms: %d passed, %d failed" % (kept, broken))
    return 0 if broken == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
