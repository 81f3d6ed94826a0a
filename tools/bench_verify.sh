#!/bin/bash
# make bench's check of one run against serial's, so that the performance
# contest cannot be won by a fast kernel that computes something else:
# compares the checksum of the final state that the summary line carries
# (mass and h_l2, common/grid/block_checksum.h) with serial's at the same
# size, precision and end time. Prints "ok" and exits 0, or "FAILED: what
# differs" and exits 1; bad arguments exit 2.
#
# usage: tools/bench_verify.sh AGREES PRECISION SERIAL_MASS SERIAL_H_L2 MASS H_L2
#   AGREES     bit-for-bit or rounding, as `shallows --list-backends` says
#              (enum swe_serial_agreement in common/grid/backend.h)
#   PRECISION  single or double
#
# bit-for-bit (CPU backends): the same 17 significant digits, i.e. the same
# double, since the same operations in the same order give the same state.
#
# rounding (GPU backends): a relative difference of at most 1e-5 in single
# and 1e-12 in double precision, for each of the two. A device differs from
# serial by a few ulp per operation (FMA contraction, approximate fp32
# division and square root); serial in single precision differs from serial
# in double precision by the same kind of error, and its checksums do so by
# 1.0e-7 (mass) and 1.0e-7 (h_l2) relative after 2363 steps at 1000 x 1000
# cells, 1.8e-8 after 256 steps at 500 x 500 (radial dam break, measured on
# the CPU, 2026-11-24), so 1e-5 leaves two orders of magnitude; double
# precision's ulp is 5e8 times smaller, and 1e-12 leaves three. The agreement
# tests bound the GPUs' pointwise error over 30 steps by 1e-4 and 1e-12
# (tests/agreement_check.c; measured 4.8e-7 and 1.3e-15 on the H100). A
# kernel that skips or misplaces updates moves these norms by far more.
set -u

usage() {
    echo "usage: $0 bit-for-bit|rounding single|double SERIAL_MASS SERIAL_H_L2 MASS H_L2" >&2
    exit 2
}

[ $# -eq 6 ] || usage
agrees=$1 precision=$2
case $precision in
single) tolerance=1e-5 ;;
double) tolerance=1e-12 ;;
*) usage ;;
esac
[[ $agrees == bit-for-bit || $agrees == rounding ]] || usage

is_number() {
    [[ $1 =~ ^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$ ]]
}

# Compares one figure; prints what differs when it does.
compare() {
    local name=$1 expected=$2 actual=$3
    if ! is_number "$actual"; then
        echo "$name=$actual is not a number"
        return 1
    fi
    if ! is_number "$expected"; then
        echo "serial's $name=$expected is not a number"
        return 1
    fi
    if [ "$agrees" = bit-for-bit ]; then
        [ "$expected" = "$actual" ] && return 0
        echo "$name=$actual, serial's $expected (bit for bit expected)"
        return 1
    fi
    awk -v e="$expected" -v a="$actual" -v t="$tolerance" -v n="$name" 'BEGIN {
        d = e - a; if (d < 0) d = -d
        s = e < 0 ? -e : e; if (s == 0) s = 1
        if (d / s <= t) exit 0
        printf "%s=%s, serial'\''s %s: relative difference %.3g > %s\n", n, a, e, d / s, t
        exit 1 }'
}

problems=""
for figure in "mass $3 $5" "h_l2 $4 $6"; do
    # shellcheck disable=SC2086
    if ! message=$(compare $figure); then
        problems="$problems${problems:+; }$message"
    fi
done
if [ -n "$problems" ]; then
    echo "FAILED: $problems"
    exit 1
fi
echo ok
