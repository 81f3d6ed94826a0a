#!/bin/bash
# make bench's check of one run against serial's, so that the performance
# contest cannot be won by a fast kernel that computes something else:
# compares the checksum of the final state that the summary line carries
# (mass, h_l2 and momentum_l2, common/cartesian/grid/block_checksum.h) with serial's at
# the same size, precision and end time. Prints "ok" and exits 0, or
# "FAILED: what differs" and exits 1; bad arguments exit 2.
#
# usage: tools/bench/bench_verify.sh AGREES PRECISION SERIAL_CHECKSUM CHECKSUM
#   AGREES     bit-for-bit or rounding, as `shallows --list-backends` says
#              (enum swe_serial_agreement in common/cartesian/grid/backend.h)
#   PRECISION  single or double
#   CHECKSUM   the figures of a summary line, "mass=M h_l2=N momentum_l2=P"
#              (separated by spaces or commas); the run must have every
#              figure that serial's has
#
# bit-for-bit (CPU backends): the same 17 significant digits, i.e. the same
# double, since the same operations in the same order give the same state.
#
# rounding (GPU backends): a relative difference of at most 1e-4 in single
# and 1e-12 in double precision, for each figure. A device differs from
# serial by a few ulp per operation (FMA contraction, approximate fp32
# division and square root). Serial in single precision differs from serial
# in double precision by errors of the same kind, and its figures do so by
# at most 1.0e-7 (mass, h_l2) and 4.1e-7 (momentum_l2) relative over radial
# dam breaks of 256 to 2363 steps at 200^2 to 2000^2 cells (`shallows --nx N
# --ny N --t-end T --benchmark` for (N, T) = (200, 100), (500, 20), (1000,
# 100), (2000, 5), both precisions, on an AMD EPYC VM, 2026-11-24): 1e-4
# leaves more than two orders of magnitude. Double
# precision's ulp is 5e8 times smaller, and 1e-12 leaves three. A kernel
# that skips or misplaces updates moves momentum_l2 by far more: the same
# run ended 1 % later (t = 1.01 s instead of 1 s) differs by 1e-2.
set -u -f # -f: the figures are words, never file patterns

usage() {
    echo "usage: $0 bit-for-bit|rounding single|double SERIAL_CHECKSUM CHECKSUM" >&2
    echo "  (a checksum: \"mass=M h_l2=N momentum_l2=P\")" >&2
    exit 2
}

[ $# -eq 4 ] || usage
agrees=$1 precision=$2 expected=$3 actual=$4
case $precision in
single) tolerance=1e-4 ;;
double) tolerance=1e-12 ;;
*) usage ;;
esac
[[ $agrees == bit-for-bit || $agrees == rounding ]] || usage
[[ $expected =~ ^[a-z_0-9]+=[^=]+([\ ,][a-z_0-9]+=[^=]+)*$ ]] || usage

is_number() {
    [[ $1 =~ ^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$ ]]
}

# The value of a figure in a checksum; empty when it has none.
figure() {
    local item
    for item in ${2//,/ }; do
        if [ "${item%%=*}" = "$1" ]; then
            echo "${item#*=}"
            return
        fi
    done
}

# Compares one figure; prints what differs when it does.
compare() {
    local name=$1 expected=$2 actual=$3
    if ! is_number "$actual"; then
        echo "$name=${actual:-(missing)} is not a number"
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
for item in ${expected//,/ }; do
    name=${item%%=*}
    if ! message=$(compare "$name" "${item#*=}" "$(figure "$name" "$actual")"); then
        problems="$problems${problems:+; }$message"
    fi
done
if [ -n "$problems" ]; then
    echo "FAILED: $problems"
    exit 1
fi
echo ok
