#!/bin/bash
# make bench-mesh (and the second half of make bench): the triangle solver on
# generated squares of 2 N^2 triangles (`shallows --mesh FILE --write-square
# N`, no gmsh needed), every ordering, first and second order, both
# precisions, every mesh backend that runs here. Prints a table and writes
# build/bench/mesh-bench.csv.
#
# Per run: cell-steps per second; the bytes a cell-step must move at least in
# this data layout (docs/RESULTS-mesh.md, "Bytes per cell and step": first
# order 37.5 R + 30, second order 111 R + 84, R the bytes of a real), the
# bandwidth that makes and its share of the measured
# copy bandwidth (tools/bench/stream_copy.c on the CPU, backends/<name>/
# bench_bandwidth.sh for a device); the gain of each ordering over random;
# and whether the final state has serial's bits (every CPU backend must, for
# every ordering: a run that does not fails the benchmark).
#
# Settings (environment or make variables):
#   BENCH_MESH_SIZES     N per side (default 100 436 1415: 20,000, 380,192 and
#                        4,004,450 triangles)
#   BENCH_MESH_STEPS     about how many steps per run (default 40)
#   BENCH_PRECISIONS     default "single double"
#   BENCH_MESH_BACKENDS  default: every mesh backend that starts here
#   BENCH_STREAM_MIB     MiB per array of the copy benchmark (default 256)
#   BENCH_QUICK=1        smaller defaults for a run of minutes (tools/bench/bench_quick.sh)
set -u -o pipefail
cd "$(dirname "$0")/../.." || exit 1
. tools/bench/bench_quick.sh

out=build/bench
make_command=${MAKE:-make}
sizes=${BENCH_MESH_SIZES:-100 436 1415}
steps=${BENCH_MESH_STEPS:-40}
precisions=${BENCH_PRECISIONS:-single double}
stream_mib=${BENCH_STREAM_MIB:-256}
orderings="random gmsh rcm rcm+edges"

fail_usage() {
    echo "bench-mesh: $1" >&2
    exit 2
}
is_count() {
    [[ $1 =~ ^[1-9][0-9]*$ ]]
}
for size in $sizes; do
    is_count "$size" || fail_usage "BENCH_MESH_SIZES must be whole numbers, got '$size'"
done
is_count "$steps" || fail_usage "BENCH_MESH_STEPS must be a whole number >= 1, got '$steps'"
is_count "$stream_mib" || fail_usage "BENCH_STREAM_MIB must be a whole number >= 1"
for precision in $precisions; do
    [[ $precision == single || $precision == double ]] ||
        fail_usage "BENCH_PRECISIONS may hold only single and double, got '$precision'"
done

mkdir -p "$out/meshes" || exit 1
rm -f "$out/mesh-bench.png" # a plot from an earlier run must not pass for this one's
log=$out/mesh-bench.log
: >"$log"
for precision in $precisions; do
    echo "bench-mesh: building PRECISION=$precision"
    $make_command --no-print-directory PRECISION="$precision" "build/$precision/shallows" \
        >>"$log" 2>&1 || {
        echo "bench-mesh: building PRECISION=$precision failed; see $log" >&2
        exit 1
    }
done
${CC:-cc} -std=c11 -O3 -march=native -fno-tree-loop-distribute-patterns -fopenmp \
    -D_POSIX_C_SOURCE=200809L -o "$out/stream_copy" tools/bench/stream_copy.c >>"$log" 2>&1 || {
    echo "bench-mesh: building tools/bench/stream_copy.c failed; see $log" >&2
    exit 1
}
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
cpu_bandwidth=$("$out/stream_copy" "$stream_mib" | sed -nE 's/^copy_GBps=([0-9.]+).*/\1/p')
[ -n "$cpu_bandwidth" ] || {
    echo "bench-mesh: the copy benchmark printed no copy_GBps" >&2
    exit 1
}
echo "bench-mesh: CPU copy bandwidth $cpu_bandwidth GB/s ($(nproc) cores)"

bandwidth_of() {
    local script=backends/$1/bench_bandwidth.sh line
    if [ -x "$script" ] && line=$("$script" 2>>"$log") && [[ $line =~ copy_GBps=([0-9.]+) ]]; then
        echo "${BASH_REMATCH[1]}"
    else
        echo "$cpu_bandwidth"
    fi
}

first_program=build/${precisions%% *}/shallows
for size in $sizes; do
    mesh=$out/meshes/square_$size.msh
    [ -s "$mesh" ] || "$first_program" --mesh "$mesh" --write-square "$size" --quiet >>"$log" 2>&1 || {
        echo "bench-mesh: writing $mesh failed; see $log" >&2
        exit 1
    }
