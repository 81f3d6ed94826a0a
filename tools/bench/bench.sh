#!/bin/bash
# make bench: every backend built into shallows, at each of its levels, on the
# radial dam break at several sizes and in both precisions. Prints a table and
# writes build/bench/bench.csv and build/bench/bench.png (tools/bench/bench_plot.sh).
#
# Backends and levels come from `shallows --list-backends` ("name levels=N
# description"): levels 1..N, or one run when N is 0. A backend that cannot run
# here (no device) is reported and skipped. Every run is a `--benchmark` run
# whose --t-end is grown until it takes BENCH_SECONDS; it is then repeated and
# the fastest repetition counts (the step count is the same in each).
#
# Bandwidth: tools/bench/stream_copy.c measures the CPU's copy bandwidth in the same
# run (OMP_NUM_THREADS threads). A backend with memory of its own provides
# backends/<name>/bench_bandwidth.sh, an executable that prints
# "copy_GBps=<GB/s>" for its device; its runs are compared against that.
# tools/bench/parallel_capacity.c says, before and after the runs, how many cores'
# worth the threads got, since other programs skew every parallel speed-up.
#
# Settings (environment or make variables):
#   BENCH_SIZES       cells per side (default 500 1000 2000; with an NVIDIA GPU
#                     also 4096 8192), sizes that do not fit in memory are skipped
#   BENCH_PRECISIONS  default "single double"
#   BENCH_BACKENDS    default: every backend built
#   BENCH_SECONDS     least seconds per run (default 2)
#   BENCH_REPEATS     repetitions per configuration, the best counts (default 3)
#   BENCH_STREAM_MIB  MiB per array of the copy benchmark (default 256)
#   OMP_NUM_THREADS   threads of the OpenMP backend and the copy (default: cores)
#   OMP_WAIT_POLICY   default passive here (see below)
#   BENCH_QUICK=1     smaller defaults for a run of minutes (tools/bench/bench_quick.sh)
set -u -o pipefail
cd "$(dirname "$0")/../.." || exit 1
. tools/bench/bench_quick.sh

out=build/bench
make_command=${MAKE:-make}
precisions=${BENCH_PRECISIONS:-single double}
target_seconds=${BENCH_SECONDS:-2}
repeats=${BENCH_REPEATS:-3}
stream_mib=${BENCH_STREAM_MIB:-256}
if [ -n "${BENCH_SIZES:-}" ]; then
    sizes=$BENCH_SIZES
elif nvidia-smi -L >/dev/null 2>&1; then
    sizes="500 1000 2000 4096 8192"
else
    sizes="500 1000 2000"
fi

fail_usage() {
    echo "bench: $1" >&2
    exit 2
}

is_count() {
    [[ $1 =~ ^[1-9][0-9]*$ ]]
}

for size in $sizes; do
    is_count "$size" || fail_usage "BENCH_SIZES must be whole numbers of cells per side, got '$size'"
done
for precision in $precisions; do
    [[ $precision == single || $precision == double ]] ||
        fail_usage "BENCH_PRECISIONS may hold only single and double, got '$precision'"
done
is_count "$repeats" || fail_usage "BENCH_REPEATS must be a whole number >= 1, got '$repeats'"
is_count "$stream_mib" || fail_usage "BENCH_STREAM_MIB must be a whole number >= 1, got '$stream_mib'"
if ! [[ $target_seconds =~ ^[0-9]+([.][0-9]+)?$ ]] ||
    ! awk -v s="$target_seconds" 'BEGIN { exit !(s > 0) }'; then
    fail_usage "BENCH_SECONDS must be a positive number, got '$target_seconds'"
fi

mkdir -p "$out" || exit 1
rm -f "$out/bench.png" # a plot from an earlier run must not pass for this one's
log=$out/bench.log
: >"$log"

