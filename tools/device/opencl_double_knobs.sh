#!/bin/bash
# On an NVIDIA GPU machine: what OpenCL level 4 in double precision gains from the knobs that
# need no kernel change, against CUDA level 4 in the same call (issue 18: OpenCL at 80 % of
# CUDA). Knobs: the work group's rows (SWE_CL_STRIP_ROWS of backends/opencl/cartesian/opencl_fields.h,
# 16 and 32) and NVIDIA's register cap (-cl-nv-maxrregcount). The trial builds are copies of
# this tree in /tmp patched three ways, none of which is meant for the project: the strip rows,
# --cl-math taking any option text, and the compiler's log printed after every build (with
# -cl-nv-verbose it names the registers: on an H100 with driver 580 the cap changed nothing,
# docs/RESULTS-opencl.md). Both flows of docs/RESULTS-opencl.md at 8192^2, best
# of REPEATS (2). Output: the table on stdout, the build logs' register lines too.
set -u -o pipefail
repeats=${REPEATS:-2}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
tree=$PWD
for rows in 16 32; do
    copy=/tmp/knobs-rows$rows
    rm -rf "$copy" && mkdir -p "$copy" &&
        tar -C "$tree" --exclude=./build --exclude=./.git -cf - . | tar -C "$copy" -xf - || exit 1
    sed -i -E "s/SWE_CL_STRIP_ROWS = [0-9]+/SWE_CL_STRIP_ROWS = $rows/" "$copy/backends/opencl/cartesian/opencl_fields.h"
    sed -i 's/^static int is_option_text(const char \*text)$/static int is_option_text(const char *text) { (void)text; return 1; }\nstatic int unused_option_text(const char *text)/' \
        "$copy/backends/opencl/cl_math.c"
    sed -i 's/if (code == CL_BUILD_PROGRAM_FAILURE || code == CL_COMPILE_PROGRAM_FAILURE) {/if (getenv("KNOBS_LOG") != NULL || code == CL_BUILD_PROGRAM_FAILURE) {/' \
        "$copy/backends/opencl/cl_program.c"
    sed -i 's/^static int unused_option_text/__attribute__((unused)) static int unused_option_text/' \
        "$copy/backends/opencl/cl_math.c"
    (cd "$copy" && make -j16 HAVE_NETCDF=no HAVE_OPENCL=yes PRECISION=double build/double/shallows \
        >/tmp/knobs-build-$rows.log 2>&1) || { echo "build rows $rows failed"; grep -m5 error /tmp/knobs-build-$rows.log; }
done
field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
best() { # best rate of REPEATS runs of the arguments; prints "rate mass"
    local rate=0 line=""
    for ((k = 0; k < repeats; ++k)); do
        line=$("$@" --nx 8192 --ny 8192 --t-end 2 --outputs 1 --benchmark --quiet 2>/tmp/knobs-err.log | grep summary:)
        [ -n "$line" ] || { echo "FAILED $(head -c 200 /tmp/knobs-err.log)"; return; }
        rate=$(python3 -c "print(max($rate, $(echo "$line" | field cell_updates_per_s)))")
    done
    echo "$rate $(echo "$line" | field mass)"
}
echo "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
printf "%-44s %-22s %11s %8s %s\n" build flow rate "of CUDA" mass
for flow in radial-dam-break dam-break-in-current; do
    read -r cuda cuda_mass <<<"$(best /tmp/knobs-rows16/build/double/shallows --backend cuda --level 4 --scenario $flow)"
    printf "%-44s %-22s %11s %8s %s\n" "cuda level 4" $flow "$cuda" 100 "$cuda_mass"
    for rows in 16 32; do
        for cap in none 64 80 96 128 168; do
            math="-cl-fp32-correctly-rounded-divide-sqrt" # the default in double
            # NVIDIA's driver refuses "-cl-nv-maxrregcount N" and takes, but ignores, the "=" form
            [ $cap = none ] || math="$math -cl-nv-maxrregcount=$cap"
            read -r rate mass <<<"$(best /tmp/knobs-rows$rows/build/double/shallows --backend opencl \
                --cl-device 1:0 --level 4 --scenario $flow --cl-math "$math")"
            printf "%-44s %-22s %11s %8s %s\n" "opencl 64x$rows cap $cap" $flow "$rate" \
                "$(python3 -c "print(f'{100 * $rate / $cuda:.1f}')" 2>/dev/null)" "$mass"
        done
    done
done
echo "== registers (-cl-nv-verbose), 64x16 and 64x32, no cap and cap 96"
for rows in 16 32; do for math in "-cl-nv-verbose" "-cl-nv-verbose -cl-nv-maxrregcount 96" \
    "-cl-nv-verbose -cl-nv-maxrregcount=96"; do
    KNOBS_LOG=1 /tmp/knobs-rows$rows/build/double/shallows --backend opencl --cl-device 1:0 --level 4 \
        --nx 64 --ny 64 --t-end 0.01 --quiet --outputs 1 --format vtk --output /tmp/knobs-v \
        --cl-math "$math" 2>&1 | grep -iE "fused_strips|registers|spill|bytes stack|Compiling entry|error" | head -8 |
        sed "s/^/rows $rows [$math]: /"
done; done
