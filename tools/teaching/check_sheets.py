#!/usr/bin/env python3
"""Checks that what the exercise sheets and the slides name in backticks
exists in the student release, so that a renamed function, file, option or
make target cannot leave a sheet behind (run by make teaching-check).

    tools/teaching/check_sheets.py --release DIR [--repository DIR]
                          [--program PATH ...] SHEET.md ...

The rules, applied to every `span` between single backticks outside
fenced code blocks:

  1. A span that runs `make` (after VAR=value words) names make targets:
     every word after `make` that is neither VAR=value, nor an option, nor
     in [brackets] must be a target of the release's Makefile.
  2. A span that runs one of our programs (a word whose last path part is
     the name of a --program given, e.g. shallows, shallows-mpi, grade.py)
     names that program's options: every --option after the program word
     must appear in its --help. Options of other commands in the span
     (mpirun's, nvcc's) are theirs and not checked.
  3. A span that starts with -- names options of our programs: each must
     appear in the --help of one of them. A program named with --absent
     (not built here, e.g. shallows-mpi without MPI) cannot be asked: its
     spans and the options that no other program has are left unchecked,
     and the check says how many.
  4. A span of one word that ends in a file ending (.c .h .cu .cuh .cl
     .clh .md .py .sh .conf .mk .yml) or in /, or whose first folder is one
     of the release's, names a file or folder: it must exist in the
     release. <placeholder>, NN-name and ... stand for any name. Paths under
     build/ (what the build writes) and absolute paths are not checked;
     solutions/X is looked up as skeletons/X, and a kernel file as
     grade.conf names it (cuda/cartesian/level1_kernels.cu) below skeletons/. Sheets
     that instructors read (exercises/README.md, the slides) may also name
     what the release leaves out on purpose: those paths are looked up in
     --repository too.
  5. Every other span is code or prose. A file named in it (a word with a
     / that ends in a file ending, as in an error message) is checked as in
     rule 4, and each other identifier in it that has an
     underscore, or is called (name followed by "("), must occur in the
     code of the release's sources (comments removed), or be a name with an
     underscore in a TODO comment of a skeleton (names the student is asked
     to write, e.g. edge_below).
     Names of the languages and libraries the exercises use are not ours
     and not checked: they start with MPI_, OMP_, omp_, __ (CUDA and
     OpenCL built-ins), cuda, cl_/CL_/cl + capital (OpenCL) or get_
     (OpenCL work-item functions); ALLOWED lists the few others.
     Identifiers of one word without an underscore (here, cell, WALL) are
     prose and not checked, unless called.

  6. A sheet that students read runs our programs from the release's
     build folder: build/single-skeletons/shallows, never
     build/single/shallows (anywhere in the sheet, code blocks too).

Prints one line per broken name (sheet:line: what is missing) and exits 1
when there is one. Python 3 standard library only.
"""
import argparse
import fnmatch
import os
import re
import shlex
import subprocess
import sys

FILE_ENDINGS = (".c", ".h", ".cu", ".cuh", ".cl", ".clh", ".md", ".py", ".sh", ".conf", ".mk",
                ".yml")
