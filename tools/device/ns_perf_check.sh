#!/bin/bash
# The Navier-Stokes performance batch on the GPU host (an H100 and its 16 cores), under 9
# minutes with the builds: both precisions built for sm_90; the ns_cuda and ns_cuda_host
# suites (every CUDA level against serial); the momentum kernel alone (CUDA events, median of
# 20 launches, 6 reals per cell as Costarelli et al. n.d. count them, eq. 30) and the whole step at
# 256^3 for levels 1-3, and at 512^3 in single precision with a bounded number of steps, each as a
# share of the copy bandwidth measured in the same run (the fields' own copy) and of a 2 GiB copy;
# levels 2 and 3 checked against each other on the same run; OpenMP strong scaling (1-16 threads,
# 128^3 and 256^3) and MPI strong and weak scaling (shallows-ns-mpi, 1-8 ranks) on the host; level 3
# with 2 and 3 planes in flight if time is left. docs/RESULTS-navier-stokes.md says what to expect.
#
# Run from the repository root with FFTW (its MPI library too) and CUnit carried in; on a
# machine that has them:
#   mkdir -p .fftw/include .fftw/lib .cunit/include .cunit/lib
#   cp /usr/include/fftw3.h /usr/include/fftw3-mpi.h .fftw/include/
#   cp /usr/lib/x86_64-linux-gnu/libfftw3{,f}.a /usr/lib/x86_64-linux-gnu/libfftw3{,f}_mpi.a .fftw/lib/
#   cp -r /usr/include/CUnit .cunit/include/ && cp /usr/lib/x86_64-linux-gnu/libcunit.a .cunit/lib/
# then: tools/device/ns_perf_check.sh   (carry .fftw and .cunit)
# $OUT gets summary.txt (the tables, also printed last), gpu.csv, scaling.csv, tests.log,
# build.log, runs.log, copy-bandwidth.txt.
# Without a GPU (NS_PERF_CPU_ONLY=1, sizes NS_PERF_OMP_SIZES, NS_PERF_MPI_STRONG,
# NS_PERF_THREADS, NS_PERF_RANKS) it runs the host parts alone: how they were tested.
set -u -o pipefail
out=${OUT:-/tmp/out}
mkdir -p "$out"
export CPPFLAGS="-I$PWD/.fftw/include -I$PWD/.cunit/include" LDFLAGS="-L$PWD/.fftw/lib -L$PWD/.cunit/lib"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
cpu_only=${NS_PERF_CPU_ONLY:-0}
flags=(HAVE_FFTW=yes HAVE_FFTW_MPI=yes HAVE_NETCDF=no HAVE_OPENCL=no)
[ "$cpu_only" = 1 ] && flags=() # this machine's own configuration
jobs=${NS_PERF_JOBS:-16}
summary=$out/summary.txt runs=$out/runs.log
say() { echo "$*" | tee -a "$summary"; }
# A part that would start past its deadline (seconds since the start) is left out, and said so;
# no command runs past the budget (cap N: N seconds, or what is left).
budget=${NS_PERF_BUDGET:-540}
in_time() { [ "$SECONDS" -lt "$1" ] || { say "skipped (time, ${SECONDS} s): $2"; return 1; }; }
cap() { local left=$((budget - SECONDS)); [ $left -lt 1 ] && left=1; echo $(($1 < left ? $1 : left)); }
field() { sed -nE "s/.*[ :]$1=([^ ]+).*/\1/p" <<<"$2" | head -1; }
ratio() { awk -v a="$1" -v b="$2" -v s="${3:-100}" 'BEGIN { if (a != "" && b > 0) printf "%.3g", s * a / b }'; }
# Parallel efficiency of a run of s_per_mcell_step $2 on $3 threads or ranks against $1 on $4:
# strong (the same cells) and weak (cells in proportion) alike.
efficiency() { awk -v b="$1" -v s="$2" -v n="$3" -v f="$4" 'BEGIN { if (b != "" && s > 0) printf "%.0f%%", 100 * b * f / (s * n) }'; }
: >"$summary"
: >"$runs"
gpu="no GPU"
[ "$cpu_only" = 1 ] || gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1)
say "ns_perf_check $(git rev-parse --short HEAD 2>/dev/null) $(date -u +%F); $gpu; $(lscpu | sed -nE 's/^Model name: +//p'), $(nproc) cores"

# --- build: both precisions, only what runs below ---
for p in single double; do
    targets=(build/$p/shallows-ns)
    [ "$cpu_only" = 1 ] || targets+=(build/$p/shallows-tests)
    [ $p = single ] && command -v mpicc >/dev/null && targets+=(build/$p/shallows-ns-mpi)
    timeout "$(cap 240)" make -j"$jobs" "${flags[@]}" PRECISION=$p "${targets[@]}" >>"$out/build.log" 2>&1 ||
        { say "build $p failed"; tail -20 "$out/build.log"; exit 1; }
