#!/bin/bash
# On the GPU machine's host: how much of the 1 -> 8 ranks weak-scaling loss of shallows-mpi --mesh
# is the host's own, measured in one call with the runs interleaved (docs/RESULTS-mesh-mpi.md,
# "What eight busy cores cost one core"). Each round runs, one after the other:
#   capacity  tools/bench/parallel_capacity.c with 8 threads on cores 0-7: the arithmetic 8 busy cores
#             give against one alone (a sum of square roots: no memory traffic);
#   alone     the 1-rank case (about 380,000 triangles, as mesh_mpi_scaling.sh) on core 0;
#   busy      the same 1-rank run on core 0 while cores 1-7 spin in a shell loop (no memory
#             traffic): what one rank computes when the host runs 8 cores;
#   copies    8 independent 1-rank runs, one per core 0-7 (no MPI: the host's ceiling);
#   ranks     the 8-rank run (about 8 x 380,000 triangles), ranks bound to cores 0-7.
# The efficiency of 8 ranks is printed against "alone" (the issue's definition) and against
# "busy". ROUNDS (4), ORDER (1), PRECISION (double), OVERLAP=1 adds --overlap to the rank runs;
# SKIP_BUILD=1 uses the programs already built. Run from the repository root; METIS from
# .metis/include and .metis/lib as carried; the logs in $OUT/mesh-weak-clock-logs.tgz, the table
# printed last.
set -u -o pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
out=${OUT:-/tmp/out}
logs=$out/logs
mkdir -p "$logs"
precision=${PRECISION:-double}
order=${ORDER:-1}
rounds=${ROUNDS:-4}
overlap_flag=$([ "${OVERLAP:-0}" = 1 ] && echo --overlap)
metis=(METIS_CFLAGS="-I$PWD/.metis/include" METIS_LIBS="-L$PWD/.metis/lib -l:libmetis.so.5 -Wl,-rpath,$PWD/.metis/lib")
lscpu | grep -E "Model name|MHz|L3 cache"
echo "cores: $(nproc), load: $(cut -d' ' -f1-3 /proc/loadavg), $(mpirun --version | head -1)"
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    make -j16 HAVE_NETCDF=no HAVE_OPENCL=no CUDA_NVCC= "${metis[@]}" PRECISION=$precision \
        build/$precision/shallows build/$precision/shallows-mpi >"$out/build-clock.log" 2>&1 ||
        { echo "build failed"; tail -20 "$out/build-clock.log"; exit 1; }
    grep -E "^METIS" <(make --no-print-directory config "${metis[@]}" PRECISION=$precision)
    cc -std=c11 -O2 -fopenmp -o build/parallel_capacity tools/bench/parallel_capacity.c -lm ||
        { echo "parallel_capacity build failed"; exit 1; }
fi
field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
one=/tmp/square_436.msh
eight=/tmp/square_1233.msh
[ -s "$one" ] || build/$precision/shallows --write-square 436 --mesh "$one" --quiet || exit 1
[ -s "$eight" ] || build/$precision/shallows --write-square 1233 --mesh "$eight" --quiet || exit 1
case_args=(--scenario radial-dam-break --order "$order" --outputs 1 --benchmark)
single() { # core log [extra...]
    local core=$1 log=$2
    OMP_NUM_THREADS=1 taskset -c "$core" build/$precision/shallows --mesh "$one" --backend serial \
        --t-end 4.0 "${case_args[@]}" >"$log" 2>&1
}
rate() { grep summary: "$1" | field cell_updates_per_s; }
csv="$out/mesh-weak-clock.csv"
echo "round,capacity8,alone,busy,copies,ranks" >"$csv"
for ((r = 0; r < rounds; ++r)); do
    capacity=$(OMP_NUM_THREADS=8 OMP_PLACES=cores OMP_PROC_BIND=close build/parallel_capacity |
        sed -nE 's/^parallel_capacity=([^ ]+).*/\1/p')
    single 0 "$logs/alone-$r.log"
    spinners=()
    for core in 1 2 3 4 5 6 7; do
        taskset -c "$core" bash -c 'while :; do :; done' &
        spinners+=($!)
    done
    single 0 "$logs/busy-$r.log"
    kill "${spinners[@]}"
    wait "${spinners[@]}" 2>/dev/null
    pids=()
    for core in 0 1 2 3 4 5 6 7; do
        single "$core" "$logs/copy-$r-$core.log" &
        pids+=($!)
    done
    wait "${pids[@]}"
    copies=$(for core in 0 1 2 3 4 5 6 7; do rate "$logs/copy-$r-$core.log"; done |
        python3 -c "import sys; rates = sys.stdin.read().split(); print(sum(map(float, rates)) if len(rates) == 8 else '')")
    mpirun -q -np 8 --bind-to core --map-by core build/$precision/shallows-mpi --mesh "$eight" \
        --t-end "$(python3 -c 'print(4.0 * 436 / 1233)')" "${case_args[@]}" $overlap_flag \
        >"$logs/ranks-$r.log" 2>&1
    grep -E "^mpi-ranks:" "$logs/ranks-$r.log"
    echo "$r,$capacity,$(rate "$logs/alone-$r.log"),$(rate "$logs/busy-$r.log"),$copies,$(rate "$logs/ranks-$r.log")" >>"$csv"
    tail -1 "$csv"
done
tar czf "$out/mesh-weak-clock-logs.tgz" -C "$out" logs && rm -r "$logs"
cat "$csv"
python3 - "$csv" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for row in rows:
    a, b, c, k = (float(row[x]) for x in ("alone", "busy", "copies", "ranks"))
    print(f"round {row['round']}: capacity of 8 cores {float(row['capacity8']):.2f}; "
          f"busy/alone {b / a:.1%}; 8 copies {c / (8 * a):.1%} of alone, {c / (8 * b):.1%} of busy; "
          f"8 ranks {k / (8 * a):.1%} of alone, {k / (8 * b):.1%} of busy, {k / c:.1%} of the copies")
med = lambda key: statistics.median(float(r[key]) for r in rows)
print(f"medians: 8 ranks {med('ranks') / (8 * med('alone')):.1%} of alone, "
      f"{med('ranks') / (8 * med('busy')):.1%} of busy, {med('ranks') / med('copies'):.1%} of the copies")
PY
