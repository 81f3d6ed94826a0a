#!/bin/bash
# make teaching-check (run by .ci/run): skeletons/ is fresh (and so
# formatted); the CUDA skeletons compile wherever nvcc is; the skeleton
# build runs a dam break without crashing and names its missing TODOs;
# every name the sheets and slides give in backticks exists in the student
# release; the release builds; where a CUDA device is, the release grades
# its untouched CUDA skeletons 0 of N without a crash and the solutions N of
# N (the other exercises of the release are graded both ways by the
# classroom simulation of make grade-check, on the workflow's packages); the
# full repository grades the solutions N of N against the reference kernels.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

echo "== the generator, the sheet check and the grader's device report"
python3 tools/teaching/test_teaching_tools.py 2>&1 | tail -n 1

echo "== skeletons/ fresh"
tools/teaching/make_skeletons --check

# Device code cannot report its TODOs at run time, so what must hold
# without a GPU is that the skeletons compile, warnings as errors.
if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
    echo "== CUDA skeletons compile (nvcc, -Werror, both precisions)"
    for precision in single double; do
        make --no-print-directory -s -j2 KERNELS=skeletons PRECISION=$precision cuda-objects
    done
fi

# Without a CUDA device the skeleton build and the release's build leave
# nvcc out: it is the slowest compiler of the project. The grader's own
# builds (build/grade-*, by student-release and grade.py) keep it: make
# grade-check builds the CUDA exercises in the sandbox from the same kit,
# which a change of flags would rebuild.
gpu=no
without_nvcc=(CUDA_NVCC=)
if nvidia-smi -L >/dev/null 2>&1; then
    gpu=yes
    without_nvcc=()
fi

echo "== skeleton build runs"
make --no-print-directory -s -j2 KERNELS=skeletons "${without_nvcc[@]}"
log=$(mktemp)
build/single-skeletons/shallows --nx 64 --ny 64 --benchmark 2>"$log" >/dev/null
grep -q "TODO not done" "$log" || { echo "skeleton run did not name its TODOs" >&2; exit 1; }
if build/single-skeletons/shallows --list-backends | grep -q '^openmp'; then
    OMP_NUM_THREADS=3 build/single-skeletons/shallows --backend openmp --nx 64 --ny 64 \
        --benchmark 2>"$log" >/dev/null
    grep -q "TODO not done" "$log" || { echo "OpenMP skeleton run did not name its TODOs" >&2; exit 1; }
fi
# The C threads and OpenMP target skeletons (exercises 19 and 20) stop with
# an infinite time step, having named their TODOs; they must not hang.
for model in "pthreads --threads 3" "omptarget --level 1" "omptarget --level 2" "omptarget --level 3"; do
    if build/single-skeletons/shallows --list-backends | grep -q "^${model%% *} "; then
        # shellcheck disable=SC2086
        timeout 60 build/single-skeletons/shallows --backend $model --nx 64 --ny 64 \
            --benchmark 2>"$log" >/dev/null || true
        grep -q "TODO not done" "$log" || { echo "$model skeleton run did not name its TODOs" >&2; exit 1; }
    fi
done
# Device code cannot report its TODOs, but it must build and finish.
if build/single-skeletons/shallows --list-backends | grep -q '^opencl' &&
    build/single-skeletons/shallows --list-devices >/dev/null 2>&1; then
    levels=$(build/single-skeletons/shallows --list-backends | awk '$1 == "opencl" { sub("levels=", "", $2); print $2 }')
    for level in $(seq 1 "$levels"); do
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

echo "== student release"
make --no-print-directory -s student-release
(cd build/student-release && make --no-print-directory -s -j2 "${without_nvcc[@]}" >/dev/null)

echo "== the sheets and slides name what the release holds"
release_programs=(--program build/student-release/build/single-skeletons/shallows
    --program build/student-release/tools/teaching/grade.py)
for program in shallows-mpi shallows-ns shallows-ns-mpi; do
    if [ -x build/student-release/build/single-skeletons/$program ]; then
        release_programs+=(--program build/student-release/build/single-skeletons/$program)
    else
        release_programs+=(--absent $program)
    fi
done
sheets=(exercises/README.md exercises/*/README.md slides/[0-9]*.md)
tools/teaching/check_sheets.py --release build/student-release --repository . "${release_programs[@]}" \
    "${sheets[@]}"
# A function renamed in a skeleton of the release must make the check fail.
renamed=$(mktemp -d)
tar -C build/student-release --exclude=./build -cf - . | tar -C "$renamed" -xf -
sed -i 's/\bnet_updates_kernel\b/edge_updates_kernel/g' "$renamed/skeletons/cuda/cartesian/level1_kernels.cu"
if tools/teaching/check_sheets.py --release "$renamed" --repository . "${release_programs[@]}" \
    "${sheets[@]}" >"$log" 2>&1 || ! grep -q "'net_updates_kernel' is not in" "$log"; then
    echo "the sheet check missed a function renamed in a skeleton" >&2
    exit 1
fi
rm -rf "$renamed"
if [ "$gpu" = yes ]; then
    cuda_exercises=$(grep -l '^device: cuda' exercises/*/grade.conf | xargs -n 1 dirname |
        xargs -n 1 basename | paste -sd, -)
    (
        cd build/student-release
        echo "== release: untouched CUDA skeletons grade 0"
        tools/teaching/grade.py --exercise "$cuda_exercises" --expect zero >/dev/null
        echo "== release: the CUDA solutions grade full"
        tools/teaching/grade.py --exercise "$cuda_exercises" --submission "$root/solutions" \
            --expect full >/dev/null
    )
fi
rm -f "$log"
# CI (.ci/run) sets TEACHING_CHECK_CLASSROOM_GRADES=1: make grade-check's
# Classroom simulation grades the same solutions full, every exercise that
# needs no GPU (it checks that its workflow names them all).
if [ -z "${TEACHING_CHECK_CLASSROOM_GRADES:-}" ]; then
    echo "== full repository: the solutions grade full against the reference"
    tools/teaching/grade.py --expect full >/dev/null
else
    echo "== full repository: the solutions are graded full in make grade-check (Classroom)"
fi
echo "teaching-check: passed"
