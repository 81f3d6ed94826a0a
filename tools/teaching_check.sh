#!/bin/bash
# make teaching-check (run by .ci/run): skeletons/ is fresh; the skeleton
# build runs a dam break without crashing and names its missing TODOs; the
# student release builds, grades its untouched skeletons 0 of N without a
# crash and the solutions N of N; the full repository grades the solutions
# N of N against the reference kernels.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# Without a CUDA device the CUDA exercises are reported "not graded"
# without being built, so every build here leaves nvcc out: it is the
# slowest compiler of the project.
if ! nvidia-smi -L >/dev/null 2>&1; then
    export MAKEFLAGS="${MAKEFLAGS:-} CUDA_NVCC="
fi

echo "== the generator and the grader's device report"
python3 tools/test_teaching_tools.py 2>&1 | tail -n 1

echo "== skeletons/ fresh"
tools/make_skeletons --check

echo "== skeleton build runs"
make --no-print-directory -s -j2 KERNELS=skeletons
log=$(mktemp)
build/single-skeletons/shallows --nx 64 --ny 64 --benchmark 2>"$log" >/dev/null
grep -q "TODO not done" "$log" || { echo "skeleton run did not name its TODOs" >&2; exit 1; }
if build/single-skeletons/shallows --list-backends | grep -q '^openmp'; then
    OMP_NUM_THREADS=3 build/single-skeletons/shallows --backend openmp --nx 64 --ny 64 \
        --benchmark 2>"$log" >/dev/null
    grep -q "TODO not done" "$log" || { echo "OpenMP skeleton run did not name its TODOs" >&2; exit 1; }
fi
# Device code cannot report its TODOs, but it must build and finish.
if build/single-skeletons/shallows --list-backends | grep -q '^opencl' &&
    build/single-skeletons/shallows --list-devices >/dev/null 2>&1; then
    for level in 1 2 3 4; do
        timeout 120 build/single-skeletons/shallows --backend opencl --level $level --nx 40 \
            --ny 40 --benchmark --quiet >/dev/null ||
            { echo "OpenCL skeleton at level $level did not run to its end" >&2; exit 1; }
    done
fi
# The MPI skeleton stops at once, naming a TODO, instead of waiting for a
# message that never comes.
if [ -x build/single-skeletons/shallows-mpi ]; then
    rc=0
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 60 mpirun -q \
        --oversubscribe -np 2 build/single-skeletons/shallows-mpi --nx 64 --ny 64 --benchmark \
        >/dev/null 2>"$log" || rc=$?
    case $rc in
    0) echo "MPI skeleton run succeeded without its TODOs" >&2; exit 1 ;;
    124) echo "MPI skeleton run hung" >&2; exit 1 ;;
    esac
    grep -q "TODO not done" "$log" || { echo "MPI skeleton run did not name its TODOs" >&2; exit 1; }
fi
rm -f "$log"

echo "== student release"
make --no-print-directory -s student-release
(
    cd build/student-release
    make --no-print-directory -s -j2 >/dev/null
    echo "== release: untouched skeletons grade 0"
    tools/grade.py --expect zero >/dev/null
    echo "== release: the solutions grade full"
    tools/grade.py --submission "$root/solutions" --expect full >/dev/null
)
echo "== full repository: the solutions grade full against the reference"
tools/grade.py --expect full >/dev/null
echo "teaching-check: passed"
