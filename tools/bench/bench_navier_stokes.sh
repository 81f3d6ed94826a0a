#!/bin/bash
# make bench, Navier-Stokes part: shallows-ns on the Kelvin-Helmholtz case of Costarelli et al. n.d.
# (fixed dt 1e-4 s) for every backend and level, both precisions, 32^3 and up. Prints a table and
# writes build/bench/navier-stokes.csv: seconds per million cells and step, cell-steps per second,
# CG iterations per step, the step's minimal traffic (docs/RESULTS-navier-stokes.md, "Counting
# bytes") in GB/s and as a share of the copy bandwidth, and the momentum kernel alone (CUDA events
# or the CPU's wall clock, median of 20 launches) with the bytes that Costarelli et al. n.d. count
# (eq. 30), also as a share of the copy bandwidth.
#
# Every run verifies itself: its final state (the summary's u_l2 v_l2 w_l2 p_l2) after the
# reference step count of its size is compared with the first CPU run's (serial, else
# openmp) of the same size and precision: bit for bit for CPU backends, to rounding for the
# GPU (tools/bench/bench_verify.sh); a run that differs is FAILED, not ranked, and fails the bench.
#
# Settings (environment or make variables):
#   NS_BENCH_SIZES          cells per side of the GPU runs (default 32 64 128, with an
#                           NVIDIA GPU 32 64 128 256 512)
#   NS_BENCH_CPU_SIZES      of the openmp runs (default 32 64 128; with a GPU up to 256)
#   NS_BENCH_SERIAL_SIZES   of the serial runs (default 32 64 128)
#   BENCH_PRECISIONS        default "single double"
#   NS_BENCH_BACKENDS       default: every backend built
#   NS_BENCH_LEVELS         levels of backends that have them (default: all)
#   NS_BENCH_SECONDS        least seconds per timed run (default 2)
#   OMP_NUM_THREADS         threads of the openmp backend (default: cores)
#   BENCH_STREAM_MIB        MiB per array of the copy benchmark (default 256)
#   BENCH_QUICK=1           smaller defaults for a run of minutes (tools/bench/bench_quick.sh)
set -u -o pipefail
cd "$(dirname "$0")/../.." || exit 1
. tools/bench/bench_quick.sh

out=build/bench
make_command=${MAKE:-make}
precisions=${BENCH_PRECISIONS:-single double}
target=${NS_BENCH_SECONDS:-2}
have_gpu=no
nvidia-smi -L >/dev/null 2>&1 && have_gpu=yes
if [ $have_gpu = yes ]; then
    gpu_sizes=${NS_BENCH_SIZES:-32 64 128 256 512}
    cpu_sizes=${NS_BENCH_CPU_SIZES:-32 64 128 256}
else
    gpu_sizes=${NS_BENCH_SIZES:-32 64 128}
    cpu_sizes=${NS_BENCH_CPU_SIZES:-32 64 128}
fi
serial_sizes=${NS_BENCH_SERIAL_SIZES:-32 64 128}
threads=${OMP_NUM_THREADS:-$(nproc)}
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive} # tools/bench/bench.sh says why
mkdir -p "$out" || exit 1
rm -f "$out/navier-stokes.png" # a plot from an earlier run must not pass for this one's
log=$out/navier-stokes.log
: >"$log"

for size in $gpu_sizes $cpu_sizes $serial_sizes; do
    [[ $size =~ ^[1-9][0-9]*$ ]] || { echo "bench: sizes must be whole numbers, got '$size'" >&2; exit 2; }
done
for precision in $precisions; do
    echo "bench: building shallows-ns PRECISION=$precision"
    $make_command --no-print-directory PRECISION="$precision" ns >>"$log" 2>&1 ||
        { echo "bench: building failed; see $log" >&2; exit 1; }
done
${CC:-cc} -std=c11 -O3 -march=native -fno-tree-loop-distribute-patterns -fopenmp -Wall -Wextra \
    -D_POSIX_C_SOURCE=200809L -o "$out/stream_copy" tools/bench/stream_copy.c >>"$log" 2>&1 ||
    { echo "bench: building tools/bench/stream_copy.c failed; see $log" >&2; exit 1; }
cpu_bandwidth=$("$out/stream_copy" "${BENCH_STREAM_MIB:-256}" | sed -E 's/^copy_GBps=([0-9.]+).*/\1/')
gpu_bandwidth=""
[ $have_gpu = yes ] && gpu_bandwidth=$(backends/cuda/bench_bandwidth.sh 2>>"$log" | sed -nE 's/.*copy_GBps=([0-9.]+).*/\1/p')

