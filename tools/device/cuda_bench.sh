#!/bin/bash
# Times every level of the CUDA backend at 2000^2, 4096^2 and 8192^2 (the
# radial dam break; CUDA_BENCH_SIZES and CUDA_BENCH_LEVELS choose others)
# in the precision of the given build, against the device-to-device copy
# bandwidth measured in the same run.
# Usage: tools/device/cuda_bench.sh BUILD_DIR COPY_GB_PER_S >> results.csv
# Prints CSV lines: precision,level,n,steps,seconds,cell_updates_per_s,
# effective_GB_per_s,percent_of_copy
set -u -o pipefail
build=$1
copy_gbs=$2
program=$build/shallows
bytes_per_cell=28
precision=single
if "$program" --version | grep -q "precision: double"; then
    bytes_per_cell=56
    precision=double
fi
# Simulated seconds per size: about 4000, 1000 and 500 steps of level 2 to 4;
# level 1 (every step through the host) gets a twentieth of that.
declare -A t_end=([2000]=74 [4096]=9 [8192]=2.3)
for n in ${CUDA_BENCH_SIZES:-2000 4096 8192}; do
    for level in ${CUDA_BENCH_LEVELS:-1 2 3 4}; do
        t=${t_end[$n]}
        [ "$level" -eq 1 ] && t=$(awk -v t="$t" 'BEGIN { print t / 20 }')
        line=$("$program" --backend cuda --level "$level" --scenario radial-dam-break \
            --nx "$n" --ny "$n" --t-end "$t" --outputs 1 --benchmark) || {
            echo "$precision,$level,$n,failed" >&2
            continue
        }
        steps=$(echo "$line" | sed -E 's/.* steps=([0-9]+).*/\1/')
        seconds=$(echo "$line" | sed -E 's/.* seconds=([0-9.]+).*/\1/')
        rate=$(echo "$line" | sed -E 's/.*cell_updates_per_s=([0-9.e+]+).*/\1/')
        gbs=$(awk -v r="$rate" -v b="$bytes_per_cell" 'BEGIN { printf "%.1f", r * b / 1e9 }')
        pct=$(awk -v g="$gbs" -v c="$copy_gbs" 'BEGIN { printf "%.1f", 100 * g / c }')
        echo "$precision,$level,$n,$steps,$seconds,$rate,$gbs,$pct"
    done
done
