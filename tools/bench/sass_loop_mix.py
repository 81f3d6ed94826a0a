#!/usr/bin/env python3
"""The instruction mix of a CUDA kernel's hot loop, read from its SASS.

Usage: sass_loop_mix.py FILE.sass [--per N]

FILE.sass is `cuobjdump -sass -fun KERNEL object.o` (or nvdisasm's output
for one function). The hot loop is the widest predicated backward branch. Inside it
every instruction is counted once (a static count: the loop body as one
iteration runs it when every branch inside falls through the fast way),
except the set-up of calls to out-of-line slow paths, which the fast way
jumps over (`@P BRA P, after` ... `CALL.REL`): those are counted as calls.
--per N divides by N (30 cells per warp-row in the fused CUDA step: lanes
0 and 31 own no cell), which gives warp instructions per cell.

Classes: fp64 (the half-rate fp64 pipe on Hopper), fp32, selects and
compares (FSEL, SEL, FSETP, DSETP, ISETP, PLOP3, FMNMX), MUFU, shuffles,
memory (LDG, STG, LDL, STL: the last two are spills), integer and moves,
control. The use: predict a change from the counts before a GPU confirms
it (docs/RESULTS-cuda.md)."""
import re
import sys
from collections import Counter

LINE = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)\s*([^;]*);")
CLASSES = [
    ("fp64", ("DADD", "DMUL", "DFMA", "DSETP", "DMNMX")),
    ("fp32 add/mul", ("FADD", "FMUL")),
    ("fp32 fma", ("FFMA",)),
    ("select/compare", ("FSEL", "SEL", "FSETP", "ISETP", "PLOP3", "FMNMX", "DSETP", "FCHK")),
    ("mufu", ("MUFU",)),
    ("shuffle", ("SHFL",)),
    ("global memory", ("LDG", "STG", "LD", "ST", "RED", "ATOM")),
    ("local memory (spills)", ("LDL", "STL")),
    ("integer/move", ("IMAD", "IADD3", "LEA", "MOV", "IMNMX", "VIADD", "LOP3", "SHF", "IABS",
                      "UMOV", "ULDC", "S2R", "S2UR", "CS2R", "I2F", "F2I", "F2F", "PRMT", "VIMNMX",
                      "R2UR", "UIADD3", "ULOP3", "USHF", "ULEA", "UIMAD", "ISCADD", "SGXT", "POPC",
                      "FLO", "BREV", "P2R", "R2P", "UISETP", "USEL", "UPLOP3", "IMNMX")),
    ("control", ("BRA", "BSSY", "BSYNC", "CALL", "RET", "EXIT", "NOP", "WARPSYNC", "BAR", "YIELD",
                 "BMOV", "DEPBAR")),
]


def parse(path):
    rows = []
    with open(path, encoding="utf-8") as text:
        for line in text:
            match = LINE.search(line)
            if match:
                address = int(match.group(1), 16)
                rows.append((address, (match.group(2) or "").strip(), match.group(3),
                             match.group(4).strip()))
    return rows


def branch_target(operands):
    found = re.findall(r"0x([0-9a-f]+)", operands)
    return int(found[-1], 16) if found else None


def hot_loop(rows):
    best = None
    for address, predicate, opcode, operands in rows:
        # The loop closes with a predicated branch back; the unpredicated
        # ones back are returns from the warp-divergence fallbacks.
        if predicate and opcode.startswith("BRA") and not opcode.startswith("BRA.DIV"):
            target = branch_target(operands)
            if target is not None and target < address:
                if best is None or address - target > best[1] - best[0]:
                    best = (target, address)
    return best


def slow_path_setups(body):
    """Addresses of the instructions that only the slow way runs: from a
    `@P BRA P, after` that jumps over a CALL.REL up to that CALL."""
    skipped = set()
    for index, (address, _, opcode, operands) in enumerate(body):
        if not opcode.startswith("BRA"):
            continue
        target = branch_target(operands)
        if target is None or target <= address:
            continue
        inside = [row for row in body[index + 1:] if row[0] < target]
        if any(row[2].startswith("CALL") for row in inside) and len(inside) <= 12:
            skipped.update(row[0] for row in inside)
    return skipped


def class_of(opcode):
    base = opcode.split(".")[0]
    for name, members in CLASSES:
        if base in members:
            return name
    return "other"


def main(argv):
    if len(argv) < 2 or argv[1].startswith("-"):
        sys.stderr.write(__doc__)
        return 2
    per = 1.0
    if "--per" in argv:
        per = float(argv[argv.index("--per") + 1])
    rows = parse(argv[1])
    loop = hot_loop(rows)
    if loop is None:
        sys.stderr.write("sass_loop_mix: no backward branch in %s\n" % argv[1])
        return 1
    body = [row for row in rows if loop[0] <= row[0] <= loop[1]]
    skipped = slow_path_setups(body)
    fast = [row for row in body if row[0] not in skipped]
    calls = sum(1 for row in body if row[2].startswith("CALL"))
    counts = Counter(class_of(row[2]) for row in fast)
    opcodes = Counter(row[2].split(".")[0] for row in fast)
    print("loop 0x%x..0x%x: %d instructions on the fast way (%.1f per %g), %d calls to slow "
          "paths (%d set-up instructions jumped over)"
          % (loop[0], loop[1], len(fast), len(fast) / per, per, calls, len(skipped)))
    for name, _ in CLASSES + [("other", ())]:
        if counts[name]:
            print("  %-22s %5d  %7.2f" % (name, counts[name], counts[name] / per))
    print("  top opcodes: " + ", ".join("%s %d" % pair for pair in opcodes.most_common(16)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
