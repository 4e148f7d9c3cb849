#!/usr/bin/env bash
# spec/c/fused_builds.sh ROOT REFERENCE - the core built as a game might
# build it on its own, with a compiler free to fuse products into sums
# (GCC under -std=gnu11, clang by default, both with -mfma), steps
# spec/c/test_determinism's world to the same hash as REFERENCE (that test
# built by CMake): the sources turn contraction off themselves (src/base.h;
# docs/install.md, "Builds that give the same results"). The test's own
# file is built with -ffp-contract=off: it is the game, not wary. Skipped
# (77) on a CPU without FMA.
set -euo pipefail
root=$1 reference=$2
grep -qw fma /proc/cpuinfo 2>/dev/null || { echo "fused_builds: this CPU has no FMA: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
want=$("$reference" 2>&1 | grep -o 'hash [0-9a-f]*')
[ -n "$want" ] || { echo "fused_builds: no hash from $reference"; exit 1; }
status=0 built=0
for cc in gcc clang; do
  command -v "$cc" >/dev/null || { echo "fused_builds: $cc: not installed, not built"; continue; }
  built=$((built + 1))
  case $cc in gcc) std=gnu11 ;; *) std=c11 ;; esac
  mkdir -p "$tmp/$cc"
  for f in "$root"/src/*.c; do
    "$cc" -O2 -std=$std -mfma -DWARY_BUILD_LIBRARY -I "$root/src" -c "$f" -o "$tmp/$cc/$(basename "$f" .c).o" &
    while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
  done
  wait
  "$cc" -O2 -std=c11 -mfma -ffp-contract=off -I "$root/src" -I "$root/spec/c" -c "$root/spec/c/test_determinism.c" \
    -o "$tmp/$cc/test.o"
  "$cc" -o "$tmp/$cc/test" "$tmp/$cc"/*.o -lm -pthread
  got=$("$tmp/$cc/test" 2>&1 | grep -o 'hash [0-9a-f]*')
  echo "fused_builds: $cc -O2 -std=$std -mfma: $got (CMake's build: $want)"
  [ "$got" = "$want" ] || status=1
done
[ "$built" -gt 0 ] || { echo "fused_builds: neither gcc nor clang is installed: skipped"; exit 77; }
exit $status
