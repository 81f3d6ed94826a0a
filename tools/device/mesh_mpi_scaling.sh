#!/bin/bash
# On the GPU machine (16 idle cores, one GPU): the triangle solver over MPI ranks
# (shallows-mpi --mesh, docs/RESULTS-mesh-mpi.md).
#  1. The MPI suites (shallows-mpi-tests, with the mesh-mpi ones) on 1, 2, 4 ranks, both precisions;
#     mesh-mpi-cuda there checks mpi+cuda ranks sharing the GPU bit for bit against one process.
#  2. mpi+cuda, 2 ranks on the one GPU (halo packed on the device), with and without --overlap,
#     against cuda and serial in one process (state= checksums).
#  3. Weak scaling of mpi+serial: about 380,000 triangles a rank on generated squares
#     (shallows --write-square N: 2 N^2 triangles; no gmsh), RANKS (1 2 8) ranks bound to cores,
#     REPEATS runs each, about 120 steps; efficiency = rate(P) / (P rate(1)), best and median;
#     per run the ranks' compute, exchange and wait seconds (min..max over ranks, and the
#     wait share of the slowest rank) from the mpi-ranks line; OVERLAP=1 adds --overlap.
# Run from the repository root; CUnit headers and libcunit.a in .cunit/include and .cunit/lib as for
# gpu_machine_check.sh. Logs and mesh-mpi-scaling.csv in $OUT; the last lines are the table.
# STAGES ("tests cuda weak") picks the parts, so that each call stays under 10 minutes; ORDER (1)
# the order of the weak-scaling runs, CELLS_PER_RANK (380192) their size; SKIP_BUILD=1 uses the
# programs already built, BUILD_PRECISIONS ("double single") narrows the build.
set -u -o pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
out=${OUT:-/tmp/out}
mkdir -p "$out"
stages=${STAGES:-tests cuda weak}
ranks_list=${RANKS:-1 2 8}
order=${ORDER:-1}
cells_per_rank=${CELLS_PER_RANK:-380192}
repeats=${REPEATS:-3}
precision=${PRECISION:-double}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
lscpu | grep "Model name"
echo "cores: $(nproc), load: $(cut -d' ' -f1-3 /proc/loadavg), $(mpirun --version | head -1)"
lscpu | grep -E "Thread|Core|Socket|NUMA node"
[ "${SKIP_BUILD:-0}" = 1 ] || for p in ${BUILD_PRECISIONS:-double single}; do
    make -j16 HAVE_NETCDF=no PRECISION=$p build/$p/shallows build/$p/shallows-mpi \
        build/$p/shallows-mpi-tests >"$out/build-$p.log" 2>&1 ||
        { echo "build $p failed"; tail -20 "$out/build-$p.log"; }
    grep -E "^METIS" <(make --no-print-directory config PRECISION=$p)
done
field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
stage() { [[ " $stages " == *" $1 "* ]]; }
stage tests && for p in double single; do
    for n in 1 2 4; do
        timeout 400 mpirun -q --oversubscribe -np $n build/$p/shallows-mpi-tests \
            >"$out/mpitests-$p-$n.log" 2>&1
        echo "mpi tests $p np=$n exit $?: $(grep -E 'mesh-mpi-cuda|^mpi-[0-9]' "$out/mpitests-$p-$n.log" | tr '\n' ' ')"
        grep -E "FAILED|not so here" "$out/mpitests-$p-$n.log" | head -4
    done
done
stage cuda && echo "== mpi+cuda: 2 ranks sharing the GPU against one process"
stage cuda && for p in double single; do
    for case_order in 1 2; do
        run=(--mesh common/mesh/geo/partial_dam_break_coarse.msh --t-end 7.2 --order $case_order --benchmark)
        cuda=$(build/$p/shallows "${run[@]}" --backend cuda | field state)
        serial=$(build/$p/shallows "${run[@]}" --backend serial | field state)
        for overlap in "" --overlap; do
            ranks=$(mpirun -q -np 2 build/$p/shallows-mpi "${run[@]}" --backend cuda $overlap | field state)
            echo "$p order $case_order ${overlap:-(no overlap)}: mpi+cuda x2 $ranks, cuda $cuda, serial $serial:" \
                "$([ -n "$ranks" ] && [ "$ranks" = "$cuda" ] && echo "ranks = one process" || echo "RANKS DIFFER")," \
                "$([ "$cuda" = "$serial" ] && echo "cuda = serial" || echo "cuda differs from serial")"
        done
    done
done
stage weak || exit 0
echo "== weak scaling, mpi+serial, $precision, order $order, about $cells_per_rank triangles a rank"
csv="$out/mesh-mpi-scaling.csv"
echo "ranks,run,cells,steps,seconds,cell_updates_per_s,exchange_seconds,reduction_seconds,cut_edges,compute_seconds,rank_exchange_seconds,rank_wait_seconds,slowest_rank_wait_share,overlap" >"$csv"
overlap_flag=$([ "${OVERLAP:-0}" = 1 ] && echo --overlap)
program=build/$precision/shallows-mpi
for ranks in $ranks_list; do
    # 2 N^2 = cells_per_rank ranks triangles; t_end for about 120 steps on any N.
    n=$(python3 -c "import math; print(round(math.sqrt($cells_per_rank * $ranks / 2)))")
    t_end=$(python3 -c "print(4.0 * 436 / $n)")
    mesh=/tmp/square_$n.msh
    [ -s "$mesh" ] || build/$precision/shallows --write-square "$n" --mesh "$mesh" --quiet
    for ((run = 0; run < repeats; ++run)); do
        log="$out/weak-$ranks-$run.log"
        mpirun -q -np "$ranks" --bind-to core --map-by core "$program" --mesh "$mesh" \
            --scenario radial-dam-break --t-end "$t_end" --order "$order" --outputs 1 --benchmark $overlap_flag >"$log" 2>&1
        line=$(grep summary: "$log")
        mpi=$(grep "^mpi:" "$log")
        per_rank=$(grep "^mpi-ranks:" "$log")
        echo "$ranks,$run,$(echo "$line" | field cells),$(echo "$line" | field steps),$(echo "$line" | field seconds),$(echo "$line" | field cell_updates_per_s),$(echo "$mpi" | field exchange_seconds),$(echo "$mpi" | field reduction_seconds),$(echo "$mpi" | field cut_edges),$(echo "$per_rank" | field compute_seconds),$(echo "$per_rank" | field exchange_seconds),$(echo "$per_rank" | field wait_seconds),$(echo "$per_rank" | field slowest_rank_wait_share),$(echo "$per_rank" | field overlap)" >>"$csv"
    done
done
cat "$csv"
python3 - "$csv" <<'PY'
import csv, statistics, sys
rates = {}
for row in csv.DictReader(open(sys.argv[1])):
    if row["cell_updates_per_s"]:
        rates.setdefault(int(row["ranks"]), []).append(float(row["cell_updates_per_s"]))
if 1 in rates:
    best1, median1 = max(rates[1]), statistics.median(rates[1])
    for ranks in sorted(rates):
        best, median = max(rates[ranks]), statistics.median(rates[ranks])
        print(f"ranks {ranks}: best {best:.3e} cells/s, weak efficiency {best / (ranks * best1):.1%}"
              f" (medians: {median / (ranks * median1):.1%})")
PY
