"""Where the CUDA kernels of a submission run on CPU threads (the
Navier-Stokes exercises: tests/ns/cuda_host/), the emulation must run what
nvcc compiles. The emulation compiles the student's file with macros of
its own (NS_CUDA_HOST_EMULATION, which leaves out the launchers that only
nvcc can compile) and without nvcc's (__CUDACC__, __CUDA_ARCH__, ...): a
file that tests those could hand the emulation other code than the GPU
gets. Allowed is the skeleton's own use: `#ifndef NS_CUDA_HOST_EMULATION`
around host code (the launchers), with no #else, no macro defined and no
kernel inside; anything else that tells the two builds apart is refused."""
import re

# Macros and names that differ between nvcc's build and the emulation's.
TELLING = re.compile(r"\b(NS_CUDA_HOST\w*|ns_cuda_host\w*|__CUDACC\w*|__NVCC\w*|__CUDA_ARCH\w*|"
                     r"CUDART_VERSION|__CUDA_RUNTIME_H__|__CUDA_API_VERSION\w*)\b")
EMULATION_NAME = re.compile(r"\bns_cuda_host\w*")
ALLOWED = "#ifndef NS_CUDA_HOST_EMULATION"
OPENS = ("#if", "#ifdef", "#ifndef")
WHY = ("the emulation grades the kernels as nvcc compiles them: keep the skeleton's "
       "`#ifndef NS_CUDA_HOST_EMULATION` around the launchers as it is, and test no other "
       "macro that tells nvcc from the emulation")


def without_comments(text):
    """text with comments and string literals blanked (lines kept)."""
    pattern = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'',
                         re.S)
    return pattern.sub(lambda m: "\n" * m.group(0).count("\n") if m.group(0)[0] == "/"
                       else '""', text)


def logical_lines(text):
    """(line number, text) with backslash continuations joined."""
    lines, joined, start = [], "", None
    for number, line in enumerate(text.split("\n"), 1):
        if start is None:
            start = number
        if line.endswith("\\"):
            joined += line[:-1] + " "
            continue
        lines.append((start, joined + line))
        joined, start = "", None
    return lines


def directive(line):
    """('#name', rest) of a preprocessor line, or None."""
    match = re.match(r"\s*#\s*(\w+)(.*)$", line)
    return ("#" + match.group(1), match.group(2).strip()) if match else None


def problems(text):
    """What in a kernel file tells nvcc's build from the emulation's."""
    found = []
    depth, allowed_at = 0, None  # allowed_at: depth of an open allowed block
    for number, line in logical_lines(without_comments(text)):
        parsed = directive(line)
        if parsed is None:
            if EMULATION_NAME.search(line):
                found.append("line %d names the emulation's %s" % (
                    number, EMULATION_NAME.search(line).group(0)))
            elif allowed_at is not None and re.search(r"\b__(global|device)__\b", line):
                found.append("line %d: a kernel inside `%s`" % (number, ALLOWED))
            continue
        name, rest = parsed
        telling = TELLING.search(rest)
        if name in OPENS:
            depth += 1
            if telling:
                if name + " " + rest == ALLOWED and allowed_at is None:
                    allowed_at = depth
                else:
                    found.append("line %d: %s %s" % (number, name, rest))
        elif name in ("#else", "#elif", "#elifdef", "#elifndef"):
            if allowed_at == depth or telling:
                found.append("line %d: %s %s inside `%s`" % (number, name, rest, ALLOWED)
                             if allowed_at == depth else "line %d: %s %s" % (number, name, rest))
        elif name == "#endif":
            if allowed_at == depth:
                allowed_at = None
            depth = max(depth - 1, 0)
        elif name in ("#define", "#undef"):
            if telling:
                found.append("line %d: %s %s" % (number, name, rest))
            elif allowed_at is not None:
                found.append("line %d: %s inside `%s`" % (number, name, ALLOWED))
        elif telling:
            found.append("line %d: %s %s" % (number, name, rest))
    return found


def message(shown, found):
    listed = "; ".join(found[:4]) + ("; ..." if len(found) > 4 else "")
    return "%s: %s (%s)" % (shown, WHY, listed)
