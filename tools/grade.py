#!/usr/bin/env python3
"""make grade: builds the kernels of a submission in a clean tree, runs each
graded test of the chosen exercises in a child process with a time limit,
prints a points table, and writes build/grade/results.json (Gradescope) and
build/grade/junit.xml.

From a submission only the kernel files that the exercise names
(exercises/<name>/grade.conf) are taken; everything else comes from this
repository. With solutions/ here the tests compare against the reference
kernels on fresh random inputs (a new seed per run, printed); in a student
release, against the shipped reference data (tests/grade/data/).

Python 3 standard library only.
"""
import argparse
import json
import os
import random
import resource
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPORT_DIR = os.path.join(ROOT, "build", "grade")
TREE = os.path.join(REPORT_DIR, "tree")
# What the grading tree copies from this repository.
TREE_ENTRIES = ["Makefile", "common", "backends", "tests", "tools", "exercises", "solutions"]
CASE = re.compile(r"^case (\d+)/(\d+)")
OUTPUT_LIMIT = 4000
MEMORY_LIMIT = 4 << 30  # bytes of address space per graded test
# What an exercise's grade.conf may name as its device, and what the report
# says where this machine lacks it.
MISSING_DEVICE = {"none": None, "cuda": "not graded: no CUDA device",
                  "mpi": "not graded: no MPI (mpicc and mpirun)"}


class GradeError(Exception):
    pass


def read_conf(exercise):
    path = os.path.join(ROOT, "exercises", exercise, "grade.conf")
    conf = {"files": [], "device": "none", "points": 0.0, "timeout": None}
    with open(path, encoding="utf-8") as stream:
        for number, line in enumerate(stream, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            key, _, value = line.partition(":")
            key, value = key.strip(), value.strip()
            if key == "files":
                conf["files"] = value.split()
            elif key == "device":
                if value not in MISSING_DEVICE:
                    raise GradeError("%s:%d: device is none, cuda or mpi, not '%s'"
                                     % (path, number, value))
                conf["device"] = value
            elif key == "points":
                conf["points"] = float(value)
            elif key == "timeout":
                conf["timeout"] = float(value)
            else:
                raise GradeError("%s:%d: unknown key '%s' (files, device, points, timeout)"
                                 % (path, number, key))
    if not conf["files"]:
        raise GradeError("%s names no files" % path)
    return conf


def graded_exercises():
    folder = os.path.join(ROOT, "exercises")
    return sorted(name for name in os.listdir(folder)
                  if os.path.isfile(os.path.join(folder, name, "grade.conf")))


def source_files(entry):
    path = os.path.join(ROOT, entry)
    if os.path.isfile(path):
        return [entry]
    found = []
    for directory, subdirectories, names in os.walk(path):
        subdirectories[:] = [d for d in subdirectories if d not in ("build", "output", ".git")]
        for name in names:
            found.append(os.path.relpath(os.path.join(directory, name), ROOT))
    return found


def copy_if_changed(source, target):
    """Copies only changed files, so that make rebuilds only what changed;
    the mode too, so that the build's scripts stay executable."""
    try:
        with open(source, "rb") as a, open(target, "rb") as b:
            if a.read() == b.read():
                shutil.copymode(source, target)
                return
    except FileNotFoundError:
        pass
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copyfile(source, target)
    shutil.copymode(source, target)


def find_submitted(submission, relative):
    """The submitted file for a kernel path like serial/serial_kernels.c."""
    candidates = [os.path.join(submission, relative),
                  os.path.join(submission, "skeletons", relative),
                  os.path.join(submission, os.path.basename(relative))]
    for candidate in candidates:
        if os.path.isfile(candidate):
            return candidate
    return None


def prepare_tree(submission, exercises):
    """The reference repository plus the submission's kernel files in
    TREE/submission/; returns {exercise: problem} for missing files and
    {path in the tree: the file it came from}, so that messages name it."""
    wanted = {}
    for entry in TREE_ENTRIES:
        if os.path.exists(os.path.join(ROOT, entry)):
            for relative in source_files(entry):
                wanted[relative] = os.path.join(ROOT, relative)
    base = "solutions" if os.path.isdir(os.path.join(ROOT, "solutions")) else "skeletons"
    problems, submitted_files = {}, {}
    for relative in source_files(base):
        inside = os.path.relpath(relative, base)
        if inside != "README.md":
            wanted[os.path.join("submission", inside)] = os.path.join(ROOT, relative)
            submitted_files[os.path.join("submission", inside)] = os.path.join(ROOT, relative)
    for exercise in exercises:
        for relative in read_conf(exercise)["files"]:
            submitted = find_submitted(submission, relative)
            if submitted is None:
                problems[exercise] = "the submission has no %s" % relative
            else:
                wanted[os.path.join("submission", relative)] = submitted
                submitted_files[os.path.join("submission", relative)] = submitted
    for directory, subdirectories, names in os.walk(TREE):
        if os.path.samefile(directory, TREE):
            subdirectories[:] = [d for d in subdirectories if d != "build"]
        for name in names:
            relative = os.path.relpath(os.path.join(directory, name), TREE)
            if relative not in wanted:
                os.remove(os.path.join(TREE, relative))
    for relative, source in wanted.items():
        copy_if_changed(source, os.path.join(TREE, relative))
    return problems, submitted_files


def build(precision):
    command = ["make", "-C", TREE, "--no-print-directory", "-j2", "PRECISION=" + precision,
               "KERNELS=submission", "grade-program"]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            universal_newlines=True)
    program = os.path.join(TREE, "build", precision + "-submission", "shallows-grade")
    if result.returncode != 0:
        errors = [line for line in result.stdout.splitlines()
                  if re.search(r": (fatal )?error:|undefined reference|multiple definition", line)]
        return None, "\n".join(errors[:20]) or result.stdout[-OUTPUT_LIMIT:]
    return program, ""


