#!/bin/bash
# Figures of the slides, made from the code: a radial dam break run by
# shallows, its surface after 8 s as a map and along the middle row at 0, 4
# and 8 s, and the same run on 2 x 2 MPI ranks with the cuts between their
# blocks. Writes build/slides/dam-break-map.png, dam-break-section.png and
# mpi-blocks.png.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=build/slides
mkdir -p "$out"
make --no-print-directory -s -j2 PRECISION=single KERNELS=solutions
build/single/shallows --scenario radial-dam-break --nx 200 --ny 200 --t-end 8 --outputs 2 \
    --output "$out/dam-break" --quiet >/dev/null
tools/files/netcdf_to_table.py "$out/dam-break.nc" eta matrix -1 >"$out/dam-break-map.dat"
tools/files/netcdf_to_table.py "$out/dam-break.nc" eta row 100 >"$out/dam-break-section.dat"
gnuplot <<GNUPLOT
set terminal pngcairo size 1000,800 font "Sans,22"
set output "$out/dam-break-map.png"
set title "radial dam break, surface after 8 s (200 x 200 cells, f-wave)"
set xlabel "x (m)"; set ylabel "y (m)"; set cblabel "surface (m)"
set size ratio -1
set palette defined (0 "#08306b", 0.5 "#6baed6", 1 "#f7fbff")
set xrange [0:1000]; set yrange [0:1000]
plot "$out/dam-break-map.dat" matrix using (\$1*5+2.5):(\$2*5+2.5):3 with image notitle

set terminal pngcairo size 1200,700 font "Sans,22"
set output "$out/dam-break-section.png"
set title "surface along the middle row of cells"
set size noratio; set size 1,1; set autoscale; set xrange [200:800]; set yrange [9.5:15.5]
set xlabel "x (m)"; set ylabel "surface (m)"; set key top right
plot "$out/dam-break-section.dat" using 1:2 with lines lw 3 title "t = 0 s", \
     "" using 1:3 with lines lw 3 title "t = 4 s", \
     "" using 1:4 with lines lw 3 title "t = 8 s"
GNUPLOT

# The MPI deck: the same run on 2 x 2 ranks (shallows-mpi gathers it into
# one file), drawn with the cuts between the ranks' blocks; the title says
# it equals the serial run only because the two tables are compared here.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpi_summary=$(mpirun -q --oversubscribe -np 4 build/single/shallows-mpi --scenario radial-dam-break \
    --nx 200 --ny 200 --t-end 8 --outputs 2 --output "$out/mpi-dam-break" --quiet)
tools/files/netcdf_to_table.py "$out/mpi-dam-break.nc" eta matrix -1 >"$out/mpi-dam-break-map.dat"
if ! cmp -s "$out/mpi-dam-break-map.dat" "$out/dam-break-map.dat"; then
    echo "slide figures: the MPI run differs from the serial run" >&2
    exit 1
fi
blocks=$(echo "$mpi_summary" | sed -nE 's/.*blocks=([0-9]+)x([0-9]+).*/\1 \2/p')
read -r blocks_x blocks_y <<<"$blocks"
# The cuts as common/cartesian/grid/block_grid.c places them: the first 200 % blocks blocks
# get one cell more; cells are 5 m wide.
cuts() {
    local blocks=$1 at=0 b
    for ((b = 0; b < blocks - 1; ++b)); do
        at=$((at + 200 / blocks + (b < 200 % blocks ? 1 : 0)))
        echo $((at * 5))
    done
}
{
    for x in $(cuts "$blocks_x"); do
        echo "set arrow from $x,0 to $x,1000 nohead front lw 6 lc rgb '#d62728'"
    done
    for y in $(cuts "$blocks_y"); do
        echo "set arrow from 0,$y to 1000,$y nohead front lw 6 lc rgb '#d62728'"
    done
    rank=0
    for ((j = 0; j < blocks_y; ++j)); do
        for ((i = 0; i < blocks_x; ++i)); do
            echo "set label 'rank $rank' at $(((2 * i + 1) * 500 / blocks_x)),$(((2 * j + 1) * 500 / blocks_y)) center front font 'Sans,26' textcolor rgb '#d62728'"
            rank=$((rank + 1))
        done
    done
} >"$out/mpi-cuts.gnuplot"
gnuplot <<GNUPLOT
set terminal pngcairo size 1000,800 font "Sans,22"
set output "$out/mpi-blocks.png"
set title "$blocks_x x $blocks_y ranks, surface after 8 s: identical to the serial run"
set xlabel "x (m)"; set ylabel "y (m)"; set cblabel "surface (m)"
set size ratio -1
set palette defined (0 "#08306b", 0.5 "#6baed6", 1 "#f7fbff")
set xrange [0:1000]; set yrange [0:1000]
load "$out/mpi-cuts.gnuplot"
plot "$out/mpi-dam-break-map.dat" matrix using (\$1*5+2.5):(\$2*5+2.5):3 with image notitle
GNUPLOT
echo "figures: $out/dam-break-map.png $out/dam-break-section.png $out/mpi-blocks.png"
