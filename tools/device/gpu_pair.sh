#!/bin/bash
# On an NVIDIA GPU machine: a change to the GPU kernels against the tree before it, in two steps
# that each fit a device call (a warm machine keeps the builds between them).
#   STEP=check: builds this tree and BASE (a copy of the tree before the change, default .base)
#     in both precisions with CUDA and OpenCL, then runs this tree's agreement suites (CUDA at
#     every level, OpenCL at level 4 on NVIDIA's platform) and its cuda and opencl suites.
#   STEP=time: the copy bandwidth, then CUDA level 4 and OpenCL level 4 at 8192^2 on the flow
#     mostly at rest (radial-dam-break) and the one that moves everywhere
#     (dam-break-in-current), both precisions, BASE and this tree alternately, best of REPEATS
#     (3); printed: the rates, % of copy, new / base, OpenCL / CUDA, and the mass checksums.
# Run from the repository root with the CUnit headers and libcunit.a in .cunit (check step).
set -u -o pipefail
step=${STEP:-check}
base=${BASE:-.base}
repeats=${REPEATS:-3}
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
export CUDA_CACHE_PATH=/tmp/compute-cache CUDA_CACHE_MAXSIZE=1073741824
for tree in . "$base"; do
    for p in single double; do
        log=/tmp/pair-build-$(basename "$tree")-$p.log
        (if ! (cd "$tree" && make -j4 HAVE_NETCDF=no HAVE_OPENCL=yes PRECISION=$p build/$p/shallows \
            build/$p/shallows-tests >"$log" 2>&1); then
            echo "build $tree $p failed"
            grep -m5 -E "error|Error" "$log"
        fi) &
    done
done
wait
cl_device=$(build/single/shallows --list-devices 2>/dev/null | sed -nE 's/^platform ([0-9]+): NVIDIA.*/\1:0/p' | head -1)
echo "OpenCL device of NVIDIA's platform: ${cl_device:-none}"
if [ "$step" = check ]; then
    for p in single double; do
        for backend in cuda opencl; do
            levels=()
            [ $backend = opencl ] && levels=(SWE_TEST_LEVELS=4)
            (env SWE_TEST_BACKENDS=$backend SWE_TEST_CL_DEVICE="$cl_device" "${levels[@]}" \
                timeout 400 build/$p/shallows-tests --program build/$p/shallows --suite agreement \
                >/tmp/pair-agreement-$backend-$p.log 2>&1
            echo "agreement $backend $p: exit $? $(grep -E '^[a-z]+: [0-9]+ passed' /tmp/pair-agreement-$backend-$p.log)" \
                "$(grep -oE "largest difference [0-9.e+-]+" /tmp/pair-agreement-$backend-$p.log | sort -k3 -g | tail -1)"
            grep -E "FAILED|too far|not bit" /tmp/pair-agreement-$backend-$p.log | head -5) &
        done
        for suite in cuda opencl zero-numerator; do
            SWE_TEST_CL_DEVICE="$cl_device" timeout 400 build/$p/shallows-tests --program build/$p/shallows \
                --suite $suite >/tmp/pair-$suite-$p.log 2>&1
            echo "suite $suite $p: exit $? $(grep -E '^[a-z]+: [0-9]+ passed' /tmp/pair-$suite-$p.log)"
            grep -E "FAILED|largest difference" /tmp/pair-$suite-$p.log | head -8
        done &
    done
    wait
    exit 0
fi
copy=$(backends/cuda/bench_bandwidth.sh 2>/dev/null | sed -nE 's/copy_GBps=//p')
echo "copy bandwidth: ${copy:-unknown} GB/s"
field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
rate_of() { # TREE PRECISION SCENARIO BACKEND: "rate mass"
    local line device=()
    [ "$4" = opencl ] && [ -n "$cl_device" ] && device=(--cl-device "$cl_device")
    line=$(cd "$1" && timeout 150 "build/$2/shallows" --scenario "$3" --nx 8192 --ny 8192 --t-end 2 \
        --benchmark --quiet --backend "$4" --level 4 "${device[@]}" | grep summary:)
    echo "$(echo "$line" | field cell_updates_per_s) $(echo "$line" | field mass)"
}
declare -A best
printf "%-6s %-22s %-7s %11s %11s %7s %7s %7s %s\n" prec flow backend base new new/base "%copy" "of CUDA" "mass base / new"
for p in single double; do
    bytes=$([ $p = single ] && echo 28 || echo 56)
    for scenario in radial-dam-break dam-break-in-current; do
        for backend in cuda opencl; do
            b=0 n=0 mb="" mn=""
            for ((k = 0; k < repeats; ++k)); do
                read -r rb mb <<<"$(rate_of "$base" $p $scenario $backend)"
                read -r rn mn <<<"$(rate_of . $p $scenario $backend)"
                b=$(python3 -c "print(max($b, ${rb:-0}))") n=$(python3 -c "print(max($n, ${rn:-0}))")
            done
            best[$backend]=$n
            printf "%-6s %-22s %-7s %11.4g %11.4g %7.3f %7.1f %7s %s\n" $p $scenario $backend "$b" "$n" \
                "$(python3 -c "print($n / $b if $b else 0)")" \
                "$(python3 -c "print(100 * $n * $bytes / (${copy:-0} * 1e9) if '${copy:-}' else 0)")" \
                "$([ $backend = opencl ] && python3 -c "print(f'{100 * $n / ${best[cuda]}:.1f}')")" "$mb / $mn"
        done
    done
done
