#!/bin/bash
# On a GPU machine (H100, sm_90): the Navier-Stokes CUDA backend against serial (the ns_*
# suites, both precisions), the copy bandwidth, seconds per million cells and step of the CUDA
# backend at both momentum levels and of OpenMP on the host CPU, 32^3 to 512^3, with the
# momentum kernel's bandwidth as 002 eq. 30 counts it and the whole step's minimal traffic as a
# share of the copy bandwidth (docs/RESULTS-navier-stokes.md), and 002's Kelvin-Helmholtz
# pictures at 256^3.
#
# Run from the repository root with CUnit and FFTW carried in (GPU machines often lack
# libcunit1-dev and libfftw3-dev): on a machine that has them,
#   mkdir -p .fftw/include .fftw/lib .cunit/include .cunit/lib
#   cp /usr/include/fftw3.h .fftw/include/
#   cp /usr/lib/x86_64-linux-gnu/libfftw3.a /usr/lib/x86_64-linux-gnu/libfftw3f.a .fftw/lib/
#   cp -r /usr/include/CUnit .cunit/include/ && cp /usr/lib/x86_64-linux-gnu/libcunit.a .cunit/lib/
# then: tools/device/navier_stokes_check.sh [tests|bench|kh|all]   (output files in $OUT)
set -u -o pipefail
part=${1:-all}
out=${OUT:-/tmp/out}
mkdir -p "$out"
export CPPFLAGS="-I$PWD/.fftw/include -I$PWD/.cunit/include" LDFLAGS="-L$PWD/.fftw/lib -L$PWD/.cunit/lib"
flags="HAVE_FFTW=yes HAVE_NETCDF=no HAVE_OPENCL=no"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; lscpu | grep "Model name"
for p in single double; do
    make -j16 $flags PRECISION=$p build/$p/shallows build/$p/shallows-tests build/$p/shallows-ns \
        >"$out/build-$p.log" 2>&1 || { echo "build $p failed"; grep -E "error" "$out/build-$p.log" | head; exit 1; }
done

if [ "$part" = tests ] || [ "$part" = all ]; then
    for p in single double; do
        for suite in ns_cuda ns_stencils ns_poisson ns_flow ns_backends ns_input; do
            timeout 300 build/$p/shallows-tests --suite $suite --program build/$p/shallows \
                >"$out/tests-$p-$suite.log" 2>&1
            echo "$p $suite: exit $? $(grep -E '^(single|double): ' "$out/tests-$p-$suite.log")"
            grep -E "FAILED|^ +[0-9]+\. |skipped|level [12]:|A M\^-1" "$out/tests-$p-$suite.log" | head -12
        done
    done
fi

if [ "$part" = bench ] || [ "$part" = all ]; then
    [ -x build/cuda-copy-bandwidth ] || nvcc -O2 -gencode arch=compute_90,code=sm_90 \
        -o build/cuda-copy-bandwidth tools/cuda_copy_bandwidth.cu
    build/cuda-copy-bandwidth 2048 | tee "$out/copy-bandwidth.txt"
    field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
    echo "precision,n,backend,level,steps,s_per_mcell_step,cell_steps_per_s,cg_it,step_GBps,momentum_s_per_mcell,momentum_GBps" \
        | tee "$out/bench.csv"
    run() { # precision n backend level steps [extra]
        local log="$out/run-$1-$2-$3-$4.log"
        timeout 300 build/$1/shallows-ns --case kelvin-helmholtz --resolution $2 --backend $3 \
            ${4:+--level $4} --dt 1e-4 --steps $5 --snapshots 1 ${6:-} >"$log" 2>&1
        timeout 300 build/$1/shallows-ns --case kelvin-helmholtz --resolution $2 --backend $3 \
            ${4:+--level $4} --dt 1e-4 --steps $5 --snapshots 1 --profile ${6:-} >"$log.profile" 2>&1
        echo "$1,$2,$3,${4:-0},$5,$(field s_per_mcell_step <"$log"),$(field cell_steps_per_s <"$log"),$(field cg_iterations_per_step <"$log"),$(field step_GBps <"$log"),$(field momentum <"$log.profile"),$(field momentum_GBps <"$log.profile")" \
            | tee -a "$out/bench.csv"
    }
    for p in single double; do
        for n in 32 64 128 256 512; do
            steps=$(( n <= 64 ? 200 : n <= 128 ? 100 : n <= 256 ? 40 : 20 ))
            for L in 1 2; do run $p $n cuda $L $steps; done
        done
        for n in 32 64 128 256; do
            steps=$(( n <= 64 ? 20 : n <= 128 ? 5 : 2 ))
            OMP_PROC_BIND=close OMP_PLACES=cores run $p $n openmp "" $steps "--threads 16"
        done
    done
fi

if [ "$part" = kh ] || [ "$part" = all ]; then
    # 002's figure 4: 256^3, nu = 1.004e-6, dt = 1.5e-3 s (its step counts at its times).
    timeout 580 build/single/shallows-ns --case kelvin-helmholtz --resolution 256 --backend cuda \
        --dt 1.5e-3 --times 0.3,0.405,0.465,0.555,0.87 --format png --output "$out/kh256" 2>&1 | tail -7
fi
