#!/usr/bin/env python3
"""How often the official path catches a missing reduction in exercise 02:
grades each race cheat of run.py (TODO 1's and TODO 4's reduction removed
from the reference kernels) N times, each time with fresh random inputs,
and counts the gradings that gave less than full points with a message
naming the data race. Not part of CI (minutes per grading on a busy
machine); docs/GRADING.md keeps the figures.

Usage: tests/grade/cheats/race_rate.py [N]   (default 100)
"""
import json
import os
import subprocess
import sys
import time

import run as cheats

OPENMP = "02-openmp-loops-and-reduction"


def main():
    gradings = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for variant in ("sweep", "speed"):
        folder = cheats.make_submission("race-" + variant, OPENMP, "unreduce:" + variant)
        caught, seconds, scores = 0, [], []
        for _ in range(gradings):
            start = time.monotonic()
            run = subprocess.run([sys.executable, os.path.join(cheats.ROOT, "tools", "teaching", "grade.py"),
                                  "--exercise", OPENMP, "--submission", folder],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 universal_newlines=True, cwd=cheats.ROOT)
            seconds.append(time.monotonic() - start)
            with open(os.path.join(cheats.ROOT, "build", "grade", "results.json")) as stream:
                report = json.load(stream)
            maximum = sum(t["max_score"] for t in report["tests"])
            hit = run.returncode == 0 and report["score"] < maximum and \
                "data race" in json.dumps(report)
            caught += hit
            scores.append(report["score"])
            print("%s: grading %d: %.2f of %.2f%s" % (variant, len(seconds), report["score"],
                                                       maximum, "" if hit else "  MISSED"),
                  flush=True)
        print("race-%s: caught in %d of %d gradings; scores %.2f..%.2f; %.0f..%.0f s per "
              "grading (mean %.1f)" % (variant, caught, gradings, min(scores), max(scores),
                                      min(seconds), max(seconds), sum(seconds) / len(seconds)),
              flush=True)


if __name__ == "__main__":
    main()
