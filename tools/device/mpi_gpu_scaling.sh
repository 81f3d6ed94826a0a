#!/bin/bash
# On a machine with 2 GPUs (a lent nvidia-h200-x2): builds without NetCDF, runs the MPI
# suites on 1 to 3 ranks, then times mpi+cuda weak and strong scaling from 1 to 2 GPUs at
# 8192^2 per GPU and mpi+serial weak scaling on the host's cores (docs/RESULTS-mpi.md).
# Run from the repository root with the CUnit headers and libcunit.a in .cunit/include and
# .cunit/lib (GPU machines often lack libcunit1-dev); output files go to $OUT.
set -u -o pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
out=${OUT:-/tmp/out}
nvidia-smi -L; nproc; mpirun --version | head -1
for p in single double; do
    make -j32 HAVE_NETCDF=no PRECISION=$p build/$p/shallows build/$p/shallows-mpi \
        build/$p/shallows-mpi-tests build/$p/shallows-tests >"$out/build-$p.log" 2>&1 \
        || { echo "build $p failed"; tail -20 "$out/build-$p.log"; }
done
for p in single double; do
    for n in 1 2 3; do
        timeout 300 mpirun -q --oversubscribe -np $n build/$p/shallows-mpi-tests >"$out/mpitests-$p-$n.log" 2>&1
        echo "mpi tests $p np=$n exit $?: $(grep -E 'skipped|^mpi-' "$out/mpitests-$p-$n.log" | tr '\n' ' ')"
    done
done
SWE_TEST_QUICK=1 SWE_TEST_BACKENDS=cuda timeout 300 build/single/shallows-tests --program build/single/shallows --suite agreement >"$out/cuda-suite.log" 2>&1
echo "cuda agreement single: exit $? $(grep -E '^[a-z]+: [0-9]+ passed' "$out/cuda-suite.log")"
rate() { sed -nE 's/.*cell_updates_per_s=([0-9.e+]+).*/\1/p'; }
echo "precision,run,what,ranks,nx,ny,steps,seconds,cell_updates_per_s,exchange_s,reduction_s"
for p in single double; do
    for run in 1 2 3; do
        for what in cuda-1proc weak-1 weak-2 strong-2; do
            case $what in
            cuda-1proc) line=$(build/$p/shallows --backend cuda --nx 8192 --ny 8192 --t-end 1 --benchmark); r=1; nx=8192 ;;
            weak-1) line=$(mpirun -q -np 1 build/$p/shallows-mpi --backend cuda --nx 8192 --ny 8192 --t-end 1 --benchmark); r=1; nx=8192 ;;
            weak-2) line=$(mpirun -q -np 2 build/$p/shallows-mpi --backend cuda --nx 16384 --ny 8192 --t-end 1 --benchmark); r=2; nx=16384 ;;
            strong-2) line=$(mpirun -q -np 2 build/$p/shallows-mpi --backend cuda --nx 8192 --ny 8192 --t-end 1 --benchmark); r=2; nx=8192 ;;
            esac
            echo "$line" >>"$out/scaling-raw.log"
            steps=$(echo "$line" | sed -nE 's/.* steps=([0-9]+).*/\1/p')
            secs=$(echo "$line" | sed -nE 's/.* seconds=([0-9.]+).*/\1/p')
            ex=$(echo "$line" | sed -nE 's/.*exchange_seconds=([0-9.]+).*/\1/p')
            re=$(echo "$line" | sed -nE 's/.*reduction_seconds=([0-9.]+).*/\1/p')
            echo "$p,$run,$what,$r,$nx,8192,$steps,$secs,$(echo "$line" | rate),$ex,$re"
        done
    done
done
echo "== mpi+serial weak scaling on this quiet host's CPU cores"
tools/bench/bench_mpi.sh single 1000 3 2 2>&1 | tail -9
