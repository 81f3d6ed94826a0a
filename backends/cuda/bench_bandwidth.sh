#!/bin/sh
# For make bench: the GPU's device-to-device copy bandwidth
# (tools/bench/cuda_copy_bandwidth.cu), printed as copy_GBps=<GB/s>.
set -eu
cd "$(dirname "$0")/../.."
program=build/cuda-copy-bandwidth
if [ ! -x "$program" ] || [ tools/bench/cuda_copy_bandwidth.cu -nt "$program" ]; then
    nvcc -O2 -I. -gencode arch=compute_90,code=sm_90 -gencode arch=compute_90,code=compute_90 \
        -o "$program" tools/bench/cuda_copy_bandwidth.cu
fi
"$program" 2048 | sed -E 's/.*copy_GB_per_s=([0-9.]+).*/copy_GBps=\1/'
