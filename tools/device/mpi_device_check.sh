#!/bin/bash
# On a GPU machine: the MPI suites (mpi-cuda among them) on 2 and 3 ranks, twice; three
# 2-rank mpi+cuda runs per level that must write identical files; the CUDA levels of the
# agreement suite (docs/RESULTS-mpi.md).
# Run from the repository root with the CUnit headers and libcunit.a in .cunit/include and
# .cunit/lib (GPU machines often lack libcunit1-dev); output files go to $OUT.
set -u -o pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
for p in single double; do
    make -j16 HAVE_NETCDF=no PRECISION=$p build/$p/shallows build/$p/shallows-tests \
        build/$p/shallows-mpi build/$p/shallows-mpi-tests >/tmp/build-$p.log 2>&1 || { echo "build $p failed"; grep error /tmp/build-$p.log | head; }
done
for round in 1 2; do for p in single double; do for n in 2 3; do
    timeout 300 mpirun -q --oversubscribe -np $n build/$p/shallows-mpi-tests >/tmp/m.log 2>&1
    echo "mpi tests $p np=$n exit $?: $(grep -E '^mpi-' /tmp/m.log)"; grep -E "first difference|not so here" /tmp/m.log | head -4
done; done; done
echo "== mpi+cuda np=2, double, pieces md5 of 3 runs per level"
for L in 1 2 4; do
    for r in 1 2 3; do
        mpirun -q -np 2 build/double/shallows-mpi --backend cuda --level $L --scenario bump-dam-break --nx 29 --ny 31 --t-end 0.5 --outputs 1 --format vtk --output /tmp/m$L-$r --quiet >/dev/null
        cat /tmp/m$L-${r}_0001_p*.vtr | md5sum | cut -c1-12
    done | tr '\n' ' '; echo " level $L"
done
for p in single double; do
    SWE_TEST_BACKENDS=cuda timeout 300 build/$p/shallows-tests --program build/$p/shallows \
        --suite agreement >/tmp/c.log 2>&1
    echo "cuda agreement $p: exit $? $(grep -E '^[a-z]+: [0-9]+ passed' /tmp/c.log)"
done
