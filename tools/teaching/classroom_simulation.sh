#!/bin/bash
# make grade-check, part 2: GitHub Classroom, simulated end to end. The
# workflow a student release carries (.github/classroom/autograding.yml)
# runs its Grade step as a non-root user on a system of only the packages
# its install step names (tools/build/deps.sh --list grade) and what GitHub's
# runner image starts with (tools/teaching/classroom_system.py): on the release with
# the solutions copied in it must give full points, on the release as it
# is (the skeletons) 0, and both reports must be complete.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
workflow=.github/classroom/autograding.yml

fail() {
    echo "classroom: $*" >&2
    exit 1
}

grep -q 'apt-get install .*\$(sh tools/build/deps.sh --list grade)' "$workflow" ||
    fail "$workflow no longer installs the packages of tools/build/deps.sh --list grade"
exercises=$(sed -n 's/^  EXERCISES: //p' "$workflow")
# The Grade step's script: the lines of its `run: |` block.
step=$(awk '/- name: Grade$/ { grade = 1 } grade && /run: \|/ { inside = 1; next }
    inside && /^          / { print substr($0, 11); next } inside { exit }' "$workflow")
[ -n "$exercises" ] && [ -n "$step" ] || fail "cannot read EXERCISES and the Grade step of $workflow"
# The workflow grades every exercise that needs no GPU: CI's full grading of
# the solutions is this one (teaching-check leaves its own out there).
for conf in exercises/*/grade.conf; do
    name=$(basename "$(dirname "$conf")")
    if ! grep -q '^device: cuda' "$conf" && [[ ",$exercises," != *",$name,"* ]]; then
        fail "$workflow does not grade $name (EXERCISES)"
    fi
done

sim=$(mktemp -d /tmp/shallows-classroom-XXXXXX)
trap '[ -n "${KEEP:-}" ] || rm -rf "$sim"' EXIT
chmod 755 "$sim"
# shellcheck disable=SC2046
python3 tools/teaching/classroom_system.py "$sim/system" $(sh tools/build/deps.sh --list grade)
# The release of make teaching-check where it is made from these files,
# without the build its check left in it: the workflow starts from a checkout.
tools/teaching/student_release.sh --unless-fresh >/dev/null
for copy in skeletons solutions; do
    mkdir "$sim/$copy"
    tar -C build/student-release --exclude=./build -cf - . | tar -C "$sim/$copy" -xf -
done
(cd solutions && find . -type f ! -name README.md -exec cp {} "$sim/solutions/skeletons/{}" \;)

# The runner's user: this one, or, as root, one made for the simulation.
run_as=()
if [ "$(id -u)" -eq 0 ]; then
    id shallows-ci >/dev/null 2>&1 || useradd --system --no-create-home shallows-ci
    chown -R shallows-ci: "$sim/skeletons" "$sim/solutions"
    run_as=(setpriv --reuid=shallows-ci --regid=shallows-ci --init-groups)
fi

# The workflow's Grade step in a repository, on the simulated system.
grade_in() {
    local repository=$1 top=()
    for path in /bin /sbin /lib /lib32 /lib64 /libx32; do
        if [ -L "$path" ]; then
            top+=(--symlink "$(readlink "$path")" "$path")
        fi
    done
    "${run_as[@]}" bwrap --unshare-user --unshare-pid --unshare-ipc --die-with-parent \
        --new-session --ro-bind "$sim/system/usr" /usr --ro-bind "$sim/system/etc" /etc \
        "${top[@]}" --proc /proc --dev /dev --tmpfs /tmp --ro-bind /sys /sys \
        --bind "$repository" /home/runner/work/shallows --chdir /home/runner/work/shallows \
        --clearenv --setenv PATH /usr/local/bin:/usr/bin:/bin --setenv HOME /tmp \
        --setenv EXERCISES "$exercises" --setenv GITHUB_OUTPUT /tmp/github-output \
        -- bash -c "$step" >"$repository.log" 2>&1 ||
        { tail -n 40 "$repository.log" >&2; fail "the Grade step failed in $repository"; }
}

# The report of a repository: its points, with results.json and junit.xml complete.
check() {
    python3 - "$1/build/grade" "$2" <<'CHECK' || fail "$1: the reports are not what they must be"
import json, os, sys
import xml.etree.ElementTree as ElementTree
folder, want = sys.argv[1], sys.argv[2]
classroom = json.load(open(os.path.join(folder, "classroom.json")))
gradescope = json.load(open(os.path.join(folder, "results.json")))
ElementTree.parse(os.path.join(folder, "junit.xml"))
total = sum(t["score"] for t in classroom["tests"])
print("classroom: %s: %.2f of %.2f points (%d tests)" % (want, total, classroom["max_score"],
                                                        len(classroom["tests"])))
assert classroom["max_score"] > 0 and "score" in gradescope
assert all("score" in t for t in gradescope["tests"])
assert total == (classroom["max_score"] if want == "full" else 0), "points"
assert classroom["status"] == ("pass" if want == "full" else "fail")
CHECK
}

grade_in "$sim/solutions"
check "$sim/solutions" full
grade_in "$sim/skeletons"
check "$sim/skeletons" zero
echo "classroom: passed (the workflow's packages and a non-root user; $exercises)"
