#!/bin/bash
# On a GPU machine: several GPUs for the Cartesian application (shallows-mpi --backend cuda),
# and the scaling of every application whose MPI program the build has.
#   build    shallows, shallows-mpi and shallows-mpi-tests with CUDA for sm_90, both precisions
#            (HAVE_NETCDF=no; CUnit from .cunit/include and .cunit/lib where the machine lacks it)
#   tests    --list-devices on 4 ranks; the MPI suites on 2 and 4 ranks sharing one GPU
#            (CUDA_VISIBLE_DEVICES=0): mpi-cuda compares every rank's part with the whole block,
#            bit for bit, at every level and overlapped (--overlap) at level 4; then one
#            problem's checksum on 1 rank, on 2 ranks, overlapped, and staged through pinned
#            host memory (SWE_MPI_DEVICE_POINTERS=0), which must all be the same bits
#   scaling  tools/scaling/scale_gpus.py on 1, 2, 4, ... ranks up to the GPUs present, weak and
#            strong, both precisions, without and with --overlap (SIZE=full|small, default full)
# Run from the repository root: STAGES="build tests scaling" (default all) OUT=folder.
# Exit status 0 when every stage passed.
set -u -o pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
if [ -d .cunit ]; then
    export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
fi
out=${OUT:-/tmp/mgpu-check}
stages=${STAGES:-build tests scaling}
mkdir -p "$out"
status=0
stage() { [[ " $stages " == *" $1 "* ]]; }
fail() {
    echo "FAILED: $*"
    status=1
}
checksum() { grep '^summary:' | sed -E 's/.*cell_updates_per_s=[^ ]+ //'; }

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "$(mpirun --version | head -1); cores: $(nproc)"

stage build && for p in single double; do
    make -j"$(nproc)" HAVE_NETCDF=no PRECISION=$p CUDA_ARCH="-gencode arch=compute_90,code=sm_90" \
        build/$p/shallows build/$p/shallows-mpi build/$p/shallows-mpi-tests \
        >"$out/build-$p.log" 2>&1 || {
        fail "build $p"
        grep -E "error" "$out/build-$p.log" | head
    }
done

if stage tests; then
    echo "== --list-devices on 4 ranks"
    mpirun -q --oversubscribe -np 4 build/double/shallows-mpi --list-devices | grep -E "^ranks|^rank"
    for p in single double; do
        for n in 2 4; do
            log="$out/mpi-tests-$p-$n.log"
            CUDA_VISIBLE_DEVICES=0 timeout 900 mpirun -q --oversubscribe -np $n \
                build/$p/shallows-mpi-tests >"$log" 2>&1
            code=$?
            echo "MPI suites $p on $n ranks sharing one GPU: exit $code," \
                "$(grep -E '^mpi-[0-9]+: ' "$log" | head -1)"
            grep -A3 "Suite: mpi-cuda" "$log" | grep "Test:"
            grep -E "first difference|FAILED|skipped" "$log" | head -6
            [ "$code" = 0 ] || fail "MPI suites $p np=$n"
            grep -q "Suite: mpi-cuda" "$log" || fail "mpi-cuda did not run ($p np=$n)"
        done
        run=(--scenario radial-dam-break --nx 3001 --ny 2003 --steps 100 --benchmark --backend cuda)
        one=$(CUDA_VISIBLE_DEVICES=0 mpirun -q -np 1 build/$p/shallows-mpi "${run[@]}" | checksum)
        echo "$p, 1 rank: $one"
        for how in "2 ranks" "2 ranks --overlap" "2 ranks staged" "4 ranks --overlap staged"; do
            ranks=${how%% *}
            flags=()
            [[ $how == *--overlap* ]] && flags=(--overlap)
            pointers=1
            [[ $how == *staged* ]] && pointers=0
            line=$(CUDA_VISIBLE_DEVICES=0 SWE_MPI_DEVICE_POINTERS=$pointers mpirun -q --oversubscribe \
                -np "$ranks" build/$p/shallows-mpi "${run[@]}" "${flags[@]}")
            echo "$p, $how: $(echo "$line" | grep '^mpi-ranks:')"
            if [ -z "$one" ] || [ "$(echo "$line" | checksum)" != "$one" ]; then
                fail "$p $how: $(echo "$line" | checksum) is not the 1-rank checksum"
            fi
        done
    done
fi

if stage scaling; then
    gpus=$(nvidia-smi -L | grep -c '^GPU')
    ranks=1
    list=1
    while [ $((ranks * 2)) -le "$gpus" ]; do
        ranks=$((ranks * 2))
        list="$list,$ranks"
    done
    for flags in "" --overlap; do
        name="scaling${flags:+-overlap}"
        python3 tools/scaling/scale_gpus.py --builds build/single,build/double --ranks "$list" \
            --size "${SIZE:-full}" --timeout 600 --launcher-args "-q --bind-to none" \
            --program-args "$flags" --out "$out/$name.md" >"$out/$name.log" 2>&1 ||
            fail "scaling ${flags:-(no overlap)}"
        cat "$out/$name.md" 2>/dev/null || tail -5 "$out/$name.log"
    done
fi
echo "mgpu_check: $([ $status = 0 ] && echo passed || echo FAILED)"
exit $status
