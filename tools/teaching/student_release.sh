#!/bin/bash
# make student-release: build/student-release/ (and build/student-release.tar.gz),
# the repository without solutions/, in which make, make run and make grade
# work on the skeletons. The slides stay out: they show worked solutions.
# Instead of the reference kernels it ships reference data: the expected
# outputs of every graded case on inputs made from a fresh seed, recorded
# here by tools/teaching/grade.py --write-data for both precisions. GitHub
# Classroom's workflow goes to .github/workflows/classroom.yml.
# With --unless-fresh it keeps a release made from the same files as now
# (build/student-release.inputs holds their checksum), as make grade-check
# does after make teaching-check made one.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ ! -d solutions ]; then
    echo "student-release: no solutions/ here: run it in the full repository" >&2
    exit 2
fi
tools/teaching/make_skeletons --check

release=build/student-release
data=build/release-data
entries=(Makefile README.md .clang-format .gitignore common backends skeletons exercises tests tools)
# One checksum over every file the release is made from (a file deleted
# but still tracked counts by its absence).
inputs() {
    git ls-files -z --cached --others --exclude-standard -- "${entries[@]}" solutions .github |
        sort -zu | { xargs -0 -r sha256sum 2>/dev/null || true; } | sha256sum
}
if [ "${1:-}" = --unless-fresh ] && [ -d "$release" ] &&
    [ "$(cat "$release.inputs" 2>/dev/null)" = "$(inputs)" ]; then
    echo "student-release: $release/ is made from these files already"
    exit 0
fi
rm -rf "$release" "$data" "$release.tar.gz" "$release.inputs"
mkdir -p "$data"
seed=$(python3 -c 'import random; print(random.SystemRandom().getrandbits(63))')
for precision in single double; do
    tools/teaching/grade.py --precision $precision --seed "$seed" --write-data "$data/expected-$precision.bin"
done

mkdir -p "$release"
for entry in "${entries[@]}"; do
    cp -r "$entry" "$release/"
done
# The generator needs solutions/; the release and sheet checks, the hostile
# submissions, the Classroom simulation and the Gradescope autograder are
# for this repository.
rm -rf "$release/tools/teaching/make_skeletons" "$release/tools/teaching/student_release.sh" \
    "$release/tools/teaching/teaching_check.sh" "$release/tools/teaching/test_teaching_tools.py" \
    "$release/tools/teaching/check_sheets.py" "$release/tools/teaching/classroom_simulation.sh" \
    "$release/tools/teaching/classroom_system.py" "$release/tools/teaching/gradescope.sh" \
    "$release/tests/grade/cheats"
find "$release/tools" -name __pycache__ -prune -exec rm -rf {} +
{
    cat <<'NOTE'
# shallows, student release

This copy has no reference solutions: `make` builds shallows with your kernels in
`skeletons/`, `make run` runs a dam break with them, and `make grade` shows your points
(against reference data shipped in `tests/grade/data/`). Start with
`exercises/01-serial-net-updates/README.md`. `make test` passes once every TODO is done.

NOTE
    cat README.md
} >"$release/README.md"
mkdir -p "$release/.github/workflows" "$release/tests/grade/data"
cp .github/classroom/autograding.yml "$release/.github/workflows/classroom.yml"
cp "$data"/expected-*.bin "$release/tests/grade/data/"
if grep -rlE --include="*.c" --include="*.h" --include="*.cu" --include="*.cuh" --include="*.cl" \
    "/\\* *BEGIN SOLUTION:" "$release"; then
    echo "student-release: reference code leaked into $release" >&2
    exit 1
fi
tar -czf "$release.tar.gz" -C build student-release
inputs >"$release.inputs"
echo "student-release: $release/ and $release.tar.gz (reference data of seed $seed)"