# Builds both precisions (make variables such as HAVE_NETCDF=no pass through
# MAKEFLAGS) and the copy benchmark.
for precision in $precisions; do
    echo "bench: building PRECISION=$precision"
    if ! $make_command --no-print-directory PRECISION="$precision" all >>"$log" 2>&1; then
        echo "bench: building PRECISION=$precision failed; see $log" >&2
        exit 1
    fi
done
if ! ${CC:-cc} -std=c11 -O3 -march=native -fno-tree-loop-distribute-patterns -fopenmp -Wall \
    -Wextra -D_POSIX_C_SOURCE=200809L -o "$out/stream_copy" tools/bench/stream_copy.c >>"$log" 2>&1 ||
    ! ${CC:-cc} -std=c11 -O2 -fopenmp -Wall -Wextra -o "$out/parallel_capacity" \
        tools/bench/parallel_capacity.c -lm >>"$log" 2>&1; then
    echo "bench: building the tools in tools/ failed (they need OpenMP); see $log" >&2
    exit 1
fi

threads=${OMP_NUM_THREADS:-$(nproc)}
# Threads that wait at a barrier sleep instead of spinning: on a machine that
# other programs share, a spinning thread burns the time slice that the one
# it waits for needs (3x slower OpenMP steps at 500^2 measured under load);
# alone on a machine it costs microseconds per step.
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
echo "bench: copy bandwidth, $threads threads, 2 x $stream_mib MiB"
stream_line=$("$out/stream_copy" "$stream_mib") || {
    echo "bench: the copy benchmark failed: $stream_line" >&2
    exit 1
}
cpu_bandwidth=$(sed -E 's/^copy_GBps=([0-9.]+).*/\1/' <<<"$stream_line")

# How many cores the threads get now: parallel speed-ups mean little on a
# machine that other programs keep busy, so the table says what they had.
capacity() {
    "$out/parallel_capacity" | sed -E 's/^parallel_capacity=([0-9.]+).*/\1/'
}
capacity_before=$(capacity)

# Device bandwidth of a backend, or the CPU's.
bandwidth_of() {
    local script=backends/$1/bench_bandwidth.sh line
    if [ -x "$script" ]; then
        if line=$("$script" 2>>"$log") && [[ $line =~ copy_GBps=([0-9.]+) ]]; then
            echo "${BASH_REMATCH[1]}"
            return
        fi
        echo "bench: $script did not print copy_GBps=...; comparing $1 with the CPU" >&2
    fi
    echo "$cpu_bandwidth"
}

# Bytes of one array at a size, and whether 4 state arrays and 2 copies of
# them fit in half of the memory available now.
fits_in_memory() {
    local size=$1 bytes_per_value=$2 available
    available=$(awk '/^MemAvailable:/ { print $2 * 1024 }' /proc/meminfo 2>/dev/null)
    [ -z "$available" ] && return 0
    awk -v n="$size" -v b="$bytes_per_value" -v a="$available" \
        'BEGIN { exit !((n + 2) * (n + 2) * b * 12 < a / 2) }'
}

# One run: prints "steps seconds rate checksum", the last the checksum of the
# final state as "mass=M,h_l2=N,momentum_l2=P", or the error line and fails.
run_once() {
    local program=$1 backend=$2 level=$3 size=$4 t_end=$5 output
    local level_option=()
    [ "$level" -gt 0 ] && level_option=(--level "$level")
    if ! output=$("$program" --backend "$backend" "${level_option[@]}" --scenario radial-dam-break \
        --nx "$size" --ny "$size" --t-end "$t_end" --benchmark --quiet 2>&1); then
        echo "$output" | tail -n 1
        return 1
    fi
    echo "$output" >>"$log"
    awk '/^summary:/ {
        for (f = 1; f <= NF; ++f) { split($f, kv, "="); value[kv[1]] = kv[2] }
        if (value["mass"] == "" || value["h_l2"] == "" || value["momentum_l2"] == "") {
            print "the summary line carries no checksum (mass=, h_l2=, momentum_l2=)"; exit 1 }
        print value["steps"], value["seconds"], value["cell_updates_per_s"],
              "mass=" value["mass"] ",h_l2=" value["h_l2"] ",momentum_l2=" value["momentum_l2"]
    }' <<<"$output"
}