SOURCE_ENDINGS = (".c", ".h", ".cu", ".cuh", ".cl", ".clh")
SCRIPT_ENDINGS = (".py", ".sh", ".mk")
FOREIGN_PREFIXES = ("MPI_", "OMP_", "omp_", "__", "cuda", "cl_", "CL_", "get_")
# Foreign names without one of those prefixes: CUDA's atomicMax and atomicAdd, OpenCL's
# atomic_max, atom_max and barrier, Gradescope's run_autograder script.
ALLOWED = {"atomicMax", "atomicAdd", "atomic_max", "atom_max", "barrier", "run_autograder"}
# Sheets for instructors: they may name what the student release leaves out.
INSTRUCTOR_SHEETS = ("exercises/README.md", "slides/")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
SPAN = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^\s*```")


# A program of the full repository's build folder (rule 6).
FULL_BUILD_PROGRAM = re.compile(r"(?<![\w/.-])build/((?:single|double)(?:-dry[^/\s]*)?)/shallows[\w-]*")


def spans_of(path):
    """(line number, span) of every inline code span outside fenced blocks."""
    found = []
    fenced = False
    with open(path, encoding="utf-8") as stream:
        for number, line in enumerate(stream, 1):
            if FENCE.match(line):
                fenced = not fenced
                continue
            if not fenced:
                found += [(number, match.group(1)) for match in SPAN.finditer(line)]
    return found


def strip_c_comments(text):
    """Code without its comments; the TODO comments' text separately."""
    todos = []

    def replace(match):
        comment = match.group(0)
        if comment.startswith("/*") and "TODO:" in comment:
            todos.append(comment)
        return " "

    code = re.sub(r"/\*.*?\*/|//[^\n]*", replace, text, flags=re.DOTALL)
    return code, " ".join(todos)


def strip_hash_comments(text):
    return "\n".join(re.sub(r"(^|\s)#.*$", "", line) for line in text.splitlines())


class Release:
    """What the student release holds: files, code words, targets, options."""

    def __init__(self, root, programs):
        self.root = root
        self.code_words, self.todo_words = set(), set()
        for directory, subdirectories, names in os.walk(root):
            subdirectories[:] = [d for d in subdirectories if d not in ("build", ".git")]
            for name in names:
                self.read_source(os.path.join(directory, name))
        self.targets = self.make_targets()
        self.folders = {name for name in os.listdir(root) if os.path.isdir(os.path.join(root, name))}
        self.folders |= {"build", "solutions", "slides"}
        self.options = {os.path.basename(program): self.options_of(program)
                        for program in programs}

    def read_source(self, path):
        if path.endswith(SOURCE_ENDINGS):
            code, todos = strip_c_comments(read(path))
            self.todo_words |= {name for name in IDENTIFIER.findall(todos) if "_" in name}
        elif path.endswith(SCRIPT_ENDINGS) or os.path.basename(path) == "Makefile":
            code = strip_hash_comments(read(path))
        else:
            return
        self.code_words |= set(IDENTIFIER.findall(code))

    def make_targets(self):
        result = subprocess.run(["make", "-C", self.root, "-pRrq", "-f", "Makefile", ":"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                universal_newlines=True)
        targets = set()
        not_a_target = False
        for line in result.stdout.splitlines():
            if line.startswith("# Not a target"):
                not_a_target = True
                continue
            match = re.match(r"^([A-Za-z0-9][^\s:=#]*):(?!=)", line)
            if match and not not_a_target:
                targets.add(match.group(1))
            not_a_target = False
        return targets

    @staticmethod
    def options_of(program):
        command = [sys.executable, program] if program.endswith(".py") else [program]
        result = subprocess.run(command + ["--help"], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, universal_newlines=True)
        return set(re.findall(r"--[A-Za-z0-9][A-Za-z0-9-]*", result.stdout))

    def exists(self, pattern, also_in):
        for root in [self.root] + also_in:
            for candidate in candidates(pattern):
                if glob_exists(root, candidate):
                    return True
        return False


def read(path):
    with open(path, encoding="utf-8", errors="replace") as stream:
        return stream.read()


def candidates(path):
    path = path.rstrip("/")
    yield path
    if path.startswith("solutions/"):
        yield "skeletons/" + path[len("solutions/"):]
    elif "/" in path:
        yield "skeletons/" + path


def glob_exists(root, pattern):
    """Whether pattern (* for any part of a name) names something under root;
    a pattern without a folder may stand in any folder."""
    if "*" not in pattern:
        if os.path.exists(os.path.join(root, pattern)):
            return True
        if "/" in pattern:
            return False
    for directory, subdirectories, names in os.walk(root):
        subdirectories[:] = [d for d in subdirectories if d not in ("build", ".git")]
        for name in names + subdirectories:
            relative = os.path.relpath(os.path.join(directory, name), root)
            if fnmatch.fnmatch(relative, pattern) or fnmatch.fnmatch(name, pattern):
                return True
    return False


def as_pattern(word):
    """A path with placeholders as a glob pattern."""
    pattern = re.sub(r"<[^>]*>", "*", word)
    pattern = pattern.replace("NN-name", "*")
    return pattern.replace("...", "*")


def is_path(word, folders):
    """Whether a word names a file or folder (rule 4); folders: the
    top-level folders that a path may start with."""
    if " " in word or word.startswith("-") or re.fullmatch(r"[\w./<>*+-]+", word) is None:
        return False
    first = word.split("/")[0]
    return word.endswith(FILE_ENDINGS) or word.endswith("/") or ("/" in word and first in folders)


def words_after_environment(span):
    # Quoted values (make bench-mesh-scatter SCATTER_ARGS="436 50 table") are
    # one word; a span with an unbalanced quote falls back to blanks.
    try:
        words = shlex.split(span)
    except ValueError:
        words = span.split()
    while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=\S*", words[0]):
        words = words[1:]
    return words


class Checker:
    def __init__(self, release, repository, absent):
        self.release = release
        self.repository = repository
        self.absent = set(absent)
        self.problems = []
        self.unchecked = 0

    def problem(self, where, message):
        self.problems.append("%s: %s" % (where, message))

    def check_sheet(self, path, name):
        instructor = any(name.startswith(prefix) for prefix in INSTRUCTOR_SHEETS)
        also_in = [self.repository] if instructor and self.repository else []
        for number, span in spans_of(path):
            self.check_span("%s:%d" % (name, number), span.strip(), also_in)
        if not instructor:
            self.check_build_folders(path, name)

    def check_build_folders(self, path, name):
        """A student's programs are where the release builds them: the
        kernels of a release are skeletons/, so make builds into
        build/<precision>-skeletons/, never build/<precision>/ (rule 6)."""
        with open(path, encoding="utf-8") as stream:
            for number, line in enumerate(stream, 1):
                for match in FULL_BUILD_PROGRAM.finditer(line):
                    self.problem("%s:%d" % (name, number), "%s is the full repository's program; "
                                 "a release builds it as %s" % (
                                     match.group(0), match.group(0).replace(
                                         match.group(1), match.group(1) + "-skeletons", 1)))

    def check_span(self, where, span, also_in):
        words = words_after_environment(span)
        if words and words[0] == "make":
            self.check_targets(where, words[1:])
        elif span.startswith("--"):
            self.check_options(where, [w for w in span.split() if w.startswith("--")], None)
        elif is_path(span, self.release.folders):
            self.check_path(where, span, also_in)
        elif not self.check_command(where, words, also_in):
            self.check_names(where, self.check_embedded_paths(where, span, also_in))

    def check_targets(self, where, words):
        for word in words:
            if "=" in word or word.startswith("-") or word.startswith("["):
                continue
            if word not in self.release.targets:
                self.problem(where, "make target '%s' is not in the release's Makefile" % word)

    def check_options(self, where, options, program):
        known = self.release.options
        for option in options:
            option = option.split("=")[0]
            if program is not None:
                if option not in known[program]:
                    self.problem(where, "%s has no option %s" % (program, option))
            elif not any(option in names for names in known.values()):
                if self.absent:
                    self.unchecked += 1
                    continue
                self.problem(where, "no program has an option %s (%s)"
                             % (option, ", ".join(sorted(known)) or "no --program given"))

    def check_path(self, where, word, also_in):
        if word.startswith(("build/", "/")):
            return
        if not self.release.exists(as_pattern(word), also_in):
            self.problem(where, "no file or folder %s in the release" % word)

    def check_command(self, where, words, also_in):
        """Checks a span that runs one of our programs; False if it runs none."""
        found = False
        program = None
        for word in words:
            name = os.path.basename(word.rstrip(";"))
            if name in self.absent:
                self.unchecked += 1
                return True
            if name in self.release.options:
                program, found = name, True
                if is_path(word, self.release.folders):
                    self.check_path(where, word, also_in)
            elif word.endswith(";") or word in ("|", "&&", "done"):
                program = None
            elif program is not None and word.startswith("--"):
                self.check_options(where, [word], program)
        return found

    def check_embedded_paths(self, where, span, also_in):
        """Checks the file paths inside a longer span; returns the span
        without them."""
        endings = "|".join(re.escape(ending) for ending in FILE_ENDINGS)
        embedded = re.compile(r"[\w.<>*-]*/[\w./<>*-]*(?:%s)\b" % endings)
        for match in embedded.finditer(span):
            self.check_path(where, match.group(0), also_in)
        return embedded.sub(" ", span)

    def check_names(self, where, span):
        text = re.sub(r"<[^>]*>", " ", span)
        for match in IDENTIFIER.finditer(text):
            name = match.group(0)
            called = text[match.end():match.end() + 1] == "("
            if "_" not in name.strip("_") and not called:
                continue
            if name.startswith(FOREIGN_PREFIXES) or name in ALLOWED:
                continue
            if text[match.end():match.end() + 1] == "*":
                continue  # a pattern such as reference_*
            if name not in self.release.code_words and name not in self.release.todo_words:
                self.problem(where, "'%s' is not in the release's code" % name)


def main():
    parser = argparse.ArgumentParser(description="Check the names that sheets and slides use.")
    parser.add_argument("--release", required=True, help="the student release's folder")
    parser.add_argument("--repository", help="the full repository, for instructors' sheets")
    parser.add_argument("--program", action="append", default=[],
                        help="a program whose --help lists its options (repeatable)")
    parser.add_argument("--absent", action="append", default=[],
                        help="a program of ours not built here, whose options are not checked")
    parser.add_argument("sheets", nargs="+", help="Markdown files, named relative to the repository")
    arguments = parser.parse_args()
    if not os.path.isfile(os.path.join(arguments.release, "Makefile")):
        print("check_sheets: %s is not a release (no Makefile)" % arguments.release,
              file=sys.stderr)
        return 2
    release = Release(arguments.release, arguments.program)
    checker = Checker(release, arguments.repository, arguments.absent)
    base = arguments.repository or os.getcwd()
    for sheet in arguments.sheets:
        checker.check_sheet(sheet, os.path.relpath(os.path.abspath(sheet), base))
    for line in checker.problems:
        print(line)
    if checker.unchecked:
        print("check_sheets: %d spans name programs not built here (%s): not checked"
              % (checker.unchecked, ", ".join(sorted(checker.absent))))
    if checker.problems:
        print("check_sheets: %d names in the sheets are not in the release" % len(checker.problems),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
