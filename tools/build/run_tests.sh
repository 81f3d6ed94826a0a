#!/bin/bash
# make test: every suite in both precisions, then the double build once
# more under AddressSanitizer and UndefinedBehaviorSanitizer (every suite
# but those that run whole solvers many times over, SANITIZE_SKIPPED: make
# validate runs them under the sanitizers too); the rooms, the programs
# side by side and the output files. Ends with one line "tests: N passed,
# N failed" over all runs.
set -u -o pipefail
cd "$(dirname "$0")/../.."

passed=0
failed=0
status=0
logs=$(mktemp -d)
log="$logs/checker"
# Builds on every core. Two builds' suites run side by side: most suites
# are one process at a time, and each works in its own temporary folder.
jobs=$(nproc 2>/dev/null || echo 2)

# Adds the tally of a line "NAME: N passed, M failed" to passed and failed.
count() {
    passed=$((passed + $(echo "$1" | sed -E 's/^[a-z0-9-]+: ([0-9]+) passed.*/\1/')))
    failed=$((failed + $(echo "$1" | sed -E 's/.* ([0-9]+) failed.*/\1/')))
}
# make check VARIANT into its own log; the log's last line is the exit status.
check_into() {
    local variant=$1 into=$2
    # shellcheck disable=SC2086
    make --no-print-directory -j"$jobs" check $variant >"$into" 2>&1
    echo "exit $?" >>"$into"
}
# Prints a finished make check's log and counts its tally line.
report_check() {
    local variant=$1 from=$2
    echo "== make check $variant"
    cat "$from"
    [ "$(tail -n 1 "$from")" = "exit 0" ] || status=1
    local line
    line=$(grep -E '^[a-z]+: [0-9]+ passed, [0-9]+ failed' "$from" | tail -n 1)
    if [ -z "$line" ]; then
        echo "== make check $variant did not finish its suites"
        status=1
    else
        count "$line"
    fi
}
echo "== make check PRECISION=single and PRECISION=double, side by side"
check_into "PRECISION=single" "$logs/single" &
check_into "PRECISION=double" "$logs/double" &
wait
report_check "PRECISION=single" "$logs/single"
report_check "PRECISION=double" "$logs/double"
# The sanitized build's suites run beside the MPI suites: shallows-mpi-tests
# under mpirun on 1, 2, 3 and 4 ranks (make check-mpi; make validate adds 6,
# more ranks than this machine's cores many times over), in both
# precisions. MPI is not run under the sanitizers.
# Left out under the sanitizers: the suites of many long runs of the same
# kernels (lakes at rest, every model against serial, the OpenMP and
# threads backends at many team sizes), 1.5 to 5.5 minutes each there; the
# backend-contract and serial suites run those kernels under the
# sanitizers, and make validate runs every suite.
SANITIZE_SKIPPED=balance,agreement,openmp,pthreads
echo "== make check PRECISION=double SANITIZE=1, beside the MPI suites (not: $SANITIZE_SKIPPED)"
check_into "PRECISION=double SANITIZE=1 SKIP_SUITES=$SANITIZE_SKIPPED" "$logs/sanitize" &
sanitized=$!
if command -v mpicc >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1; then
    for precision in single double; do
        echo "== make check-mpi PRECISION=$precision"
        if ! make --no-print-directory -j"$jobs" check-mpi PRECISION=$precision \
            MPI_TEST_RANKS="1 2 3 4" 2>&1 | tee "$log"; then
            status=1
        fi
        lines=$(grep -E '^mpi-[0-9]+: [0-9]+ passed, [0-9]+ failed' "$log")
        if [ -z "$lines" ]; then
            echo "== make check-mpi PRECISION=$precision did not finish its suites"
            status=1
            continue
        fi
        while read -r line; do
            count "$line"
        done <<<"$lines"
    done
    echo "== MPI suites skipped under ASan/UBSan (Open MPI and AddressSanitizer do not mix): not counted"
else
    echo "== MPI suites skipped: mpicc or mpirun not installed (make deps installs them): not counted"
fi
wait "$sanitized"
report_check "PRECISION=double SANITIZE=1 SKIP_SUITES=$SANITIZE_SKIPPED" "$logs/sanitize"
# The rooms of the house and their one-way includes (docs/ARCHITECTURE.md),
# then the programs side by side: one command line, each program only its
# own applications, make help and make install (tests/programs/).
for checker in "tools/build/check_rooms.py" "tests/programs/check_programs.py --build build/double"; do
    echo "== $checker"
    # shellcheck disable=SC2086
    python3 $checker 2>&1 | tee "$log" || status=1
    line=$(grep -E '^[a-z]+: [0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    if [ -z "$line" ]; then
        echo "== $checker did not finish"
        status=1
    else
        count "$line"
    fi
done
# The output files in the tools their users open them with (xarray,
# netCDF4, VTK's readers, the CF checkers, ParaView where installed):
# tools/files/check_files.py, which says what it skipped.
echo "== tools/files/check_files.py (double)"
mpi_program=build/double/shallows-mpi
sanitized_program=build/double-sanitize/shallows
if python3 tools/files/check_files.py --program build/double/shallows \
    $([ -x "$mpi_program" ] && echo "--mpi-program $mpi_program") \
    $([ -x "$sanitized_program" ] && echo "--sanitized-program $sanitized_program") 2>&1 | tee "$log"; then
    :
else
    status=1
fi
line=$(grep -E '^files: [0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
if [ -z "$line" ]; then
    echo "== tools/files/check_files.py did not finish"
    status=1
else
    count "$line"
fi
rm -rf "$logs"
[ "$failed" -eq 0 ] || status=1
echo "tests: $passed passed, $failed failed"
exit $status
