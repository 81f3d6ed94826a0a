#!/usr/bin/env python3
"""Unit tests of the grader's own parts (make grade-check): the stream
parser against hostile bytes, the judge's verdicts and messages, the
reports' formats, grade.conf, and what a submission may hand in.
Standard library only; run: python3 -m unittest discover -s tools/teaching/grading"""
import array
import json
import os
import shutil
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ElementTree

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from grading import channels, compare, emulation, kit, reports, sandbox, stream, submission  # noqa: E402
from grading.text import printable  # noqa: E402


def field(name, values, layout="list", numbers=(0, 0, 0, 0, 0, 0), hint="", kind="f", scale=""):
    raw = array.array(kind, values).tobytes()
    head = "field %s %d %s %s %s%s\t%s\n" % (name, len(values), "d" if kind == "d" else "r",
                                             layout, " ".join(map(str, numbers)),
                                             " " + scale if scale else "", hint)
    return head.encode() + raw


def case_bytes(number, cases, fields, tolerance=0, description="a case"):
    return ("case %d %d %g\t%s\n" % (number, cases, tolerance, description)).encode() + \
        b"".join(fields)


HEADER = b"shallows-grade-stream 1 single 4\n"


def one_case(fields, tolerance=0):
    _, cases, problem = stream.parse(HEADER + case_bytes(1, 1, fields, tolerance))
    assert problem is None, problem
    return cases[1]


class Streams(unittest.TestCase):
    def test_a_stream_reads_back(self):
        data = HEADER + case_bytes(1, 2, [field("h", [1, 2, 3])]) + \
            case_bytes(2, 2, [field("dt", [0.5], kind="d")])
        precision, cases, problem = stream.parse(data)
        self.assertEqual((precision, problem, sorted(cases)), ("single", None, [1, 2]))
        self.assertEqual(list(compare.values_of(cases[1].fields[0])), [1, 2, 3])
        self.assertEqual(cases[2].fields[0].value_size, 8)

    def test_hostile_bytes_end_the_stream_but_keep_what_came_before(self):
        good = HEADER + case_bytes(1, 3, [field("h", [1.0])])
        for tail in (b"case 2 3 nonsense\tx\n", b"field h 99999999999 r list 0 0 0 0 0 0\t\n",
                     b"\xff" * 100, b"case 2 3 0\tx\n" + b"field h 4 r list 0 0 0 0 0 0\t\n\0",
                     b"case 2 3 0" + b"x" * 10000):
            _, cases, problem = stream.parse(good + tail)
            self.assertIsNotNone(problem)
            self.assertIn(1, cases)

    def test_garbage_or_nothing_is_no_stream(self):
        for data in (b"", b"PASS: every cell\n", os.urandom(4096)):
            precision, cases, problem = stream.parse(data)
            self.assertEqual((precision, cases), (None, {}))
            self.assertTrue(problem)


