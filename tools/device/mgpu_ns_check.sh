#!/bin/bash
# On a GPU machine (nvidia-h200, or one of several GPUs): shallows-ns-mpi with the CUDA model,
# one rank a GPU (ranks beyond the GPUs share them). Builds both precisions with FFTW's MPI
# transforms, runs the slab suites on 2 and 4 ranks (the ns_mpi_cuda suite compares the
# ranks' GPUs with one GPU, CG iterations included: the distributed cuFFT preconditioner), the
# program suite's device run, and timing runs whose mpi: line's transform_seconds is the
# preconditioner's all-to-alls (docs/RESULTS-navier-stokes.md, "Several GPUs").
# Run from the repository root. DEPS (default .device/deps) holds in include/: CUnit/,
# fftw3.h, fftw3-mpi.h; in lib/: libcunit.a, libfftw3.a, libfftw3f.a, libfftw3_mpi.a,
# libfftw3f_mpi.a (a machine without libcunit1-dev, libfftw3-dev, libfftw3-mpi-dev).
# Output files go to $OUT (default /tmp). RESOLUTION (default 128) sizes the timing runs.
set -u -o pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
deps=${DEPS:-$PWD/.device/deps}
out=${OUT:-/tmp}
resolution=${RESOLUTION:-128}
export CPPFLAGS="-I$deps/include" LDFLAGS="-L$deps/lib"
nvidia-smi -L
mpirun --version | head -1
for p in double single; do
    (make -j8 HAVE_NETCDF=no HAVE_FFTW=yes "FFTW_LIBS=-lfftw3 -lfftw3f" HAVE_FFTW_MPI=yes \
        PRECISION=$p build/$p/shallows-ns build/$p/shallows-ns-mpi build/$p/shallows-ns-mpi-tests \
        build/$p/shallows-tests >"$out/mgpu-ns-build-$p.log" 2>&1
     echo "build $p: exit $?") &
done
wait
grep -E "error|\*\*\*" "$out"/mgpu-ns-build-*.log | head -10
for p in double single; do
    for n in 2 4; do
        log="$out/mgpu-ns-tests-$p-$n.log"
        timeout 300 mpirun -q --oversubscribe -np $n build/$p/shallows-ns-mpi-tests >"$log" 2>&1
        echo "ns mpi tests $p np=$n: exit $? $(grep -E '^mpi-[0-9]+:' "$log")"
        grep -E "skipped|not so here|on cuda:" "$log" | sed 's/^ *//'
    done
    log="$out/mgpu-ns-program-$p.log"
    timeout 300 build/$p/shallows-tests --program build/$p/shallows-ns --suite ns_mpi_program \
        >"$log" 2>&1
    echo "ns_mpi_program $p: exit $? $(grep -E '^[a-z]+: [0-9]+ passed' "$log")"
    grep -E "FAILED" "$log" | head -5
done
# Timing: one GPU, then 1, 2, 4 ranks on the GPUs; mpi+serial on 4 ranks for the host
# transform. Per rank 0: the profile's precondition stage (GPU ranks: cuFFT, the staging copies
# and the all-to-alls) against the mpi line's transform_seconds (the all-to-alls alone).
b=build/double
run="--case kelvin-helmholtz --resolution $resolution --steps 10 --benchmark --profile -q"
echo "== shallows-ns --backend cuda, $resolution^3"
$b/shallows-ns --backend cuda $run | grep -E "^(summary|profile|navier-stokes):"
for n in 1 2 4; do
    echo "== mpirun -np $n shallows-ns-mpi --backend cuda, $resolution^3"
    mpirun -q --oversubscribe -np $n $b/shallows-ns-mpi --backend cuda $run 2>&1 |
        grep -E "^(summary|profile|mpi|mpi-ranks|navier-stokes|shallows):"
done
echo "== mpirun -np 4 shallows-ns-mpi --backend serial, $resolution^3"
mpirun -q --oversubscribe -np 4 $b/shallows-ns-mpi --backend serial $run 2>&1 |
    grep -E "^(summary|profile|mpi|mpi-ranks):"