# The step count whose final state every backend of a size is checked at.
reference_steps() { echo $(($1 <= 32 ? 40 : $1 <= 64 ? 20 : $1 <= 128 ? 8 : $1 <= 256 ? 3 : 2)); }

# One run: prints its summary and figure lines, or its error and fails.
run_ns() { # program size steps backend level profile
    local program=$1 size=$2 steps=$3 backend=$4 level=$5 profile=$6 options=()
    [ "$level" -gt 0 ] && options+=(--level "$level")
    [ "$backend" = openmp ] && options+=(--threads "$threads")
    [ "$profile" = yes ] && options+=(--profile)
    "$program" --case kelvin-helmholtz --resolution "$size" --dt 1e-4 --steps "$steps" \
        --benchmark --quiet --backend "$backend" "${options[@]}" 2>&1 | tee -a "$log" |
        grep -E '^(summary|navier-stokes|momentum_kernel|shallows-ns):'
}
field() { sed -nE "s/.*[ :]$1=([^ ]+).*/\1/p" | head -n 1; }
checksum_of() { grep '^summary:' | sed -E 's/.* (u_l2=.*)$/\1/'; }

# Grows the step count from the reference until a run takes the target seconds; prints
# "steps seconds s_per_mcell_step cell_steps_per_s cg_iterations step_GBps checksum".
measure() { # program size backend level
    local steps result seconds attempt
    steps=$(reference_steps "$2")
    for ((attempt = 1; attempt <= 10; ++attempt)); do
        result=$(run_ns "$1" "$2" "$steps" "$3" "$4" no) || { echo "$result" | tail -n 1; return 1; }
        grep -q '^summary:' <<<"$result" || { echo "$result" | tail -n 1; return 1; }
        seconds=$(field seconds <<<"$result")
        awk -v s="$seconds" -v t="$target" 'BEGIN { exit !(s >= 0.9 * t) }' && break
        steps=$(awk -v s="$seconds" -v t="$target" -v n="$steps" 'BEGIN {
            f = 1.2 * t / (s > 0.001 ? s : 0.001); f = f < 2 ? 2 : (f > 50 ? 50 : f)
            printf "%d", n * f }')
    done
    echo "$steps $seconds $(field s_per_mcell_step <<<"$result") $(field cell_updates_per_s <<<"$result")" \
        "$(field cg_iterations_per_step <<<"$result") $(field step_GBps <<<"$result")" \
        "$(checksum_of <<<"$result" | tr ' ' ',')"
}

# The momentum kernel alone: "s_per_mcell GBps copy_GBps_in_run" (2 profiled steps).
kernel() { # program size backend level
    local result
    result=$(run_ns "$1" "$2" 2 "$3" "$4" yes) || return 1
    echo "$(field s_per_mcell <<<"$result") $(field GBps <<<"$(grep '^momentum_kernel' <<<"$result")")" \
        "$(field copy_GBps <<<"$result")"
}

