#!/bin/bash
# On the GPU machine's host: the Cartesian serial sweep (issue 18's one-core targets, fp64 5e7
# and fp32 1e8 cell updates/s) for two builds side by side, since one core's speed drifts
# between minutes. Build A is the tree A_TREE (default: this one); build B the tree B_TREE
# (default: this one, for example .base, a copy of the commit before) with B_MAKE (make
# variables, for example "VECTOR_WIDTH=-mprefer-vector-width=512"). Per case the two run alternately,
# pinned to CORE (3), REPEATS (3) times each; printed: every rate, the best of each, B / A, and
# whether the two end on the same state (the summary's checksums). Run from the repository root.
set -u -o pipefail
core=${CORE:-3}
repeats=${REPEATS:-3}
lscpu | grep -E "Model name|^Flags" | sed -E 's/^(Flags:).*(avx512f).*/\1 \2 present/' | cut -c1-90
a_tree=${A_TREE:-.}
b_tree=${B_TREE:-.}
echo "A: tree $a_tree; B: tree $b_tree with ${B_MAKE:-nothing changed}; core $core, $repeats runs each"
for p in double single; do
    for build in a b; do
        extra="" tree=$a_tree
        [ $build = b ] && extra=${B_MAKE:-} tree=$b_tree
        # shellcheck disable=SC2086 # B_MAKE is a list of make variables
        make -C "$tree" -j16 HAVE_NETCDF=no HAVE_OPENCL=no CUDA_NVCC= PRECISION=$p BUILD="$PWD/build/pair-$build-$p" \
            $extra "$PWD/build/pair-$build-$p/shallows" >/tmp/pair-$build-$p.log 2>&1 ||
            { echo "build $build $p failed"; tail -5 /tmp/pair-$build-$p.log; exit 1; }
    done
done
field() { sed -nE "s/.* $1=([^ ]+).*/\1/p"; }
printf "%-7s %-16s %5s %6s  %-34s %-34s %6s %s\n" precision scenario n steps "A runs" "B runs" B/A state
for p in double single; do
    for entry in radial-dam-break:1000:0.6 radial-dam-break:2000:0.3 bump-dam-break:1000:0.13; do
        IFS=: read -r scenario n t_end <<<"$entry"
        args=(--scenario "$scenario" --nx "$n" --ny "$n" --t-end "$t_end" --benchmark --quiet)
        runs_a="" runs_b="" best_a=0 best_b=0
        for ((run = 0; run < repeats; ++run)); do
            line_a=$(taskset -c "$core" build/pair-a-$p/shallows "${args[@]}" | grep summary:)
            line_b=$(taskset -c "$core" build/pair-b-$p/shallows "${args[@]}" | grep summary:)
            rate_a=$(echo "$line_a" | field cell_updates_per_s) rate_b=$(echo "$line_b" | field cell_updates_per_s)
            runs_a="$runs_a $rate_a" runs_b="$runs_b $rate_b"
            best_a=$(python3 -c "print(max($best_a, $rate_a))") best_b=$(python3 -c "print(max($best_b, $rate_b))")
        done
        state=$([ "${line_a#*mass=}" = "${line_b#*mass=}" ] && echo same || echo DIFFERENT)
        printf "%-7s %-16s %5s %6s %-34s %-34s %6.3f %s\n" $p "$scenario" "$n" "$(echo "$line_a" | field steps)" \
            "$runs_a" "$runs_b" "$(python3 -c "print($best_b / $best_a)")" "$state"
    done
done
