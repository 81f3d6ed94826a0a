#!/bin/bash
# On a GPU machine (sm_90): the long form of the triangles' validation
# (tools/validate/validate_mesh.py --long: the M2 partial dam break of
# Roe-MUSCL GPU n.d. with 379,076 cells, the circular dam break on M1-M3, and
# the backward-facing step for 500 s on M1-M3, M3 of about 56,000 cells as
# in Roe-MUSCL GPU n.d.), first on
# --backend cuda, then on OpenMP over the host's cores for the step. Writes
# $OUT/<backend>/VALIDATION-triangles.md, its figures in $OUT/<backend>/mesh/
# and the log of each run. The meshes: build/meshes/ from `make meshes`
# (gmsh), or carried there when the machine has no gmsh.
# MESH_VALIDATE_BACKENDS ("cuda openmp") picks the backends,
# MESH_VALIDATE_STEP_T_END (500) the step's simulated seconds,
# MESH_VALIDATE_CASES the cases of each backend ("backend:case,case ..."),
# MESH_VALIDATE_BUILD=no uses the programs already built; a quick try here:
#   MESH_VALIDATE_BACKENDS=serial MESH_VALIDATE_STEP_T_END=5 MESH_VALIDATE_BUILD=no \
#       OUT=/tmp/mv tools/device/mesh_validate.sh
set -u -o pipefail
out=${OUT:-/tmp/out}
mkdir -p "$out"
backends=${MESH_VALIDATE_BACKENDS:-cuda openmp}
cases=${MESH_VALIDATE_CASES:-cuda:partial,circular,lake,dambreaks,radial,step openmp:step serial:partial,circular,step}
needed="partial_dam_break_m1 partial_dam_break_m2 circular_dam_break_m1 circular_dam_break_m2
    circular_dam_break_m3 backward_facing_step_m1 backward_facing_step_m2 backward_facing_step_m3
    channel_5 channel_2.5 square_1000_m1"
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || echo "no GPU"; } | tee "$out/machine.txt"
{ lscpu | grep "Model name"; nproc; } | tee -a "$out/machine.txt"
command -v gmsh >/dev/null && make meshes >"$out/meshes.log" 2>&1
for name in $needed; do
    [ -s "build/meshes/$name.msh" ] || { echo "build/meshes/$name.msh missing: run make meshes (gmsh) or carry build/meshes"; exit 2; }
done
cuda=$(case " $backends " in *" cuda "*) echo yes ;; *) echo no ;; esac)
flags=(PRECISION=double HAVE_NETCDF=no HAVE_OPENCL=no)
[ "$cuda" = yes ] || flags+=(CUDA_NVCC=)
if [ "${MESH_VALIDATE_BUILD:-yes}" != no ]; then
    make -j"$(nproc)" "${flags[@]}" build/double/shallows build/double/shallows-validate >"$out/build.log" 2>&1 \
        || { echo "build failed"; tail -5 "$out/build.log"; exit 1; }
fi
status=0
for backend in $backends; do
    chosen=$(for entry in $cases; do [ "${entry%%:*}" = "$backend" ] && echo "${entry#*:}"; done)
    [ -n "$chosen" ] || { echo "no cases for backend $backend in MESH_VALIDATE_CASES"; status=2; continue; }
    mkdir -p "$out/$backend"
    threads=()
    [ "$backend" = openmp ] && threads=(--threads "$(nproc)")
    timeout 590 python3 tools/validate/validate_mesh.py --long --backend "$backend" "${threads[@]}" --cases "$chosen" \
        --step-t-end "${MESH_VALIDATE_STEP_T_END:-500}" --report "$out/$backend/VALIDATION-triangles.md" \
        --figures "$out/$backend/mesh" >"$out/$backend/validate.log" 2>&1
    code=$?
    echo "$backend: exit $code"
    grep -E "PASS|FAIL|checks passed|Traceback|Error" "$out/$backend/validate.log" | tail -40
    [ $code -eq 0 ] || status=1
done
exit $status
