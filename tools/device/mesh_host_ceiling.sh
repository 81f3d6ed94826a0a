#!/bin/bash
# On the GPU machine's host: the ceiling that shared caches and memory put on weak scaling, with no
# MPI at all. P independent single-process runs of the weak-scaling case (shallows --mesh, serial,
# about 380,000 triangles each, the 1-rank square of mesh_mpi_scaling.sh) start together, each
# pinned to its own core; their summed rate against P times one run alone is the best weak
# efficiency any rank count can reach on this host. docs/RESULTS-mesh-mpi.md compares it with the
# MPI runs. COPIES ("1 2 4 8"), ORDER (1), PRECISION (double); SKIP_BUILD=1 uses the programs
# already built. Run from the repository root; logs in $OUT, the table printed last.
set -u -o pipefail
out=${OUT:-/tmp/out}
mkdir -p "$out"
precision=${PRECISION:-double}
order=${ORDER:-1}
n=436
t_end=4.0
lscpu | grep -E "Model name|L3 cache"
echo "cores: $(nproc), load: $(cut -d' ' -f1-3 /proc/loadavg)"
lscpu | grep -E "Thread|Core|Socket|NUMA node"
[ "${SKIP_BUILD:-0}" = 1 ] || make -j16 HAVE_NETCDF=no PRECISION=$precision build/$precision/shallows \
    >"$out/build-ceiling.log" 2>&1 || { echo "build failed"; tail -20 "$out/build-ceiling.log"; exit 1; }
program=build/$precision/shallows
mesh=/tmp/square_$n.msh
[ -s "$mesh" ] || "$program" --write-square "$n" --mesh "$mesh" --quiet || exit 1
field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
single=""
for copies in ${COPIES:-1 2 4 8}; do
    pids=()
    for ((core = 0; core < copies; ++core)); do
        OMP_NUM_THREADS=1 taskset -c "$core" "$program" --mesh "$mesh" --backend serial \
            --scenario radial-dam-break --t-end "$t_end" --order "$order" --outputs 1 --benchmark \
            >"$out/ceiling-$copies-$core.log" 2>&1 &
        pids+=($!)
    done
    wait "${pids[@]}"
    total=0
    for ((core = 0; core < copies; ++core)); do
        rate=$(grep summary: "$out/ceiling-$copies-$core.log" | field cell_updates_per_s)
        [ -n "$rate" ] || { echo "copy $core of $copies gave no rate"; tail -3 "$out/ceiling-$copies-$core.log"; exit 1; }
        total=$(python3 -c "print($total + $rate)")
    done
    [ -n "$single" ] || single=$total
    python3 -c "print(f'copies $copies: {$total:.3e} cell-steps/s together, ceiling efficiency {$total / ($copies * $single):.1%}')"
done
