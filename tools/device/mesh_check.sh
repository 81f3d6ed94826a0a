#!/bin/bash
# On a GPU machine (sm_90): the triangle solver's CUDA backend against serial in both precisions
# and both state layouts (SoA, and AoS: make MESH_CUDA_LAYOUT=aos), then its speed - first and
# second order, every ordering, on generated squares of 20,000, 380,192 and 4,004,450 triangles
# (shallows --mesh FILE --write-square: no gmsh needed) - beside serial and OpenMP on the host and the
# device's copy bandwidth. Run from the repository root; CUnit headers and libcunit.a in
# .cunit/include and .cunit/lib as for gpu_machine_check.sh. Logs and mesh-bench.csv in $OUT; the
# last lines printed are the table. MESH_LAYOUTS ("soa aos") and MESH_PRECISIONS ("double single")
# split the work over several calls of under 10 minutes each.
set -u -o pipefail
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
out=${OUT:-/tmp/out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
lscpu | grep "Model name"
nproc
csv="$out/mesh-bench.csv"
echo "precision,layout,backend,threads,cells,order,ordering,steps,seconds,cell_steps_per_s" >"$csv"
# N: cells per side of the square (2 N^2 triangles) and a t_end of about 120 steps.
sizes="100:20 436:4 1415:1.2"
field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
bench() { # precision layout backend threads n t_end order ordering
    local line
    local threads=()
    [ "$4" -gt 0 ] && threads=(env OMP_NUM_THREADS="$4" OMP_PROC_BIND=close)
    line=$("${threads[@]}" "build/$1/shallows" --mesh "/tmp/square_$5.msh" \
        --scenario radial-dam-break --backend "$3" --order "$7" --ordering "$8" --t-end "$6" \
        --benchmark 2>>"$out/bench-errors.log")
    echo "$1,$2,$3,$4,$(echo "$line" | field cells),$7,$8,$(echo "$line" | field steps),$(echo "$line" | field seconds),$(echo "$line" | field cell_updates_per_s)" >>"$csv"
}
# A CUDA run checkpointed every 3 s and restarted from its last checkpoint (on CUDA, then on
# serial) must end with the bits of the run straight through; and are CUDA's bits serial's?
restart_check() { # precision layout
    local dir=/tmp/mesh-restart-$1-$2 mesh=common/mesh/geo/partial_dam_break_coarse.msh
    local run=("build/$1/shallows" --mesh "$mesh" --t-end 7.2 --outputs 2 --quiet --format vtk)
    rm -rf "$dir" && mkdir -p "$dir"
    local whole part serial again
    whole=$("${run[@]}" --backend cuda --output "$dir/whole" | field state)
    "${run[@]}" --backend cuda --output "$dir/part" --checkpoint-every 3 >/dev/null
    part=$("${run[@]}" --backend cuda --output "$dir/part" --restart "$dir/part.checkpoint" | field state)
    again=$("${run[@]}" --backend serial --output "$dir/part" --restart "$dir/part.checkpoint" | field state)
    serial=$("${run[@]}" --backend serial --output "$dir/serial" | field state)
    echo "mesh restart $1 $2: cuda whole $whole, cuda restarted $part ($([ -n "$whole" ] && [ "$whole" = "$part" ] && echo same || echo DIFFERENT)), restarted on serial $again, serial whole $serial ($([ "$whole" = "$serial" ] && echo "cuda has serial's bits" || echo "cuda differs from serial"))"
}
for layout in ${MESH_LAYOUTS:-soa aos}; do
    for p in ${MESH_PRECISIONS:-double single}; do
        make -j16 HAVE_NETCDF=no HAVE_OPENCL=no PRECISION=$p MESH_CUDA_LAYOUT=$layout \
            build/$p/shallows build/$p/shallows-tests \
            >"$out/build-$p-$layout.log" 2>&1 || { echo "build $p $layout failed"; tail -5 "$out/build-$p-$layout.log"; continue; }
        timeout 600 build/$p/shallows-tests --suite mesh-cuda --program build/$p/shallows \
            >"$out/tests-$p-$layout.log" 2>&1
        echo "mesh-cuda $p $layout: exit $? $(grep -E '^[a-z]+: [0-9]+ passed' "$out/tests-$p-$layout.log")"
        grep -E "FAILED|differs|skipped" "$out/tests-$p-$layout.log" | head -6
        restart_check "$p" "$layout"
        for entry in $sizes; do
            n=${entry%%:*}
            [ -s /tmp/square_$n.msh ] || build/$p/shallows --write-square "$n" --mesh /tmp/square_$n.msh --quiet
        done
        for entry in $sizes; do
            n=${entry%%:*} t=${entry#*:}
            for order in 1 2; do
                for ordering in random gmsh rcm rcm+edges; do
                    bench $p $layout cuda 0 "$n" "$t" $order $ordering
                done
            done
            if [ $layout = soa ] && [ "$n" != 1415 ]; then
                for order in 1 2; do
                    bench $p $layout serial 1 "$n" "$t" $order rcm+edges
                    bench $p $layout openmp "$(nproc)" "$n" "$t" $order rcm+edges
                done
            fi
        done
    done
done
[ -x build/cuda-copy-bandwidth ] || nvcc -I. -O2 -gencode arch=compute_90,code=sm_90 \
    -o build/cuda-copy-bandwidth tools/bench/cuda_copy_bandwidth.cu
build/cuda-copy-bandwidth 2048 | tee "$out/copy-bandwidth.txt"
tr , "\t" <"$csv"
