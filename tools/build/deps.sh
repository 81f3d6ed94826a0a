#!/bin/sh
# Installs the Debian packages shallows needs when run as root; otherwise
# prints the one command to run and fails, so that `make run` and
# `make test` stop with a clear message instead of a compiler error. Then
# makes .venv, a Python virtual environment with the CF checkers that
# `make test` runs over the output files (cfchecker, compliance-checker and,
# for the triangles' UGRID files, uxarray; PyPI only has them), when
# python3-venv and the network are there.
#   tools/build/deps.sh [grade|fuzz]           check or install everything, or what make grade
#                                        needs, or everything and what make fuzz needs
#   tools/build/deps.sh --list [grade|fuzz]    print the packages (the GitHub Classroom workflow
#                                        installs these)
#
# A fresh cloud machine runs apt at first boot (cloud-init, unattended
# upgrades): this waits for its lock, up to DEPS_APT_WAIT seconds (600),
# saying so, instead of failing.
set -eu

# What grading needs beyond a C compiler, make and python3: the sandbox
# (bubblewrap), OpenCL with PoCL, the CPU device of machines without a GPU
# (exercise 07), and Open MPI (exercises 08 and 09). Without the NetCDF and
# PNG headers the graded program is built without those outputs.
grade_packages="python3 bubblewrap ocl-icd-opencl-dev opencl-headers pocl-opencl-icd"
grade_packages="$grade_packages libopenmpi-dev openmpi-bin"
# FFTW: the Navier-Stokes preconditioner (exercises 11-13).
grade_packages="$grade_packages libfftw3-dev"
# gnuplot-nox draws the figures of make bench and make validate; clinfo
# lists the OpenCL devices; clang-format formats the sources and the
# skeletons the generator writes; pkg-config finds the libraries.
packages="libnetcdf-dev netcdf-bin libcunit1-dev libpng-dev gnuplot-nox clinfo clang-format pkg-config"
packages="$packages $grade_packages"
# FFTW's MPI transforms: the Navier-Stokes slabs (shallows-ns-mpi).
packages="$packages libfftw3-mpi-dev"
# clFFT: the Navier-Stokes OpenCL backend's preconditioner on the device.
packages="$packages libclfft-dev"
# METIS partitions the triangle meshes over MPI ranks (shallows-mpi --mesh).
packages="$packages libmetis-dev"
# GCC's offload compiler for NVIDIA GPUs and libgomp's plugin for them: the
# OpenMP target model (backends/omptarget/; without a GPU it runs on the host).
packages="$packages gcc-12-offload-nvptx libgomp-plugin-nvptx1"
# gmsh writes the triangle meshes of make meshes from common/mesh/geo/.
packages="$packages gmsh"
# valgrind: the child-task suite runs a checkpointed run and its restart
# under it (no uninitialised byte goes down a child process's pipe).
packages="$packages valgrind"
# Pictures with text (cairo and a font), units of input files (udunits2),
# compressed VTK (zlib), parallel NetCDF for shallows-mpi.
packages="$packages libcairo2-dev fonts-dejavu-core libudunits2-dev zlib1g-dev libnetcdf-mpi-dev"
# The tools `make test` opens the files with: xarray, netCDF4, VTK's
# readers; python3-venv for the checkers' environment.
packages="$packages python3-xarray python3-netcdf4 python3-venv"
installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}
# VTK's Python readers come with python3-vtk9, or with ParaView's
# python3-paraview, which Debian does not install beside it: DEPS_PARAVIEW=yes
# (or a ParaView already there) takes ParaView (about 180 packages), and
# make test then opens the files in pvpython too.
if [ "${DEPS_PARAVIEW:-no}" = yes ] || installed python3-paraview; then
    packages="$packages paraview python3-paraview"
else
    packages="$packages python3-vtk9"
fi

list=no
if [ "${1:-}" = --list ]; then
    list=yes
    shift
fi
set_name=${1:-all}
case "$set_name" in
all) ;;
grade) packages=$grade_packages ;;
# make fuzz alone: clang and its runtime for the libFuzzer target
# (tools/fuzz/classic_header_fuzzer.c); make test does not need them.
fuzz) packages="$packages clang libclang-rt-dev" ;;
*) echo "usage: tools/build/deps.sh [--list] [grade|fuzz]" >&2; exit 2 ;;
esac
if [ "$list" = yes ]; then
    echo "$packages"
    exit 0
fi

root=$(cd "$(dirname "$0")/../.." && pwd)

# Whether apt or dpkg holds one of its locks (a POSIX lock in /proc/locks).
apt_busy() {
    for lock in /var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock \
        /var/cache/apt/archives/lock; do
        [ -e "$lock" ] || continue
        inode=$(stat -c %i "$lock")
        if grep -q ":$inode " /proc/locks 2>/dev/null; then
            return 0
        fi
    done
    return 1
}

wait_for_apt() {
    limit=${DEPS_APT_WAIT:-600}
    waited=0
    while apt_busy; do
        if [ "$waited" -ge "$limit" ]; then
            echo "deps: apt is still busy after $limit s (another installation?); run make deps" \
                "again when it is done, or set DEPS_APT_WAIT=seconds" >&2
            exit 1
        fi
        if [ $((waited % 30)) -eq 0 ]; then
            echo "deps: waiting for another apt or dpkg to finish (up to $limit s)..." >&2
        fi
        sleep 5
        waited=$((waited + 5))
    done
}

missing=""
for package in $packages; do
    if ! installed "$package"; then
        missing="$missing $package"
    fi
done

if [ -n "$missing" ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "deps: missing Debian packages; install them with:" >&2
        echo "  sudo apt-get install -y$missing" >&2
        exit 1
    fi
    echo "deps: installing$missing"
    export DEBIAN_FRONTEND=noninteractive
    wait_for_apt
    apt-get update -qq
    wait_for_apt
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends \
        -o DPkg::Lock::Timeout="${DEPS_APT_WAIT:-600}" $missing
fi

[ "$set_name" = grade ] && exit 0

# The CF checkers and uxarray, once; not fatal without the network (make
# test then says it skipped them), and not tried again on every make until
# .venv/unavailable is deleted.
venv="$root/.venv"
if [ -e "$venv/unavailable" ]; then
    exit 0
fi
if [ ! -x "$venv/bin/cfchecks" ] || [ ! -x "$venv/bin/compliance-checker" ] ||
    ! "$venv/bin/python" -c "import uxarray, cc_plugin_ugrid" 2>/dev/null; then
    echo "deps: installing cfchecker, compliance-checker (with its UGRID checker) and uxarray into .venv (pip)"
    if /usr/bin/python3 -m venv "$venv" &&
        "$venv/bin/pip" install -q --disable-pip-version-check --timeout 30 --retries 2 \
            cfchecker compliance-checker cc-plugin-ugrid uxarray; then
        "$root/tools/build/cf_tables.sh" "$venv/cf-tables" ||
            echo "deps: no CF tables downloaded; the checks use the tables compliance-checker ships"
    else
        mkdir -p "$venv"
        echo "pip could not install cfchecker and compliance-checker; delete this file to retry" \
            >"$venv/unavailable"
        echo "deps: could not install the CF checkers (offline?); make test will skip them" \
            "(rm .venv/unavailable to retry)" >&2
    fi
fi
