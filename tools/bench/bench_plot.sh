#!/bin/bash
# Draws the plot of make bench from its CSV: cell updates per second over
# cells, both axes logarithmic, one line per backend and level (a colour
# each), single precision solid and double dashed. Needs gnuplot, so it
# also serves to plot a CSV brought back from a machine without it.
#
# usage: tools/bench/bench_plot.sh BENCH_CSV PNG [MACHINE_NAME]
set -u -o pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 BENCH_CSV PNG [MACHINE_NAME]" >&2
    exit 2
fi
csv=$1
plot=$2
machine=${3:-$(uname -n)}
if [ ! -r "$csv" ] || ! head -n 1 "$csv" | grep -q '^precision,backend,level,'; then
    echo "bench_plot: '$csv' is not a CSV written by make bench" >&2
    exit 2
fi
if ! command -v gnuplot >/dev/null 2>&1; then
    echo "bench_plot: gnuplot is not installed (make deps installs it as root)" >&2
    exit 1
fi

series_dir=$(mktemp -d) || exit 1
trap 'rm -rf "$series_dir" "$plot.tmp"' EXIT
# Runs whose final state was not serial's (verified FAILED) are not drawn.
awk -F, -v dir="$series_dir" 'NR > 1 && $15 != "FAILED" {
    name = $1 "-" $2 ($3 > 0 ? "-level" $3 : "")
    print $6, $9 > (dir "/" name ".dat") }' "$csv"

declare -A colour_of=()
{
    echo "set terminal pngcairo size 1000,650 enhanced font 'sans,10'"
    echo "set output '$plot.tmp'"
    echo "set title 'shallows: radial dam break, $machine, $(date -u '+%Y-%m-%d')'"
    echo "set logscale xy"
    echo "set xlabel 'cells'"
    echo "set ylabel 'cell updates per second'"
    echo "set grid"
    echo "set key outside right"
    printf "plot"
    separator=" "
    for file in "$series_dir"/*.dat; do
        name=$(basename "$file" .dat)
        model=${name#*-}
        [ -z "${colour_of[$model]:-}" ] && colour_of[$model]=$((${#colour_of[@]} + 1))
        dash=1
        [ "${name%%-*}" = double ] && dash=2
        printf "%s'%s' using 1:2 with linespoints linecolor %d dashtype %d linewidth 2 title '%s'" \
            "$separator" "$file" "${colour_of[$model]}" "$dash" "$name"
        separator=", "
    done
    echo
} >"$series_dir/bench.gnuplot"
if ! gnuplot "$series_dir/bench.gnuplot"; then
    echo "bench_plot: gnuplot failed on $csv" >&2
    exit 1
fi
mv "$plot.tmp" "$plot"
