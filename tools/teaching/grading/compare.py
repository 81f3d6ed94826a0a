"""Judging one case: the student's arrays against the expected ones, in the
grader's own process, with a message that names the first wrong value the
way the exercise sheets do: cells (i, j) count the interior from (1, 1),
ghost cells are called so, edges by the cells on their sides."""
import array
import math

EPSILON = {4: 1.2e-7, 8: 2.2e-16}
EDGE_ARRAYS = ["h_left", "h_right", "hn_left", "hn_right", "ht_left", "ht_right"]
HALO_FIELDS = ["h", "hu", "hv", "b"]
HALO_NEVER_WRITTEN = -7.25
VERB_NAMES = {"p": "pack_copy_layer", "i": "step_interior", "u": "unpack_ghost_layer",
              "r": "step_ring", "s": "step (whole block)"}


def values_of(field):
    values = array.array("f" if field.value_size == 4 else "d")
    values.frombytes(field.raw)
    return values


def number(value):
    return "%.9g" % value


def cell(i, j, nx, ny):
    inside = 1 <= i <= nx and 1 <= j <= ny
    return "%s (%d, %d)" % ("cell" if inside else "ghost cell", i, j)


def halo_value(value, exchange):
    """What a value of the coded halo pattern is (tests/grade/grade_mpi_cases.h)."""
    if value == HALO_NEVER_WRITTEN:
        return "nothing (never written)"
    code = value - 0.5 - 0.25 * exchange
    if math.isnan(value) or code != round(code) or not 0 <= code < 20000 * len(HALO_FIELDS):
        return "%s, which no cell holds in this exchange" % number(value)
    code = int(code)
    return "%s of global cell (%d, %d)" % (HALO_FIELDS[code // 20000], code % 100,
                                           (code % 20000) // 100)


MESH_HALO_FIELDS = ["h", "hu", "hv"]


def mesh_halo_value(value, exchange):
    """What a value of the triangles' coded pattern is (tests/grade/grade_mesh_parts.h)."""
    if value == HALO_NEVER_WRITTEN:
        return "nothing (never written)"
    code = value - 0.5 - 0.25 * exchange
    if math.isnan(value) or code != round(code) or not 0 <= code < 65536 * len(MESH_HALO_FIELDS):
        return "%s, which no triangle holds in this exchange" % number(value)
    return "%s of triangle %d" % (MESH_HALO_FIELDS[int(code) // 65536], int(code) % 65536)


def mesh_halo_place(index, numbers):
    rank, cells, owned, exchange = numbers[:4]
    quantity, k = MESH_HALO_FIELDS[min(index // max(cells, 1), 2)], index % max(cells, 1)
    return "rank %d, exchange %d: %s of its %s cell %d" % (
        rank, exchange + 1, quantity, "owned" if k < owned else "halo", k)


def messages_place(index, numbers):
    rank, exchange, ranks = numbers[:3]
    if index >= ranks:
        return ("rank %d, exchange %d: calls of blocking sends, collectives or one-sided "
                "communication" % (rank, exchange + 1))
    return "rank %d, exchange %d: values sent to rank %d with MPI_Isend" % (rank, exchange + 1,
                                                                            index)


def halo_place(index, numbers):
    rank, nx, ny, first_i, first_j, exchange = numbers
    size = (nx + 2) * (ny + 2)
    quantity, rest = HALO_FIELDS[min(index // size, 3)], index % size
    i, j = rest % (nx + 2), rest // (nx + 2)
    layer = ("left ghost layer" if i == 0 else "right ghost layer" if i == nx + 1 else
             "bottom ghost layer" if j == 0 else "top ghost layer" if j == ny + 1 else "interior")
    return ("rank %d, exchange %d: %s of local cell (%d, %d) in the %s (block of %d x %d cells "
            "at global (%d, %d))" % (rank, exchange + 1, quantity, i, j, layer, nx, ny, first_i,
                                     first_j))


def place(field, index):
    """Where value index of a field lies, in words."""
    n, name = field.numbers, field.name
    if field.layout == "cells":
        return "%s of cell (%d, %d)" % (name, index % n[0] + 1, index // n[0] + 1)
    if field.layout == "volume":
        nx, ny = max(n[0], 1), max(n[1], 1)
        return "%s of cell (%d, %d, %d)" % (name, index % nx + 1, index // nx % ny + 1,
                                            index // (nx * ny) + 1)
    if field.layout == "block":
        return "%s of %s" % (name, cell(index % (n[0] + 2), index // (n[0] + 2), n[0], n[1]))
    if field.layout == "vertical-edges":
        return "%s of the vertical edge between cells (%d, %d) and (%d, %d)" % (
            name, index, n[1], index + 1, n[1])
    if field.layout == "horizontal-edges":
        return "%s of the horizontal edge between cells (%d, %d) and (%d, %d)" % (
            name, index + 1, n[1], index + 1, n[1] + 1)
    if field.layout == "edge-rows":
        return "%s of the edge above cell (%d, %d), the top of thread %d's band" % (
            EDGE_ARRAYS[min(index // max(n[0], 1), 5)], index % max(n[0], 1) + 1, n[1], n[2])
    if field.layout == "ranks":
        return "%s on rank %d" % (name, index)
    if field.layout == "steps":
        return "%s of step %d" % (name, index + 1)
    if field.layout == "halo":
        return halo_place(index, n)
    if field.layout == "mesh-halo":
        return mesh_halo_place(index, n)
    if field.layout == "messages":
        return messages_place(index, n)
    if field.layout == "mesh-cells":
        return "%s of triangle %d of the file" % (name, index)
    if field.layout == "mesh-edges":
        return "%s of %s edge %d" % (name, "an interior" if index < n[1] else "a boundary", index)
    if field.count == 1:
        return name
    return "%s[%d]" % (name, index)


def matches(got, want, tolerance, epsilon):
    if math.isnan(want):
        return math.isnan(got)
    return abs(got - want) <= tolerance * epsilon * (1 + abs(want))


def first_difference(expected, actual, tolerance):
    """The index of the first value that differs, or None."""
    if expected.raw == actual.raw:
        return None
    want, got = values_of(expected), values_of(actual)
    if tolerance == 0:
        size = expected.value_size
        for index in range(len(want)):
            if expected.raw[index * size:(index + 1) * size] != \
                    actual.raw[index * size:(index + 1) * size]:
                return index
        return None
    epsilon = EPSILON[expected.value_size]
    for index, (g, w) in enumerate(zip(got, want)):
        if not matches(g, w, tolerance, epsilon):
            return index
    return None


def verbs_message(expected, actual, index):
    rank, steps, per_step = expected.numbers[:3]
    got = values_of(actual)
    step = min(index // max(per_step, 1), max(steps - 1, 0))
    seen = [VERB_NAMES.get(chr(int(v)) if 0 < v < 128 else "?", "?")
            for v in got[step * per_step:(step + 1) * per_step] if v != 0]
    return "rank %d, step %d called %s" % (rank, step + 1, ", ".join(seen) or
                                          "none of the backend's verbs")


def calls_summary(expected, actual, tolerance):
    """Says whether calls on one input disagree: then the answer depends
    on how the threads met, a data race."""
    got = values_of(actual)
    wrong = sum(1 for g, w in zip(got, values_of(expected))
                if not matches(g, w, tolerance, EPSILON[expected.value_size]))
    answers = len({actual.raw[k * actual.value_size:(k + 1) * actual.value_size]
                   for k in range(len(got))})
    if wrong == len(got) and answers == 1:
        return "the same wrong answer in all %d calls" % len(got)
    return ("wrong in %d of %d calls on the same input, %d different answers: the answer "
            "depends on how the threads met, a data race" % (wrong, len(got), answers))


def describe(expected, actual, index, tolerance):
    want, got = values_of(expected)[index], values_of(actual)[index]
    if expected.layout == "verbs":
        text = verbs_message(expected, actual, index)
    elif expected.layout == "halo":
        exchange = expected.numbers[5]
        text = "%s holds %s, but must hold %s" % (place(expected, index),
                                                   halo_value(got, exchange),
                                                   halo_value(want, exchange))
    elif expected.layout == "mesh-halo":
        exchange = expected.numbers[3]
        text = "%s holds %s, but must hold %s (its owner's value)" % (
            place(expected, index), mesh_halo_value(got, exchange), mesh_halo_value(want, exchange))
    elif expected.layout == "messages":
        text = "%s: %s, but must be %s" % (place(expected, index), number(got), number(want))
    else:
        never = " (never written)" if math.isnan(got) and not math.isnan(want) else ""
        text = "%s = %s%s but the reference gives %s" % (place(expected, index), number(got),
                                                         never, number(want))
        if expected.layout == "calls":
            text = "call %d of %d: %s; %s" % (index + 1, expected.count, text,
                                              calls_summary(expected, actual, tolerance))
    if expected.hint:
        text += " (%s)" % expected.hint
    return text


def layout_problem(expected, actual):
    if actual is None:
        return "your program wrote nothing for this case"
    if len(actual.fields) < len(expected.fields):
        return "your program's output ends within this case"
    for want, got in zip(expected.fields, actual.fields):
        if (want.name, want.count, want.kind) != (got.name, got.count, got.kind):
            return ("your program wrote %s with %d values where the test expects %s with %d" %
                    (got.name, got.count, want.name, want.count))
    return None


def judge(expected, actual):
    """(passed, message) for one case."""
    problem = layout_problem(expected, actual)
    if problem:
        return False, problem
    for want, got in zip(expected.fields, actual.fields):
        # The grader's side states how ill-conditioned a value is; a zero
        # tolerance (the same bits) stays zero.
        tolerance = expected.tolerance * want.scale
        index = first_difference(want, got, tolerance)
        if index is not None:
            return False, describe(want, got, index, tolerance)
    return True, "matches"
