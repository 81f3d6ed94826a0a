#!/bin/bash
# Experiment on a GPU machine, in a scratch copy of the tree (it edits
# backends/opencl/cartesian/opencl_backend.c): OpenCL single precision without correctly rounded
# division and square root, its OpenCL suite and its speed against CUDA level 4
# (docs/RESULTS-opencl.md).
# Run from the repository root with the CUnit headers and libcunit.a in .cunit/include and
# .cunit/lib (GPU machines often lack libcunit1-dev); output files go to $OUT.
set -u -o pipefail
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
sed -i 's/? " -cl-fp32-correctly-rounded-divide-sqrt"/? ""/' backends/opencl/cartesian/opencl_backend.c
grep -n 'CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT)' -A2 backends/opencl/cartesian/opencl_backend.c
make -j16 HAVE_NETCDF=no HAVE_OPENCL=yes PRECISION=single build/single/shallows build/single/shallows-tests >/tmp/b.log 2>&1 || tail /tmp/b.log
SWE_TEST_CL_DEVICE=1:0 SWE_TEST_BACKENDS=opencl build/single/shallows-tests --program build/single/shallows --suite agreement >/tmp/t.log 2>&1
echo "opencl agreement, relaxed fp32: exit $? $(grep -E '^single: ' /tmp/t.log)"
grep -E "largest difference|too far from serial|FAILED" /tmp/t.log | head -12
s() { sed -nE 's/.* steps=([0-9]+) seconds=([0-9.]+) cell_updates_per_s=([0-9.e+]+).*/\1,\2,\3/p'; }
for n in 2000 8192; do t=$([ $n = 2000 ] && echo 5 || echo 1)
    echo "single,$n,opencl-4-relaxed,$(build/single/shallows --backend opencl --cl-device 1:0 --level 4 --nx $n --ny $n --t-end $t --benchmark | s)"
    echo "single,$n,cuda-4,$(build/single/shallows --backend cuda --level 4 --nx $n --ny $n --t-end $t --benchmark | s)"
done
