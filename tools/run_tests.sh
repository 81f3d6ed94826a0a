#!/bin/bash
# make test: every suite in both precisions, then the double build once
# more under AddressSanitizer and UndefinedBehaviorSanitizer. Ends with one
# line "tests: N passed, N failed" over all runs.
set -u -o pipefail
cd "$(dirname "$0")/.."

passed=0
failed=0
status=0
log=$(mktemp)
for variant in "PRECISION=single" "PRECISION=double" "PRECISION=double SANITIZE=1"; do
    echo "== make check $variant"
    # shellcheck disable=SC2086
    if ! make --no-print-directory check $variant 2>&1 | tee "$log"; then
        status=1
    fi
    line=$(grep -E '^[a-z]+: [0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    if [ -z "$line" ]; then
        echo "== make check $variant did not finish its suites"
        status=1
        continue
    fi
    passed=$((passed + $(echo "$line" | sed -E 's/^[a-z]+: ([0-9]+) passed.*/\1/')))
    failed=$((failed + $(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')))
done
rm -f "$log"
[ "$failed" -eq 0 ] || status=1
echo "tests: $passed passed, $failed failed"
exit $status
