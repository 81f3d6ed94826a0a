# Sourced by each half of make bench: with BENCH_QUICK=1 the defaults of
# every setting shrink so that the three halves together run in minutes on
# a laptop (the sizes and counts below); a setting given explicitly still
# wins. bench_quick_default NAME VALUE sets NAME to VALUE when BENCH_QUICK
# is 1 and NAME is unset. BENCH_STARTED is the date the CSVs are stamped
# with (tools/bench/bench_stamp.sh).
case ${BENCH_QUICK:-0} in
0 | 1) ;;
*)
    echo "bench: BENCH_QUICK must be 0 or 1, got '$BENCH_QUICK'" >&2
    exit 2
    ;;
esac
bench_quick_default() {
    if [ "${BENCH_QUICK:-0}" = 1 ] && [ -z "${!1:-}" ]; then
        export "$1=$2"
    fi
}
bench_quick_default BENCH_PRECISIONS single
bench_quick_default BENCH_SIZES "250 500"
bench_quick_default BENCH_SECONDS 0.5
bench_quick_default BENCH_REPEATS 1
bench_quick_default BENCH_STREAM_MIB 64
bench_quick_default BENCH_MESH_SIZES "50 150"
bench_quick_default BENCH_MESH_STEPS 20
bench_quick_default NS_BENCH_SIZES "16 32"
bench_quick_default NS_BENCH_CPU_SIZES "16 32"
bench_quick_default NS_BENCH_SERIAL_SIZES "16 32"
bench_quick_default NS_BENCH_SECONDS 0.5
export BENCH_STARTED=${BENCH_STARTED:-$(date -u '+%Y-%m-%dT%H:%M:%SZ')}
