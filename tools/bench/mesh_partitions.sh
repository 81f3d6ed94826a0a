#!/bin/sh
# The partitions of shallows-mpi --mesh side by side: for each committed
# mesh (common/mesh/geo/*.msh) and a generated square, on 2, 4 and 8
# ranks, the cut edges and the first halo layer per rank (the set-up
# line's figures) of random, rcb and metis (where the build has METIS),
# and on 2 ranks the seconds of STEPS steps (the fastest of three
# --benchmark runs' summaries). Prints a Markdown table.
#
#   tools/bench/mesh_partitions.sh [PRECISION] [SQUARE_N] [STEPS]
#
# PRECISION double (default) or single; SQUARE_N the generated square's
# N (2 N^2 triangles, default 300; 0: none); STEPS of each run (default 50).
set -eu
precision=${1:-double}
square_n=${2:-300}
steps=${3:-50}
root=$(pwd)
program=$root/build/$precision/shallows-mpi
[ -x "$program" ] || { echo "mesh_partitions.sh: no $program (make PRECISION=$precision $program)" >&2; exit 2; }
work=$(mktemp -d /tmp/mesh-partitions-XXXXXX)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# The scenario whose boundary groups each mesh has.
scenario_of() {
    case $(basename "$1") in
    partial_dam_break*) echo partial-dam-break ;;
    circular_dam_break*) echo circular-dam-break ;;
    backward_facing_step*) echo backward-facing-step ;;
    channel*) echo channel-flow ;;
    *) echo radial-dam-break ;;
    esac
}

meshes=$(ls "$root"/common/mesh/geo/*.msh)
if [ "$square_n" -gt 0 ]; then
    "$root/build/$precision/shallows" --write-square "$square_n" --mesh "$work/square_$square_n.msh" >/dev/null
    meshes="$meshes $work/square_$square_n.msh"
fi

echo "| mesh | cells | ranks | partition | cut edges | cells a rank | first halo layer a rank | seconds of $steps steps, 2 ranks |"
echo "| --- | ---: | ---: | --- | ---: | --- | --- | ---: |"
for mesh in $meshes; do
    for ranks in 2 4 8; do
        for partition in random rcb metis; do
            run="mpirun -q --oversubscribe -np $ranks $program --mesh $mesh --scenario $(scenario_of "$mesh") --partition $partition"
            if ! out=$(cd "$work" && $run --t-end 0.001 --outputs 1 --output "$work/run" 2>&1); then
                case $out in
                *"no METIS"*) continue ;; # this build has none: no metis row
                *) echo "mesh_partitions.sh: $mesh, $ranks ranks, $partition: $out" >&2; exit 1 ;;
                esac
            fi
            seconds=-
            for repeat in 1 2 3; do # the fastest of three: a shared machine's noise is one-sided
                [ "$ranks" = 2 ] || break
                run_seconds=$(cd "$work" && $run --benchmark --steps "$steps" 2>&1 |
                    sed -n 's/^summary: .* seconds=\([0-9.e+-]*\) .*/\1/p')
                seconds=$(echo "$seconds $run_seconds" | awk '{print ($1 == "-" || $2 < $1) ? $2 : $1}')
            done
            line=$(printf '%s\n' "$out" | grep '^partition: ')
            cells=$(printf '%s\n' "$out" | sed -n 's/^mesh [^:]*: \([0-9]*\) cells.*/\1/p')
            cut=$(printf '%s\n' "$line" | sed -n 's/.*ranks: \([0-9]*\) cut edges.*/\1/p')
            sizes=$(printf '%s\n' "$line" | sed -n 's/.*), \([0-9]* to [0-9]*\) cells a rank, imb.*/\1/p')
            halo=$(printf '%s\n' "$line" | sed -n 's/.*first halo layer \([0-9]* to [0-9]*\) cells a rank.*/\1/p')
            name=$(basename "$mesh")
            echo "| $name | $cells | $ranks | $partition | $cut | $sizes | $halo | $seconds |"
        done
    done
done