done
backends=${BENCH_MESH_BACKENDS:-}
if [ -z "$backends" ]; then
    for backend in $("$first_program" --mesh "$out/meshes/square_${sizes%% *}.msh" --list-backends |
        awk '{ print $1 }'); do
        "$first_program" --mesh "$out/meshes/square_${sizes%% *}.msh" --scenario radial-dam-break \
            --backend "$backend" --t-end 0.001 --benchmark --quiet >/dev/null 2>>"$log" &&
            backends+="$backend " || echo "bench-mesh: $backend does not run here; left out"
    done
fi

csv=$out/mesh-bench.csv
echo "precision,backend,order,triangles,ordering,steps,seconds,cell_steps_per_s,bytes_per_cell_step,GBps,copy_GBps,pct_copy,gain_over_random,serial_bits" >"$csv"
field() { sed -nE "s/^summary:.* $1=([^ ]+).*/\1/p"; }
failed=0
for precision in $precisions; do
    real_bytes=$([ "$precision" = double ] && echo 8 || echo 4)
    for size in $sizes; do
        # radial dam break: a step is about 5.3 / N simulated seconds
        t_end=$(awk -v n="$size" -v s="$steps" 'BEGIN { printf "%.6g", s * 5.3 / n }')
        for order in 1 2; do
            reference=""
            for backend in $backends; do
                bandwidth=$(bandwidth_of "$backend")
                random_rate=""
                for ordering in $orderings; do
                    line=$("build/$precision/shallows" --mesh "$out/meshes/square_$size.msh" \
                        --scenario radial-dam-break --backend "$backend" --order "$order" \
                        --ordering "$ordering" --t-end "$t_end" --benchmark --quiet 2>>"$log") || {
                        echo "bench-mesh: $precision $backend $size $ordering order $order failed; see $log" >&2
                        failed=1
                        continue
                    }
                    echo "$line" >>"$log"
                    state=$(echo "$line" | field state)
                    [ -n "$reference" ] || reference=$state
                    bits=$([ "$state" = "$reference" ] && echo yes || echo no)
                    if [ "$bits" = no ] && [[ $backend == serial || $backend == openmp ]]; then
                        echo "bench-mesh: $backend $ordering ($precision, $size, order $order) lost serial's bits" >&2
                        failed=1
                    fi
                    rate=$(echo "$line" | field cell_updates_per_s)
                    [ "$ordering" = random ] && random_rate=$rate
                    echo "$line" | awk -v p="$precision" -v b="$backend" -v o="$order" \
                        -v ord="$ordering" -v R="$real_bytes" -v bw="$bandwidth" \
                        -v rr="$random_rate" -v bits="$bits" '/^summary:/ {
                        for (f = 1; f <= NF; ++f) { split($f, kv, "="); v[kv[1]] = kv[2] }
                        rate = v["cell_updates_per_s"]
                        bytes = (o == 1) ? 37.5 * R + 30 : 111 * R + 84
                        gbps = bytes * rate / 1e9
                        printf "%s,%s,%s,%s,%s,%s,%s,%.4g,%s,%s,%s,%s,%s,%s\n", p, b, o,
                            v["cells"], ord, v["steps"], v["seconds"], rate,
                            bytes, sprintf("%.2f", gbps), bw, sprintf("%.1f", 100 * gbps / bw),
                            rr ? sprintf("%.2f", rate / rr) : "", bits }' >>"$csv"
                done
            done
        done
    done
done

awk -F, 'NR == 1 { printf "%-9s %-8s %5s %10s %-10s %6s %11s %6s %8s %7s %6s %5s\n", "precision",
    "backend", "order", "triangles", "ordering", "steps", "cell-st/s", "B/cst", "GB/s",
    "% copy", "gain", "bits"; next }
    { printf "%-9s %-8s %5s %10s %-10s %6s %11.4g %6s %8s %7s %6s %5s\n", $1, $2, $3, $4, $5,
      $6, $8, $9, $10, $12, $13, $14 }' "$csv"
tools/bench/bench_stamp.sh "$csv" "$BENCH_STARTED" || exit 1
echo "bench-mesh: $csv; B/cst: least bytes per cell-step; gain: over random;"
echo "  bits: the final state equals serial's (first backend, same ordering set)"
if tools/bench/bench_plot.sh "$csv" "$out/mesh-bench.png" "$(uname -n)" 2>>"$log"; then
    echo "bench-mesh: wrote $out/mesh-bench.png"
else
    echo "bench-mesh: no plot: $(tail -n 1 "$log")"
fi
exit $failed
