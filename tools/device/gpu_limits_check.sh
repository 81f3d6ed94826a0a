#!/bin/bash
# On the GPU machine (sm_90), in one call: the triangle solver's CUDA step against its byte count
# (first and second order, 4,004,450 triangles, both precisions), this tree beside a baseline tree
# (.device/base.tar, e.g. `git archive COMMIT`), each CUDA figure's final state checked against
# OpenMP (serial's bits) on the same mesh and steps; the mesh-agreement suite; the time of every
# mesh kernel (Nsight Compute, one pass: duration and DRAM bytes); the Navier-Stokes momentum
# kernel and whole step at 256^3. Run from the repository root with CUnit and FFTW in .device/deps
# (include/, lib/). Logs and CSV in $OUT; the last lines printed are the tables.
# GPU_LIMITS_PARTS (default "mesh ns") picks the parts.
set -u -o pipefail
out=${OUT:-/tmp/out}
mkdir -p "$out"
root=$PWD
deps=$root/.device/deps
export CPPFLAGS="-I$deps/include" LDFLAGS="-L$deps/lib"
parts=${GPU_LIMITS_PARTS:-mesh ns}
has() { [[ " $parts " == *" $1 "* ]]; }
flags=(HAVE_NETCDF=no HAVE_OPENCL=no HAVE_MPI=no HAVE_FFTW=yes "FFTW_LIBS=-lfftw3 -lfftw3f")
field() { sed -nE "s/.*[ :]$1=([^ ]+).*/\1/p" | head -1; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
echo "host: $(lscpu | sed -nE 's/^Model name: +//p'), $(nproc) cores; $(date -u +%FT%TZ)"

# --- builds, in parallel: this tree (both precisions), the baseline (shallows only) ---
base=/tmp/base
rm -rf "$base" && mkdir -p "$base"
[ -s .device/base.tar ] && tar -xf .device/base.tar -C "$base"
for p in double single; do
    (make -j8 "${flags[@]}" PRECISION=$p build/$p/shallows build/$p/shallows-tests \
        build/$p/shallows-ns >"$out/build-$p.log" 2>&1 || echo "build $p FAILED") &
    [ -s "$base/Makefile" ] && has mesh && (cd "$base" && make -j4 "${flags[@]}" PRECISION=$p \
        build/$p/shallows >"$out/build-base-$p.log" 2>&1 || echo "baseline build $p FAILED") &
done
nvcc -I. -O2 -arch=sm_90 -o /tmp/cuda-copy-bandwidth tools/bench/cuda_copy_bandwidth.cu &
wait
echo "builds done at ${SECONDS} s"
/tmp/cuda-copy-bandwidth 2048 | tee "$out/copy-bandwidth.txt"

if has mesh; then
    for p in double single; do
        timeout 300 build/$p/shallows-tests --program build/$p/shallows --suite mesh-agreement \
            >"$out/mesh-agreement-$p.log" 2>&1
        echo "mesh-agreement $p: exit $? $(grep -E '^[a-z]+: [0-9]+ passed' "$out/mesh-agreement-$p.log")"
        grep -E "FAILED|differ|skipped" "$out/mesh-agreement-$p.log" | head -5
    done
    mesh=/tmp/square_1415.msh
    build/double/shallows --write-square 1415 --mesh "$mesh" --quiet
    csv=$out/mesh-4m.csv
    echo "tree,precision,order,ordering,cells,steps,seconds,cell_steps_per_s,bytes,pct_copy,state,openmp_state,same" >"$csv"
    copy=$(field copy_GB_per_s <"$out/copy-bandwidth.txt")
    t_end=${MESH_T_END:-0.75} # about 200 steps
    run() { # tree precision backend order ordering
        local threads=()
        [ "$3" = openmp ] && threads=(--threads "$(nproc)")
        "$1/build/$2/shallows" --mesh "$mesh" --scenario radial-dam-break --backend "$3" "${threads[@]}" \
            --order "$4" --ordering "$5" --t-end "$t_end" --benchmark --quiet 2>>"$out/mesh-errors.log" |
            grep '^summary'
    }
    for p in double single; do
        R=$([ $p = double ] && echo 8 || echo 4)
        for order in 1 2; do
            for ordering in ${MESH_ORDERINGS:-rcm+edges}; do
                omp=$(run "$root" $p openmp $order $ordering | field state)
                for tree in "$root" "$base"; do
                    [ -x "$tree/build/$p/shallows" ] || continue
                    [ "$tree" = "$base" ] && [ $ordering = random ] && continue
                    line=$(run "$tree" $p cuda $order $ordering)
                    echo "$line" >>"$out/mesh-runs.log"
                    state=$(echo "$line" | field state)
                    echo "$line" | awk -v t="$([ "$tree" = "$base" ] && echo base || echo new)" \
                        -v p=$p -v o=$order -v ord=$ordering -v R=$R -v bw="$copy" -v s="$state" \
                        -v os="$omp" '{ for (f = 1; f <= NF; ++f) { split($f, kv, "="); v[kv[1]] = kv[2] }
                        b = (o == 1) ? 37.5 * R + 30 : 111 * R + 84
                        printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%.1f,%s,%s,%s\n", t, p, o, ord, v["cells"],
                            v["steps"], v["seconds"], v["cell_updates_per_s"], b,
                            100 * b * v["cell_updates_per_s"] / 1e9 / bw, s, os, (s == os) ? "yes" : "NO" }' >>"$csv"
                done
            done
        done
    done
    # Every mesh kernel of a few steps: duration and DRAM bytes (one pass each).
    for p in double single; do
        for order in 1 2; do
            for tree in "$root" "$base"; do
                [ -x "$tree/build/$p/shallows" ] || continue
                [ "$tree" = "$base" ] && [ $order = 2 ] && continue
                name=$([ "$tree" = "$base" ] && echo base || echo new)
                timeout 120 ncu --clock-control none --csv --print-units base \
                    --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum \
                    -k regex:mesh_ --launch-skip 60 --launch-count $((order == 1 ? 15 : 27)) \
                    "$tree/build/$p/shallows" --mesh "$mesh" --scenario radial-dam-break \
                    --backend cuda --order $order --ordering rcm+edges --t-end 0.2 --benchmark --quiet \
                    >"$out/ncu-mesh-$name-$p-$order.csv" 2>"$out/ncu-mesh-$name-$p-$order.err"
                echo "ncu mesh $name $p order $order: exit $?"
            done
        done
    done
    python3 tools/device/ncu_kernel_times.py "$out"
    cat "$csv"
