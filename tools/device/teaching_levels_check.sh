#!/bin/bash
# On a GPU machine (an H100): the CUDA and OpenCL teaching levels, one file
# per level (solutions/cuda/level*, solutions/opencl/level*). Builds both
# precisions for sm_90 with the register report of every kernel, runs the
# cuda and opencl suites (OpenCL on the NVIDIA platform), and grades
# exercises 03 to 07: the solutions must score full, the untouched
# skeletons zero. Stages, in order, each also on its own, and the
# precisions (default both) through PRECISIONS:
#   [PRECISIONS=single] tools/device/teaching_levels_check.sh [build] [suites] [grade]
# Run from the repository root with the CUnit headers and libcunit.a in
# .cunit/include and .cunit/lib (GPU machines lack libcunit1-dev), e.g.
#   run(command="tools/device/teaching_levels_check.sh", carry=[".cunit"])
# A summary goes to stdout, every log to $OUT; exit 1 when anything failed.
set -u -o pipefail
out=${OUT:-/tmp/teaching-levels}
mkdir -p "$out"
stages=${*:-build suites grade}
precisions=${PRECISIONS:-single double}
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
flags=(HAVE_NETCDF=no HAVE_OPENCL=yes "CUDA_ARCH=-arch=sm_90")
status=0
failed() {
    echo "FAILED: $*"
    status=1
}

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for precision in $precisions; do
    case " $stages " in *" build "*) ;; *) continue ;; esac
    # -Xptxas=-v: registers, stack and spills of every kernel, kept per precision.
    make -j16 "${flags[@]}" PRECISION=$precision CUDA_EXTRA=-Xptxas=-v build/$precision/shallows \
        build/$precision/shallows-tests >"$out/build-$precision.log" 2>&1 ||
        failed "build $precision (build-$precision.log)"
    grep -E "Compiling entry|registers|spill" "$out/build-$precision.log" \
        >"$out/registers-$precision.txt"
    echo "build $precision: $(grep -c 'Compiling entry' "$out/registers-$precision.txt") kernels," \
        "$(grep -cE '[1-9][0-9]* bytes spill stores' "$out/registers-$precision.txt") with spills" \
        "(registers-$precision.txt)"
done

# The NVIDIA platform's first device, as P:D.
cl_device=$(build/single/shallows --list-devices 2>/dev/null |
    awk 'tolower($0) ~ /nvidia/ && match($0, /[0-9]+:[0-9]+/) { print substr($0, RSTART, RLENGTH); exit }')
echo "OpenCL device: ${cl_device:-none found, the suites use the default device}"
export SWE_TEST_CL_DEVICE=${cl_device:-}
[ -n "$SWE_TEST_CL_DEVICE" ] || unset SWE_TEST_CL_DEVICE

for precision in $precisions; do
    case " $stages " in *" suites "*) ;; *) continue ;; esac
    for suite in agreement cuda opencl; do
        log="$out/suite-$suite-$precision.log"
        timeout 500 build/$precision/shallows-tests --suite $suite \
            --program build/$precision/shallows >"$log" 2>&1
        rc=$?
        echo "suite $suite $precision: exit $rc, $(grep -E '^[a-z]+: [0-9]+ passed' "$log")"
        grep -E "largest difference|skipped" "$log" | sed 's/^/    /' | head -12
        grep -qE '^[a-z]+: [1-9][0-9]* passed, 0 failed' "$log" && [ $rc -eq 0 ] ||
            failed "suite $suite $precision ($log)"
    done
done

exercises=(03-cuda-kernels-and-transfers 04-cuda-on-the-device 05-cuda-shared-memory
    06-cuda-fused-step 07-opencl-kernels)
for precision in $precisions; do
    case " $stages " in *" grade "*) ;; *) continue ;; esac
    for exercise in "${exercises[@]}"; do
        for kernels in solutions skeletons; do
            expect=$([ $kernels = solutions ] && echo full || echo zero)
            log="$out/grade-$exercise-$kernels-$precision.log"
            MAKEFLAGS="${flags[*]}" timeout 500 tools/teaching/grade.py --precision $precision \
                --exercise $exercise --submission $kernels --expect $expect >"$log" 2>&1 ||
                failed "grade $exercise $kernels $precision, expected $expect ($log)"
            echo "grade $exercise $kernels $precision: $(grep -E '^total' "$log")"
        done
    done
done
[ $status -eq 0 ] && echo "teaching levels: all passed" || echo "teaching levels: FAILED"
exit $status
