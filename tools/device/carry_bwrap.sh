#!/bin/bash
# Here, before tools/device/grade_cuda.sh: GPU images often have no
# bubblewrap and fetch nothing. This puts this machine's bwrap and the
# libraries it needs beyond libc into build/device-tools/, behind a wrapper
# named bwrap; carry build/device-tools with the device call.
set -euo pipefail
cd "$(dirname "$0")/../.."
tools=build/device-tools
rm -rf "$tools"
mkdir -p "$tools/lib"
cp "$(command -v bwrap)" "$tools/bwrap.bin"
ldd "$tools/bwrap.bin" | awk '/=> \// { print $3 }' | grep -v -E '/(libc|ld-linux)[.-]' |
    xargs -r -I{} cp {} "$tools/lib/"
cat >"$tools/bwrap" <<'WRAP'
#!/bin/sh
here=$(dirname "$(readlink -f "$0")")
LD_LIBRARY_PATH="$here/lib" exec "$here/bwrap.bin" "$@"
WRAP
chmod +x "$tools/bwrap"
echo "carry_bwrap: $tools ($(ls "$tools/lib" | tr '\n' ' '))"
