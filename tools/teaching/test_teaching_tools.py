#!/usr/bin/env python3
"""Tests of tools/teaching/make_skeletons and of tools/teaching/check_sheets.py (run by make
teaching-check; standard library only). The grader's own tests are in
tools/teaching/grading/test_grading.py (make grade-check)."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.abspath(__file__))


def run(command, **options):
    return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, **options)


class SkeletonGenerator(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp()
        self.source = os.path.join(self.folder, "solutions")
        self.target = os.path.join(self.folder, "skeletons")
        os.makedirs(os.path.join(self.source, "demo"))

    def tearDown(self):
        shutil.rmtree(self.folder)

    def generate(self, name, text, *extra):
        with open(os.path.join(self.source, "demo", name), "w") as stream:
            stream.write(text)
        return run([os.path.join(TOOLS, "make_skeletons"), "--from", self.source,
                    "--to", self.target] + list(extra))

    def skeleton(self, name):
        with open(os.path.join(self.target, "demo", name)) as stream:
            return stream.read()

    def test_todos_that_no_sheet_asks_for_are_refused(self):
        sheets = os.path.join(self.folder, "exercises", "01-demo")
        os.makedirs(sheets)
        text = "void f(int *a)\n{\n    /* BEGIN SOLUTION: fill a */\n    a[0] = 1;\n" \
            "    /* END SOLUTION */\n}\n"
        result = self.generate("k.c", text, "--exercises", os.path.dirname(sheets))
        self.assertEqual(result.returncode, 2)
        self.assertIn("demo/k.c: TODOs that no exercise sheet asks for", result.stderr)
        with open(os.path.join(sheets, "README.md"), "w") as stream:
            stream.write("Write `demo/k.c`.\n")
        result = self.generate("k.c", text, "--exercises", os.path.dirname(sheets))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("TODO: fill a", self.skeleton("k.c"))

    def test_c_region_becomes_todo_call(self):
        result = self.generate("k.c", "int f(int *a)\n{\n    /* BEGIN SOLUTION: fill a,\n"
                               "     * say \"hi\" */\n    a[0] = 1;\n    /* END SOLUTION */\n"
                               "    return 0;\n}\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        text = self.skeleton("k.c")
        self.assertIn('#include "core/todo.h"', text)
        self.assertIn("    /* TODO: fill a, say \"hi\" */\n", text)
        self.assertIn('    SWE_TODO("fill a, say \\"hi\\"");\n    return 0;', text)
        self.assertNotIn("a[0] = 1", text)

    def test_todo_call_reports_the_first_sentence(self):
        self.generate("k.c", "void f(int *a)\n{\n    /* BEGIN SOLUTION: (1) fill a. Use e.g. 1.5\n"
                      "     * or more. */\n    a[0] = 1;\n    /* END SOLUTION */\n}\n")
        text = self.skeleton("k.c")
        self.assertIn("    /* TODO: (1) fill a. Use e.g. 1.5 or more. */\n", text)
        self.assertIn('    SWE_TODO("(1) fill a");\n}', text)

    def test_marker_stub_replaces_default(self):
        self.generate("k.c", "int f(void)\n{\n    /* BEGIN SOLUTION: compute | stub: return -1; */\n"
                      "    return 42;\n    /* END SOLUTION */\n}\n")
        text = self.skeleton("k.c")
        self.assertIn("    /* TODO: compute */\n    return -1;\n}", text)
        self.assertNotIn("SWE_TODO", text)
        self.assertNotIn("42", text)

    def test_stub_calling_todo_gets_the_include(self):
        self.generate("k.c", "void f(int *n)\n{\n    /* BEGIN SOLUTION: count\n"
                      "     * | stub: SWE_TODO(\"count\"); *n = 0; */\n    *n = 3;\n"
                      "    /* END SOLUTION */\n}\n")
        text = self.skeleton("k.c")
        self.assertIn('#include "core/todo.h"', text)
        self.assertIn('    /* TODO: count */\n    SWE_TODO("count");\n    *n = 0;\n}', text)
        self.assertNotIn("*n = 3", text)

    def test_stub_over_several_comment_lines_is_code_of_its_own(self):
        self.generate("k.c", "int f(int *n)\n{\n    /* BEGIN SOLUTION: count\n"
                      "     * | stub: *n = 0;\n     *   return g(\"a long\n     *   message\"); */\n"
                      "    return 3;\n    /* END SOLUTION */\n}\n")
        text = self.skeleton("k.c")
        self.assertIn('    /* TODO: count */\n    *n = 0;\n    return g("a long message");\n}', text)

    def test_device_code_gets_empty_stub(self):
        self.generate("k.cu", "__global__ void k(float *o)\n{\n    /* BEGIN SOLUTION: write o */\n"
                      "    o[0] = 1;\n    /* END SOLUTION */\n}\n")
        text = self.skeleton("k.cu")
        self.assertIn("nv_diag_suppress 177", text)
        self.assertNotIn("SWE_TODO", text)
        self.assertNotIn("o[0] = 1", text)

    def test_skeleton_is_formatted(self):
        self.generate("k.c", "int f(int *a, int b)\n{\n    /* BEGIN SOLUTION: fill a\n"
                      "     * | stub: a[0] = 0; a[1] = b + b + b + b + b + b + b + b + b + b + b + b + b"
                      " + b + b + b + b + b + b + b + b + b; */\n    a[0] = b;\n    /* END SOLUTION */\n"
                      "    return 0;\n}\n")
        text = self.skeleton("k.c")
        self.assertIn("    a[0] = 0;\n    a[1] =", text)
        self.assertLessEqual(max(len(line) for line in text.splitlines()), 100)

    def test_file_without_markers_is_copied(self):
        self.generate("notes.txt", "plain\n")
        self.assertEqual(self.skeleton("notes.txt"), "plain\n")

    def test_check_reports_stale_and_fresh(self):
        self.generate("k.c", "/* BEGIN SOLUTION: x */\nint a;\n/* END SOLUTION */\n")
        self.assertEqual(self.generate("k.c", "/* BEGIN SOLUTION: y */\nint a;\n/* END SOLUTION */\n",
                                       "--check").returncode, 1)
        self.generate("k.c", "/* BEGIN SOLUTION: y */\nint a;\n/* END SOLUTION */\n")
        self.assertEqual(self.generate("k.c", "/* BEGIN SOLUTION: y */\nint a;\n/* END SOLUTION */\n",
                                       "--check").returncode, 0)

    def test_bad_markers_are_refused_with_file_and_line(self):
        cases = {
            "/* BEGIN SOLUTION: a */\nx\n": "BEGIN SOLUTION without END SOLUTION",
            "x\n/* END SOLUTION */\n": "END SOLUTION without BEGIN SOLUTION",
            "/* BEGIN SOLUTION: */\nx\n/* END SOLUTION */\n": "needs a TODO text",
            "/* BEGIN SOLUTION: a */\n/* BEGIN SOLUTION: b */\n/* END SOLUTION */\n"
            "/* END SOLUTION */\n": "inside another one",
        }
        for text, message in cases.items():
            result = self.generate("bad.c", text)
            self.assertEqual(result.returncode, 2, text)
            self.assertIn("demo/bad.c:", result.stderr)
            self.assertIn(message, result.stderr)


SHEET_RELEASE = {
    "Makefile": ".PHONY: all grade\nall:\n\ttrue\ngrade:\n\ttrue\n",
    "skeletons/cuda/cartesian/level1_kernels.cu":
        "/* net_updates_kernel in a comment does not count */\n"
        "__global__ void net_updates_kernel(int grid_stride)\n{\n"
        "    /* TODO: (1) solve edge_below */\n}\n",
    "tools/prog.py": "print('usage: prog [--level N] [--backend NAME]')\n",
}


class SheetCheck(unittest.TestCase):
    """tools/teaching/check_sheets.py on a made-up release: each rule passes what
    exists and fails, naming sheet, line and name, what does not."""

    def setUp(self):
        self.release = tempfile.mkdtemp()
        for name, text in SHEET_RELEASE.items():
            self.write(name, text)

    def tearDown(self):
        shutil.rmtree(self.release)

    def write(self, name, text):
        path = os.path.join(self.release, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(text)
        return path

    def check(self, sheet_text):
        sheet = self.write("exercises/01-x/README.md", sheet_text)
        return run([sys.executable, os.path.join(TOOLS, "check_sheets.py"), "--release",
                    self.release, "--program", os.path.join(self.release, "tools/prog.py"),
                    sheet], cwd=self.release)

    def assert_fails(self, sheet_text, message):
        result = self.check(sheet_text)
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertIn("README.md:2: " + message, result.stdout)

    def test_what_exists_passes(self):
        result = self.check("# Sheet\nEdit `net_updates_kernel` in `skeletons/cuda/cartesian/level1_kernels.cu`"
                            " (`cuda/cartesian/level1_kernels.cu`, from `solutions/cuda/cartesian/level1_kernels.cu`),"
                            " run `make grade` and `tools/prog.py --level 1`, `--backend cuda`,"
                            " `mpirun --oversubscribe -np 2 build/x/prog.py --level 2`; write"
                            " `edge_below`; `grid_stride + 1`; `__syncthreads()`, `MPI_Allreduce`,"
                            " `here`, `WALL`, `GB/s`, `build/anything`.\n"
                            "```\nnot_checked_in_a_fence()\n```\n")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

    def test_renamed_function_fails(self):
        self.write("skeletons/cuda/cartesian/level1_kernels.cu",
                   SHEET_RELEASE["skeletons/cuda/cartesian/level1_kernels.cu"].replace(
                       "void net_updates_kernel", "void edge_updates_kernel"))
        self.assert_fails("#\nIn `net_updates_kernel`, TODO 1.\n",
                          "'net_updates_kernel' is not in the release's code")

    def test_called_name_is_checked(self):
        self.assert_fails("#\nCall `solve(h)`.\n", "'solve' is not in the release's code")

    def test_unknown_make_target_fails(self):
        self.assert_fails("#\nRun `make EXERCISE=01 grades`.\n",
                          "make target 'grades' is not in the release's Makefile")

    def test_unknown_option_fails(self):
        self.assert_fails("#\nUse `--fmad=false`.\n", "no program has an option --fmad")
        self.assert_fails("#\nRun `build/single/prog.py --levels 2`.\n",
                          "prog.py has no option --levels")

    def test_absent_program_leaves_its_options_unchecked(self):
        sheet = self.write("exercises/01-x/README.md", "#\nRun `--overlap`, then `mpirun -np 2 "
                           "build/x/shallows-mpi --ranks 3`.\n")
        result = run([sys.executable, os.path.join(TOOLS, "check_sheets.py"), "--release",
                      self.release, "--program", os.path.join(self.release, "tools/prog.py"),
                      "--absent", "shallows-mpi", sheet], cwd=self.release)
        self.assertEqual(result.returncode, 0, result.stdout)
        self.assertIn("2 spans name programs not built here (shallows-mpi)", result.stdout)

    def test_programs_run_from_the_releases_build_folder(self):
        self.assert_fails("# x\nmpirun -np 2 build/single/shallows-mpi --nx 4\n",
                          "build/single/shallows-mpi is the full repository's program; a "
                          "release builds it as build/single-skeletons/shallows-mpi")
        result = self.check("# x\nRun `build/double-skeletons/shallows`.\n")
        self.assertEqual(result.returncode, 0, result.stdout)

    def test_missing_file_fails(self):
        self.assert_fails("#\nEdit `skeletons/cuda/cuda_kernels.cu`.\n",
                          "no file or folder skeletons/cuda/cuda_kernels.cu in the release")
        self.assert_fails("#\nSee `exercises/NN-name/grade.conf`.\n",
                          "no file or folder exercises/NN-name/grade.conf in the release")


if __name__ == "__main__":
    unittest.main()