def forbidden_in(precision, relative):
    """Why the compiled submitted file may not be graded, or None: it may
    not call the reference kernels linked beside it, nor run code before
    main() (a constructor could forge the report)."""
    if not relative.endswith(".c"):
        return None
    obj = os.path.join(TREE, "build", precision + "-submission", "obj", "submission",
                       relative[:-2] + ".o")
    undefined = subprocess.run(["nm", "-u", obj], stdout=subprocess.PIPE,
                               universal_newlines=True).stdout.split()
    if any(name.startswith("reference_") for name in undefined):
        return "%s calls the reference kernels: write your own" % relative
    sections = subprocess.run(["objdump", "-h", obj], stdout=subprocess.PIPE,
                              universal_newlines=True).stdout
    if re.search(r"\.(init_array|ctors|preinit_array)", sections):
        return "%s runs code before main() (a constructor): remove it" % relative
    return None


def list_tests(program):
    output = subprocess.run([program, "--list"], stdout=subprocess.PIPE, check=True,
                            universal_newlines=True).stdout
    tests = []
    for line in output.splitlines():
        fields = line.split("\t")
        if len(fields) != 5 or not re.fullmatch(r"[0-9.]+\t[0-9]+", "\t".join(fields[2:4])):
            continue  # not a test line: printed by the submission's code
        exercise, test_id, points, cases, name = fields
        tests.append({"exercise": exercise, "id": test_id, "points": float(points),
                      "cases": int(cases), "name": name})
    return tests