# Grows --t-end until a run takes target_seconds, repeats it, and prints
# "t_end steps seconds rate checksum same" of the fastest run; same is yes
# when every repetition ended in the same state (same checksum), as it must
# (a backend whose repetitions differ has a race).
measure() {
    local program=$1 backend=$2 level=$3 size=$4
    local t_end result steps seconds rate checksum attempt same=yes first
    t_end=$(awk -v n="$size" 'BEGIN { printf "%.6g", 100.0 / n }')
    for ((attempt = 1; attempt <= 8; ++attempt)); do
        result=$(run_once "$program" "$backend" "$level" "$size" "$t_end") || {
            echo "$result"
            return 1
        }
        read -r steps seconds rate checksum <<<"$result"
        if awk -v s="$seconds" -v t="$target_seconds" 'BEGIN { exit !(s >= 0.9 * t) }'; then
            break
        fi
        t_end=$(awk -v s="$seconds" -v t="$target_seconds" -v e="$t_end" 'BEGIN {
            f = 1.2 * t / (s > 0.001 ? s : 0.001); f = f < 2 ? 2 : (f > 1000 ? 1000 : f)
            printf "%.6g", e * f }')
    done
    local best_rate=$rate best="$steps $seconds $rate" r
    first=$checksum
    for ((r = 1; r < repeats; ++r)); do
        result=$(run_once "$program" "$backend" "$level" "$size" "$t_end") || {
            echo "$result"
            return 1
        }
        read -r steps seconds rate checksum <<<"$result"
        [ "$checksum" = "$first" ] || same=no
        if awk -v a="$rate" -v b="$best_rate" 'BEGIN { exit !(a > b) }'; then
            best_rate=$rate
            best="$steps $seconds $rate"
        fi
    done
    echo "$t_end $best $first $same"
}

# Serial's run at each precision and size: "t_end checksum", the reference
# every other backend's final state is checked against (set by the loop).
declare -A reference=()

# Whether a measured run computed what serial computes: prints "ok", or
# "FAILED: why", or "reference" for serial itself. Where the backend was
# timed at another end time than serial, it runs once more at serial's.
verify() {
    local program=$1 backend=$2 level=$3 size=$4 agrees=$5 t_end=$6 checksum=$7 same=$8
    local key="$precision $size" result reference_t_end reference_checksum
    if [ "$same" != yes ]; then
        echo "FAILED: its repetitions ended in different states (a race?)"
        return
    fi
    if [ "$backend" = serial ]; then
        echo reference
        return
    fi
    if [ -z "${reference[$key]:-}" ]; then
        echo "unverified: no serial run at this size"
        return
    fi
    read -r reference_t_end reference_checksum <<<"${reference[$key]}"
    if [ "$t_end" != "$reference_t_end" ]; then
        if ! result=$(run_once "$program" "$backend" "$level" "$size" "$reference_t_end"); then
            echo "FAILED: at serial's --t-end $reference_t_end: $result"
            return
        fi
        read -r _ _ _ checksum <<<"$result"
    fi
    tools/bench/bench_verify.sh "$agrees" "$precision" "$reference_checksum" "$checksum"
}

