#!/bin/bash
# On a GPU machine (one H200 or several): the triangle solver over MPI ranks with one rank per GPU
# (shallows-mpi --mesh --backend cuda; ranks past the GPU count share them round robin).
#  1. Build (sm_90) shallows, shallows-mpi and shallows-mpi-tests in both precisions.
#  2. --list-devices under mpirun: one line per rank with its node, node-local rank and device.
#  3. The MPI suites on 2 and 4 ranks, with the halo in device buffers handed to MPI where the
#     library is CUDA-aware, staged through pinned host buffers otherwise (POINTER_MODES="auto 0"
#     adds a pass with SWE_MPI_DEVICE_POINTERS=0, pinned staging forced); mesh-mpi-cuda among them: mpi+cuda parts, with and without
#     --overlap, orders 1 and 2, the bits of cuda and of serial in one process.
#  4. mpi+cuda runs of the program on 2 and 4 ranks, with and without --overlap, both halo paths:
#     the state checksum against cuda in one process, the setup's devices line and the mpi-ranks
#     line (compute, exchange, wait per rank).
#  5. (STAGES="weak") Weak scaling of mpi+cuda: TRIANGLES_PER_RANK (4000000) triangles a rank on
#     generated squares (shallows --write-square N --mesh FILE writes 2 N^2 triangles: N =
#     sqrt(TRIANGLES_PER_RANK * P / 2), 1414 for 4 M on one GPU, 4000 for 32 M on 8), WEAK_RANKS
#     ("1 2 4 8") ranks, first order, --overlap, about 120 steps; efficiency = rate(P) / (P rate(1)).
# Run from the repository root; CUnit headers and libcunit.a in .cunit/include and .cunit/lib as
# for gpu_machine_check.sh. Logs in $OUT. STAGES ("tests runs") picks the parts, so that each call
# stays under 10 minutes; SKIP_BUILD=1 uses the programs already built; PRECISIONS ("double
# single") narrows the build and the runs; RANKS ("2 4") the rank counts of stages 2-4.
set -u -o pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
out=${OUT:-/tmp/out}
mkdir -p "$out"
precisions=${PRECISIONS:-double single}
ranks_list=${RANKS:-2 4}
mesh=common/mesh/geo/partial_dam_break_coarse.msh
nvidia-smi --query-gpu=index,name --format=csv,noheader
echo "$(mpirun --version | head -1); cores: $(nproc)"
[ "${SKIP_BUILD:-0}" = 1 ] || for p in $precisions; do
    make -j16 CUDA_ARCH=-arch=sm_90 HAVE_NETCDF=no PRECISION=$p build/$p/shallows \
        build/$p/shallows-mpi build/$p/shallows-mpi-tests >"$out/build-$p.log" 2>&1 ||
        { echo "build $p failed"; grep -E "error" "$out/build-$p.log" | head; }
done
p=${precisions%% *}
stages=${STAGES:-tests runs}
stage() { [[ " $stages " == *" $1 "* ]]; }
stage tests && echo "== --list-devices on 4 ranks"
stage tests && mpirun -q --oversubscribe -np 4 build/$p/shallows-mpi --mesh $mesh --list-devices 2>&1 |
    grep -E "^rank|shallows"
field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
for mode in ${POINTER_MODES:-auto}; do
    stage tests || stage runs || break
    pointers=$([ "$mode" = auto ] || echo "$mode")
    label=$([ -z "$pointers" ] && echo "device pointers where MPI takes them" || echo "pinned staging")
    stage tests && echo "== MPI suites, $label"
    stage tests && for p in $precisions; do
        for n in $ranks_list; do
            log="$out/mpitests-$p-$n-${pointers:-auto}.log"
            env ${pointers:+SWE_MPI_DEVICE_POINTERS=$pointers} timeout 500 mpirun -q --oversubscribe -np $n \
                build/$p/shallows-mpi-tests >"$log" 2>&1
            echo "mpi tests $p np=$n exit $?: $(grep -E 'mesh-mpi-cuda|^mpi-[0-9]' "$log" | tr '\n' ' ')"
            grep -E "FAILED|not so here|first difference" "$log" | head -4
        done
    done
    stage runs && echo "== mpi+cuda runs against one process, $label"
    stage runs && for p in $precisions; do
        run=(--mesh "$mesh" --t-end 7.2 --order 2 --benchmark)
        one=$(build/$p/shallows "${run[@]}" --backend cuda | field state)
        for n in $ranks_list; do
            for overlap in "" --overlap; do
                log="$out/run-$p-$n-${pointers:-auto}${overlap}.log"
                env ${pointers:+SWE_MPI_DEVICE_POINTERS=$pointers} mpirun -q --oversubscribe -np $n \
                    build/$p/shallows-mpi "${run[@]}" --backend cuda $overlap >"$log" 2>&1
                parts=$(field state <"$log")
                echo "$p np=$n ${overlap:-(no overlap)}: $([ -n "$parts" ] && [ "$parts" = "$one" ] &&
                    echo "state = one process's" || echo "STATE DIFFERS ($parts, one process $one)")"
                grep -E "^mpi-ranks:" "$log"
            done
            # The setup lines (not printed under --benchmark): the devices and the halo's memory.
            env ${pointers:+SWE_MPI_DEVICE_POINTERS=$pointers} mpirun -q --oversubscribe -np $n \
                build/$p/shallows-mpi --mesh $mesh --t-end 0.5 --outputs 1 --backend cuda \
                --output "$out/setup-$p-$n" 2>&1 | grep -E "^devices:|ranks share"
        done
    done
done
stage weak || exit 0
per_rank=${TRIANGLES_PER_RANK:-4000000}
p=${precisions%% *}
echo "== weak scaling, mpi+cuda --overlap, $p, order 1, about $per_rank triangles a rank"
for ranks in ${WEAK_RANKS:-1 2 4 8}; do
    n=$(python3 -c "import math; print(round(math.sqrt($per_rank * $ranks / 2)))")
    t_end=$(python3 -c "print(4.0 * 436 / $n)")
    square=/tmp/square_$n.msh
    [ -s "$square" ] || build/$p/shallows --write-square "$n" --mesh "$square" --quiet
    log="$out/weak-$p-$ranks.log"
    mpirun -q -np "$ranks" --bind-to none build/$p/shallows-mpi --mesh "$square" --backend cuda \
        --scenario radial-dam-break --t-end "$t_end" --order 1 --outputs 1 --benchmark --overlap \
        >"$log" 2>&1
    rate=$(grep summary: "$log" | field cell_updates_per_s)
    echo "ranks $ranks: square $n ($(grep summary: "$log" | field cells) triangles), $rate cells/s"
    grep -E "^mpi-ranks:" "$log"
    [ "$ranks" = 1 ] && rate1=$rate
    [ -n "${rate1:-}" ] && [ -n "$rate" ] &&
        python3 -c "print(f'weak efficiency {$rate / ($ranks * $rate1):.1%}')"
done