done
say "build: done at ${SECONDS} s"
if [ "$cpu_only" != 1 ]; then # level 3's registers and spills, as ptxas reports them
    for p in single double; do
        nvcc -Icommon -I. -Isolutions \
            $([ $p = double ] && echo -DSWE_PRECISION_DOUBLE) -O3 -std=c++20 -arch=sm_90 -Xptxas=-v \
            -cubin -o "build/$p/level3.cubin" solutions/cuda/ns/ns_cuda_momentum_level3.cu 2>&1 |
            grep -E "registers|spill" | paste -sd' ' | sed "s/^/level 3 $p (both row alignments): /" | tee -a "$summary"
    done
fi

# One run of shallows-ns; its output goes to runs.log and stdout.
ns() {
    local p=$1
    shift
    echo "+ $p $*" >>"$runs"
    timeout "$(cap "${NS_TIMEOUT:-90}")" build/$p/shallows-ns --case kelvin-helmholtz --dt 1e-4 --benchmark "$@" 2>&1 |
        tee -a "$runs"
}

if [ "$cpu_only" != 1 ]; then
    [ -x build/cuda-copy-bandwidth ] || nvcc -I. -O2 -arch=sm_90 -o build/cuda-copy-bandwidth tools/bench/cuda_copy_bandwidth.cu
    build/cuda-copy-bandwidth 2048 | tee "$out/copy-bandwidth.txt" | tee -a "$summary"
    copy=$(field copy_GB_per_s "$(cat "$out/copy-bandwidth.txt")")

    # --- the GPU: the momentum kernel alone (--profile) and the whole step (no profile) ---
    csv=$out/gpu.csv
    echo "precision,n,level,kernel_s_per_mcell,kernel_GBps,copy_GBps_in_run,kernel_pct_in_run,kernel_pct_2GiB,step_steps,step_s_per_mcell,cell_steps_per_s,step_GBps,step_pct_2GiB,cg_it_per_step,checksum" >"$csv"
    gpu_run() { # precision n level steps
        local p=$1 n=$2 level=$3 steps=$4 k s
        k=$(ns $p --resolution $n --steps 2 --backend cuda --level $level --profile)
        s=$(ns $p --resolution $n --steps $steps --backend cuda --level $level)
        local kg cg sg sp
        kg=$(field GBps "$(grep '^momentum_kernel' <<<"$k")")
        cg=$(field copy_GBps "$k")
        sp=$(field s_per_mcell_step "$s")
        sg=$(field step_GBps "$s")
        echo "$p,$n,$level,$(field s_per_mcell "$(grep '^momentum_kernel' <<<"$k")"),$kg,$cg,$(ratio "$kg" "$cg"),$(ratio "$kg" "$copy"),$steps,$sp,$(ratio 1e6 "$sp" 1),$sg,$(ratio "$sg" "$copy"),$(field cg_iterations_per_step "$s"),$(grep '^summary' <<<"$s" | sed -E 's/.*cell_updates_per_s=[^ ]+ //')" >>"$csv"
    }
    for p in single double; do
        for level in 3 2 1; do
            in_time 200 "GPU 256^3 $p level $level" && gpu_run $p 256 $level 20
        done
    done
    in_time 240 "GPU 512^3 single level 3" && NS_TIMEOUT=120 gpu_run single 512 3 6
    in_time 260 "GPU 512^3 single level 2" && NS_TIMEOUT=120 gpu_run single 512 2 6
    # Levels 2 and 3 after the same steps: the summaries' norms agree to rounding.
    awk -F, 'NR > 1 { key = $1 "," $2 "," $9; sum[key, $3] = $15 }
        END { for (k in sum) { split(k, a, SUBSEP); if (a[2] != 3 || !((a[1], 2) in sum)) continue
            split(sum[a[1], 3], x, " "); split(sum[a[1], 2], y, " "); worst = 0
            for (i in x) { sub(/.*=/, "", x[i]); sub(/.*=/, "", y[i]); d = x[i] - y[i]; if (d < 0) d = -d
                m = y[i] < 0 ? -y[i] : y[i]; if (m > 0 && d / m > worst) worst = d / m }
            printf "levels 3 and 2 at %s steps: largest relative difference of the norms %.2e\n", a[1], worst } }' \
        "$csv" | tee -a "$summary"

    # --- correctness: every CUDA level against serial, on the device and emulated ---
    for p in single double; do
        for suite in ns_cuda ns_cuda_host; do
            in_time 400 "tests $p $suite" || continue
            timeout "$(cap 120)" build/$p/shallows-tests --suite $suite --program build/$p/shallows >>"$out/tests.log" 2>&1
            say "tests $p $suite: exit $? ($(grep -E '^(single|double): ' "$out/tests.log" | tail -1))"
        done
    done
    grep -E "level [123]:|FAILED|differ" "$out/tests.log" | head -30 >>"$summary"
