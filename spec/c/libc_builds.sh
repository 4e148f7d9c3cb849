#!/usr/bin/env bash
# spec/c/libc_builds.sh ROOT REFERENCE - the core and spec/c/test_determinism
# built against musl (musl-gcc, static) step that test's world to the same
# hash as REFERENCE (the test built by CMake, against glibc): the core takes
# its sines, arc cosines, exponentials and powers from src/fmath.c, not from
# the C library, whose answers differ between C libraries (docs/install.md,
# "Builds that give the same results"). Skipped (77) without musl-gcc
# (Debian's musl-tools; scripts/setup.sh installs it).
set -euo pipefail
root=$1 reference=$2
command -v musl-gcc >/dev/null || { echo "libc_builds: musl-gcc not installed (musl-tools): skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
want=$("$reference" 2>&1 | grep -o 'hash [0-9a-f]*')
[ -n "$want" ] || { echo "libc_builds: no hash from $reference"; exit 1; }
for f in "$root"/src/*.c "$root/spec/c/test_determinism.c"; do
  musl-gcc -O2 -std=c11 -D_GNU_SOURCE -ffp-contract=off -DWARY_BUILD_LIBRARY -I "$root/src" -I "$root/spec/c" \
    -c "$f" -o "$tmp/$(basename "$f" .c).o" &
  while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
done
wait
musl-gcc -static -o "$tmp/test" "$tmp"/*.o -lm -pthread
got=$("$tmp/test" 2>&1 | grep -o 'hash [0-9a-f]*')
echo "libc_builds: musl-gcc -O2 -static: $got (CMake's build, glibc: $want)"
[ "$got" = "$want" ]