fi

if has ns; then
    ns_csv=$out/ns-256.csv
    echo "precision,level,kernel_GBps,kernel_copy_GBps,step_cell_steps_per_s,step_GBps,cg_it,summary" >"$ns_csv"
    for p in single double; do
        for level in ${NS_LEVELS:-3}; do
            k=$(timeout 90 build/$p/shallows-ns --case kelvin-helmholtz --dt 1e-4 --resolution 256 \
                --steps 2 --backend cuda --level $level --benchmark --profile 2>&1)
            s=$(timeout 90 build/$p/shallows-ns --case kelvin-helmholtz --dt 1e-4 --resolution 256 \
                --steps 20 --backend cuda --level $level --benchmark 2>&1)
            echo "$k" >>"$out/ns-runs.log"
            echo "$s" >>"$out/ns-runs.log"
            echo "$p,$level,$(grep '^momentum_kernel' <<<"$k" | field GBps),$(field copy_GBps <<<"$k"),$(grep '^summary' <<<"$s" | field cell_updates_per_s),$(field step_GBps <<<"$s"),$(field cg_iterations_per_step <<<"$s"),$(grep '^summary' <<<"$s" | sed -E 's/.*cell_updates_per_s=[^ ]+ //')" >>"$ns_csv"
        done
    done
    cat "$ns_csv"
fi
echo "done at ${SECONDS} s"
