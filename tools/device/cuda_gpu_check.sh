#!/bin/bash
# Everything the CUDA backend needs a GPU for, in one go (for a lent GPU
# machine without NetCDF): builds both precisions, runs the test suites,
# compute-sanitizer (memcheck, racecheck) over the CUDA levels of the
# agreement suite at small sizes, the device-to-device copy bandwidth, and
# tools/device/cuda_bench.sh.
# Usage: [SKIP_BENCH=1] [SKIP_SANITIZERS=1] [CUDA_CHECK_SUITE=agreement] \
#        tools/device/cuda_gpu_check.sh CUNIT_DIR LOG_DIR
set -u -o pipefail
cunit=$(realpath "$1")
logs=$2
mkdir -p "$logs"
export CPPFLAGS="-I$cunit/include" LDFLAGS="-L$cunit/lib"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv \
    | tee "$logs/gpu.txt"
for precision in single double; do
    make -j16 HAVE_NETCDF=no PRECISION=$precision build/$precision/shallows \
        build/$precision/shallows-tests >"$logs/build-$precision.log" 2>&1 \
        || { echo "build $precision failed"; tail -30 "$logs/build-$precision.log"; }
done
for precision in single double; do
    make HAVE_NETCDF=no PRECISION=$precision CUDA_EXTRA=-Xptxas=-v -B \
        build/$precision/obj/solutions/cuda/cartesian/level4_fused.o 2>&1 \
        | grep -E "Compiling entry|Used|spill" | paste - - - >"$logs/ptxas-$precision.txt"
done
nvcc -O2 -I. -gencode arch=compute_90,code=sm_90 -o build/cuda-copy-bandwidth \
    tools/bench/cuda_copy_bandwidth.cu
build/cuda-copy-bandwidth 2048 | tee "$logs/bandwidth.txt"
copy=$(sed -E 's/.*copy_GB_per_s=([0-9.]+).*/\1/' "$logs/bandwidth.txt")
for precision in single double; do
    build/$precision/shallows-tests --program build/$precision/shallows \
        ${CUDA_CHECK_SUITE:+--suite "$CUDA_CHECK_SUITE"} >"$logs/tests-$precision.log" 2>&1
    echo "tests $precision: exit $?: $(grep -E '^[a-z]+: [0-9]+ passed' "$logs/tests-$precision.log")"
    grep -E "cuda level|largest difference|too far from serial|FAIL|failed" \
        "$logs/tests-$precision.log" | head -20
done
if [ "${SKIP_BENCH:-0}" != 1 ]; then
echo "precision,level,n,steps,seconds,cell_updates_per_s,effective_GB_per_s,percent_of_copy" \
    >"$logs/bench.csv"
for precision in single double; do
    tools/device/cuda_bench.sh build/$precision "$copy" | tee -a "$logs/bench.csv"
done
fi
[ "${SKIP_SANITIZERS:-0}" = 1 ] && exit 0
SWE_TEST_QUICK=1 SWE_TEST_BACKENDS=cuda timeout 200 compute-sanitizer --tool memcheck \
    --error-exitcode 9 build/double/shallows-tests --suite agreement \
    >"$logs/sanitizer-memcheck.log" 2>&1
echo "compute-sanitizer memcheck over the cuda levels of the agreement suite: exit $?" \
    "$(grep -E 'ERROR SUMMARY' "$logs/sanitizer-memcheck.log" | tail -1)"
# racecheck slows shared-memory kernels too much for the whole suite: each
# level on a small grid instead (the solvers differ only in registers).
for precision in single double; do
    for level in 2 3 4; do
        for solver in fwave; do
            timeout 60 compute-sanitizer --tool racecheck --error-exitcode 9 \
                build/$precision/shallows --backend cuda --level $level --solver $solver \
                --nx 67 --ny 45 --t-end 2 --outputs 2 --benchmark \
                >>"$logs/sanitizer-racecheck.log" 2>&1
            echo "racecheck $precision level $level $solver: exit $?"
        done
    done
done | sort | uniq -c | sed 's/^ */  /'
grep -E "RACECHECK SUMMARY|ERROR SUMMARY" "$logs/sanitizer-racecheck.log" | sort | uniq -c
