"""Grading one test: the expected outputs from a trusted source (the
grader's own build of the reference kernels, or the data shipped with a
student release), the actual ones from the student's program in the
sandbox, and the verdict of every case, decided here."""
import os
import subprocess

from . import compare, stream
from .kit import trusted_build

MPI_CASE_SECONDS = 10
OUTPUT_SLACK = 64 << 10
PRINTED_LINES = 6
SHOWN_FAILURES = 8
DATA_MAGIC = "shallows-grade-data 1"
# Endings that make a test an error rather than a failure (JUnit): not an
# exit with a code, which a skeleton's stub may choose.
ABNORMAL = ("crashed", "timed out", "wrote more output")


class JudgeError(Exception):
    pass


class Test:
    def __init__(self, exercise, test_id, points, cases, name, launched):
        self.exercise, self.id, self.points, self.cases = exercise, test_id, points, cases
        self.name, self.launched = name, launched

    def path(self):
        return "%s/%s" % (self.exercise, self.id)


class Reference:
    """The grader's own program, built from the reference kernels here."""

    def __init__(self, precision, seed):
        self.program = os.path.join(trusted_build(precision), "shallows-grade")
        self.seed = seed

    def tests(self):
        listing = subprocess.run([self.program, "--list"], stdout=subprocess.PIPE, check=True,
                                 universal_newlines=True).stdout
        tests = []
        for line in listing.splitlines():
            exercise, test_id, points, cases, name, launched = line.split("\t")
            tests.append(Test(exercise, test_id, float(points), int(cases), name,
                              launched == "launched"))
        return tests

    def expected(self, test):
        result = subprocess.run([self.program, "--expected", test.path(), "--seed",
                                 str(self.seed)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if result.returncode != 0:
            raise JudgeError("the reference program failed on %s: %s" % (
                test.path(), result.stderr.decode("utf-8", "replace")[-500:]))
        return result.stdout


def write_data(reference, path):
    """Records the expected outputs of every test (make student-release)."""
    with open(path + ".tmp", "wb") as out:
        out.write(("%s %d\n" % (DATA_MAGIC, reference.seed)).encode())
        for test in reference.tests():
            data = reference.expected(test)
            out.write(("test %s %s %g %d %d %d\t%s\n" % (
                test.exercise, test.id, test.points, test.cases, int(test.launched), len(data),
                test.name)).encode())
            out.write(data)
    os.replace(path + ".tmp", path)


class ShippedData:
    """The expected outputs recorded by write_data."""

    def __init__(self, path):
        try:
            with open(path, "rb") as stream_file:
                data = stream_file.read()
        except OSError as error:
            raise JudgeError("cannot read the reference data %s: %s" % (path, error)) from None
        first, _, rest = data.partition(b"\n")
        words = first.decode("ascii", "replace").rsplit(" ", 1)
        if len(words) != 2 or words[0] != DATA_MAGIC:
            raise JudgeError("%s is not shallows reference data" % path)
        self.seed = int(words[1])
        self.streams, self.list = {}, []
        while rest:
            line, _, rest = rest.partition(b"\n")
            head, _, name = line.decode().partition("\t")
            _, exercise, test_id, points, cases, launched, size = head.split(" ")
            test = Test(exercise, test_id, float(points), int(cases), name, launched == "1")
            self.streams[test.path()], rest = rest[:int(size)], rest[int(size):]
            self.list.append(test)

    def tests(self):
        return list(self.list)

    def expected(self, test):
        return self.streams[test.path()]


def expected_cases(data, test):
    _, cases, problem = stream.parse(data)
    if problem or sorted(cases) != list(range(1, test.cases + 1)):
        raise JudgeError("the expected outputs of %s are broken: %s" % (test.path(), problem))
    return [cases[k] for k in sorted(cases)]


def printed(messages):
    lines = [line for line in messages.splitlines() if line.strip()]
    if not lines:
        return []
    shown = ["your program printed:"] + ["  " + line[:300] for line in lines[:PRINTED_LINES]]
    if len(lines) > PRINTED_LINES:
        shown.append("  ... and %d more lines" % (len(lines) - PRINTED_LINES))
    return shown


def verdict(test, expected, actual_of, endings, messages):
    """The result of a test from its cases: actual_of(case) gives the
    student's Case or None, endings(case) how its process ended."""
    passed, failures, crashed = 0, [], False
    for case in expected:
        ok, message = compare.judge(case, actual_of(case))
        ending = endings(case)
        if ok:
            passed += 1
            continue
        if ending:
            crashed |= ending.startswith(ABNORMAL)
            message = "%s; your program %s" % (message, ending)
        failures.append("case %d/%d (%s): %s" % (case.number, case.cases, case.description,
                                                 message))
    score = round(test.points * passed / test.cases, 2)
    # What the program printed first: a skeleton's "TODO not done" lines say most.
    lines = ["%d of %d cases pass" % (passed, test.cases)] + printed(messages) + \
        failures[:SHOWN_FAILURES]
    if len(failures) > SHOWN_FAILURES:
        lines.append("... and %d more failing cases" % (len(failures) - SHOWN_FAILURES))
    status = "passed" if passed == test.cases else "error" if crashed else "failed"
    return {"score": score, "status": status, "output": "\n".join(lines)}


def run_whole(test, expected_data, expected, sandbox, seed, timeout, device):
    """A test whose cases one process runs."""
    limit = len(expected_data) + OUTPUT_SLACK + 1024 * test.cases
    result = sandbox.run(["/work/bin/shallows-grade", "--actual", test.path(), "--seed", str(seed),
                          "--output", "/grade/output"], timeout=timeout, pipe=True,
                         data_limit=limit, device=device)
    _, cases, _ = stream.parse(result.data)
    ending = result.ending()
    if result.timed_out:
        ending += " (an endless loop, or threads that wait for each other for ever?)"
    outcome = verdict(test, expected, lambda case: cases.get(case.number),
                      lambda case: ending, result.messages)
    outcome["seconds"] = result.seconds
    return outcome


def run_launched(test, expected, sandbox, timeout):
    """A test whose every case is an MPI job of its own."""
    actual, endings, messages, seconds = {}, {}, "", 0.0
    for case in expected:
        left = timeout - seconds
        if left <= 1:
            endings[case.number] = "did not run: the test's time limit was used up"
            continue
        ranks, arguments = case.launch
        limit = sum(len(f.raw) for f in case.fields) + OUTPUT_SLACK
        result = sandbox.run(["mpirun", "-q", "--oversubscribe", "-np", str(ranks),
                              "/work/bin/shallows-mpi-grade", "--output", "/grade/output",
                              "--case", str(case.number)] + arguments,
                             timeout=min(MPI_CASE_SECONDS, left), pipe=True, data_limit=limit)
        seconds += result.seconds
        _, cases, _ = stream.parse(result.data)
        actual[case.number] = cases.get(case.number)
        endings[case.number] = result.ending()
        if result.timed_out:
            endings[case.number] += (" (a rank waits for ever: a receive without its send, a "
                                     "wait that never ends, ranks that take different steps?)")
        if not messages and result.messages.strip():
            messages = result.messages
    outcome = verdict(test, expected, lambda case: actual.get(case.number),
                      lambda case: endings.get(case.number), messages)
    outcome["seconds"] = seconds
    return outcome
