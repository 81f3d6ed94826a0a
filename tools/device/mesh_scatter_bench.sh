#!/bin/bash
# On a GPU machine (sm_90): exercise 18 (the scatter race on the GPU) graded through the official
# path (solutions 10 of 10, skeletons 0, both precisions; needs bubblewrap: run
# tools/device/carry_bwrap.sh here first and carry build/device-tools), then the cost of the cell
# pass four ways (gather, naive scatter, atomics, colouring) on OpenMP with 1 and 2 threads and on
# the GPU, at 380,192 and 4,004,450 triangles (generated squares, no gmsh), rcm+edges and random
# numberings. Run from the repository root. Logs in $OUT; the tables are printed.
# GRADE=no skips the grading; SIZES ("N:PASSES ...") and PRECISIONS narrow the tables.
set -u -o pipefail
out=${OUT:-/tmp/out}
mkdir -p "$out"
if ! command -v bwrap >/dev/null && [ -x build/device-tools/bwrap ]; then
    export PATH="$PWD/build/device-tools:$PATH"
fi
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
lscpu | grep "Model name"
arch="-gencode arch=compute_90,code=sm_90"
status=0
precisions=${PRECISIONS:-double single}
for precision in $precisions; do
    [ "${GRADE:-yes}" = yes ] || break
    for kind in solutions:full skeletons:zero; do
        submission=${kind%%:*} expect=${kind##*:}
        log="$out/grade-$submission-$precision.log"
        timeout 900 tools/teaching/grade.py --precision "$precision" --exercise 18-mesh-scatter-cuda \
            --submission "$submission" --expect "$expect" --reports "$out/grade-$submission-$precision" \
            >"$log" 2>&1
        rc=$?
        echo "exercise 18, $submission $precision (expect $expect): exit $rc, $(grep -E '^total' "$log")"
        [ $rc -eq 0 ] || { status=1; grep -v '^            ' "$log" | tail -n 15; }
    done
done
# N cells a side: 2 N^2 triangles; passes per variant.
for precision in $precisions; do
    make -j16 HAVE_NETCDF=no HAVE_OPENCL=no PRECISION=$precision CUDA_ARCH="$arch" \
        build/$precision/shallows-mesh-scatter >"$out/build-$precision.log" 2>&1 ||
        { echo "build $precision failed"; tail -5 "$out/build-$precision.log"; status=1; continue; }
    for size in ${SIZES:-436:200 1415:30}; do
        n=${size%%:*} passes=${size##*:}
        for ordering in rcm+edges random; do
            table="$out/scatter-$precision-$n-${ordering/+/-}.txt"
            echo "== build/$precision/shallows-mesh-scatter $n $passes table $([ "$ordering" = random ] && echo random)"
            OMP_PROC_BIND=close timeout 580 build/$precision/shallows-mesh-scatter "$n" "$passes" table \
                $([ "$ordering" = random ] && echo random) | tee "$table" || status=1
        done
    done
done
exit $status
