#!/bin/bash
# On a GPU machine, the numerics of issue 20 (outflow ghosts on the higher inner bed, thin depths
# kept in every solver's balance, George's augrie): builds for the H100 (-arch=sm_90) in both
# precisions and runs the agreement suite (every CUDA and OpenCL level against serial, OpenCL on
# NVIDIA's platform; the outflow ghosts of the fused levels included), the cuda and opencl suites,
# and the balance, augrie, riemann and validation suites.
# Run from the repository root with the CUnit headers and libcunit.a in .cunit/include and
# .cunit/lib (as tools/device/gpu_machine_check.sh); output files go to $OUT.
set -u -o pipefail
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
out=${OUT:-/tmp/out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
status=0
for p in single double; do
    if ! make -j16 HAVE_NETCDF=no HAVE_OPENCL=yes CUDA_ARCH="-arch=sm_90" PRECISION=$p \
        build/$p/shallows build/$p/shallows-tests >"$out/build-$p.log" 2>&1; then
        echo "build $p failed"
        grep -E "error" "$out/build-$p.log" | head
        status=1
        continue
    fi
    device=$(build/$p/shallows --list-devices 2>/dev/null | grep -i nvidia -A3 | grep -oE '[0-9]+:[0-9]+' | head -1)
    for suite in agreement cuda opencl balance augrie riemann validation; do
        log="$out/$suite-$p.log"
        SWE_TEST_CL_DEVICE=${device:-0:0} timeout 500 build/$p/shallows-tests --suite $suite \
            --program build/$p/shallows >"$log" 2>&1
        rc=$?
        echo "$p $suite: exit $rc $(grep -E '^[a-z]+: [0-9]+ passed' "$log" | tail -n 1)"
        grep -E "FAILED|^ +[0-9]+\. |largest difference|skipped" "$log" | head -12
        [ $rc -eq 0 ] || status=1
    done
done
exit $status
