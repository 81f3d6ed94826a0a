#!/usr/bin/env python3
"""Per kernel, the mean time, DRAM bytes and rate of its launches in each
ncu-mesh-*.csv of a folder (Nsight Compute's --csv metric rows, one row per
launch and metric), as tools/device/gpu_limits_check.sh and
gpu_limits_variants.sh print them.

Usage: ncu_kernel_times.py FOLDER"""
import csv
import glob
import os
import sys
from collections import defaultdict


def main():
    for path in sorted(glob.glob(os.path.join(sys.argv[1], "ncu-mesh-*.csv"))):
        with open(path) as handle:
            rows = list(csv.reader(line for line in handle if line.startswith('"')))
        if not rows:
            continue
        head = rows[0]
        k, m, v = head.index("Kernel Name"), head.index("Metric Name"), head.index("Metric Value")
        sums = defaultdict(lambda: defaultdict(float))
        counts = defaultdict(int)
        for r in rows[1:]:
            name = r[k].split("(")[0]
            sums[name][r[m]] += float(r[v].replace(",", ""))
            if r[m] == "gpu__time_duration.sum":
                counts[name] += 1
        print(os.path.basename(path))
        for name, s in sums.items():
            n = counts[name]
            t = s["gpu__time_duration.sum"] / n / 1e3
            b = (s["dram__bytes_read.sum"] + s["dram__bytes_write.sum"]) / n
            print(f"  {name:22s} launches {n:3d}  {t:8.1f} us  DRAM {b / 1e6:8.1f} MB"
                  f"  {b / t / 1e3:7.1f} GB/s")


if __name__ == "__main__":
    main()
