#!/usr/bin/env python3
"""make grade: grades the kernel files of a submission.

The grader trusts only what it computes itself. Its own build of the
reference kernels (in the full repository; a student release ships their
outputs instead) writes the expected outputs of every case; the
submission's files, and nothing else of it, are compiled and run in a
sandbox (tools/teaching/grading/sandbox.py) that sees neither this repository nor
the reports, and hand back raw arrays through a pipe the grader made;
the grader compares them itself (tools/teaching/grading/compare.py). It then
writes build/grade/results.json (Gradescope), junit.xml and
classroom.json, after every process of the submission has ended.
Where no sandbox can be made it refuses to grade and says why.

Python 3 standard library only.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from grading import conf, judge, kit, reports, sandbox, submission  # noqa: E402
from grading.text import printable  # noqa: E402

ROOT = kit.ROOT
REPORT_DIR = os.path.join(ROOT, "build", "grade")
DEFAULT_TIMEOUT = 30
BUILD_TIMEOUT = 600


class GradeError(Exception):
    pass


def cuda_device_present():
    if shutil.which("nvidia-smi") is None:
        return False
    result = subprocess.run(["nvidia-smi", "-L"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, universal_newlines=True)
    return result.returncode == 0 and "GPU" in result.stdout


def missing_toolchain(the_kit, name):
    """What this machine's build lacks to build a kernel file, or None."""
    if name.endswith((".cu", ".cuh")) and not the_kit.has("NVCC_COMPILE") and \
            name not in the_kit.words("EMULATED_SLOTS"):
        return "CUDA (nvcc)"
    if name.endswith((".cl", ".clh")) and not the_kit.has("OPENCL_SOURCES"):
        return "OpenCL (headers and ICD loader)"
    if name.startswith("mpi/") and not the_kit.has("MPI_LINK"):
        return "MPI (mpicc and mpirun)"
    return None


def why_not_graded(exercise_conf, the_kit, building_only=False):
    """Why this machine cannot run (or, building only, build) an exercise."""
    if exercise_conf["device"] == "cuda" and not building_only and not cuda_device_present():
        return "not graded: no CUDA device"
    if exercise_conf["device"] == "mpi" and not the_kit.has("MPI_LINK"):
        return "not graded: no MPI (mpicc and mpirun)"
    for name in exercise_conf["files"] + exercise_conf["uses"]:
        lacking = missing_toolchain(the_kit, name)
        if lacking:
            return "not graded: this machine's build has no %s for %s" % (lacking, name)
    return None


def build_exercise(the_kit, exercise_conf, folder, box):
    """(build, None) or (None, why the submission's kernels cannot run)."""
    try:
        build = kit.Build(the_kit, exercise_conf, folder)
    except submission.Refused as refused:
        return None, str(refused)
    script = build.script()
    box.work, box.cache = build.work, build.cache
    box.give(build.work)
    if build.cache:
        box.give(build.cache)
    result = box.run(["sh", "/work/" + os.path.basename(script)], timeout=BUILD_TIMEOUT,
                     writable=True, limits={"memory": sandbox.MEMORY})
    if result.returncode != 0:
        why = "timed out" if result.timed_out else build.errors(result.messages)
        build.remove()
        return None, "the kernels do not compile:\n" + why
    build.note_warnings(result.messages)
    refused = build.refused_channels()
    if refused:
        build.remove()
        return None, "refused: " + refused
    return build, None


def grade_exercise(exercise, tests, source, seed, options, box, the_kit):
    exercise_conf = conf.read(exercise)
    own = [t for t in tests if t.exercise == exercise]
    if not own:
        raise GradeError("the graded suites have no tests of %s" % exercise)
    reason = why_not_graded(exercise_conf, the_kit)
    build, problem = (None, reason) if reason else build_exercise(
        the_kit, exercise_conf, options.submission, box)
    timeout = options.timeout or exercise_conf["timeout"] or DEFAULT_TIMEOUT
    results = []
    for test in own:
        result = {"exercise": exercise, "name": test.name, "points": test.points, "score": 0.0,
                  "seconds": 0.0}
        if problem:
            result.update(status="not graded" if reason else "failed", output=problem)
        else:
            expected_data = source.expected(test)
            expected = judge.expected_cases(expected_data, test)
            if test.launched:
                result.update(judge.run_launched(test, expected, box, timeout))
            else:
                result.update(judge.run_whole(test, expected_data, expected, box, seed, timeout,
                                              exercise_conf["device"]))
        if build is not None:
            result["notes"] = list(build.notes)
            result["output"] = "\n".join(build.notes + [build.name_files(result["output"])])
        results.append(result)
    if build is not None:
        build.remove()
    return results


def build_only(options, chosen, the_kit, box):
    """--build-only: whether each exercise's kernels build in the sandbox."""
    broken = 0
    for exercise in chosen:
        exercise_conf = conf.read(exercise)
        reason = why_not_graded(exercise_conf, the_kit, building_only=True)
        build, problem = (None, reason) if reason else build_exercise(
            the_kit, exercise_conf, options.submission, box)
        print(printable("%s: %s" % (exercise, problem or "builds")))
        broken += bool(problem and not reason)
        if build is not None:
            build.remove()
    return broken


