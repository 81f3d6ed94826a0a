#!/bin/sh
# Installs the Debian packages shallows needs when run as root; otherwise
# prints the one command to run and fails, so that `make run` and
# `make test` stop with a clear message instead of a compiler error.
set -eu

# gnuplot-nox draws the figures of make bench and make validate;
# python3 runs the skeleton generator and the grader; clang-format formats
# the sources and the skeletons the generator writes; PoCL is the OpenCL
# device of machines without a GPU.
packages="libnetcdf-dev netcdf-bin libcunit1-dev libpng-dev gnuplot-nox python3 clang-format"
packages="$packages ocl-icd-opencl-dev opencl-headers pocl-opencl-icd clinfo"
packages="$packages libopenmpi-dev openmpi-bin"
# make fuzz alone: clang and its runtime for the libFuzzer target
# (tools/fuzz/classic_header_fuzzer.c); make test does not need them.
if [ "${1:-}" = "fuzz" ]; then
    packages="$packages clang libclang-rt-dev"
fi

missing=""
for package in $packages; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $package"
    fi
done

[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
    echo "deps: installing$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing
else
    echo "deps: missing Debian packages; install them with:" >&2
    echo "  sudo apt-get install -y$missing" >&2
    exit 1
fi
