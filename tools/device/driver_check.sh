#!/bin/bash
# On a GPU machine: the run driver's contract on the GPU backends (issue 12). Builds with
# -arch=sm_90, then runs the suites that check it: every CUDA and OpenCL level against serial (agreement), the
# backend contract (advance stops at the first step boundary past a pause and pauses change
# no step: CUDA level 4, OpenCL levels 4-5; levels with dt on the host have no advance), the
# driver, and on 1 to 3 ranks the MPI suites (mpi-cuda, mpi-opencl, an unstable run that
# must end alike on every rank). Last, progress on a terminal for every CUDA and OpenCL level:
# a run must update its line while it steps, not only at its snapshots.
# Run from the repository root with the CUnit headers and libcunit.a in .cunit/include and
# .cunit/lib (GPU machines often lack libcunit1-dev); logs go to $OUT; the table comes last.
set -u -o pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
out=${OUT:-/tmp/out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
summary=()
note() { summary+=("$1"); echo "$1"; }
for p in single double; do
    make -j16 CUDA_ARCH=-arch=sm_90 HAVE_NETCDF=no HAVE_OPENCL=yes PRECISION=$p \
        build/$p/shallows build/$p/shallows-tests build/$p/shallows-mpi \
        build/$p/shallows-mpi-tests >"$out/build-$p.log" 2>&1 ||
        { note "build $p: FAILED"; grep -E "error" "$out/build-$p.log" | head; }
done
device=$(build/single/shallows --list-devices 2>/dev/null | grep -i nvidia -A3 | grep -oE '[0-9]+:[0-9]+' | head -1)
export SWE_TEST_CL_DEVICE=${device:-0:0}
echo "OpenCL device: $SWE_TEST_CL_DEVICE"
for p in single double; do
    for suite in agreement opencl backend-contract driver cli; do
        log="$out/suite-$p-$suite.log"
        timeout 500 build/$p/shallows-tests --program build/$p/shallows --suite $suite >"$log" 2>&1
        note "$p $suite: exit $? $(grep -E '^[a-z]+: [0-9]+ passed' "$log") $(grep -oE '\((cuda|opencl) level [0-9]: advance\)' "$log" | tr -d '()' | tr '\n' ' ')"
        grep -E "FAILED|^ +[0-9]+\. |skipped" "$log" | head -4
    done
    # Under mpirun the ICD loader may list the platforms in another order: ask it there.
    mpi_device=$(mpirun -q -np 1 build/$p/shallows-mpi --list-devices 2>/dev/null | grep -i nvidia -A3 | grep -oE '[0-9]+:[0-9]+' | head -1)
    for n in 1 2 3; do
        log="$out/mpi-$p-$n.log"
        SWE_TEST_CL_DEVICE=${mpi_device:-0:0} timeout 300 mpirun -q --oversubscribe -np $n build/$p/shallows-mpi-tests >"$log" 2>&1
        note "$p mpi np=$n: exit $? $(grep -E 'skipped|^mpi-[0-9]' "$log" | tr '\n' ' ')"
        grep -E "not so here" "$log" | head -3
    done
done
# Progress: on a terminal the line updates every 0.5 s from within the steps. Each run is
# stopped after 6 s, long before its one snapshot: a level that reported only at snapshots
# would show no update at all.
if command -v script >/dev/null; then
    for run in "cuda 1" "cuda 2" "cuda 3" "cuda 4" "opencl 1" "opencl 2" "opencl 3" "opencl 4" "opencl 5"; do
        read -r backend level <<<"$run"
        extra=""
        [ "$backend" = opencl ] && extra="--cl-device $SWE_TEST_CL_DEVICE"
        script -qfc "timeout -s INT 6 build/single/shallows --backend $backend --level $level \
            $extra --nx 2048 --ny 2048 --t-end 1000 --outputs 1 --format vtk --output /tmp/progress" \
            "$out/progress-$backend-$level.log" >/dev/null 2>&1
        updates=$(tr '\r' '\n' <"$out/progress-$backend-$level.log" | grep -c '^t = ')
        verdict=$([ "$updates" -ge 3 ] && echo ok || echo FAILED)
        note "progress $backend level $level: $updates updates in 6 s before the first snapshot: $verdict"
    done
else
    note "progress: not checked (no 'script' command here)"
fi
echo "== summary"
printf '%s\n' "${summary[@]}"
