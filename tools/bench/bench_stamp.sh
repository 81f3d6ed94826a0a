#!/bin/bash
# Adds the columns date (UTC, ISO 8601, when the bench started) and host (the
# machine's name) to a CSV of make bench, so that figures from several runs
# and machines can be put in one table and still tell where they came from.
# Every half of make bench stamps its CSV through this script.
#
# usage: tools/bench/bench_stamp.sh CSV DATE
set -u -o pipefail
if [ $# -ne 2 ] || [ ! -r "$1" ]; then
    echo "usage: $0 CSV DATE" >&2
    exit 2
fi
awk -v date="$2" -v host="$(uname -n)" 'NR == 1 { print $0 ",date,host"; next }
    { print $0 "," date "," host }' "$1" >"$1.tmp" && mv "$1.tmp" "$1"
