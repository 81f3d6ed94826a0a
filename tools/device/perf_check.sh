#!/bin/bash
# Issue 18 on an H100 in one device call of under 8 minutes: builds both
# precisions (-arch=sm_90, backends/cuda/model.mk) and the round's fp32
# trial (64-row strips); runs the agreement suite against serial (CUDA at
# every level, OpenCL at level 4 with the default math and with each
# candidate of --cl-math, backends/opencl/cl_math.h); measures the copy
# bandwidth and times CUDA level 4 and OpenCL level 4 at 8192^2 on a flow
# mostly at rest (radial-dam-break) and one that moves everywhere
# (dam-break-in-current), best of 3, in both precisions, each as a % of the
# copy bandwidth, the trial and the math candidates too; profiles one fused
# launch per precision with Nsight Compute, digested per cell
# (tools/device/ncu_digest.py); times serial and OpenMP (1 and 16 threads)
# on the host CPU at 2000^2. Every step reports its own failure and the
# script goes on; steps that would overrun PERF_BUDGET seconds (default 440)
# are skipped and say so.
#
# Run from the repository root with the CUnit headers and libcunit.a in
# .cunit/include and .cunit/lib; results go to $OUT (at most 8 files):
#   summary.txt     every step's result and the timing table (also on stdout)
#   agreement.txt   the agreement suites' verdicts and largest differences
#   ncu-single.txt, ncu-double.txt  the digested Nsight Compute launches
#   sass.txt        the instruction mix of the fused kernel's loop
#   build.txt       the end of a failed build's log (only then)
set -u -o pipefail
cd "$(dirname "$0")/../.." || exit 1
out=${OUT:-/tmp/perf_check}
work=$(mktemp -d /tmp/perf_check.XXXXXX)
mkdir -p "$out" || exit 1
: >"$out/summary.txt"
start=$SECONDS
budget=${PERF_BUDGET:-440}
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd

say() { echo "$*" | tee -a "$out/summary.txt"; }
left() { echo $((budget - (SECONDS - start))); }
# enough SECONDS WHAT: whether SECONDS are left for WHAT; says so when not.
enough() {
    [ "$(left)" -ge "$1" ] && return 0
    say "SKIPPED (time): $2 needs ${1}s, $(left)s left"
    return 1
}

# The OpenCL math options to try besides the default (single precision unless
# the name ends in -double); the agreement suite runs once for each.
# (Round 1 also tried -cl-denorms-are-zero and -cl-mad-enable alone: both
# agree at level 1, 1.9e-44 and 0, and neither is timed.)
math_names=(contract relaxed relaxed-contract fast contract-double)
math_options=(
    "-cl-fp32-correctly-rounded-divide-sqrt -DSWE_CL_CONTRACT"
    ""
    "-DSWE_CL_CONTRACT"
    "-cl-fast-relaxed-math"
    "-DSWE_CL_CONTRACT"
)

say "perf_check $(git log -1 --format='%h %s' 2>/dev/null | cut -c1-70)"
say "$(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader 2>&1)"
say "host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2) ($(nproc) cores)"

# 1. Build both precisions at once.
for p in single double; do
    (make -j8 HAVE_NETCDF=no HAVE_OPENCL=yes PRECISION=$p build/$p/shallows \
        build/$p/shallows-tests >"$work/build-$p.log" 2>&1
    echo $? >"$work/build-$p.rc") &
done
# The round's fp32 change on trial: 64-row strips instead of 32 (docs/RESULTS-cuda.md,
# issue 18 round 2), a build of its own.
rows=${PERF_ROWS:-64}
(make -j8 HAVE_NETCDF=no HAVE_OPENCL=no PRECISION=single BUILD=build/single-rows$rows \
    CUDA_EXTRA=-DSWE_CUDA_FUSED_ROWS=$rows build/single-rows$rows/shallows \
    >"$work/build-rows.log" 2>&1
echo $? >"$work/build-rows.rc") &
wait
built=()
for p in single double; do
    if [ "$(cat "$work/build-$p.rc")" = 0 ]; then
        built+=("$p")
    else
        say "FAILED: build $p (end of its log in build.txt)"
        tail -30 "$work/build-$p.log" >>"$out/build.txt"
    fi
