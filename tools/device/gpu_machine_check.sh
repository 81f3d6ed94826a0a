#!/bin/bash
# On a GPU machine: every suite with OpenCL on the NVIDIA platform, the MPI suites on 1 to 3
# ranks, an mpi+cuda VTK run, the copy bandwidth, OpenCL levels 3-4 (levels 2-3 before the
# renumbering of docs/RESULTS-opencl.md) against CUDA level 4, and
# serial against OpenMP with 2 threads on the host (docs/RESULTS.md, RESULTS-opencl.md).
# Run from the repository root with the CUnit headers and libcunit.a in .cunit/include and
# .cunit/lib (GPU machines often lack libcunit1-dev); output files go to $OUT.
set -u -o pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
out=${OUT:-/tmp/out}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; lscpu | grep "Model name"
for p in single double; do
    make -j16 HAVE_NETCDF=no HAVE_OPENCL=yes PRECISION=$p build/$p/shallows build/$p/shallows-tests \
        build/$p/shallows-mpi build/$p/shallows-mpi-tests >"$out/build-$p.log" 2>&1 \
        || { echo "build $p failed"; grep -E "error" "$out/build-$p.log" | head; }
done
build/single/shallows --list-devices 2>&1 | head -8
for p in single double; do
    SWE_TEST_CL_DEVICE=1:0 timeout 400 build/$p/shallows-tests --program build/$p/shallows >"$out/tests-$p.log" 2>&1
    echo "all suites $p (OpenCL on 1:0): exit $? $(grep -E '^[a-z]+: [0-9]+ passed' "$out/tests-$p.log")"
    grep -E "FAILED|^ +[0-9]+\. " "$out/tests-$p.log" | head -8
    grep -E "skipped" "$out/tests-$p.log" | head -3
done
for p in single double; do
    for n in 1 2 3; do
        timeout 300 mpirun -q --oversubscribe -np $n build/$p/shallows-mpi-tests >"$out/mpitests-$p-$n.log" 2>&1
        echo "mpi tests $p np=$n exit $?: $(grep -E 'skipped|^mpi-' "$out/mpitests-$p-$n.log" | tr '\n' ' ')"
        grep -E "not so here" "$out/mpitests-$p-$n.log" | head -3
    done
done
(cd /tmp && mpirun -q -np 2 "$OLDPWD/build/single/shallows-mpi" --backend cuda --scenario bump-dam-break \
    --nx 1024 --ny 512 --t-end 0.5 --outputs 4 --quiet --format vtk --output /tmp/vtkrun; \
    echo "mpi+cuda vtk: exit $? $(ls /tmp/vtkrun* | wc -l) files")
build/cuda-copy-bandwidth 2>/dev/null || nvcc -I. -O2 -gencode arch=compute_90,code=sm_90 -o build/cuda-copy-bandwidth tools/bench/cuda_copy_bandwidth.cu
build/cuda-copy-bandwidth 2048
echo "precision,n,what,steps,seconds,cell_updates_per_s"
s() { sed -nE 's/.* steps=([0-9]+) seconds=([0-9.]+) cell_updates_per_s=([0-9.e+]+).*/\1,\2,\3/p'; }
for p in single double; do
    for n in 2000 8192; do
        t=$([ $n = 2000 ] && echo 5 || echo 1)
        for run in 1 2; do
            for L in 2 3; do
                echo "$p,$n,opencl-$L,$(build/$p/shallows --backend opencl --cl-device 1:0 --level $L --nx $n --ny $n --t-end $t --benchmark | s)"
            done
            echo "$p,$n,cuda-4,$(build/$p/shallows --backend cuda --level 4 --nx $n --ny $n --t-end $t --benchmark | s)"
        done
    done
done
echo "== CPU: serial and OpenMP 2 threads, 2000^2, this idle host"
for p in single double; do
    for run in 1 2 3; do
        echo "$p,2000,serial,$(build/$p/shallows --nx 2000 --ny 2000 --t-end 1 --benchmark | s)"
        echo "$p,2000,openmp-2,$(OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores build/$p/shallows --backend openmp --nx 2000 --ny 2000 --t-end 1 --benchmark | s)"
    done
done
