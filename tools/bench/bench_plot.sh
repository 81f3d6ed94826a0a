#!/bin/bash
# Draws the plot of one application's CSV of make bench: cell updates per
# second over cells, both axes logarithmic, one line per backend and level
# (a colour each; the triangles: per order and ordering), single precision
# solid and double dashed. The CSV's header says which application's it is:
# the maps' (bench.csv), the triangles' (mesh-bench.csv) or Navier-Stokes'
# (navier-stokes.csv). Runs whose final state was not serial's are not
# drawn. Needs gnuplot, so it also serves to plot a CSV brought back from a
# machine without it.
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
header=$(head -n 1 "$csv" 2>/dev/null)
# Per application: the title, and awk's series name, cells and rate of a row
# and whether it is drawn.
case $header in
precision,backend,level,*)
    title="radial dam break on a Cartesian grid"
    program='$15 != "FAILED" { print $1 "-" $2 ($3 > 0 ? "-level" $3 : ""), $6, $9 }'
    ;;
precision,backend,order,triangles,*)
    title="radial dam break on triangles"
    program='$14 != "no" { print $1 "-" $2 "-order" $3 "-" $5, $4, $8 }'
    ;;
precision,n,backend,level,*)
    title="Navier-Stokes, Kelvin-Helmholtz (n^3 cells)"
    program='$18 != "FAILED" { print $1 "-" $3 ($4 > 0 ? "-level" $4 : ""), $2 * $2 * $2, $9 }'
    ;;
*)
    echo "bench_plot: '$csv' is not a CSV written by make bench" >&2
    exit 2
    ;;
esac
if ! command -v gnuplot >/dev/null 2>&1; then
    echo "bench_plot: gnuplot is not installed (make deps installs it as root)" >&2
    exit 1
fi

series_dir=$(mktemp -d) || exit 1
trap 'rm -rf "$series_dir" "$plot.tmp"' EXIT
awk -F, "NR > 1 && $program" "$csv" | while read -r name cells rate; do
    echo "$cells $rate" >>"$series_dir/$name.dat"
done

declare -A colour_of=()
{
    echo "set terminal pngcairo size 1000,650 enhanced font 'sans,10'"
    echo "set output '$plot.tmp'"
    echo "set title 'shallows: $title, $machine, $(date -u '+%Y-%m-%d')'"
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
