#!/bin/bash
# On an NVIDIA GPU machine: CUDA level 4's strip shape (rows a strip, warps a block, blocks a
# multiprocessor) on the device layout, in two steps that each fit a device call (a warm machine
# keeps the builds between them).
#   STEP=build: builds one shallows per shape (build/<precision>-shape-<rows>x<warps>x<blocks>,
#     SWE_CUDA_FUSED_ROWS, _WARPS and _MIN_BLOCKS), runs the memory-traffic tool
#     (tools/bench/cuda_strip_bandwidth.cu) and profiles one fused fp32 launch of the default shape
#     with Nsight Compute (DRAM bytes per cell, tools/device/ncu_digest.py).
#   STEP=time: the copy bandwidth, then every shape at 8192^2 on the flow mostly at rest and
#     the one that moves everywhere, the shapes taken in turn, best of REPEATS (2); printed:
#     the rate, % of copy, against the default shape, and the mass checksum.
# Run from the repository root. SHAPES (default below) lists precision:rows:warps:blocks.
set -u -o pipefail
step=${STEP:-build}
repeats=${REPEATS:-2}
shapes=${SHAPES:-"single:32:4:8 single:16:4:8 single:16:8:4 single:32:8:4 single:24:4:8 double:32:4:5 double:16:4:5"}
export CUDA_CACHE_PATH=/tmp/compute-cache CUDA_CACHE_MAXSIZE=1073741824
build_of() { # precision:rows:warps:blocks -> its build directory
    local IFS=:
    set -- $1
    echo "build/$1-shape-$2x$3x$4"
}
if [ "$step" = build ]; then
    for shape in $shapes; do
        IFS=: read -r p rows warps blocks <<<"$shape"
        dir=$(build_of "$shape")
        (make -j4 HAVE_NETCDF=no HAVE_OPENCL=no PRECISION="$p" BUILD="$dir" \
            CUDA_EXTRA="-DSWE_CUDA_FUSED_ROWS=$rows -DSWE_CUDA_FUSED_WARPS=$warps -DSWE_CUDA_FUSED_MIN_BLOCKS=$blocks" \
            "$dir/shallows" >"/tmp/shape-build-${dir##*/}.log" 2>&1 ||
            { echo "build $shape failed"; grep -m5 -E "error|Error" "/tmp/shape-build-${dir##*/}.log"; }) &
    done
    nvcc -I. -O2 -gencode arch=compute_90,code=sm_90 -o build/cuda-strip-bandwidth tools/bench/cuda_strip_bandwidth.cu &&
        build/cuda-strip-bandwidth 8192
    wait
    default=$(build_of "single:32:4:8")
    report=/tmp/shape-ncu
    timeout 150 ncu --clock-control none --set full -k regex:fused_step --launch-skip 10 \
        --launch-count 1 -f -o "$report" "$default/shallows" --backend cuda --level 4 \
        --scenario radial-dam-break --nx 8192 --ny 8192 --t-end 0.3 --outputs 1 --benchmark \
        --quiet >/tmp/shape-ncu.log 2>&1
    echo "ncu exit $?"
    tail -3 /tmp/shape-ncu.log
    ncu --import "$report.ncu-rep" --csv --page raw --print-units base >"$report.csv" &&
        python3 tools/device/ncu_digest.py "$report.csv" 67108864 | head -12
    exit 0
fi
copy=$(backends/cuda/bench_bandwidth.sh 2>/dev/null | sed -nE 's/copy_GBps=//p')
echo "copy bandwidth: ${copy:-unknown} GB/s"
field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
declare -A best mass
for scenario in radial-dam-break dam-break-in-current; do
    for ((k = 0; k < repeats; ++k)); do
        for shape in $shapes; do
            line=$(timeout 150 "$(build_of "$shape")/shallows" --scenario $scenario --nx 8192 \
                --ny 8192 --t-end 2 --benchmark --quiet --backend cuda --level 4 | grep summary:)
            rate=$(echo "$line" | field cell_updates_per_s)
            mass[$scenario $shape]=$(echo "$line" | field mass)
            best[$scenario $shape]=$(python3 -c "print(max(${best[$scenario $shape]:-0}, ${rate:-0}))")
        done
    done
done
printf "%-22s %-16s %11s %7s %9s %s\n" flow "prec:rows:warps:blocks" rate "%copy" "/default" mass
for scenario in radial-dam-break dam-break-in-current; do
    for shape in $shapes; do
        p=${shape%%:*}
        bytes=$([ "$p" = single ] && echo 28 || echo 56)
        rate=${best[$scenario $shape]}
        reference=${best[$scenario $p:32:4:$([ "$p" = single ] && echo 8 || echo 5)]:-0}
        printf "%-22s %-16s %11.4g %7.1f %9.3f %s\n" $scenario "$shape" "$rate" \
            "$(python3 -c "print(100 * $rate * $bytes / (${copy:-0} * 1e9) if '${copy:-}' else 0)")" \
            "$(python3 -c "print($rate / $reference if $reference else 0)")" "${mass[$scenario $shape]}"
    done
done
