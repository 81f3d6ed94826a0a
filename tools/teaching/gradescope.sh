#!/bin/bash
# make gradescope [EXERCISE=a,b]: build/gradescope/autograder.zip, the
# autograder of a Gradescope programming assignment: this repository (the
# files git knows, solutions included: the grades are official), setup.sh,
# which installs what grading needs, and run_autograder, which grades
# /autograder/submission with tools/teaching/grade.py and leaves results.json in
# /autograder/results, with a score whatever happens. Gradescope runs both
# as root in a Docker container; the grader's sandbox needs user namespaces
# there (tools/teaching/grade.py refuses to grade, with the reason in results.json,
# where the container forbids them).
set -euo pipefail
cd "$(dirname "$0")/../.."
exercises=${1:-}
out=build/gradescope
rm -rf "$out"
mkdir -p "$out"

cat >"$out/setup.sh" <<'SETUP'
#!/bin/bash
# Gradescope: run once, as root, when the autograder's image is built.
set -euxo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends build-essential make \
    $(sh /autograder/source/tools/build/deps.sh --list grade)
SETUP

cat >"$out/run_autograder" <<RUN
#!/bin/bash
# Gradescope: run for every submission, as root, in a fresh container.
set -uo pipefail
cd /autograder/source
mkdir -p /autograder/results
exercises="$exercises"
tools/teaching/grade.py --submission /autograder/submission \${exercises:+--exercise "\$exercises"}
status=\$?
if [ -f build/grade/results.json ]; then
    cp build/grade/results.json /autograder/results/results.json
else
    printf '{"score": 0, "output": "the grader failed (exit %d) before writing a report"}\n' \\
        "\$status" >/autograder/results/results.json
fi
RUN
chmod +x "$out/setup.sh" "$out/run_autograder"

git ls-files -z --cached --others --exclude-standard | python3 -c '
import os, sys, zipfile
names = [n for n in sys.stdin.read().split("\0") if n and os.path.isfile(n)]
out = sys.argv[1]
with zipfile.ZipFile(os.path.join(out, "autograder.zip"), "w", zipfile.ZIP_DEFLATED) as archive:
    for name in names:
        archive.write(name, name)
    for script in ("setup.sh", "run_autograder"):
        info = zipfile.ZipInfo(script)
        info.external_attr = 0o755 << 16
        with open(os.path.join(out, script), "rb") as stream:
            archive.writestr(info, stream.read())
print("gradescope: %s/autograder.zip (%d files; exercises: %s)" % (
    out, len(names) + 2, sys.argv[2] or "all"))
' "$out" "$exercises"
