#!/bin/bash
# Figures of the slides, made from the code: a radial dam break run by
# shallows, its surface after 8 s as a map and along the middle row at 0, 4
# and 8 s. Writes build/slides/dam-break-map.png and dam-break-section.png.
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/slides
mkdir -p "$out"
make --no-print-directory -s -j2 PRECISION=single KERNELS=solutions
build/single/shallows --scenario radial-dam-break --nx 200 --ny 200 --t-end 8 --outputs 2 \
    --output "$out/dam-break" --quiet >/dev/null
tools/netcdf_to_table.py "$out/dam-break.nc" eta matrix -1 >"$out/dam-break-map.dat"
tools/netcdf_to_table.py "$out/dam-break.nc" eta row 100 >"$out/dam-break-section.dat"
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
echo "figures: $out/dam-break-map.png $out/dam-break-section.png"
