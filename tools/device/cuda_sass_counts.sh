#!/bin/bash
# On an NVIDIA GPU machine: where CUDA level 4's warp instructions go, instruction by instruction
# (issue 18: fp32 at 75 % of copy needs about a tenth fewer than the 11.6 per cell measured).
# Nsight Compute profiles one fused launch (the 11th of a run with one snapshot, radial dam
# break, 8192^2, PRECISION single unless given) with its source counters, and exports the SASS
# page (executed instructions per instruction), the opcode statistics and the raw metrics; the
# kernel's SASS comes too. Everything goes into $OUT/sass-counts-PRECISION.tgz, to be digested
# where the time is free. Run from the repository root.
set -u -o pipefail
p=${PRECISION:-single}
scenario=${SCENARIO:-radial-dam-break}
work=$(mktemp -d /tmp/sass_counts.XXXXXX)
make -j16 HAVE_NETCDF=no HAVE_OPENCL=no PRECISION="$p" "build/$p/shallows" >"$work/build.log" 2>&1 ||
    { echo "build $p failed"; tail -5 "$work/build.log"; exit 1; }
cuobjdump -sass "build/$p/obj/solutions/cuda/cartesian/level4_fused.o" >"$work/level4_fused.sass" 2>&1
timeout 200 ncu --clock-control none --section SourceCounters --section InstructionStats \
    --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
    -k regex:fused_step --launch-skip 10 --launch-count 1 -f -o "$work/report" \
    "build/$p/shallows" --backend cuda --level 4 --scenario "$scenario" --nx 8192 --ny 8192 \
    --t-end 0.3 --outputs 1 --benchmark --quiet >"$work/ncu.log" 2>&1
echo "ncu exit $?"
ncu --import "$work/report.ncu-rep" --page source --csv --print-source sass >"$work/source-sass.csv" 2>&1
echo "source page exit $? ($(wc -l <"$work/source-sass.csv") lines)"
ncu --import "$work/report.ncu-rep" --page details --print-details all >"$work/details.txt" 2>&1
ncu --import "$work/report.ncu-rep" --page raw --csv --print-units base \
    --print-metric-instances values >"$work/raw.csv" 2>&1 ||
    ncu --import "$work/report.ncu-rep" --page raw --csv >"$work/raw.csv" 2>&1
grep -E "Executed Instructions |Duration|Registers Per|Achieved Occupancy|Issue Slots Busy|Dynamic Shared" \
    "$work/details.txt" | head -12
mkdir -p "${OUT:-/tmp}" && tar -C "$work" -czf "${OUT:-/tmp}/sass-counts-$p.tgz" \
    level4_fused.sass ncu.log source-sass.csv details.txt raw.csv build.log