csv=$out/bench.csv
rows=$out/bench.rows
: >"$rows"
skipped=""
declare -A bandwidth_for=() cannot_run=()
failures=""
for precision in $precisions; do
    program=$($make_command -s --no-print-directory PRECISION="$precision" print-program)
    bytes_per_cell=28
    bytes_per_value=4
    if [ "$precision" = double ]; then
        bytes_per_cell=56
        bytes_per_value=8
    fi
    # "backend level agrees" triples, serial first so that every other run
    # has its speed-up and its reference; levels 1..N, or 0 for a backend
    # without levels; agrees: bit-for-bit or rounding (tools/bench/bench_verify.sh).
    runs=$("$program" --list-backends | awk -v wanted="${BENCH_BACKENDS:-}" '{
        sub("levels=", "", $2)
        sub("agrees=", "", $3)
        if (wanted != "" && $1 != "serial" && index(" " wanted " ", " " $1 " ") == 0) next
        for (level = ($2 > 0 ? 1 : 0); level <= $2; ++level) {
            if ($1 == "serial") print $1, level, $3; else rest = rest $1 " " level " " $3 "\n"
        }
    } END { printf "%s", rest }')
    for size in $sizes; do
        if ! fits_in_memory "$size" "$bytes_per_value"; then
            echo "bench: $size x $size does not fit in memory here; skipped" >&2
            continue
        fi
        # Each size runs serial and then every other backend back to back,
        # so that a speed-up compares runs taken under the same load.
        serial_rate=""
        while read -r backend level agrees; do
            [ -z "$backend" ] || [ -n "${cannot_run[$backend]:-}" ] && continue
            [ -z "${bandwidth_for[$backend]:-}" ] && bandwidth_for[$backend]=$(bandwidth_of "$backend")
            label="$precision $backend"
            [ "$level" -gt 0 ] && label="$label level $level"
            label="$label ${size}^2"
            echo "bench: $label" >&2
            if ! result=$(measure "$program" "$backend" "$level" "$size"); then
                echo "bench: $label failed, $backend skipped: $result" >&2
                skipped="$skipped\n  $label: $result"
                cannot_run[$backend]=1
                continue
            fi
            read -r t_end steps seconds rate checksum same <<<"$result"
            verdict=$(verify "$program" "$backend" "$level" "$size" "$agrees" "$t_end" \
                "$checksum" "$same" </dev/null)
            verified=${verdict%%:*}
            if [ "$verified" = FAILED ]; then
                echo "bench: $label FAILED, not ranked: ${verdict#FAILED: }" >&2
                failures="$failures\n  $label: ${verdict#FAILED: }"
            fi
            if [ "$backend" = serial ] && [ "$verified" = reference ]; then
                serial_rate=$rate
                reference["$precision $size"]="$t_end $checksum"
            fi
            awk -v OFS=, -v p="$precision" -v b="$backend" -v l="$level" -v n="$size" \
                -v st="$steps" -v se="$seconds" -v r="$rate" -v bpc="$bytes_per_cell" \
                -v bw="${bandwidth_for[$backend]}" -v sr="$serial_rate" -v th="$threads" \
                -v v="$verified" 'BEGIN {
                gbps = r * bpc / 1e9
                speedup = (sr == "" || v == "FAILED") ? "" : sprintf("%.2f", r / sr)
                print p, b, l, n, n, n * n, st, se, sprintf("%.4g", r), sprintf("%.3f", gbps),
                      bw, sprintf("%.1f", 100 * gbps / bw), speedup, th, v }' >>"$rows"
        done <<<"$runs"
    done
done
# The table in the order precision, backend (as listed), level, size.
{
    echo "precision,backend,level,nx,ny,cells,steps,seconds,cell_updates_per_s,effective_GBps,bandwidth_GBps,percent_of_bandwidth,speedup_over_serial,threads,verified"
    awk -F, '{
        if (!($1 in precision)) precision[$1] = ++precisions
        if (!($2 in backend)) backend[$2] = ++backends
        print precision[$1], backend[$2], $3, $4, $0 }' "$rows" |
        sort -n -k1,1 -k2,2 -k3,3 -k4,4 | cut -d' ' -f5-
} >"$csv"
rm -f "$rows"