def grade(options):
    exercises = conf.exercises()
    chosen = options.exercise.split(",") if options.exercise else exercises
    unknown = [e for e in chosen if e not in exercises]
    if unknown:
        raise GradeError("no exercise '%s'; graded exercises: %s" % (unknown[0],
                                                                    ", ".join(exercises)))
    box = sandbox.Sandbox()
    refusal = box.probe()
    if refusal:
        raise GradeError("refusing to grade without a sandbox: %s" % refusal)
    official = os.path.isdir(os.path.join(ROOT, "solutions"))
    the_kit = kit.make_trusted(options.precision)
    box.show_toolchains(the_kit.compilers())
    if official:
        seed = options.seed if options.seed is not None else \
            random.SystemRandom().getrandbits(63)
        source = judge.Reference(options.precision, seed)
        described = "the reference kernels, random inputs of seed %d" % seed
    else:
        source = judge.ShippedData(os.path.join(ROOT, "tests", "grade", "data",
                                                "expected-%s.bin" % options.precision))
        seed = source.seed
        described = "the shipped reference data"
    if options.build_only:
        raise SystemExit(1 if build_only(options, chosen, the_kit, box) else 0)
    tests = source.tests()
    results = []
    for exercise in chosen:
        results += grade_exercise(exercise, tests, source, seed, options, box, the_kit)
    return results, described


def parse_arguments():
    parser = argparse.ArgumentParser(description="Grade kernels: make grade [EXERCISE=] "
                                                 "[SUBMISSION=]")
    parser.add_argument("--exercise", help="exercises, comma-separated, e.g. 01-serial-net-updates")
    parser.add_argument("--submission", help="folder with the kernel files (default: this "
                                             "repository's solutions/, or skeletons/ in a release)")
    parser.add_argument("--precision", default="single", choices=["single", "double"])
    parser.add_argument("--seed", type=int, help="the random inputs of an earlier run")
    parser.add_argument("--timeout", type=float,
                        help="seconds per test (default: the exercise's grade.conf, else %d)"
                        % DEFAULT_TIMEOUT)
    parser.add_argument("--expect", choices=["full", "zero"],
                        help="exit 1 unless the graded tests score full, or zero without "
                             "crashes (CI)")
    parser.add_argument("--build-only", action="store_true",
                        help="only build the kernels in the sandbox (CUDA too without a device)")
    parser.add_argument("--reports", default=REPORT_DIR,
                        help="folder for results.json, junit.xml, classroom.json (default "
                             "build/grade)")
    parser.add_argument("--write-data", metavar="FILE",
                        help="record the expected outputs of every test (make student-release)")
    options = parser.parse_args()
    default = "solutions" if os.path.isdir(os.path.join(ROOT, "solutions")) else "skeletons"
    options.submission = os.path.realpath(options.submission or os.path.join(ROOT, default))
    return options


def write_data(options):
    if not os.path.isdir(os.path.join(ROOT, "solutions")):
        raise GradeError("--write-data needs the reference kernels: run it in the full repository")
    kit.make_trusted(options.precision)
    seed = options.seed if options.seed is not None else random.SystemRandom().getrandbits(63)
    judge.write_data(judge.Reference(options.precision, seed), options.write_data)
    return 0


def check_expectation(expectation, results):
    ran = reports.graded(results)
    total = sum(r["score"] for r in ran)
    maximum = sum(r["points"] for r in ran)
    if expectation == "full" and (total != maximum or maximum == 0):
        print("grade: expected full points", file=sys.stderr)
        return 1
    unclean = [r["name"] for r in ran if r["status"] == "error"]
    if expectation == "zero" and (total != 0 or maximum == 0 or unclean):
        print("grade: expected 0 points without crashes (%s)" % ", ".join(unclean),
              file=sys.stderr)
        return 1
    return 0


def main():
    options = parse_arguments()
    sandbox.become_subreaper()
    try:
        if options.write_data:
            return write_data(options)
        if not os.path.isdir(options.submission):
            raise GradeError("no folder %s: SUBMISSION= names the folder with your kernels"
                             % options.submission)
        results, described = grade(options)
    except (GradeError, conf.ConfError, judge.JudgeError, kit.KitError, sandbox.SandboxError,
            OSError, subprocess.CalledProcessError) as error:
        print(printable("grade: %s" % error), file=sys.stderr)
        # Gradescope needs a score whatever happened.
        reports.results_json([], None, os.path.join(options.reports, "results.json"),
                             output="not graded: %s" % error)
        return 2
    shown = os.path.relpath(options.submission)
    reports.print_table(results, shown, described)
    reports.write_all(results, described, options.reports)
    print("reports: %s" % ", ".join(os.path.relpath(os.path.join(options.reports, name))
                                    for name in ("results.json", "junit.xml", "classroom.json")))
    return check_expectation(options.expect, results) if options.expect else 0


if __name__ == "__main__":
    sys.exit(main())
