#!/usr/bin/env python3
"""The figures of one Nsight Compute launch that say what limits the fused
step, from `ncu --import REPORT --csv --page raw --print-units base`.

Usage: ncu_digest.py RAW.csv CELLS

Prints per cell: DRAM bytes read and written, warp instructions (all and
fp64 pipe), and the kernel's duration, issue activity, occupancy (achieved,
theoretical), registers and its top stall reasons, then every other metric
whose name matches the patterns below, as "name unit value" lines
(tools/device/perf_check.sh)."""
import csv
import re
import sys

KEEP = re.compile(
    r"^(gpu__time_duration|dram__bytes|dram__throughput|smsp__inst_executed|sm__inst_executed"
    r"|smsp__issue_active|sm__warps_active|sm__maximum_warps|launch__registers|launch__occupancy"
    r"|launch__grid_size|launch__block_size|smsp__thread_inst_executed_per_inst"
    r"|sm__pipe_fp64|sm__inst_executed_pipe_fp64|smsp__inst_executed_pipe_fp64"
    r"|l1tex__t_bytes_pipe_lsu_mem_local|lts__t_bytes\.|sm__throughput|gpu__compute_memory"
    r"|smsp__cycles_active\.avg|sm__cycles_elapsed\.avg\.per_second"
    r"|smsp__average_warps?_\w*issue_stalled|smsp__pcsamp_warps_issue_stalled)")
# Stall reasons: the sampled warp states, else the average warps stalled
# per issue (names differ between Nsight Compute versions).
STALLS = [re.compile(r"^smsp__pcsamp_warps_issue_stalled_(\w+?)(_not_issued)?$"),
          re.compile(r"^smsp__average_warps_issue_stalled_(\w+?)_per_issue_active\.ratio()$")]


def read_raw(path):
    with open(path, newline="", encoding="utf-8", errors="replace") as handle:
        rows = [row for row in csv.reader(handle) if row]
    start = next(k for k, row in enumerate(rows) if row[0] == "ID")
    names, units, values = rows[start], rows[start + 1], rows[start + 2]
    return {name: (unit, value) for name, unit, value in zip(names, units, values)}


# Scale of a unit to the base unit (bytes, nanoseconds), when the report
# was printed with scaled units.
SCALES = {"kbyte": 1e3, "mbyte": 1e6, "gbyte": 1e9, "usecond": 1e3, "msecond": 1e6,
          "second": 1e9, "kinst": 1e3, "minst": 1e6, "ginst": 1e9}


def number(metrics, name):
    try:
        unit, value = metrics[name]
        return float(value.replace(",", "")) * SCALES.get(unit.strip().lower(), 1.0)
    except (KeyError, ValueError):
        return float("nan")


def stall_reasons(metrics):
    for pattern in STALLS:
        stalls = []
        for name, (_, value) in metrics.items():
            match = pattern.match(name)
            if match and not match.group(2):
                try:
                    stalls.append((float(value.replace(",", "")), match.group(1)))
                except ValueError:
                    pass
        if stalls:
            return stalls
    return []


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    metrics = read_raw(argv[1])
    cells = float(argv[2])
    read = number(metrics, "dram__bytes_read.sum")
    written = number(metrics, "dram__bytes_write.sum")
    fp64 = number(metrics, "sm__inst_executed_pipe_fp64.sum")
    if fp64 != fp64:  # NaN: not in --set full; perf_check.sh asks for it with --metrics
        fp64 = number(metrics, "smsp__inst_executed_pipe_fp64.sum")
    print("kernel %s" % metrics.get("Kernel Name", ("", "?"))[1][:80])
    print("per cell: DRAM bytes %.2f (read %.2f, written %.2f); warp instructions %.2f; "
          "fp64-pipe warp instructions %.2f" % (
              (read + written) / cells, read / cells, written / cells,
              number(metrics, "smsp__inst_executed.sum") / cells,
              fp64 / cells))
    print("duration %.1f us; issue active %.1f %%; occupancy achieved %.1f %% of theoretical "
          "%.1f %%; registers %s" % (
              number(metrics, "gpu__time_duration.sum") / 1e3,
              number(metrics, "smsp__issue_active.avg.pct_of_peak_sustained_active"),
              number(metrics, "sm__warps_active.avg.pct_of_peak_sustained_active"),
              number(metrics, "sm__maximum_warps_per_active_cycle_pct"),
              metrics.get("launch__registers_per_thread", ("", "?"))[1]))
    if not (read + written) / cells >= 1.0:
        # A step reads and writes every cell at least once (28 B in fp32):
        # under a byte per cell this launch returned at once (a graph's
        # launch past the snapshot's time), and its figures describe nothing.
        print("NOT A STEP: under 1 DRAM byte per cell; profile a later launch")
        return 1
    stalls = stall_reasons(metrics)
    total = sum(count for count, _ in stalls) or 1.0
    print("stalls: " + ", ".join("%s %.0f %%" % (reason, 100 * count / total)
                                 for count, reason in sorted(stalls, reverse=True)[:6]))
    for name in sorted(metrics):
        if KEEP.match(name):
            unit, value = metrics[name]
            print("%s %s %s" % (name, unit, value))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
