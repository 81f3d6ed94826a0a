#!/bin/bash
# On a GPU machine: every suite with OpenCL on the NVIDIA platform, OpenCL levels 3-4 (2-3
# before the renumbering of docs/RESULTS-opencl.md) against CUDA level 4, and mpi+cuda
# determinism runs (docs/RESULTS-opencl.md).
# Run from the repository root with the CUnit headers and libcunit.a in .cunit/include and
# .cunit/lib (GPU machines often lack libcunit1-dev); output files go to $OUT.
set -u -o pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
for p in single double; do
    make -j16 HAVE_NETCDF=no HAVE_OPENCL=yes PRECISION=$p build/$p/shallows build/$p/shallows-tests \
        build/$p/shallows-mpi build/$p/shallows-mpi-tests >/tmp/build-$p.log 2>&1 || { echo "build $p failed"; grep error /tmp/build-$p.log | head; }
done
for p in single double; do
    SWE_TEST_CL_DEVICE=1:0 timeout 300 build/$p/shallows-tests --program build/$p/shallows >/tmp/tests-$p.log 2>&1
    echo "== all suites $p (OpenCL on the H100): exit $? $(grep -E '^[a-z]+: [0-9]+ passed' /tmp/tests-$p.log)"
    grep -E "^Suite:|FAILED|skipped|largest difference|max relative" /tmp/tests-$p.log | head -40
done
s() { sed -nE 's/.* steps=([0-9]+) seconds=([0-9.]+) cell_updates_per_s=([0-9.e+]+).*/\1,\2,\3/p'; }
echo "precision,n,what,steps,seconds,cell_updates_per_s"
for p in single double; do for n in 2000 8192; do t=$([ $n = 2000 ] && echo 5 || echo 1)
    for run in 1 2; do for L in 3 4; do
        echo "$p,$n,opencl-$L,$(build/$p/shallows --backend opencl --cl-device 1:0 --level $L --nx $n --ny $n --t-end $t --benchmark | s)"
    done; echo "$p,$n,cuda-4,$(build/$p/shallows --backend cuda --level 4 --nx $n --ny $n --t-end $t --benchmark | s)"; done
done; done
echo "== determinism: one process, bump 29x31 double, vtk md5 of 3 runs per level"
for L in 1 2 3 4; do
    for r in 1 2 3; do
        build/double/shallows --backend cuda --level $L --scenario bump-dam-break --nx 29 --ny 31 --t-end 0.5 --outputs 1 --format vtk --output /tmp/d$L-$r --quiet >/dev/null
        md5sum /tmp/d$L-${r}_0001.vtr | cut -c1-12
    done | tr '\n' ' '; echo " level $L"
done
echo "== mpi+cuda np=2, double, pieces md5 of 2 runs per level"
for L in 1 2 4; do
    for r in 1 2; do
        mpirun -q -np 2 build/double/shallows-mpi --backend cuda --level $L --scenario bump-dam-break --nx 29 --ny 31 --t-end 0.5 --outputs 1 --format vtk --output /tmp/m$L-$r --quiet >/dev/null
        cat /tmp/m$L-${r}_0001_p*.vtr | md5sum | cut -c1-12
    done | tr '\n' ' '; echo " level $L"
done
for p in single double; do for n in 2 3; do
    timeout 300 mpirun -q --oversubscribe -np $n build/$p/shallows-mpi-tests >/tmp/m.log 2>&1
    echo "mpi tests $p np=$n exit $?: $(grep -E '^mpi-' /tmp/m.log)"; grep -E "first difference|not so here" /tmp/m.log | head -4
done; done