declare -A reference=() cannot_run=()
csv=$out/navier-stokes.csv
echo "precision,n,backend,level,threads,steps,seconds,s_per_mcell_step,cell_steps_per_s,cg_iterations,step_GBps,bandwidth_GBps,step_percent,momentum_s_per_mcell,momentum_GBps,momentum_percent,copy_GBps_in_run,verified" >"$csv"
failures=""
in_list() { [[ " $2 " == *" $1 "* ]]; }
for precision in $precisions; do
    program=build/$precision/shallows-ns
    runs=$("$program" --list-backends | awk -v wanted="${NS_BENCH_BACKENDS:-}" \
        -v levels="${NS_BENCH_LEVELS:-}" '{
        sub("levels=", "", $2); sub("agrees=", "", $3)
        if (wanted != "" && index(" " wanted " ", " " $1 " ") == 0) next
        for (level = ($2 > 0 ? 1 : 0); level <= $2; ++level)
            if (level == 0 || levels == "" || index(" " levels " ", " " level " ") > 0) print $1, level, $3 }')
    for size in $(echo $gpu_sizes $cpu_sizes $serial_sizes | tr ' ' '\n' | sort -n -u); do
        while read -r backend level agrees; do
            case $backend in
            serial) in_list "$size" "$serial_sizes" || continue; bandwidth=$cpu_bandwidth ;;
            openmp) in_list "$size" "$cpu_sizes" || continue; bandwidth=$cpu_bandwidth ;;
            *) in_list "$size" "$gpu_sizes" || continue; bandwidth=${gpu_bandwidth:-$cpu_bandwidth} ;;
            esac
            [ -n "${cannot_run[$backend]:-}" ] && continue
            label="$precision $backend$([ "$level" -gt 0 ] && echo " level $level") ${size}^3"
            echo "bench: $label" >&2
            if ! timing=$(measure "$program" "$size" "$backend" "$level"); then
                echo "bench: $label cannot run here, $backend skipped: $timing" >&2
                cannot_run[$backend]=1
                continue
            fi
            read -r steps seconds per_cell rate iterations step_gbps checksum <<<"$timing"
            key="$precision $size"
            reference_count=$(reference_steps "$size")
            if [ "$steps" != "$reference_count" ]; then
                checksum=$(run_ns "$program" "$size" "$reference_count" "$backend" "$level" no | checksum_of | tr ' ' ',')
            fi
            if [ -z "${reference[$key]:-}" ] && [ "$agrees" = bit-for-bit ]; then
                reference[$key]=$checksum
                verdict=reference
            elif [ -z "${reference[$key]:-}" ]; then
                verdict=unverified
            else
                verdict=$(tools/bench/bench_verify.sh "$agrees" "$precision" "${reference[$key]}" "$checksum")
            fi
            if [[ $verdict == FAILED* ]]; then
                failures="$failures\n  $label: ${verdict#FAILED: }"
                verdict=FAILED
            fi
            read -r kernel_s kernel_gbps copy_gbps <<<"$(kernel "$program" "$size" "$backend" "$level")"
            awk -v OFS=, -v p="$precision" -v n="$size" -v b="$backend" -v l="$level" \
                -v th="$([ "$backend" = openmp ] && echo "$threads" || echo 1)" -v st="$steps" \
                -v se="$seconds" -v pc="$per_cell" -v r="$rate" -v it="$iterations" \
                -v sg="$step_gbps" -v bw="$bandwidth" -v ks="${kernel_s:-}" -v kg="${kernel_gbps:-}" \
                -v cg="${copy_gbps:-}" -v v="$verdict" 'BEGIN {
                print p, n, b, l, th, st, se, pc, r, it, sg, bw, sprintf("%.1f", 100 * sg / bw),
                      ks, kg, (kg == "" ? "" : sprintf("%.1f", 100 * kg / bw)), cg, v }' >>"$csv"
        done <<<"$runs"
    done
done

echo
echo "shallows bench, Navier-Stokes: Kelvin-Helmholtz, dt 1e-4 s, $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -n)"
echo "CPU: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo), $(nproc) cores, openmp" \
    "threads $threads, copy $cpu_bandwidth GB/s${gpu_bandwidth:+; GPU copy $gpu_bandwidth GB/s}; load" \
    "$(cut -d' ' -f1-3 /proc/loadavg)"
echo
awk -F, 'NR == 1 { printf "%-6s %5s %-8s %3s %7s %11s %10s %6s %8s %6s %12s %8s %6s %s\n", "prec",
        "n^3", "backend", "lvl", "steps", "s/Mcell/st", "cells/s", "CG it", "step GB/s", "%copy",
        "momentum s/Mc", "GB/s", "%copy", "checksum"; next }
    { printf "%-6s %5s %-8s %3s %7s %11.4e %10.3e %6s %8s %6s %12s %8s %6s %s\n", $1, $2, $3,
        ($4 == 0 ? "-" : $4), $6, $8, $9, $10, $11, $13, $14, $15, $16, $18 }' "$csv"
echo
echo "step GB/s: the step's minimal traffic (34 + 13 per CG iteration reals and 4 + it mask bytes"
echo "per cell) over its time; momentum: the kernel alone, 6 reals per cell (Costarelli et al. n.d.,"
echo "eq. 30); %copy"
echo "against the copy bandwidth above (the GPU's for cuda). checksum: the final state against the"
echo "first CPU run of the size at the same step count (bit for bit on CPUs, to rounding on GPUs)."
tools/bench/bench_stamp.sh "$csv" "$BENCH_STARTED" || exit 1
if tools/bench/bench_plot.sh "$csv" "$out/navier-stokes.png" "$(uname -n)" 2>>"$log"; then
    echo "bench: wrote $csv, $out/navier-stokes.png and $log"
else
    echo "bench: wrote $csv and $log; no plot: $(tail -n 1 "$log")"
fi
if [ -n "$failures" ]; then
    echo -e "FAILED, not ranked (the final state is not serial's):$failures"
    exit 1
fi
