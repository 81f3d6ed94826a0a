#!/bin/bash
# On a GPU machine (sm_90): the backward-facing step's reattachment length against the mesh, 500 s
# on --backend cuda in double (serial's bits): M1-M3 of `make meshes` (the sizes of
# Roe-MUSCL GPU n.d.) and a finer M4 (gmsh size 0.0265, about 227,000 cells), second order, then
# M1-M3 at first order (more numerical
# dissipation: does the length follow it). Per run: the summary, the length shallows prints (where u
# of the cells on the lower wall turns forward) and tools/bench/mesh_step_profile.py on the snapshots at
# 300, 400 and 500 s (3/5, 4/5 and the end of STEP_STUDY_T_END) (that length, the former 0.25 m band measure, the eddy's backflow discharge and
# where it ends, its height): steady when the three agree. The meshes: build/meshes/ from gmsh here,
# or carried there. Logs and the last snapshots in $OUT; the table is printed last.
# STEP_STUDY_RUNS ("2:m1 2:m2 2:m3 2:m4 1:m1 1:m2 1:m3", order:mesh) splits the work into calls
# of under 10 minutes (M4 at second order is about 1.4e11 cell-steps). A quick try here:
#   STEP_STUDY_BACKEND=serial STEP_STUDY_T_END=30 STEP_STUDY_RUNS=2:m1 OUT=/tmp/ss \
#       tools/device/mesh_step_study.sh
set -u -o pipefail
out=${OUT:-/tmp/out}
mkdir -p "$out"
runs=${STEP_STUDY_RUNS:-2:m1 2:m2 2:m3 2:m4 1:m1 1:m2 1:m3}
backend=${STEP_STUDY_BACKEND:-cuda}
t_end=${STEP_STUDY_T_END:-500}
cuda_flags=()
[ "$backend" = cuda ] || cuda_flags=(CUDA_NVCC=)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | tee "$out/machine.txt"
declare -A sizes=([m1]=0.225 [m2]=0.1077 [m3]=0.0531 [m4]=0.0265)
mkdir -p build/meshes
for entry in $runs; do
    name=backward_facing_step_${entry#*:}
    [ -n "${sizes[${entry#*:}]:-}" ] || { echo "unknown mesh in STEP_STUDY_RUNS: $entry"; exit 2; }
    if [ ! -s "build/meshes/$name.msh" ] && command -v gmsh >/dev/null; then
        gmsh -2 -format msh41 -bin -setnumber size "${sizes[${entry#*:}]}" -o "build/meshes/$name.msh" \
            common/mesh/geo/backward_facing_step.geo >/dev/null
    fi
    [ -s "build/meshes/$name.msh" ] || { echo "build/meshes/$name.msh missing: no gmsh here; carry build/meshes"; exit 2; }
done
make -j"$(nproc)" PRECISION=double HAVE_NETCDF=no HAVE_OPENCL=no "${cuda_flags[@]}" build/double/shallows >"$out/build.log" 2>&1 \
    || { echo "build failed"; tail -5 "$out/build.log"; exit 1; }
table="$out/step-study.txt"
: >"$table"
for entry in $runs; do
    order=${entry%%:*} mesh=${entry#*:}
    stem="$out/o$order-$mesh/bfs"
    mkdir -p "$(dirname "$stem")"
    build/double/shallows --mesh "build/meshes/backward_facing_step_$mesh.msh" \
        --scenario backward-facing-step --backend "$backend" --ordering rcm+edges --order "$order" \
        --t-end "$t_end" --outputs 5 --format vtk --output "$stem" --quiet >"$stem.log" 2>&1 \
        || { echo "order $order $mesh: shallows failed"; tail -3 "$stem.log"; exit 1; }
    printed=$(sed -nE 's/^reattachment_length_m=([0-9.]+).*/\1/p' "$stem.log")
    steps=$(sed -nE 's/.* steps=([0-9]+).*/\1/p' "$stem.log")
    seconds=$(sed -nE 's/.* seconds=([0-9.]+).*/\1/p' "$stem.log")
    echo "order $order $mesh: printed ${printed} m, $steps steps, $seconds s" | tee -a "$table"
    python3 tools/bench/mesh_step_profile.py "${stem}_0003.vtu" "${stem}_0004.vtu" "${stem}_0005.vtu" \
        | sed 's/^/    /' | tee -a "$table"
    rm -f "${stem}_000[0-2].vtu"
    # The .vtu of M4 is too large to bring back; its numbers are in the table.
    [ "$mesh" = m4 ] && rm -f "${stem}"_000[3-5].vtu
done
echo "== table"
cat "$table"
