"""The reports of a grading, written by the grader after every process of
the student's has ended, into build/grade/, which no sandbox ever shows:
the points table, results.json for Gradescope (a top-level score always;
a test that was not graded scores 0 with the reason), junit.xml (crashes
and time-outs as errors) and classroom.json, the result of one GitHub
Classroom runner (tests that could not run there left out)."""
import json
import os
import xml.etree.ElementTree as ElementTree

from .text import printable

NOT_GRADED = "not graded"


def graded(results):
    return [r for r in results if r["status"] != NOT_GRADED]


def print_table(results, submission, source):
    print(printable("grading %s against %s" % (submission, source)))
    exercise = None
    first = {}
    for result in results:
        first.setdefault(result["exercise"], result)
    for result in results:
        if result["exercise"] != exercise:
            exercise = result["exercise"]
            print("\n%s\n  %6s  %5s  %s" % (exercise, "points", "max", "test"))
        score = "-" if result["status"] == NOT_GRADED else "%.2f" % result["score"]
        print("  %6s  %5.2f  %s" % (score, result["points"], result["name"]))
        # The build's notes (warnings, a refused file) once per exercise.
        notes = "\n".join(result.get("notes", [])) if result is first[exercise] else ""
        shown = result["output"] if result["status"] != "passed" else notes
        for line in printable(shown).splitlines()[:8]:
            print("          " + line)
    total = sum(r["score"] for r in results)
    maximum = sum(r["points"] for r in graded(results))
    skipped = [r for r in results if r["status"] == NOT_GRADED]
    reasons = sorted({r["output"] for r in skipped})
    print("\ntotal: %.2f of %.2f points%s" % (
        total, maximum, "; %.2f more points %s" % (sum(r["points"] for r in skipped),
                                                 printable(", ".join(reasons))) if skipped else ""))
    return total, maximum


def write_atomically(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w", encoding="utf-8") as stream:
        stream.write(text)
    os.replace(path + ".tmp", path)


def results_json(results, source, path, output=None):
    """Gradescope's report; output replaces the line on what was graded."""
    tests = [{"name": "%s: %s" % (r["exercise"], r["name"]), "score": round(r["score"], 2),
              "max_score": r["points"],
              "status": "passed" if r["status"] == "passed" else "failed",
              "output": printable(r["output"]), "visibility": "visible"} for r in results]
    report = {"score": round(sum(r["score"] for r in results), 2), "tests": tests,
              "output": printable(output or "graded against %s" % source),
              "visibility": "visible"}
    write_atomically(path, json.dumps(report, indent=2) + "\n")


def junit_xml(results, path):
    def counts(members):
        return {"tests": str(len(members)),
                "failures": str(sum(m["status"] == "failed" for m in members)),
                "errors": str(sum(m["status"] == "error" for m in members)),
                "skipped": str(sum(m["status"] == NOT_GRADED for m in members)),
                "time": "%.3f" % sum(m["seconds"] for m in members)}
    suites = ElementTree.Element("testsuites", name="shallows grade", **counts(results))
    by_exercise = {}
    for result in results:
        by_exercise.setdefault(result["exercise"], []).append(result)
    for exercise, members in by_exercise.items():
        suite = ElementTree.SubElement(suites, "testsuite", name=exercise, **counts(members))
        for member in members:
            case = ElementTree.SubElement(suite, "testcase", classname=exercise,
                                          name=member["name"], time="%.3f" % member["seconds"])
            summary = "%.2f of %.2f points" % (member["score"], member["points"])
            if member["status"] == NOT_GRADED:
                ElementTree.SubElement(case, "skipped", message=printable(member["output"]))
            elif member["status"] in ("failed", "error"):
                node = ElementTree.SubElement(case, "failure" if member["status"] == "failed"
                                              else "error", message=summary)
                node.text = printable(member["output"])
            ElementTree.SubElement(case, "system-out").text = summary
    write_atomically(path, ElementTree.tostring(suites, encoding="unicode") + "\n")


def classroom_json(results, path):
    runnable = graded(results)
    tests = [{"name": "%s: %s" % (r["exercise"], r["name"]),
              "status": "pass" if r["status"] == "passed" else "fail",
              "score": round(r["score"], 2), "message": printable(r["output"])[:2000],
              "execution_time": "%.1fs" % r["seconds"]} for r in runnable]
    report = {"version": 1, "max_score": sum(r["points"] for r in runnable), "tests": tests,
              "status": "pass" if all(r["status"] == "passed" for r in runnable) else "fail"}
    write_atomically(path, json.dumps(report) + "\n")


def write_all(results, source, folder):
    results_json(results, source, os.path.join(folder, "results.json"))
    junit_xml(results, os.path.join(folder, "junit.xml"))
    classroom_json(results, os.path.join(folder, "classroom.json"))