def cuda_device_present():
    if shutil.which("nvidia-smi") is None:
        return False
    result = subprocess.run(["nvidia-smi", "-L"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, universal_newlines=True)
    return result.returncode == 0 and "GPU" in result.stdout


def failures_of(xml_path):
    """The failure conditions of the one test in CUnit's automated XML, or
    None when the file is missing or incomplete (the test did not finish)."""
    try:
        tree = ElementTree.parse(xml_path)
    except (OSError, ElementTree.ParseError):
        return None
    if tree.find(".//CUNIT_RUN_SUMMARY") is None:
        return None
    return [" ".join((node.text or "").split())
            for node in tree.iter("CONDITION")]


def mpi_present():
    return shutil.which("mpicc") is not None and shutil.which("mpirun") is not None


def device_present(device):
    if device == "cuda":
        return cuda_device_present()
    if device == "mpi":
        return mpi_present()
    return True


def signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return "signal %d" % number


def limit_memory():
    """In the child: a runaway allocation fails there instead of taking the
    machine down (not for device exercises: GPU runtimes reserve huge
    address ranges)."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_test(program, test, arguments, timeout, scratch, device):
    prefix = os.path.join(scratch, "%s-%s" % (test["exercise"], test["id"]))
    command = [program, "--run", "%s/%s" % (test["exercise"], test["id"]), "--xml", prefix]
    command += arguments
    # Output goes to a file, of which only the start is read: a kernel that
    # prints in a loop cannot fill the grader's memory. The test runs in a
    # session of its own, so that a time-out ends everything it started
    # (mpirun and its ranks included).
    with open(prefix + ".out", "w+b") as output:
        child = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, cwd=TREE,
                                 start_new_session=True,
                                 preexec_fn=limit_memory if device == "none" else None)
        try:
            returncode = child.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            returncode = None
        finally:
            try:
                os.killpg(child.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            child.wait()
        output.seek(0)
        printed = output.read(OUTPUT_LIMIT).decode("utf-8", "replace")
    if returncode is None:
        return 0.0, "failed", "timed out after %g s: an endless loop?\n%s" % (timeout, printed)
    failures = failures_of(prefix + "-Results.xml")
    if failures is None or returncode != 0:
        why = ("crashed (%s)" % signal_name(-returncode) if returncode < 0
               else "stopped with exit code %d before finishing" % returncode)
        return 0.0, "failed", "%s\n%s" % (why, printed)
    failed_cases = set()
    other = False
    for failure in failures:
        match = CASE.match(failure)
        if match:
            failed_cases.add(int(match.group(1)))
        else:
            other = True
    passed = 0 if other else test["cases"] - len(failed_cases)
    score = round(test["points"] * passed / test["cases"], 2)
    lines = ["%d of %d cases pass" % (passed, test["cases"])]
    if printed.strip():
        lines.append(printed.strip())  # e.g. "TODO not done (...)" from a skeleton
    lines += failures[:8]
    if len(failures) > 8:
        lines.append("... and %d more" % (len(failures) - 8))
    status = "passed" if score == test["points"] else "failed"
    return score, status, "\n".join(lines)


def grade(arguments):
    exercises = graded_exercises()
    if arguments.exercise:
        if arguments.exercise not in exercises:
            raise GradeError("no exercise '%s'; graded exercises: %s"
                             % (arguments.exercise, ", ".join(exercises)))
        exercises = [arguments.exercise]
    have_reference = os.path.isdir(os.path.join(ROOT, "solutions"))
    default = "solutions" if have_reference else "skeletons"
    submission = os.path.abspath(arguments.submission or os.path.join(ROOT, default))
    if not os.path.isdir(submission):
        raise GradeError("no folder %s: SUBMISSION= names the folder with your kernels"
                         % submission)
    # Exercises that need a device this machine lacks are reported, not built.
    blocked = {e: MISSING_DEVICE[read_conf(e)["device"]] for e in exercises
               if not device_present(read_conf(e)["device"])}
    to_build = [e for e in exercises if e not in blocked]
    program, build_errors, missing, submitted_files = None, "", {}, {}
    if to_build:
        os.makedirs(TREE, exist_ok=True)
        missing, submitted_files = prepare_tree(submission, to_build)
        program, build_errors = build(arguments.precision)
        for exercise in to_build:
            for relative in read_conf(exercise)["files"]:
                problem = None if (program is None or exercise in missing) else \
                    forbidden_in(arguments.precision, relative)
                if problem:
                    missing[exercise] = problem
    if have_reference:
        seed = arguments.seed if arguments.seed is not None else random.SystemRandom().getrandbits(63)
        test_arguments = ["--seed", str(seed)]
        source = "the reference kernels, random inputs of seed %d" % seed
    else:
        data = os.path.join(TREE, "tests", "grade", "data", "reference-%s.txt" % arguments.precision)
        test_arguments = ["--data", data]
        source = "the shipped reference data"
    listed = list_tests(program) if program is not None else []
    tests = []
    for exercise in exercises:
        own = [t for t in listed if t["exercise"] == exercise]
        if not own:  # not built, or its backend's toolchain is missing here
            compiled = program is not None or exercise in blocked
            own = [{"exercise": exercise, "id": "build", "points": read_conf(exercise)["points"],
                    "cases": 1,
                    "name": "the exercise's tests" if compiled else "the kernels compile"}]
        tests += own
    results = []
    with tempfile.TemporaryDirectory(prefix="shallows-grade-") as scratch:
        for test in tests:
            if test["exercise"] in blocked:
                result = (None, "not graded", blocked[test["exercise"]])
            elif program is None:
                result = (0.0, "failed", "the kernels do not compile:\n" + build_errors)
            elif test["exercise"] in missing:
                result = (0.0, "failed", missing[test["exercise"]])
            elif test["id"] == "build":
                result = (0.0, "failed", "this build has no graded tests for the exercise "
                          "(is its backend's toolchain installed?)")
            else:
                conf = read_conf(test["exercise"])
                result = run_test(program, test, test_arguments,
                                  arguments.timeout or conf["timeout"] or 20, scratch,
                                  conf["device"])
            score, status, output = result
            # The kernels were built from TREE/submission/: name the student's own files.
            for tree_path, submitted in submitted_files.items():
                output = output.replace(tree_path, os.path.relpath(submitted))
            results.append(dict(test, score=score, status=status, output=output[:OUTPUT_LIMIT]))
    return results, submission, source


def print_table(results, submission, source):
    print("grading %s against %s" % (os.path.relpath(submission, os.getcwd()), source))
    exercise = None
    for result in results:
        if result["exercise"] != exercise:
            exercise = result["exercise"]
            print("\n%s\n  %6s  %5s  %s" % (exercise, "points", "max", "test"))
        score = "-" if result["score"] is None else "%.2f" % result["score"]
        print("  %6s  %5.2f  %s" % (score, result["points"], result["name"]))
        if result["status"] != "passed":
            for line in result["output"].splitlines()[:6]:
                print("          " + line)
    graded = [r for r in results if r["score"] is not None]
    total = sum(r["score"] for r in graded)
    maximum = sum(r["points"] for r in graded)
    ungraded = len(results) - len(graded)
    ungraded_points = sum(r["points"] for r in results if r["score"] is None)
    reasons = sorted({r["output"][len("not graded: "):] for r in results if r["score"] is None})
    print("\ntotal: %.2f of %.2f points%s" % (total, maximum,
          "; %.2f more points not graded: %s" % (ungraded_points, ", ".join(reasons))
          if ungraded else ""))
    return total, maximum, ungraded


def write_results_json(results, source, total, ungraded, path):
    tests = []
    for result in results:
        entry = {"name": "%s: %s" % (result["exercise"], result["name"]),
                 "max_score": result["points"], "output": result["output"],
                 "visibility": "visible"}
        if result["score"] is not None:
            entry["score"] = result["score"]
            entry["status"] = result["status"]
        tests.append(entry)
    report = {"tests": tests, "output": "graded against %s" % source}
    if ungraded:
        reasons = sorted({r["output"] for r in results if r["score"] is None})
        report["output"] += "; %d tests %s" % (ungraded, ", ".join(reasons))
    else:
        report["score"] = round(total, 2)
    write_atomically(path, json.dumps(report, indent=2) + "\n")


def write_junit(results, path):
    suites = ElementTree.Element(
        "testsuites", name="shallows grade", tests=str(len(results)),
        failures=str(sum(r["status"] == "failed" for r in results)),
        skipped=str(sum(r["score"] is None for r in results)))
    by_exercise = {}
    for result in results:
        by_exercise.setdefault(result["exercise"], []).append(result)
    for exercise, members in by_exercise.items():
        suite = ElementTree.SubElement(suites, "testsuite", name=exercise, tests=str(len(members)),
                                       failures=str(sum(m["status"] == "failed" for m in members)),
                                       skipped=str(sum(m["score"] is None for m in members)))
        for member in members:
            case = ElementTree.SubElement(suite, "testcase", classname=exercise,
                                          name=member["name"])
            if member["score"] is None:
                ElementTree.SubElement(case, "skipped", message=member["output"])
            elif member["status"] != "passed":
                failure = ElementTree.SubElement(
                    case, "failure", message="%.2f of %.2f points" % (member["score"],
                                                                       member["points"]))
                failure.text = member["output"]
            out = ElementTree.SubElement(case, "system-out")
            out.text = ("not graded" if member["score"] is None else "%.2f" % member["score"]) + \
                " of %.2f points" % member["points"]
    write_atomically(path, ElementTree.tostring(suites, encoding="unicode") + "\n")


def write_atomically(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w", encoding="utf-8") as stream:
        stream.write(text)
    os.replace(path + ".tmp", path)


def main():
    parser = argparse.ArgumentParser(description="Grade kernels: make grade [EXERCISE=] [SUBMISSION=]")
    parser.add_argument("--exercise", help="one exercise, e.g. 01-serial-net-updates")
    parser.add_argument("--submission", help="folder with the kernel files (default: this repository's)")
    parser.add_argument("--precision", default="single", choices=["single", "double"])
    parser.add_argument("--seed", type=int, help="the random inputs of an earlier run")
    parser.add_argument("--timeout", type=float,
                        help="seconds per test (default: the exercise's grade.conf, else 20)")
    parser.add_argument("--expect", choices=["full", "zero"],
                        help="exit 1 unless the graded tests score full, or zero without crashes (CI)")
    arguments = parser.parse_args()
    try:
        results, submission, source = grade(arguments)
    except (GradeError, OSError, subprocess.CalledProcessError) as error:
        print("grade: %s" % error, file=sys.stderr)
        return 2
    total, maximum, ungraded = print_table(results, submission, source)
    write_results_json(results, source, total, ungraded, os.path.join(REPORT_DIR, "results.json"))
    write_junit(results, os.path.join(REPORT_DIR, "junit.xml"))
    print("reports: %s, %s" % (os.path.relpath(os.path.join(REPORT_DIR, "results.json")),
                               os.path.relpath(os.path.join(REPORT_DIR, "junit.xml"))))
    # Tests "not graded" (no CUDA device here) count neither way: CI on a
    # machine without a GPU checks the exercises it can run.
    if arguments.expect == "full" and (total != maximum or maximum == 0):
        print("grade: expected full points", file=sys.stderr)
        return 1
    if arguments.expect == "zero":
        unclean = [r["name"] for r in results
                   if r["output"].startswith(("crashed", "timed out", "stopped", "the kernels do not"))]
        if total != 0 or maximum == 0 or unclean:
            print("grade: expected 0 points without crashes (%s)" % ", ".join(unclean),
                  file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
