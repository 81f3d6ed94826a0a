#!/bin/bash
# On a GPU machine (H100): the agreement suite with every CUDA and OpenCL level against
# serial in both precisions, the distance of the GPUs' final-state checksums from serial's
# after long runs (against the tolerances of tools/bench/bench_verify.sh), and a short make bench
# that must rank the GPU runs (no FAILED; HAVE_FFTW=no keeps the ns application, and so its
# part of make bench, out). Run from the repository root with the CUnit
# headers and libcunit.a in .cunit/include and .cunit/lib (GPU machines often lack
# libcunit1-dev); logs go to $OUT. About 8 minutes.
set -u -o pipefail
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
out=${OUT:-/tmp/out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for p in single double; do
    make -j16 HAVE_NETCDF=no HAVE_OPENCL=yes HAVE_FFTW=no PRECISION=$p build/$p/shallows build/$p/shallows-tests \
        >"$out/build-$p.log" 2>&1 || { echo "build $p failed"; grep -E "error" "$out/build-$p.log" | head; }
done
build/single/shallows --list-backends
for p in single double; do
    SWE_TEST_CL_DEVICE=1:0 timeout 600 build/$p/shallows-tests --program build/$p/shallows \
        --suite agreement >"$out/agreement-$p.log" 2>&1
    echo "agreement $p (OpenCL on 1:0): exit $? $(grep -E '^[a-z]+: [0-9]+ passed' "$out/agreement-$p.log")"
    grep -E "skipped|largest difference|too far|FAILED" "$out/agreement-$p.log" | cut -c1-160 | head -40
done
# Final-state checksums after long runs: serial against every GPU level.
# figures PRECISION N T_END [BACKEND LEVEL]: "steps checksum" of one run.
figures() {
    local device=()
    [ "${4:-}" = opencl ] && device=(--cl-device 1:0)
    build/"$1"/shallows --nx "$2" --ny "$2" --t-end "$3" ${4:+--backend "$4" --level "$5"} \
        "${device[@]}" --benchmark --quiet |
        sed -nE 's/.* steps=([0-9]+) .* (mass=.*)/\1 \2/p' | tr ' ' ',' | sed 's/,/ /'
}
# Relative differences of each figure, as "name=difference".
differences() {
    awk -v a="$1" -v b="$2" 'BEGIN {
        n = split(a, x, ","); split(b, y, ",")
        for (k = 1; k <= n; ++k) {
            split(x[k], e, "="); split(y[k], g, "="); d = (g[2] - e[2]) / e[2]
            printf "%s%s=%.3g", (k > 1 ? " " : ""), e[1], (d < 0 ? -d : d)
        }
    }'
}
echo "precision n t_end run steps relative_differences verdict"
for p in single double; do
    for case in "1000 20" "4096 1"; do
        read -r n t <<<"$case"
        read -r steps reference <<<"$(figures "$p" "$n" "$t")"
        echo "$p $n $t serial $steps $reference"
        for run in "cuda 1" "cuda 2" "cuda 3" "cuda 4" "opencl 2" "opencl 3"; do
            read -r backend level <<<"$run"
            read -r s checksum <<<"$(figures "$p" "$n" "$t" "$backend" "$level")"
            echo "$p $n $t $backend-$level $s $(differences "$reference" "$checksum")" \
                "$(tools/bench/bench_verify.sh rounding "$p" "$reference" "$checksum")"
        done
    done
done | tee "$out/checksums.txt"
BENCH_SIZES="1000 4096" BENCH_SECONDS=1 BENCH_REPEATS=2 SWE_TEST_CL_DEVICE=1:0 \
    make --no-print-directory bench HAVE_NETCDF=no HAVE_OPENCL=yes HAVE_FFTW=no >"$out/bench.log" 2>&1
echo "make bench: exit $?"
sed -n '/^precision backend/,/^lines of code/p' "$out/bench.log"
cp build/bench/bench.csv "$out/" 2>/dev/null
