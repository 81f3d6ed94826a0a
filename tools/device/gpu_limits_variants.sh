#!/bin/bash
# On the GPU machine, after tools/device/gpu_limits_check.sh: builds of this tree with other
# compile flags beside it, timed in one call. The triangle step at 4,004,450 triangles (radial
# dam break, rcm+edges, t_end 0.75: 273-274 steps), each final state checked against the state
# serial reaches on the same mesh and steps (MESH_EXPECTED: "double:1:STATE double:2:STATE ...",
# from gpu_limits_check.sh's OpenMP runs, which have serial's bits); the mesh-agreement suite of
# this tree; the mesh kernels' durations (Nsight Compute); the Navier-Stokes momentum kernel of
# level 3 with other register budgets. Variants (MESH_VARIANTS, NS_VARIANTS) are
# "name:precision:orders:make arguments" (make arguments with commas for spaces); the tree
# .device/base.tar, if there, is variant "base". Run from the repository root with CUnit and FFTW
# in .device/deps. Everything lands in $OUT/variants.tgz; the tables are printed last.
set -u -o pipefail
out=${OUT:-/tmp/out}
work=/tmp/variants
rm -rf "$work" && mkdir -p "$work/logs"
root=$PWD
export CPPFLAGS="-I$root/.device/deps/include" LDFLAGS="-L$root/.device/deps/lib"
flags=(HAVE_NETCDF=no HAVE_OPENCL=no HAVE_MPI=no HAVE_FFTW=yes "FFTW_LIBS=-lfftw3 -lfftw3f")
field() { sed -nE "s/.*[ :]$1=([^ ]+).*/\1/p" | head -1; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mesh_variants=${MESH_VARIANTS:-}
ns_variants=${NS_VARIANTS:-}
tree_of() { [ "$1" = new ] && echo "$root" || echo "$work/$1"; }
build() { # name precision "targets" make-arguments
    local tree targets=()
    tree=$(tree_of "$1")
    for t in $3; do targets+=("build/$2/$t"); done
    if [ "$tree" != "$root" ] && [ ! -d "$tree" ]; then
        mkdir -p "$tree"
        if [ "$1" = base ]; then tar -xf .device/base.tar -C "$tree"; else
            tar -C "$root" --exclude=./build --exclude=./.device -cf - . | tar -xf - -C "$tree"
        fi
    fi
    (cd "$tree" && make -j6 "${flags[@]}" PRECISION="$2" ${4//,/ } "${targets[@]}" \
        >"$work/logs/build-$1-$2.log" 2>&1) || echo "build $1 $2 FAILED"
}
for v in $mesh_variants; do
    IFS=: read -r name p orders args <<<"$v"
    [ "$name" = new ] || build "$name" "$p" shallows "$args" &
done
for v in $ns_variants; do
    IFS=: read -r name p levels args <<<"$v"
    [ "$name" = new ] || build "$name" "$p" shallows-ns "$args" &
done
build new double "shallows shallows-tests shallows-ns" "" &
build new single "shallows shallows-tests shallows-ns" "" &
nvcc -I. -O2 -arch=sm_90 -o "$work/copy" tools/bench/cuda_copy_bandwidth.cu &
wait
echo "builds done at ${SECONDS} s"
"$work/copy" 2048 | tee "$work/copy-bandwidth.txt"
copy=$(field copy_GB_per_s <"$work/copy-bandwidth.txt")
for p in double single; do
    timeout 300 build/$p/shallows-tests --program build/$p/shallows --suite mesh-agreement \
        >"$work/logs/mesh-agreement-$p.log" 2>&1
    echo "mesh-agreement $p: exit $? $(grep -E '^[a-z]+: [0-9]+ passed' "$work/logs/mesh-agreement-$p.log")"
done
mesh=/tmp/square_1415.msh
[ -s $mesh ] || build/double/shallows --write-square 1415 --mesh $mesh --quiet
csv=$work/mesh.csv
echo "variant,precision,order,steps,seconds,cell_steps_per_s,bytes,pct_copy,state,serial_bits" >"$csv"
for repeat in 1 2; do
    for v in $mesh_variants; do
        IFS=: read -r name p orders args <<<"$v"
        [ "$repeat" = 2 ] && [ "$name" != new ] && continue
        R=$([ "$p" = double ] && echo 8 || echo 4)
        for order in ${orders//,/ }; do
            [ "$repeat" = 2 ] && [ "$order" != 1 ] && continue
            line=$("$(tree_of "$name")/build/$p/shallows" --mesh $mesh --scenario radial-dam-break \
                --backend cuda --order "$order" --ordering rcm+edges --t-end 0.75 --benchmark --quiet |
                grep '^summary')
            echo "$name $line" >>"$work/logs/mesh-runs.log"
            expected=$(tr ' ' '\n' <<<"${MESH_EXPECTED:-}" | sed -nE "s/^$p:$order:(.*)/\1/p")
            echo "$line" | awk -v t="$name" -v p="$p" -v o="$order" -v R="$R" -v bw="$copy" -v e="$expected" '{
                for (f = 1; f <= NF; ++f) { split($f, kv, "="); v[kv[1]] = kv[2] }
                b = (o == 1) ? 37.5 * R + 30 : 111 * R + 84
                printf "%s,%s,%s,%s,%s,%s,%s,%.1f,%s,%s\n", t, p, o, v["steps"], v["seconds"],
                    v["cell_updates_per_s"], b, 100 * b * v["cell_updates_per_s"] / 1e9 / bw, v["state"],
                    e == "" ? "unchecked" : (e == v["state"] ? "yes" : "NO") }' | tee -a "$csv"
        done
    done
done
for p in ${NCU_PRECISIONS:-double single}; do
    timeout 120 ncu --clock-control none --csv --print-units base \
        --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum \
        -k regex:mesh_ --launch-skip 60 --launch-count 25 build/$p/shallows --mesh $mesh \
        --scenario radial-dam-break --backend cuda --order 1 --ordering rcm+edges --t-end 0.2 \
        --benchmark --quiet >"$work/ncu-mesh-$p.csv" 2>"$work/logs/ncu-mesh-$p.err"
    echo "ncu mesh $p: exit $?"
    tail -3 "$work/logs/ncu-mesh-$p.err"
done
ns_csv=$work/ns.csv
echo "variant,precision,level,kernel_GBps,pct_copy" >"$ns_csv"
for v in $ns_variants; do
    IFS=: read -r name p levels args <<<"$v"
    for level in ${levels//,/ }; do
        k=$(timeout 60 "$(tree_of "$name")/build/$p/shallows-ns" --case kelvin-helmholtz --dt 1e-4 \
            --resolution 256 --steps 2 --backend cuda --level "$level" --benchmark --profile 2>&1)
        echo "$name $k" >>"$work/logs/ns-runs.log"
        g=$(grep '^momentum_kernel' <<<"$k" | field GBps)
        echo "$name,$p,$level,$g,$(awk -v g="$g" -v c="$copy" 'BEGIN { if (g != "") printf "%.1f", 100 * g / c }')" | tee -a "$ns_csv"
    done
done
python3 tools/device/ncu_kernel_times.py "$work" | tee "$work/ncu-summary.txt"
tar -C "$work" -czf "$out/variants.tgz" logs mesh.csv ns.csv copy-bandwidth.txt ncu-summary.txt \
    $(cd "$work" && ls ncu-*.csv 2>/dev/null)
echo "done at ${SECONDS} s"
