#!/bin/bash
# What limits the CUDA levels, measured on a lent GPU: Nsight Compute's
# throughput, occupancy and issue figures for one launch of each level's
# kernels, and level 4 at 8192^2 in build variants (rows per warp, the
# register cap, approximate division) and with each solver.
# Run after tools/cuda_gpu_check.sh (needs its builds).
# Usage: tools/cuda_tune.sh LOG_DIR
set -u -o pipefail
logs=$1
mkdir -p "$logs"
run() { # program level n t_end [solver]
    "$1" --backend cuda --level "$2" --nx "$3" --ny "$3" --t-end "$4" --outputs 1 --benchmark \
        --solver "${5:-fwave}"
}
for level in 2 3 4; do
    ncu --section SpeedOfLight --section Occupancy --section SchedulerStats \
        --section LaunchStats --launch-skip 20 --launch-count 3 \
        build/single/shallows --backend cuda --level $level --nx 4096 --ny 4096 --t-end 0.5 \
        --outputs 1 --benchmark >"$logs/ncu-level$level.txt" 2>&1
    echo "ncu level $level: exit $?"
    grep -E "^  [a-z_]+.*\(|Memory Throughput|DRAM Throughput|Compute \(SM\) Throughput|Achieved Occupancy|Theoretical Occupancy|Issued Warp Per Scheduler|No Eligible|Registers Per Thread|Duration" \
        "$logs/ncu-level$level.txt" | head -40
done
variant() { # name precision extra-nvcc-flags
    touch solutions/cuda/cuda_kernels.cu
    make -j16 HAVE_NETCDF=no PRECISION=$2 CUDA_EXTRA="$3" build/$2/shallows >/dev/null 2>&1 \
        && cp build/$2/shallows "build/variant-$1" || echo "variant $1 failed to build"
}
variant single-default single ""
variant single-rows64 single "-DSWE_CUDA_FUSED_ROWS=64"
variant single-minblocks8 single "-DSWE_CUDA_FUSED_MIN_BLOCKS=8"
variant single-approxdiv single "-prec-div=false -prec-sqrt=false"
variant double-default double ""
variant double-rows64 double "-DSWE_CUDA_FUSED_ROWS=64"
variant double-minblocks5 double "-DSWE_CUDA_FUSED_MIN_BLOCKS=5"
touch solutions/cuda/cuda_kernels.cu
make -j16 HAVE_NETCDF=no PRECISION=single build/single/shallows >/dev/null 2>&1
make -j16 HAVE_NETCDF=no PRECISION=double build/double/shallows >/dev/null 2>&1
for v in single-default single-rows64 single-minblocks8 single-approxdiv double-default \
    double-rows64 double-minblocks5; do
    for repeat in 1 2; do
        echo "$v run $repeat: $(run build/variant-$v 4 8192 2.3)"
    done
done
for solver in hlle rusanov; do
    echo "single $solver: $(run build/single/shallows 4 8192 2.3 $solver)"
    echo "double $solver: $(run build/double/shallows 4 8192 2.3 $solver)"
done