done
say "built: ${built[*]:-nothing} ($((SECONDS - start))s)"
[ ${#built[@]} -gt 0 ] || exit 1
first=${built[0]}
has() { [[ " ${built[*]} " == *" $1 "* ]]; }
cl_device=$(build/$first/shallows --list-devices 2>/dev/null |
    sed -nE 's/^platform ([0-9]+): NVIDIA.*/\1:0/p' | head -1)
cl_args=()
[ -n "$cl_device" ] && cl_args=(--cl-device "$cl_device")
say "OpenCL device of NVIDIA's platform: ${cl_device:-none found, the default device}" \
    "($(build/$first/shallows --list-devices 2>&1 | grep -c '^platform') platforms)"

# 2. A first check: level 4 of both GPU backends against serial on small grids
# (checksums, tools/bench/bench_verify.sh), and the CPU suites of the numerics.
for p in "${built[@]}"; do
    for suite in zero-numerator riemann; do
        build/$p/shallows-tests --program build/$p/shallows --suite $suite >"$work/$suite-$p.log" 2>&1
        say "suite $suite $p: exit $? $(grep -E '^[a-z]+: [0-9]+ passed' "$work/$suite-$p.log")"
    done
done
# 3. The agreement suites in parallel, before the timings (small grids; the GPU
# is shared, nothing is timed meanwhile): CUDA at every level, OpenCL at the
# level that is timed (4), once with the default math and once per candidate.
# Each OpenCL start builds its program: NVIDIA's compute cache, in a folder of
# this run, makes the repeated builds of the same options cheap.
# agreement NAME PRECISION BACKENDS [MATH]: one agreement suite in the background.
agreement() {
    local math=()
    [ $# -ge 4 ] && math=(SWE_TEST_CL_MATH="$4")
    local levels=()
    [ "$3" = opencl ] && levels=(SWE_TEST_LEVELS=4)
    (env SWE_TEST_BACKENDS="$3" ${cl_device:+SWE_TEST_CL_DEVICE="$cl_device"} SWE_TEST_QUICK=1 \
        "${levels[@]}" "${math[@]}" CUDA_CACHE_PATH="$work/compute-cache" \
        CUDA_CACHE_MAXSIZE=1073741824 \
        timeout "$suite_seconds" build/$2/shallows-tests --program build/$2/shallows --suite agreement \
        >"$work/agreement-$1.log" 2>&1
    echo $? >"$work/agreement-$1.rc") &
}
# The suites take what is left but 200 s (the GPU timings and the Nsight
# Compute launches after them), at most 200 s; a suite cut short still
# shows which tests passed.
suite_seconds=$(($(left) - 200))
[ "$suite_seconds" -gt 200 ] && suite_seconds=200
if enough 260 "the agreement suites"; then
    for p in "${built[@]}"; do
        agreement "cuda-$p" "$p" cuda
        agreement "opencl-$p" "$p" opencl
    done
    for k in "${!math_names[@]}"; do
        p=single
        [[ ${math_names[$k]} == *-double ]] && p=double
        has $p && agreement "math-${math_names[$k]}" $p opencl "${math_options[$k]}"
    done
    wait
    for log in "$work"/agreement-*.log; do
        name=$(basename "$log" .log)
        {
            echo "== $name: exit $(cat "${log%.log}.rc") $(grep -E '^[a-z]+: [0-9]+ passed' "$log")"
            grep -E "skipped|largest difference|too far|not bit|FAILED" "$log" | cut -c1-300 | head -60
        } >>"$out/agreement.txt"
        say "$name: exit $(cat "${log%.log}.rc") $(grep -E '^[a-z]+: [0-9]+ passed' "$log")" \
            "$(grep -oE "largest difference [0-9.e+-]+" "$log" | sort -k3 -g | tail -1)"
    done
fi

# 4. Copy bandwidth, then the GPU timings alone on the machine.
copy=$(backends/cuda/bench_bandwidth.sh 2>"$work/copy.err" | sed -nE 's/copy_GBps=//p')
say "copy bandwidth: ${copy:-FAILED ($(head -c 200 "$work/copy.err"))} GB/s"
# run PRECISION SCENARIO N T_END ARGS...: "steps seconds rate mass=.. h_l2=.. momentum_l2=.."
run() {
    local p=$1 scenario=$2 n=$3 t=$4
    shift 4
    timeout 150 build/$p/shallows --scenario "$scenario" --nx "$n" --ny "$n" --t-end "$t" \
        --benchmark --quiet "$@" 2>>"$work/runs.err" |
        sed -nE 's/.* steps=([0-9]+) seconds=([0-9.]+) cell_updates_per_s=([0-9.e+]+) (mass=.*)/\1 \2 \3 \4/p'
}
# best REPEATS PRECISION SCENARIO N T_END ARGS...: the fastest of REPEATS runs.
best() {
    local repeats=$1 k line fastest=""
    shift
    for ((k = 0; k < repeats; ++k)); do
        line=$(run "$@")
        [ -n "$line" ] || continue
        if [ -z "$fastest" ] || awk -v a="${line#* * }" -v b="${fastest#* * }" \
            'BEGIN { exit !(a + 0 > b + 0) }'; then
            fastest=$line
        fi
    done
    echo "$fastest"
}
table() { # WHAT PRECISION SCENARIO RESULT BYTES_PER_CELL
    local rate pct
    rate=$(echo "$4" | awk '{print $3}')
    pct=$(awk -v r="${rate:-0}" -v b="$5" -v c="${copy:-0}" \
        'BEGIN { if (c > 0 && r > 0) printf "%.1f", 100 * r * b / (c * 1e9); else print "-" }')
    say "$(printf '%-28s %-6s %-21s %s %% of copy: %s' "$1" "$2" "$3" "${4:-FAILED}" "$pct")"
}
for p in "${built[@]}"; do
    for scenario in radial-dam-break dam-break-in-current; do
        reference=$(run $p $scenario 200 5 --backend serial)
        for gpu in cuda opencl; do
            args=(--backend "$gpu" --level 4)
            [ $gpu = opencl ] && args+=("${cl_args[@]}")
            line=$(run $p $scenario 200 5 "${args[@]}")
            say "check $gpu 4 $p $scenario 200^2 against serial: $(tools/bench/bench_verify.sh \
                rounding $p "${reference#* * * }" "${line#* * * }" 2>&1 | tr '\n' ' ')"
        done
    done
done
declare -A results
say "timings at 8192^2, t-end 2 (what precision scenario steps seconds cell_updates_per_s checksum)"
for p in "${built[@]}"; do
    bytes=$([ $p = single ] && echo 28 || echo 56)
    for scenario in radial-dam-break dam-break-in-current; do
        enough 40 "cuda level 4 $p $scenario" || continue
        results[cuda-$p-$scenario]=$(best 3 $p $scenario 8192 2 --backend cuda --level 4)
        table "cuda level 4" $p $scenario "${results[cuda-$p-$scenario]}" $bytes
        enough 40 "opencl level 4 $p $scenario" || continue
        results[opencl-$p-$scenario]=$(best 3 $p $scenario 8192 2 --backend opencl --level 4 \
            "${cl_args[@]}")
        table "opencl level 4" $p $scenario "${results[opencl-$p-$scenario]}" $bytes
    done
done
if [ "$(cat "$work/build-rows.rc")" = 0 ]; then
    for scenario in radial-dam-break dam-break-in-current; do
        enough 25 "cuda level 4 single $rows-row strips $scenario" || continue
        table "cuda level 4, $rows-row strips" single $scenario \
            "$(best 3 single-rows$rows $scenario 8192 2 --backend cuda --level 4)" 28
    done
else
    say "FAILED: build with $rows-row strips ($(tail -3 "$work/build-rows.log" | tr '\n' ' ' | cut -c1-200))"
fi
# The math candidates once each on the flow at rest (their agreement is below).
for k in "${!math_names[@]}"; do
    p=single
    [[ ${math_names[$k]} == *-double ]] && p=double
    has $p || continue
    enough 25 "opencl math ${math_names[$k]}" || continue
    table "opencl 4 math ${math_names[$k]}" $p radial-dam-break \
        "$(best 1 $p radial-dam-break 8192 2 --backend opencl --level 4 "${cl_args[@]}" \
            --cl-math "${math_options[$k]}")" "$([ $p = single ] && echo 28 || echo 56)"
done
# CUDA against OpenCL on the same run: relative differences of the checksum.
for key in "${!results[@]}"; do
    [[ $key == cuda-* ]] || continue
    other=${results[opencl-${key#cuda-}]:-}
    [ -n "$other" ] && [ -n "${results[$key]}" ] || continue
    say "checksum cuda vs opencl ${key#cuda-}: $(awk -v a="${results[$key]}" -v b="$other" 'BEGIN {
        n = split(a, x, " "); split(b, y, " ")
        for (k = 4; k <= n; ++k) { split(x[k], e, "="); split(y[k], g, "=")
            d = (g[2] - e[2]) / e[2]; printf "%s=%.2g ", e[1], (d < 0 ? -d : d) } }')"
done

# 5. Nsight Compute: one fused launch per precision on the flow at rest, and
# the double-precision one on the moving flow when time allows.
for p in "${built[@]}"; do
    for scenario in radial-dam-break dam-break-in-current; do
        [ $scenario = radial-dam-break ] || [ $p = double ] || continue
        file=$out/ncu-$p.txt
        # the moving flow's launch only with room left for the host timings
        need=$([ $scenario = radial-dam-break ] && echo 40 || echo 80)
        enough "$need" "ncu $p $scenario" || continue
        report=$work/ncu-$p-$scenario
        # One snapshot: the launches of a graph (48 steps) past a snapshot's
        # time return at once, and with the default 10 snapshots of 0.15 s
        # the 11th launch was one of those (round 1: 13 us, 31 kB read).
        timeout 150 ncu --clock-control none --set full --metrics sm__inst_executed_pipe_fp64.sum \
            -k regex:fused_step --launch-skip 10 \
            --launch-count 1 -f -o "$report" build/$p/shallows --backend cuda --level 4 \
            --scenario $scenario --nx 8192 --ny 8192 --t-end 0.3 --outputs 1 --benchmark --quiet \
            >"$work/ncu-$p-$scenario.log" 2>&1
        status=$?
        {
            echo "== $p $scenario (ncu exit $status)"
            { ncu --import "$report.ncu-rep" --csv --page raw --print-units base >"$report.csv" ||
                ncu --import "$report.ncu-rep" --csv --page raw >"$report.csv"; } \
                2>>"$work/ncu-$p-$scenario.log" &&
                python3 tools/device/ncu_digest.py "$report.csv" 67108864
        } >>"$file" 2>&1
        say "ncu $p $scenario: exit $status; $(grep -E '^(per cell|NOT A STEP)' "$file" | tail -1)"
        [ $status = 0 ] || tail -5 "$work/ncu-$p-$scenario.log" >>"$file"
    done
done

# 6. The instruction mix of the fused f-wave kernel's loop, as built here.
for p in "${built[@]}"; do
    object=build/$p/obj/solutions/cuda/cartesian/level4_fused.o
    kernel=$(cuobjdump -sass "$object" 2>/dev/null | sed -nE 's/.*Function : (.*ILi0E.*)/\1/p' | head -1)
    {
        echo "== $p $kernel"
        cuobjdump -sass -fun "$kernel" "$object" >"$work/sass-$p.txt" 2>&1 &&
            python3 tools/bench/sass_loop_mix.py "$work/sass-$p.txt" --per 30
    } >>"$out/sass.txt" 2>&1
done

# 7. The host CPU: serial and OpenMP at 2000^2, best of 3.
say "host timings at 2000^2, t-end 0.4 (what precision scenario steps seconds cell_updates_per_s checksum)"
for p in "${built[@]}"; do
    for what in "serial" "openmp 1" "openmp 16"; do
        enough 30 "$what $p" || continue
        read -r backend threads <<<"$what"
        line=$(OMP_NUM_THREADS=${threads:-1} OMP_PROC_BIND=close OMP_PLACES=cores \
            best 3 $p radial-dam-break 2000 0.4 --backend $backend)
        say "$(printf '%-28s %-6s %-21s %s' "$what" $p radial-dam-break "${line:-FAILED}")"
    done
done
[ -s "$work/runs.err" ] && say "run errors: $(sort -u "$work/runs.err" | head -5 | tr '\n' ' ')"
say "done in $((SECONDS - start))s"
rm -rf "$work"
