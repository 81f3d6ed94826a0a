#!/bin/bash
# On a GPU machine (H100): the agreement suite with every CUDA and OpenCL level against
# serial in both precisions, the distance of the GPUs' final-state checksums from serial's
# after long runs (against the tolerances of tools/bench_verify.sh), and a short make bench
# that must rank the GPU runs (no FAILED). Run from the repository root with the CUnit
# headers and libcunit.a in .cunit/include and .cunit/lib (GPU machines often lack
# libcunit1-dev); logs go to $OUT. About 8 minutes.
set -u -o pipefail
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
out=${OUT:-/tmp/out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for p in single double; do
    make -j16 HAVE_NETCDF=no HAVE_OPENCL=yes PRECISION=$p build/$p/shallows build/$p/shallows-tests \
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
# figures PRECISION N T_END [BACKEND LEVEL]: "steps mass h_l2" of one run.
figures() {
    local device=()
    [ "${4:-}" = opencl ] && device=(--cl-device 1:0)
    build/"$1"/shallows --nx "$2" --ny "$2" --t-end "$3" ${4:+--backend "$4" --level "$5"} \
        "${device[@]}" --benchmark --quiet |
        sed -nE 's/.* steps=([0-9]+) .* mass=([^ ]+) h_l2=([^ ]+).*/\1 \2 \3/p'
}
echo "precision,n,t_end,run,steps,mass_relative,h_l2_relative,verdict"
for p in single double; do
    for case in "1000 20" "4096 1"; do
        read -r n t <<<"$case"
        read -r steps mass norm <<<"$(figures "$p" "$n" "$t")"
        echo "$p,$n,$t,serial,$steps,0,0,reference"
        for run in "cuda 1" "cuda 2" "cuda 3" "cuda 4" "opencl 2" "opencl 3"; do
            read -r backend level <<<"$run"
            read -r s m h <<<"$(figures "$p" "$n" "$t" "$backend" "$level")"
            verdict=$(tools/bench_verify.sh rounding "$p" "$mass" "$norm" "$m" "$h")
            awk -v p="$p" -v n="$n" -v t="$t" -v r="$backend-$level" -v s="$s" -v m0="$mass" \
                -v m="$m" -v h0="$norm" -v h="$h" -v v="$verdict" 'BEGIN {
                dm = (m - m0) / m0; dh = (h - h0) / h0; if (dm < 0) dm = -dm; if (dh < 0) dh = -dh
                printf "%s,%s,%s,%s,%s,%.3g,%.3g,%s\n", p, n, t, r, s, dm, dh, v }'
        done
    done
done | tee "$out/checksums.csv"
BENCH_SIZES="1000 4096" BENCH_SECONDS=1 BENCH_REPEATS=2 SWE_TEST_CL_DEVICE=1:0 \
    make --no-print-directory bench HAVE_NETCDF=no HAVE_OPENCL=yes >"$out/bench.log" 2>&1
echo "make bench: exit $?"
sed -n '/^precision backend/,/^lines of code/p' "$out/bench.log"
cp build/bench/bench.csv "$out/" 2>/dev/null
