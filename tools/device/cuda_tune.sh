#!/bin/bash
# What limits the fused level (4) of the CUDA backend, measured on a lent
# GPU: Nsight Compute's throughput, occupancy and issue figures for one
# fused launch per precision, the instruction mix of the f-wave fused
# kernel per build (cuobjdump), and level 4 at 8192^2 in build variants
# of the register cap. (The variants of the arithmetic flags measured in
# docs/RESULTS-cuda.md are those of this script at commit 0a10ee5.)
# Run after tools/device/cuda_gpu_check.sh (needs its builds).
# Usage: tools/device/cuda_tune.sh LOG_DIR
set -u -o pipefail
logs=$1
mkdir -p "$logs"
run() { # program level n t_end [solver]
    "$1" --backend cuda --level "$2" --nx "$3" --ny "$3" --t-end "$4" --outputs 1 --benchmark \
        --solver "${5:-fwave}"
}
for precision in single double; do
    ncu --section SpeedOfLight --section Occupancy --section SchedulerStats \
        --section LaunchStats --launch-skip 20 --launch-count 1 \
        build/$precision/shallows --backend cuda --level 4 --nx 4096 --ny 4096 --t-end 0.5 \
        --outputs 1 --benchmark >"$logs/ncu-level4-$precision.txt" 2>&1
    echo "ncu level 4 $precision: exit $?"
    grep -E "DRAM Throughput|Compute \(SM\) Throughput|Achieved Occupancy|Theoretical Occupancy|Issued Warp Per Scheduler|Registers Per Thread|Duration" \
        "$logs/ncu-level4-$precision.txt" | head -12
done
# variant NAME PRECISION CUDA_MATH NVCC-EXTRA: a level-4 binary built so.
variant() {
    make -B -j16 HAVE_NETCDF=no PRECISION=$2 CUDA_MATH="$3" CUDA_EXTRA="$4" \
        build/$2/obj/solutions/cuda/cuda_kernels.o >/dev/null 2>&1 \
        && make -j16 HAVE_NETCDF=no PRECISION=$2 CUDA_MATH="$3" build/$2/shallows >/dev/null 2>&1 \
        && cp build/$2/shallows "build/variant-$1" || echo "variant $1 failed to build"
    cuobjdump -sass build/$2/obj/solutions/cuda/cuda_kernels.o \
        | awk '/Function : .*fused_step_kernelILi0E/{p=1;next} /Function :/{p=0} p' >"$logs/sass-$1.txt"
    echo "sass $1: $(grep -cE '^ +/\*[0-9a-f]{4}\*/' "$logs/sass-$1.txt") instructions," \
        "$(grep -oE '^ +/\*[0-9a-f]{4}\*/ +[A-Z0-9_]+' "$logs/sass-$1.txt" | awk '{print $2}' \
        | sort | uniq -c | sort -rn | head -8 | awk '{printf "%s %s, ", $2, $1}')"
}
# The default builds (fp32: approximate division and square root, FMA;
# fp64: FMA) are variants too; the others change the register cap.
cp build/single/shallows build/variant-single-default
cp build/double/shallows build/variant-double-default
fast="-prec-div=false -prec-sqrt=false -ftz=true"
variant single-blocks8 single "$fast" "-DSWE_CUDA_FUSED_MIN_BLOCKS=8"
variant single-blocks12 single "$fast" "-DSWE_CUDA_FUSED_MIN_BLOCKS=12"
variant double-blocks6 double " " "-DSWE_CUDA_FUSED_MIN_BLOCKS=6"
variant double-blocks8 double " " "-DSWE_CUDA_FUSED_MIN_BLOCKS=8"
# The instruction mix of the default builds, then the default builds back.
for precision in single double; do
    make -B -j16 HAVE_NETCDF=no PRECISION=$precision \
        build/$precision/obj/solutions/cuda/cuda_kernels.o >/dev/null 2>&1
    make -j16 HAVE_NETCDF=no PRECISION=$precision build/$precision/shallows >/dev/null 2>&1
    cuobjdump -sass build/$precision/obj/solutions/cuda/cuda_kernels.o \
        | awk '/Function : .*fused_step_kernelILi0E/{p=1;next} /Function :/{p=0} p' \
            >"$logs/sass-$precision-default.txt"
    echo "sass $precision-default: $(grep -cE '^ +/\*[0-9a-f]{4}\*/' "$logs/sass-$precision-default.txt") instructions"
done
for v in single-default single-blocks8 single-blocks12 double-default double-blocks6 \
    double-blocks8; do
    for repeat in 1 2; do
        echo "$v run $repeat: $(run build/variant-$v 4 8192 2.3 | grep -oE 'steps=[0-9]+|seconds=[0-9.]+|cell_updates_per_s=[0-9.e+]+' | tr '\n' ' ')"
    done
done
for solver in hlle rusanov augrie; do
    echo "single $solver: $(run build/single/shallows 4 8192 2.3 $solver | grep -oE 'cell_updates_per_s=[0-9.e+]+')"
    echo "double $solver: $(run build/double/shallows 4 8192 2.3 $solver | grep -oE 'cell_updates_per_s=[0-9.e+]+')"
done