class Judging(unittest.TestCase):
    def test_the_same_values_pass(self):
        expected = one_case([field("h", [1.5, 2.5])])
        self.assertEqual(compare.judge(expected, one_case([field("h", [1.5, 2.5])])),
                         (True, "matches"))

    def test_cells_count_the_interior_from_one(self):
        expected = one_case([field("h", [0.0] * 6, "cells", (3, 2, 0, 0, 0, 0))])
        passed, message = compare.judge(expected, one_case([field(
            "h", [0, 0, 0, 0, 7, 0], "cells", (3, 2, 0, 0, 0, 0))]))
        self.assertFalse(passed)
        self.assertIn("h of cell (2, 2) = 7", message)

    def test_ghost_cells_are_named_so(self):
        layout = ("block", (2, 1, 0, 0, 0, 0))
        expected = one_case([field("hu", [0.0] * 12, *layout)])
        passed, message = compare.judge(expected, one_case([field(
            "hu", [0.0] * 5 + [1.0] + [0.0] * 6, *layout)]))
        self.assertIn("hu of cell (1, 1)", message)
        got = [0.0] * 12
        got[3] = float("nan")
        passed, message = compare.judge(expected, one_case([field("hu", got, *layout)]))
        self.assertIn("hu of ghost cell (3, 0) = nan (never written)", message)

    def test_tolerance_in_units_of_the_last_place(self):
        expected = one_case([field("h", [1.0])], tolerance=64)
        self.assertTrue(compare.judge(expected, one_case([field("h", [1.000001])]))[0])
        self.assertFalse(compare.judge(expected, one_case([field("h", [1.001])]))[0])

    def test_the_graders_scale_widens_an_ill_conditioned_value_only(self):
        expected = one_case([field("h", [1.0]), field("speed", [1.0], scale="1000")], 64)
        self.assertTrue(compare.judge(expected, one_case([field("h", [1.0]),
                                                          field("speed", [1.001])]))[0])
        self.assertFalse(compare.judge(expected, one_case([field("h", [1.001]),
                                                           field("speed", [1.0])]))[0])
        # The student's side cannot widen its own tolerance.
        plain = one_case([field("h", [1.0]), field("speed", [1.0])], 64)
        self.assertFalse(compare.judge(plain, one_case([field("h", [1.0]),
                                                        field("speed", [1.001], scale="1e9")]))[0])
        for bad in ("0.5", "nan", "inf"):
            _, _, problem = stream.parse(HEADER + case_bytes(1, 1, [field("h", [1.0], scale=bad)]))
            self.assertIsNotNone(problem, bad)

    def test_zero_tolerance_means_the_same_bits_and_nan_must_stay_nan(self):
        expected = one_case([field("max_speed", [float("nan"), 2.0], "ranks")])
        passed, message = compare.judge(expected, one_case([field(
            "max_speed", [float("nan"), 2.0000002], "ranks")]))
        self.assertIn("max_speed on rank 1", message)
        self.assertFalse(compare.judge(expected, one_case([field("max_speed", [1.0, 2.0],
                                                                 "ranks")]))[0])

    def test_calls_that_disagree_are_a_race(self):
        expected = one_case([field("wave_speed", [5.0] * 8, "calls", hint="TODO 4: reduce")])
        passed, message = compare.judge(expected, one_case([field(
            "wave_speed", [5.0] * 5 + [4.0] + [5.0] * 2, "calls")]))
        self.assertIn("call 6 of 8", message)
        self.assertIn("wrong in 1 of 8 calls", message)
        self.assertIn("data race", message)
        self.assertIn("TODO 4: reduce", message)
        passed, message = compare.judge(expected, one_case([field("wave_speed", [0.0] * 8,
                                                                  "calls")]))
        self.assertIn("the same wrong answer in all 8 calls", message)
        self.assertNotIn("race", message)

    def test_halo_values_name_the_cell_they_came_from(self):
        numbers = (1, 1, 1, 3, 0, 0)  # rank 1: one cell at global (3, 0), exchange 1
        cells = 9
        want = [-7.25] * (4 * cells)
        want[4] = 3.5  # h of global cell (3, 0): 100 * j + i + 0.5
        got = list(want)
        got[4] = 20000 + 3.5  # hu of the same cell
        expected = one_case([field("halo", want, "halo", numbers)])
        passed, message = compare.judge(expected, one_case([field("halo", got, "halo",
                                                                  numbers)]))
        self.assertIn("rank 1, exchange 1: h of local cell (1, 1) in the interior", message)
        self.assertIn("holds hu of global cell (3, 0), but must hold h of global cell (3, 0)",
                      message)

    def test_verbs_name_the_step(self):
        numbers = (0, 2, 4, 0, 0, 0)
        want = [ord(c) for c in "piur" * 2] + [0] * 4
        got = [ord(c) for c in "piur" + "psur"] + [0] * 4
        expected = one_case([field("verbs", want, "verbs", numbers)])
        passed, message = compare.judge(expected, one_case([field("verbs", got, "verbs",
                                                                  numbers)]))
        self.assertIn("rank 0, step 2 called pack_copy_layer, step (whole block)", message)

    def test_missing_or_different_outputs_fail(self):
        expected = one_case([field("h", [1.0]), field("hu", [2.0])])
        self.assertIn("wrote nothing", compare.judge(expected, None)[1])
        self.assertIn("ends within", compare.judge(expected, one_case([field("h", [1.0])]))[1])
        self.assertIn("wrote hv", compare.judge(expected, one_case(
            [field("h", [1.0]), field("hv", [2.0])]))[1])


