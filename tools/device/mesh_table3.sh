#!/bin/bash
# On the GPU machine: table 3 of Roe-MUSCL GPU n.d. on the same cases and meshes
# (docs/RESULTS-mesh.md): per case, serial on one core of the host (pinned, best of two) and CUDA
# (best of two), double precision, second order, rcm+edges; the speed-up, and whether the two give
# the same state checksum.
# Run from the repository root with the meshes of `make meshes` in build/meshes (carry that
# folder) and the CUnit headers and libcunit.a in .cunit as for the other device scripts.
# The Denham-Patrick step and Fennema-Chaudhry M2 run the first T_STEP (2) and T_FENNEMA (1)
# seconds of their runs: Roe-MUSCL GPU n.d. ran 500 s and 7.2 s, hours of serial time.
set -u -o pipefail
export CPPFLAGS="-I$PWD/.cunit/include" LDFLAGS="-L$PWD/.cunit/lib"
make -j16 HAVE_NETCDF=no HAVE_OPENCL=no PRECISION=double build/double/shallows >/tmp/table3-build.log 2>&1 ||
    { echo "build failed"; tail -5 /tmp/table3-build.log; exit 1; }
lscpu | grep "Model name"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
# best BACKEND ARGS...: the summary line of the faster of two runs.
best() {
    local backend=$1 line fastest="" rate top=0
    shift
    for run in 1 2; do
        if [ "$backend" = serial ]; then
            line=$(taskset -c 2 build/double/shallows "$@" --backend serial | grep summary:)
        else
            line=$(build/double/shallows "$@" --backend "$backend" | grep summary:)
        fi
        rate=$(echo "$line" | field cell_updates_per_s)
        if [ -n "$rate" ] && python3 -c "import sys; sys.exit(not $rate > $top)"; then
            top=$rate
            fastest=$line
        fi
    done
    echo "$fastest"
}
echo "case mesh t_end cells steps serial_cell_steps_per_s cuda_cell_steps_per_s speedup same_state"
for entry in circular-dam-break:circular_dam_break_m1:0.69 circular-dam-break:circular_dam_break_m2:0.69 \
    circular-dam-break:circular_dam_break_m3:0.69 partial-dam-break:partial_dam_break_m1:7.2 \
    "partial-dam-break:partial_dam_break_m2:${T_FENNEMA:-1}" \
    "backward-facing-step:backward_facing_step_m1:${T_STEP:-2}" \
    "backward-facing-step:backward_facing_step_m2:${T_STEP:-2}" \
    "backward-facing-step:backward_facing_step_m3:${T_STEP:-2}"; do
    IFS=: read -r scenario mesh t_end <<<"$entry"
    [ -s "build/meshes/$mesh.msh" ] || { echo "$mesh: build/meshes/$mesh.msh missing (make meshes)"; continue; }
    args=(--mesh "build/meshes/$mesh.msh" --scenario "$scenario" --order 2 --ordering rcm+edges
        --t-end "$t_end" --benchmark --quiet)
    serial=$(best serial "${args[@]}")
    cuda=$(best cuda "${args[@]}")
    s=$(echo "$serial" | field cell_updates_per_s)
    c=$(echo "$cuda" | field cell_updates_per_s)
    same=$([ "$(echo "$serial" | field state)" = "$(echo "$cuda" | field state)" ] && echo yes || echo NO)
    echo "$scenario $mesh $t_end $(echo "$serial" | field cells) $(echo "$serial" | field steps) $s $c" \
        "$(python3 -c "print(f'{${c:-0} / ${s:-1}:.1f}')") $same"
done
