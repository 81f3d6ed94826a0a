#!/bin/sh
# Installs the Debian packages shallows needs when run as root; otherwise
# prints the one command to run and fails, so that `make run` and
# `make test` stop with a clear message instead of a compiler error.
#   tools/deps.sh [grade]           check or install everything, or what make grade needs
#   tools/deps.sh --list [grade]    print the packages (the GitHub Classroom workflow installs these)
set -eu

# What grading needs beyond a C compiler, make and python3: the sandbox
# (bubblewrap), OpenCL with PoCL, the CPU device of machines without a GPU
# (exercise 07), and Open MPI (exercises 08 and 09). Without the NetCDF and
# PNG headers the graded program is built without those outputs.
grade_packages="python3 bubblewrap ocl-icd-opencl-dev opencl-headers pocl-opencl-icd"
grade_packages="$grade_packages libopenmpi-dev openmpi-bin"
# gnuplot-nox draws the figures of make bench and make validate; clinfo
# lists the OpenCL devices; clang-format formats the sources and the
# skeletons the generator writes.
packages="libnetcdf-dev netcdf-bin libcunit1-dev libpng-dev gnuplot-nox clinfo clang-format"
packages="$packages $grade_packages"
# FFTW: the Navier-Stokes preconditioner and its MPI transforms.
packages="$packages libfftw3-dev libfftw3-mpi-dev"
# gmsh writes the triangle meshes of make meshes from common/mesh/geo/.
packages="$packages gmsh"

list=no
if [ "${1:-}" = --list ]; then
    list=yes
    shift
fi
case "${1:-all}" in
all) ;;
grade) packages=$grade_packages ;;
*) echo "usage: tools/deps.sh [--list] [grade]" >&2; exit 2 ;;
esac
if [ "$list" = yes ]; then
    echo "$packages"
    exit 0
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
