#!/bin/bash
# Weak scaling of shallows-mpi (mpi+serial): REPEATS alternating runs of 1
# rank on CELLS x CELLS and of 2 ranks on (2 CELLS) x CELLS, so that each
# rank holds CELLS x CELLS cells, the latter without and with --overlap;
# --benchmark, no files. Prints one CSV line per run and the efficiency
# rate(2 ranks) / (2 * rate(1 rank)) from the best and from the median run
# of each, with the load average before and after (other work on the
# machine lowers and scatters the figures). Strong scaling comes from the
# same runs plus 1 rank on the 2-rank grid: rate(2 ranks) / rate(1 rank).
# The ceiling: two independent serial runs of CELLS x CELLS at the same
# time (no MPI); their summed rate / (2 * rate(1 rank)) is what this
# machine gives two processes at all, whatever the code does.
# Usage: tools/bench/bench_mpi.sh [PRECISION] [CELLS] [REPEATS] [T_END]
set -eu -o pipefail
cd "$(dirname "$0")/../.."

precision=${1:-single}
cells=${2:-1000}
repeats=${3:-5}
t_end=${4:-2}
program=build/$precision/shallows-mpi
make --no-print-directory PRECISION="$precision" "$program" "build/$precision/shallows" >/dev/null
log_a=$(mktemp)
log_b=$(mktemp)
trap 'rm -f "$log_a" "$log_b"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

rate_of() { sed -nE 's/.*cell_updates_per_s=([0-9.e+]+).*/\1/p'; }
seconds_of() { sed -nE "s/.*$1=([0-9.]+).*/\1/p"; }

echo "# $(date -u '+%Y-%m-%d %H:%M UTC') $(uname -n), $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $program --nx N --ny $cells --t-end $t_end --benchmark, precision $precision"
echo "ranks,overlap,nx,ny,steps,seconds,cell_updates_per_s,exchange_seconds,reduction_seconds"
one=()
two=()
overlapped=()
one_large=()
pair=()
serial=build/$precision/shallows
for ((run = 0; run < repeats; ++run)); do
    # Two independent serial runs at once: the ceiling for two processes.
    "$serial" --nx "$cells" --ny "$cells" --t-end "$t_end" --benchmark >"$log_a" &
    "$serial" --nx "$cells" --ny "$cells" --t-end "$t_end" --benchmark >"$log_b"
    wait
    rate=$(cat "$log_a" "$log_b" | rate_of | awk '{sum += $1} END {print sum}')
    echo "2,independent,$cells,$cells,,,$rate,,"
    pair+=("$rate")
    for variant in 1 2 2-overlap 1-large; do
        ranks=${variant%%-*}
        overlap=$([ "$variant" = 2-overlap ] && echo --overlap || true)
        nx=$((ranks * cells))
        [ "$variant" = 1-large ] && nx=$((2 * cells))
        # shellcheck disable=SC2086
        output=$(mpirun -q --bind-to core -np "$ranks" "$program" --nx "$nx" --ny "$cells" \
            --t-end "$t_end" --benchmark $overlap)
        rate=$(echo "$output" | rate_of)
        steps=$(echo "$output" | sed -nE 's/.*steps=([0-9]+).*/\1/p')
        seconds=$(echo "$output" | sed -nE 's/.* seconds=([0-9.]+).*/\1/p')
        echo "$ranks,${overlap:+yes},$nx,$cells,$steps,$seconds,$rate,$(echo "$output" | seconds_of exchange_seconds),$(echo "$output" | seconds_of reduction_seconds)"
        case $variant in
        1) one+=("$rate") ;;
        2) two+=("$rate") ;;
        2-overlap) overlapped+=("$rate") ;;
        *) one_large+=("$rate") ;;
        esac
    done
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
best() { printf '%s\n' "$@" | sort -g | tail -n 1; }
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
awk -v b1="$(best "${one[@]}")" -v b2="$(best "${two[@]}")" -v bo="$(best "${overlapped[@]}")" \
    -v m1="$(median "${one[@]}")" -v m2="$(median "${two[@]}")" -v mo="$(median "${overlapped[@]}")" \
    -v bl="$(best "${one_large[@]}")" -v ml="$(median "${one_large[@]}")" -v n="$((2 * cells))x$cells" \
    -v bp="$(best "${pair[@]}")" -v mp="$(median "${pair[@]}")" 'BEGIN {
    printf "ceiling, two independent serial runs, best:   %.3e cell updates/s, %.1f%% of 2 x 1 rank\n", bp, 100 * bp / (2 * b1);
    printf "ceiling, two independent serial runs, median: %.3e cell updates/s, %.1f%% of 2 x 1 rank\n", mp, 100 * mp / (2 * m1);
    printf "weak scaling 1 -> 2 ranks, best:   %.3e -> %.3e cell updates/s, efficiency %.1f%%; --overlap %.3e, %.1f%%\n", b1, b2, 100 * b2 / (2 * b1), bo, 100 * bo / (2 * b1);
    printf "weak scaling 1 -> 2 ranks, median: %.3e -> %.3e cell updates/s, efficiency %.1f%%; --overlap %.3e, %.1f%%\n", m1, m2, 100 * m2 / (2 * m1), mo, 100 * mo / (2 * m1);
    printf "strong scaling on %s, best:   1 rank %.3e, 2 ranks %.3e cell updates/s, speed-up %.2f\n", n, bl, b2, b2 / bl;
    printf "strong scaling on %s, median: 1 rank %.3e, 2 ranks %.3e cell updates/s, speed-up %.2f\n", n, ml, m2, m2 / ml;
}'
