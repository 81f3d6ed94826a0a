#!/bin/bash
# One batch on the GPU host (an H100 and its 16 cores), under 8 minutes: the Navier-Stokes
# CUDA backend against serial (ns_cuda and ns_cuda_host, both precisions, levels 1-3), the
# momentum kernel alone with CUDA events at 128^3-512^3 for levels 1-3 and level 3 with one
# plane in flight instead of two, the bench table (tools/bench/bench_navier_stokes.sh: CUDA levels 2
# and 3 at 32^3-512^3, OpenMP 16 threads to 256^3, serial to 128^3, every run checked
# against serial), OpenMP scaling 1-16 threads by stage, and MPI weak and strong scaling of
# mpi+serial over 1-16 ranks (docs/RESULTS-navier-stokes.md).
#
# Run from the repository root with FFTW (its MPI library too) and CUnit carried in; on a
# machine that has them:
#   mkdir -p .fftw/include .fftw/lib .cunit/include .cunit/lib
#   cp /usr/include/fftw3.h /usr/include/fftw3-mpi.h .fftw/include/
#   cp /usr/lib/x86_64-linux-gnu/libfftw3{,f}.a /usr/lib/x86_64-linux-gnu/libfftw3{,f}_mpi.a .fftw/lib/
#   cp -r /usr/include/CUnit .cunit/include/ && cp /usr/lib/x86_64-linux-gnu/libcunit.a .cunit/lib/
# then: tools/device/navier_stokes_check.sh   (carry .fftw and .cunit; 8 files in $OUT:
# summary.txt build.log tests.log kernel.csv bench.csv bench.log scaling.csv copy-bandwidth.txt)
set -u -o pipefail
out=${OUT:-/tmp/out}
mkdir -p "$out"
export CPPFLAGS="-I$PWD/.fftw/include -I$PWD/.cunit/include" LDFLAGS="-L$PWD/.fftw/lib -L$PWD/.cunit/lib"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
flags=(HAVE_FFTW=yes HAVE_FFTW_MPI=yes HAVE_NETCDF=no HAVE_OPENCL=no)
summary=$out/summary.txt
say() { echo "$*" | tee -a "$summary"; }
# Parts that would end past about 7.5 minutes are left out (and said so).
in_time() { [ "$SECONDS" -lt "${1:-420}" ] || { say "skipped (time): $2"; return 1; }; }
: >"$summary"
say "$(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader); $(lscpu | sed -nE 's/^Model name: +//p'), $(nproc) cores"

level3=solutions/cuda/ns/ns_cuda_momentum_level3
for p in single double; do
    mpi=()
    command -v mpicc >/dev/null && mpi=(build/$p/shallows-ns-mpi)
    make -j16 "${flags[@]}" PRECISION=$p build/$p/shallows-ns build/$p/shallows-tests "${mpi[@]}" \
        >>"$out/build.log" 2>&1 || { say "build $p failed"; tail -5 "$out/build.log"; exit 1; }
    # Level 3 with one plane in flight, beside the default two.
    rm -f build/$p/obj/$level3.o
    make -j16 "${flags[@]}" PRECISION=$p NS_CUDA_PREFETCH=1 build/$p/shallows-ns >>"$out/build.log" 2>&1 &&
        cp build/$p/shallows-ns build/$p/shallows-ns-prefetch1
    rm -f build/$p/obj/$level3.o
    make -j16 "${flags[@]}" PRECISION=$p build/$p/shallows-ns >>"$out/build.log" 2>&1
    nvcc -Icommon -I. -Isolutions \
        $([ $p = double ] && echo -DSWE_PRECISION_DOUBLE) -O3 -std=c++20 -arch=sm_90 -Xptxas=-v \
        -cubin -o /tmp/level3.cubin $level3.cu 2>&1 | sed "s/^/$p level 3: /" >>"$out/build.log"
done
say "build: done at ${SECONDS} s"

for p in single double; do
    for suite in ns_cuda ns_cuda_host; do
        timeout 200 build/$p/shallows-tests --suite $suite --program build/$p/shallows >>"$out/tests.log" 2>&1
        say "tests $p $suite: exit $? $(grep -E '^(single|double): ' "$out/tests.log" | tail -1)"
    done
done
grep -E "level [123]:|FAILED|differ" "$out/tests.log" | head -20 | tee -a "$summary"

[ -x build/cuda-copy-bandwidth ] || nvcc -I. -O2 -arch=sm_90 -o build/cuda-copy-bandwidth tools/bench/cuda_copy_bandwidth.cu
build/cuda-copy-bandwidth 2048 | tee "$out/copy-bandwidth.txt" | tee -a "$summary"
copy=$(sed -nE 's/.*copy_GB_per_s=([0-9.]+).*/\1/p' "$out/copy-bandwidth.txt")

