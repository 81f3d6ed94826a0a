#!/bin/bash
# On a GPU machine: the CUDA exercises 03 to 06 and 18 through the official grading
# path (tools/teaching/grade.py: the reference's expected outputs from the serial
# backend, the student's kernels compiled with nvcc and run on the GPU in
# the sandbox), and the Navier-Stokes ones 11 to 13 (their kernels on CPU
# threads, nvcc compiling them too). The solutions must score full, the
# skeletons 0, in both precisions; then the hostile submissions of these
# exercises (tests/grade/cheats/run.py: level 2 without tiles, work only in
# the emulation or only off the GPU, a scatter that is a gather) must score
# what they earn. Without bubblewrap the grader refuses to grade (by design):
# run tools/device/carry_bwrap.sh here first and carry build/device-tools.
# Output: a short table; logs and reports under $OUT.
set -u -o pipefail
out=${OUT:-/tmp/out}
mkdir -p "$out"
if ! command -v bwrap >/dev/null && [ -x build/device-tools/bwrap ]; then
    export PATH="$PWD/build/device-tools:$PATH"
fi
nvidia-smi -L
command -v bwrap || echo "no bwrap: the grader will refuse to grade"
exercises=03-cuda-kernels-and-transfers,04-cuda-on-the-device,05-cuda-shared-memory,06-cuda-fused-step,11-ns-momentum-shared-memory,12-ns-cg-reductions,13-ns-fft-preconditioner,18-mesh-scatter-cuda
status=0
for precision in single double; do
    for kind in solutions:full skeletons:zero; do
        submission=${kind%%:*} expect=${kind##*:}
        log="$out/$submission-$precision.log"
        timeout 1500 tools/teaching/grade.py --precision "$precision" --exercise "$exercises" \
            --submission "$submission" --expect "$expect" --reports "$out/$submission-$precision" \
            >"$log" 2>&1
        rc=$?
        echo "$submission $precision (expect $expect): exit $rc, $(grep -E '^total' "$log")"
        [ $rc -eq 0 ] || { status=1; grep -v '^            ' "$log" | tail -n 25; }
    done
done
log="$out/cheats.log"
timeout 1500 tests/grade/cheats/run.py momentum-without-tiles momentum-emulation-only \
    momentum-not-on-the-gpu cuda-scatter-is-a-gather >"$log" 2>&1
rc=$?
echo "hostile submissions of 11 and 18: exit $rc, $(tail -n 1 "$log")"
[ $rc -eq 0 ] || { status=1; tail -n 25 "$log"; }
exit $status