fi

# --- the host: OpenMP strong scaling, MPI strong and weak scaling ---
scaling=$out/scaling.csv
echo "what,precision,n,threads_or_ranks,steps,s_per_mcell_step,speed_up,efficiency,stages_s_per_mcell_step" >"$scaling"
omp_sizes=${NS_PERF_OMP_SIZES:-128 256}
threads=${NS_PERF_THREADS:-1 2 4 8 16}
for n in $omp_sizes; do
    steps=$((n >= 256 ? 2 : 6))
    base=""
    for t in $threads; do
        in_time 460 "OpenMP $n^3 $t threads" || break
        r=$(OMP_PROC_BIND=close OMP_PLACES=cores ns single --resolution $n --steps $steps --backend openmp --threads $t --profile)
        sp=$(field s_per_mcell_step "$r")
        [ -z "$base" ] && base=$sp first=$t
        echo "openmp-strong,single,$n,$t,$steps,$sp,$(ratio "$base" "$sp" 1),$(efficiency "$base" "$sp" $t $first),$(grep '^profile' <<<"$r" | sed -E 's/^profile: //; s/ \(s per.*//')" >>"$scaling"
    done
done
mpi_run() { # ranks n steps
    echo "+ mpirun -np $1 single --resolution $2 --steps $3" >>"$runs"
    OMP_NUM_THREADS=1 timeout "$(cap 60)" mpirun -q --bind-to core -np "$1" build/single/shallows-ns-mpi \
        --case kelvin-helmholtz --resolution "$2" --dt 1e-4 --steps "$3" --benchmark 2>&1 | tee -a "$runs"
}
# Strong: one size over 1-8 ranks. Weak: about 262k cells per rank (64^3 on one rank; sizes
# whose z planes split evenly over the ranks); its "speed-up" is cell-steps per second over
# one rank's.
declare -A weak=([1]=64 [2]=80 [4]=100 [8]=128 [16]=160)
strong=${NS_PERF_MPI_STRONG:-128}
if [ -x build/single/shallows-ns-mpi ]; then
    for kind in strong weak; do
        base=""
        for ranks in ${NS_PERF_RANKS:-1 2 4 8}; do
            in_time 520 "MPI $kind $ranks ranks" || break
            n=$strong
            [ $kind = weak ] && n=${weak[$ranks]}
            r=$(mpi_run "$ranks" "$n" 4)
            sp=$(field s_per_mcell_step "$r")
            [ -z "$base" ] && base=$sp first=$ranks
            echo "mpi-$kind,single,$n,$ranks,4,$sp,$(ratio "$base" "$sp" 1),$(efficiency "$base" "$sp" $ranks $first),$(grep '^mpi:' <<<"$r" | sed -E 's/^mpi: //')" >>"$scaling"
        done
    done
else
    say "no build/single/shallows-ns-mpi (MPI or FFTW's MPI library missing): MPI scaling left out"
fi

# --- level 3 with 2 and 3 planes in flight (1 by default), if time is left ---
level3=build/PRECISION/obj/solutions/cuda/ns/ns_cuda_momentum_level3.o
if [ "$cpu_only" != 1 ]; then
    for depth in 2 3; do
        for p in single double; do
            in_time 470 "level 3 with $depth planes in flight ($p)" || continue
            rm -f "${level3/PRECISION/$p}"
            timeout "$(cap 60)" make -j"$jobs" "${flags[@]}" PRECISION=$p NS_CUDA_PREFETCH=$depth build/$p/shallows-ns >>"$out/build.log" 2>&1 || continue
            k=$(ns $p --resolution 256 --steps 2 --backend cuda --level 3 --profile | grep '^momentum_kernel')
            say "level 3, $depth planes in flight, $p 256^3: kernel $(field GBps "$k") GB/s, $(ratio "$(field GBps "$k")" "$copy")% of the 2 GiB copy"
            rm -f "${level3/PRECISION/$p}" # the next make builds the default again
        done
    done
fi

{
    if [ -f "$out/gpu.csv" ]; then
        echo
        echo "GPU (kernel: --profile, 2 steps, median of 20 launches; step: no profile; % of the 2 GiB copy unless said):"
        cut -d, -f1-14 "$out/gpu.csv" | tr , "\t"
    fi
    echo
    echo "host scaling (s per million cell-steps; efficiency against the first row of each block):"
    cut -c1-200 "$scaling" | tr , "\t"
    echo "done at ${SECONDS} s"
} | tee -a "$summary"