echo "precision,n,level,planes_in_flight,kernel_s_per_mcell,kernel_GBps,percent_of_copy,copy_GBps_in_run" >"$out/kernel.csv"
if in_time 240 "kernel timings"; then
    for p in single double; do for n in 128 256 512; do for v in 1 2 3 3p; do
        program=build/$p/shallows-ns level=${v%p} planes=2
        [ "$v" = 3p ] && program=build/$p/shallows-ns-prefetch1 planes=1
        line=$(timeout 120 $program --case kelvin-helmholtz --resolution $n --dt 1e-4 --steps 2 \
            --benchmark --quiet --backend cuda --level $level --profile 2>&1 | grep '^momentum_kernel')
        s=$(sed -nE 's/.* s_per_mcell=([^ ]+).*/\1/p' <<<"$line")
        g=$(sed -nE 's/.* GBps=([^ ]+).*/\1/p' <<<"$line")
        c=$(sed -nE 's/.* copy_GBps=([^ ]+).*/\1/p' <<<"$line")
        echo "$p,$n,$level,$([ $level = 3 ] && echo $planes),$s,$g,$(awk -v g="$g" -v c="$copy" 'BEGIN { if (g != "") printf "%.1f", 100 * g / c }'),$c" >>"$out/kernel.csv"
    done; done; done
    tr , "\t" <"$out/kernel.csv" | tee -a "$summary"
fi

if in_time 270 "bench"; then
    OMP_NUM_THREADS=16 OMP_PROC_BIND=close OMP_PLACES=cores NS_BENCH_SECONDS=0.5 NS_BENCH_LEVELS="2 3" \
        NS_BENCH_SIZES="32 64 128 256 512" NS_BENCH_CPU_SIZES="32 64 128 256" NS_BENCH_SERIAL_SIZES="32 64 128" \
        MAKE="make ${flags[*]}" timeout 240 tools/bench/bench_navier_stokes.sh >"$out/bench.log" 2>&1
    say "bench: exit $? at ${SECONDS} s"
    cp build/bench/navier-stokes.csv "$out/bench.csv"
    sed -n '/^prec /,/^$/p' "$out/bench.log" >>"$summary"
    cat build/bench/navier-stokes.log >>"$out/bench.log"
fi

echo "what,precision,n,threads_or_ranks,steps,seconds,s_per_mcell_step,stage_seconds_per_mcell" >"$out/scaling.csv"
if in_time 400 "OpenMP scaling"; then
    for t in 1 2 4 8 16; do
        r=$(OMP_PROC_BIND=close OMP_PLACES=cores timeout 60 build/single/shallows-ns --case kelvin-helmholtz \
            --resolution 128 --dt 1e-4 --steps 6 --benchmark --quiet --backend openmp --threads $t --profile 2>&1)
        echo "openmp,single,128,$t,6,$(sed -nE 's/.* seconds=([^ ]+).*/\1/p' <<<"$r"),$(sed -nE 's/.*s_per_mcell_step=([^ ]+).*/\1/p' <<<"$r"),$(grep '^profile' <<<"$r" | sed -E 's/^profile: //; s/ \(s per.*//')" >>"$out/scaling.csv"
    done
fi
# Weak: about 262k cells per rank (64^3 on one; sizes whose planes FFTW splits evenly).
declare -A weak=([1]=64 [2]=80 [4]=100 [8]=128 [16]=160)
if [ -x build/single/shallows-ns-mpi ] && in_time 430 "MPI scaling"; then
    for ranks in 1 2 4 8 16; do
        for kind in strong weak; do
            n=128
            [ $kind = weak ] && n=${weak[$ranks]}
            r=$(timeout 60 mpirun -q --oversubscribe -np $ranks build/single/shallows-ns-mpi --case kelvin-helmholtz \
                --resolution $n --dt 1e-4 --steps 4 --benchmark --quiet 2>&1)
            echo "mpi-$kind,single,$n,$ranks,4,$(sed -nE 's/.* seconds=([^ ]+).*/\1/p' <<<"$r"),$(sed -nE 's/.*s_per_mcell_step=([^ ]+).*/\1/p' <<<"$r"),$(grep '^mpi:' <<<"$r" | sed -E 's/^mpi: //')" >>"$out/scaling.csv"
        done
    done
fi
tr , "\t" <"$out/scaling.csv" | cut -c1-150 | tee -a "$summary"
say "done at ${SECONDS} s"