class Reports(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp()
        base = {"exercise": "01-x", "points": 3.0, "seconds": 1.5}
        self.results = [dict(base, name="works", score=3.0, status="passed", output="all"),
                        dict(base, name="hangs", score=0.0, status="error",
                             output="timed out after 20 s"),
                        dict(base, name="wrong", score=1.0, status="failed", output="case 1"),
                        dict(base, name="gpu", score=0.0, status="not graded",
                             output="not graded: no CUDA device")]

    def tearDown(self):
        shutil.rmtree(self.folder)

    def test_gradescope_always_has_a_score(self):
        reports.write_all(self.results, "the reference", self.folder)
        with open(os.path.join(self.folder, "results.json")) as report:
            data = json.load(report)
        self.assertEqual(data["score"], 4.0)
        self.assertTrue(all("score" in test for test in data["tests"]))
        gpu = [t for t in data["tests"] if t["name"].endswith("gpu")][0]
        self.assertEqual((gpu["score"], gpu["output"]), (0.0, "not graded: no CUDA device"))
        reports.results_json([], "nothing", os.path.join(self.folder, "empty.json"))
        with open(os.path.join(self.folder, "empty.json")) as report:
            self.assertEqual(json.load(report)["score"], 0)

    def test_junit_has_errors_and_time(self):
        reports.write_all(self.results, "the reference", self.folder)
        root = ElementTree.parse(os.path.join(self.folder, "junit.xml")).getroot()
        self.assertEqual((root.get("tests"), root.get("failures"), root.get("errors"),
                          root.get("skipped"), root.get("time")), ("4", "1", "1", "1", "6.000"))
        self.assertIsNotNone(root.find(".//testcase[@name='hangs']/error"))
        self.assertIsNotNone(root.find(".//testcase[@name='wrong']/failure"))
        self.assertIsNotNone(root.find(".//testcase[@name='gpu']/skipped"))

    def test_printed_control_characters_reach_no_report(self):
        printed = printable(bytes(range(32)) + b"\x7f\xff\xc2\x9b total: 10.00\n")
        self.assertEqual(printed.count("\n"), 2)  # its own newline and the one at the end
        self.assertIn("\\x1b", printed)
        self.assertIn("\\xff", printed)
        self.results[2]["output"] = "case 1\nyour program printed:\n  " + \
            "".join(map(chr, range(32))) + "\x7f\x9b\u202e"
        reports.write_all(self.results, "the reference", self.folder)
        ElementTree.parse(os.path.join(self.folder, "junit.xml"))
        for name in ("results.json", "classroom.json"):
            with open(os.path.join(self.folder, name)) as report:
                text = json.dumps(json.load(report), ensure_ascii=False)
            self.assertFalse([c for c in text if ord(c) < 32 or 127 <= ord(c) < 160 or
                              c == "\u202e"], name)

    def test_classroom_leaves_out_what_could_not_run(self):
        reports.write_all(self.results, "the reference", self.folder)
        with open(os.path.join(self.folder, "classroom.json")) as report:
            data = json.load(report)
        self.assertEqual((data["max_score"], len(data["tests"]), data["status"]), (9.0, 3, "fail"))


class Submissions(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp()
        os.makedirs(os.path.join(self.folder, "sub", "serial", "cartesian"))
        self.outside = os.path.join(self.folder, "reference.c")
        with open(self.outside, "w", encoding="utf-8") as source:
            source.write("int reference;\n")

    def tearDown(self):
        shutil.rmtree(self.folder)

    @staticmethod
    def write(path, text):
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(text)

    def take(self):
        return submission.take(os.path.join(self.folder, "sub"), "serial/cartesian/serial_kernels.c")

    def test_a_regular_file_is_taken(self):
        with open(os.path.join(self.folder, "sub", "serial", "cartesian", "serial_kernels.c"), "w") as f:
            f.write("int mine;\n")
        self.assertEqual(self.take()[0], b"int mine;\n")

    def test_links_big_files_and_missing_files_are_refused(self):
        target = os.path.join(self.folder, "sub", "serial", "cartesian", "serial_kernels.c")
        for make, why in ((lambda: os.symlink(self.outside, target), "symbolic link"),
                          (lambda: os.link(self.outside, target), "hard link"),
                          (lambda: self.write(target, "x" * (600 << 10)), "larger than")):
            make()
            with self.assertRaises(submission.Refused) as refused:
                self.take()
            self.assertIn(why, str(refused.exception))
            os.remove(target)
        shutil.rmtree(os.path.join(self.folder, "sub", "serial", "cartesian"))
        os.makedirs(os.path.join(self.folder, "elsewhere"))
        self.write(os.path.join(self.folder, "elsewhere", "serial_kernels.c"), "int x;\n")
        os.symlink(os.path.join(self.folder, "elsewhere"), os.path.join(self.folder, "sub", "serial", "cartesian"))
        with self.assertRaises(submission.Refused) as refused:
            self.take()
        self.assertIn("symbolic link", str(refused.exception))
        os.remove(os.path.join(self.folder, "sub", "serial", "cartesian"))
        with self.assertRaises(submission.Refused) as refused:
            self.take()
        self.assertIn("has no serial/cartesian/serial_kernels.c", str(refused.exception))



class Channels(unittest.TestCase):
    """What an MPI file may call (exercises 08, 09, 17)."""

    def test_the_exchanges_calls_pass(self):
        listing = "MPI_Isend U\nMPI_Irecv U\nMPI_Waitall U\nMPI_Allreduce U\n" \
            "ompi_mpi_float U\nmemcpy U\nswe_mpi_check U\n"
        self.assertEqual(channels.refused_calls(channels.undefined_symbols(listing), 0), [])

    def test_other_channels_are_refused_by_name(self):
        for name in ("PMPI_Allgatherv", "MPI_Ialltoallv", "MPI_Allgather", "MPI_Win_create",
                     "MPI_Put", "MPI_Bcast", "MPI_Neighbor_alltoallw", "shm_open", "fopen",
                     "mmap64", "syscall", "dlsym", "environ", "grade_mesh_parts_create"):
            self.assertEqual(channels.refused_calls([name], 0), [name])
        self.assertEqual(channels.refused_calls(["open@GLIBC_2.2.5"], 0), ["open"])

    def test_a_raw_system_call_is_refused(self):
        self.assertEqual(channels.refused_calls(["MPI_Isend"], 1),
                         ["1 system call instruction(s)"])


class Scratch(unittest.TestCase):
    def test_a_tree_goes_whatever_its_modes(self):
        top = tempfile.mkdtemp()
        locked = os.path.join(top, "a", "locked")
        os.makedirs(os.path.join(locked, "inner"))
        with open(os.path.join(locked, "inner", "file"), "w") as stream:
            stream.write("x")
        os.chmod(os.path.join(locked, "inner"), 0)
        os.chmod(locked, 0)
        sandbox.remove_tree(top)
        self.assertFalse(os.path.lexists(top))

    def test_the_caches_are_the_runs_own_tmpfs_or_kept_small(self):
        box = sandbox.Sandbox()
        box.work = tempfile.gettempdir()
        args = box.arguments(False, None, "none")
        at = args.index("/cache")
        self.assertEqual(args[at - 1], "--tmpfs")
        self.assertEqual(args[at - 3:at - 1], ["--size", str(sandbox.CACHE_SIZE)])
        box.cache = tempfile.mkdtemp()
        os.mkdir(os.path.join(box.cache, "locked"))
        with open(os.path.join(box.cache, "locked", "big"), "wb") as stream:
            stream.write(b"x" * (sandbox.CACHE_SIZE + 4096))
        os.chmod(os.path.join(box.cache, "locked"), 0)
        box.keep_cache()
        self.assertEqual(os.listdir(box.cache), [])
        sandbox.remove_tree(box.cache)


class Emulation(unittest.TestCase):
    """What a CUDA file graded through the emulation may test (exercises 11-13)."""

    def test_the_skeletons_launcher_block_passes(self):
        for folder in ("solutions", "skeletons"):
            path = os.path.join(kit.ROOT, folder, "cuda", "ns", "ns_cuda_momentum.cu")
            if os.path.exists(path):
                with open(path, encoding="utf-8") as stream:
                    self.assertEqual(emulation.problems(stream.read()), [], path)

    def test_code_for_one_build_only_is_refused(self):
        kernel = "__global__ void k() {\n%s\n}\n"
        for hidden in ("#ifdef NS_CUDA_HOST_EMULATION\nx();\n#endif",
                       "#if !defined(__CUDA_ARCH__)\nx();\n#endif",
                       "#ifdef __CUDACC__\n#else\nx();\n#endif",
                       "#ifndef NS_CUDA_HOST_EMULATION\n#else\nx();\n#endif",
                       "#ifndef NS_CUDA_HOST_EMULATION\n#define k stub\n#endif",
                       "#ifndef NS_CUDA_HOST_EMULATION\n__global__ void k2() {}\n#endif",
                       "ns_cuda_host_shared_memory();"):
            self.assertTrue(emulation.problems(kernel % hidden), hidden)

    def test_comments_and_strings_do_not_count(self):
        self.assertEqual(emulation.problems("/* #ifdef __CUDACC__ */\n"
                                            "// #ifdef NS_CUDA_HOST_EMULATION\n"
                                            "const char *s = \"ns_cuda_host\";\n"), [])


class CompileLines(unittest.TestCase):
    """A submitted kernel compiles with its own program's flags: the
    triangles' CUDA kernels keep IEEE division (MESH_NVCC_COMPILE), the
    Cartesian ones take the fast fp32 math (NVCC_COMPILE)."""

    def setUp(self):
        self.folder = tempfile.mkdtemp()
        path = os.path.join(self.folder, "kit.txt")
        with open(path, "w", encoding="utf-8") as text:
            text.write("NVCC_COMPILE=nvcc -DSWE_APPROXIMATE_DIVIDE=1\n"
                       "MESH_NVCC_COMPILE=nvcc -prec-div=true\n"
                       "MPI_COMPILE=mpicc\nCC_COMPILE=gcc\n")
        self.kit = kit.Kit(path)

    def tearDown(self):
        shutil.rmtree(self.folder)

    def line(self, slot):
        return kit.compile_line(self.kit, slot)[1]

    def test_each_slot_takes_its_programs_compiler_and_flags(self):
        self.assertIn("nvcc -prec-div=true -c", self.line("cuda/mesh/mesh_cuda_scatter.cu"))
        self.assertIn("nvcc -DSWE_APPROXIMATE_DIVIDE=1 -c", self.line("cuda/cartesian/level4_fused.cu"))
        self.assertIn("mpicc -c", self.line("mpi/mpi_kernels.c"))
        self.assertIn("gcc -c", self.line("serial/mesh/mesh_serial_kernels.c"))


class Toolchains(unittest.TestCase):
    """A compiler outside /usr (a GPU machine's /opt/gcc) is shown in the
    sandbox at its own place; one in the system folders adds nothing."""

    def setUp(self):
        self.box = sandbox.Sandbox.__new__(sandbox.Sandbox)
        self.box.toolchains = []
        self.box.cache = None
        self.prefix = tempfile.mkdtemp(prefix="shallows-toolchain-")
        os.mkdir(os.path.join(self.prefix, "bin"))
        self.compiler = os.path.join(self.prefix, "bin", "cc-test")
        with open(self.compiler, "w", encoding="utf-8") as script:
            script.write("#!/bin/sh\n")
        os.chmod(self.compiler, 0o755)

    def tearDown(self):
        shutil.rmtree(self.prefix)

    def test_a_compiler_outside_the_system_folders_is_bound_and_on_path(self):
        self.box.show_toolchains([self.compiler, "/usr/bin/env"])
        self.assertEqual(self.box.toolchains, [os.path.realpath(self.prefix)])
        self.box.disable_userns = False
        self.box.work = self.prefix
        args = self.box.arguments(False, None, "none")
        bound = [args[i + 1] for i, a in enumerate(args) if a == "--ro-bind"]
        self.assertIn(os.path.realpath(self.prefix), bound)
        path = args[args.index("PATH") + 1]
        self.assertTrue(path.startswith(os.path.join(os.path.realpath(self.prefix), "bin") + ":"))

    def test_system_compilers_and_unknown_names_add_nothing(self):
        self.box.show_toolchains(["/usr/bin/env", "no-such-compiler-here"])
        self.assertEqual(self.box.toolchains, [])


if __name__ == "__main__":
    unittest.main()
