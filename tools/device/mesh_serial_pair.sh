#!/bin/bash
# On the GPU machine's host: the serial column of table 3 of Roe-MUSCL GPU n.d.
# (docs/RESULTS-mesh.md) for two builds side by side, to time a change to the triangle solver's CPU
# loops where one core's speed drifts between minutes. Build A is the tree as it is; build B the
# same with B_MAKE (make variables, for example "VECTOR_WIDTH=-mprefer-vector-width=512"). Per case
# the two run alternately, pinned to CORE (2), REPEATS (3) times each; printed: the best rate of
# each, B / A, the rate against the serial rate of Roe-MUSCL GPU n.d. in the case, and whether the
# two end on the same state. Double precision, second order, rcm+edges. Run from the repository root
# with the meshes of `make meshes` in build/meshes (carry that folder).
set -u -o pipefail
core=${CORE:-2}
repeats=${REPEATS:-3}
build_a=$PWD/build/pair-a
build_b=$PWD/build/pair-b
make -j16 HAVE_NETCDF=no HAVE_OPENCL=no CUDA_NVCC= PRECISION=double BUILD="$build_a" \
    "$build_a/shallows" >/tmp/pair-a.log 2>&1 || { echo "build A failed"; tail -5 /tmp/pair-a.log; exit 1; }
# shellcheck disable=SC2086 # B_MAKE is a list of make variables
make -j16 HAVE_NETCDF=no HAVE_OPENCL=no CUDA_NVCC= PRECISION=double BUILD="$build_b" ${B_MAKE:-} \
    "$build_b/shallows" >/tmp/pair-b.log 2>&1 || { echo "build B failed"; tail -5 /tmp/pair-b.log; exit 1; }
lscpu | grep "Model name"
echo "A: this tree; B: this tree with ${B_MAKE:-nothing changed}; core $core, $repeats runs each"
field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
printf "%-34s %8s %6s %10s %10s %6s %8s %8s %s\n" case cells steps A B B/A "A x000" "B x000" state
for entry in circular-dam-break:circular_dam_break_m1:0.69:0.88 circular-dam-break:circular_dam_break_m2:0.69:0.92 \
    circular-dam-break:circular_dam_break_m3:0.69:0.95 partial-dam-break:partial_dam_break_m1:7.2:1.01 \
    partial-dam-break:partial_dam_break_m2:1:0.81 backward-facing-step:backward_facing_step_m1:2:1.15 \
    backward-facing-step:backward_facing_step_m2:2:1.04 backward-facing-step:backward_facing_step_m3:2:0.94; do
    IFS=: read -r scenario mesh t_end reference <<<"$entry"
    [ -s "build/meshes/$mesh.msh" ] || { echo "$mesh: build/meshes/$mesh.msh missing (make meshes)"; continue; }
    args=(--mesh "build/meshes/$mesh.msh" --scenario "$scenario" --order 2 --ordering rcm+edges
        --t-end "$t_end" --benchmark --quiet --backend serial)
    best_a=0 best_b=0 line_a="" line_b=""
    for ((run = 0; run < repeats; ++run)); do
        line_a=$(taskset -c "$core" "$build_a/shallows" "${args[@]}" | grep summary:)
        line_b=$(taskset -c "$core" "$build_b/shallows" "${args[@]}" | grep summary:)
        best_a=$(python3 -c "print(max($best_a, $(echo "$line_a" | field cell_updates_per_s)))") || exit 1
        best_b=$(python3 -c "print(max($best_b, $(echo "$line_b" | field cell_updates_per_s)))") || exit 1
    done
    same=$([ "$(echo "$line_a" | field state)" = "$(echo "$line_b" | field state)" ] && echo same || echo DIFFERENT)
    python3 -c "a, b, r = $best_a, $best_b, $reference * 1e6
print(f'%-34s %8s %6s {a:10.3e} {b:10.3e} {b / a:6.3f} {a / r:8.1f} {b / r:8.1f} $same' % ('$mesh', '$(echo "$line_a" | field cells)', '$(echo "$line_a" | field steps)'))"
done