# Lines of code per backend: kernels (solutions/<name>/, the exercise) and
# plumbing (backends/<name>/), without blank lines and comments.
count_code_lines() {
    local files
    files=$(find "$@" -type f \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' \
        -o -name '*.cl' -o -name '*.cpp' \) 2>/dev/null | sort)
    [ -z "$files" ] && {
        echo 0
        return
    }
    # shellcheck disable=SC2086
    awk '{
        line = $0; code = ""
        while (line != "") {
            if (in_comment) {
                end = index(line, "*/")
                if (end == 0) { line = ""; break }
                line = substr(line, end + 2); in_comment = 0; continue
            }
            block = index(line, "/*"); rest = index(line, "//")
            if (rest > 0 && (block == 0 || rest < block)) { code = code substr(line, 1, rest - 1); break }
            if (block > 0) { code = code substr(line, 1, block - 1); line = substr(line, block + 2); in_comment = 1; continue }
            code = code line; line = ""
        }
        if (code ~ /[^ \t\r]/) ++count
    } END { print count + 0 }' $files
}

loc=$out/lines_of_code.csv
echo "backend,kernel_lines,plumbing_lines" >"$loc"
for directory in backends/*/; do
    backend=$(basename "$directory")
    echo "$backend,$(count_code_lines "solutions/$backend"),$(count_code_lines "backends/$backend")" >>"$loc"
done

capacity_after=$(capacity)
echo
echo "shallows bench: radial dam break, $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -n)"
echo "CPU: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null), $(nproc) cores," \
    "OMP_NUM_THREADS=$threads, OMP_WAIT_POLICY=$OMP_WAIT_POLICY, copy bandwidth $cpu_bandwidth GB/s;" \
    "load average:" \
    "$(cut -d' ' -f1-3 /proc/loadavg)"
echo "parallel capacity (what $threads threads got, in cores; tools/bench/parallel_capacity.c):" \
    "$capacity_before before the runs, $capacity_after after"
echo
awk -F, 'NR == 1 { next } {
    if (!header++) printf "%-9s %-10s %5s %6s %11s %7s %8s %12s %8s %7s %8s %10s\n",
        "precision", "backend", "level", "size", "cells", "steps", "seconds", "updates/s",
        "GB/s", "%bw", "speed-up", "checksum"
    failed = $15 == "FAILED"
    printf "%-9s %-10s %5s %6s %11d %7d %8.3f %12.4g %8.3f %7s %8s %10s\n", $1, $2,
        ($3 == 0 ? "-" : $3), $4, $6, $7, $8, $9, $10, (failed ? "-" : $12),
        (failed || $13 == "" ? "-" : $13 "x"), $15 }' "$csv"
echo
echo "GB/s counts the minimal traffic: 28 bytes per cell and step in single precision, 56 in double;"
echo "%bw compares it with the copy bandwidth measured above (the device's for device backends)."
echo "checksum: the final state (mass, h_l2, momentum_l2) against serial's at the same size, precision"
echo "and end time, bit for bit for CPU backends, to rounding for GPUs (tools/bench/bench_verify.sh)."
if [ -n "$skipped" ]; then
    echo -e "skipped:$skipped"
fi
if [ -n "$failures" ]; then
    echo -e "FAILED, not ranked (the final state is not serial's):$failures"
fi
echo
echo "lines of code (no blank or comment lines):"
awk -F, 'NR == 1 { printf "%-10s %8s %9s\n", "backend", "kernels", "plumbing"; next }
    { printf "%-10s %8d %9d\n", $1, $2, $3 }' "$loc"

# The plot (gnuplot: tools/build/deps.sh installs it where this is root and apt can
# reach its mirrors; elsewhere, such as a GPU node, the plot is left out).
if ! command -v gnuplot >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "bench: installing gnuplot for the plot (tools/build/deps.sh bench)"
    timeout 60 tools/build/deps.sh bench >>"$log" 2>&1
fi
echo
tools/bench/bench_stamp.sh "$csv" "$BENCH_STARTED" || exit 1
if tools/bench/bench_plot.sh "$csv" "$out/bench.png" "$(uname -n)" 2>>"$log"; then
    echo "bench: wrote $csv, $loc and $out/bench.png"
else
    echo "bench: wrote $csv and $loc; no plot: $(tail -n 1 "$log")"
    echo "  (tools/bench/bench_plot.sh $csv PNG draws it on a machine with gnuplot)"
fi
# A run that computed something else fails the benchmark as a whole.
[ -z "$failures" ] || exit 1
