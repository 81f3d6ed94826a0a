#!/usr/bin/env python3
"""Tests of tools/make_skeletons (run by make teaching-check; standard
library only). The grader's own tests are in tools/grading/test_grading.py
(make grade-check)."""
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
        self.assertIn('    /* TODO: count */\n    SWE_TODO("count"); *n = 0;\n}', text)
        self.assertNotIn("*n = 3", text)

    def test_stub_over_several_comment_lines_is_one_line_of_code(self):
        self.generate("k.c", "int f(int *n)\n{\n    /* BEGIN SOLUTION: count\n"
                      "     * | stub: *n = 0;\n     *   return g(\"a long\n     *   message\"); */\n"
                      "    return 3;\n    /* END SOLUTION */\n}\n")
        text = self.skeleton("k.c")
        self.assertIn('    /* TODO: count */\n    *n = 0; return g("a long message");\n}', text)

    def test_device_code_gets_empty_stub(self):
        self.generate("k.cu", "__global__ void k(float *o)\n{\n    /* BEGIN SOLUTION: write o */\n"
                      "    o[0] = 1;\n    /* END SOLUTION */\n}\n")
        text = self.skeleton("k.cu")
        self.assertIn("nv_diag_suppress 177", text)
        self.assertNotIn("SWE_TODO", text)
        self.assertNotIn("o[0] = 1", text)

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


if __name__ == "__main__":
    unittest.main()
