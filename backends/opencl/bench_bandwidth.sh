#!/bin/sh
# For make bench: the copy bandwidth of the OpenCL backend's default device.
# On an NVIDIA GPU that is the CUDA copy benchmark's figure; on a CPU device
# (PoCL) it prints nothing, and the bench compares with the CPU's copy.
set -eu
cd "$(dirname "$0")/../.."
program=$(ls build/*/shallows 2>/dev/null | head -n 1)
[ -n "$program" ] || exit 0
if "$program" --list-devices 2>/dev/null | grep -E '^ +\* ' | grep -q 'GPU.*NVIDIA\|NVIDIA.*GPU'; then
    if command -v nvcc >/dev/null 2>&1; then
        exec backends/cuda/bench_bandwidth.sh
    fi
fi
