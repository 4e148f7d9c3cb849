#!/usr/bin/env bash
# scripts/love_test.sh - the LÖVE demo, played as a person would (ctest love_demo).
#
# Runs examples/love under Xvfb with WARY_LOVE_SCRIPT=1 (a fixed input
# sequence of about 6 s of game time), then checks its log: the game ran,
# every debug layer drew something, a guard's state changed; and that the
# screenshot exists and is not trivial. Keeps the screenshot as
# out/love_demo.png and the log as out/love_demo.log for review.
#
# Exits 77 (ctest: skipped) when love, xvfb-run or xauth is missing, or for a
# sanitizer build (LÖVE's LuaJIT with an ASan-built libwary is out of scope).
# Environment: WARY_ROOT, WARY_BUILD (default build/), WARY_SANITIZE (1: skip),
# WARY_LOVE_TIMEOUT (seconds, default 60).
set -uo pipefail
root=${WARY_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
build=${WARY_BUILD:-$root/build}

skip() {
  echo "skipped: $*"
  exit 77
}

case ${WARY_SANITIZE:-0} in
  1|ON|on|true|yes) skip "sanitizer build (LÖVE's LuaJIT with an ASan-built libwary is out of scope)" ;;
esac
command -v love >/dev/null 2>&1 || skip "love is not installed (apt-get install love)"
command -v xvfb-run >/dev/null 2>&1 || skip "xvfb-run is not installed (apt-get install xvfb xauth)"
command -v xauth >/dev/null 2>&1 || skip "xauth is not installed, xvfb-run needs it (apt-get install xauth)"
[ -f "$build/libwary.so" ] || { echo "love_test.sh: $build/libwary.so missing: build first" >&2; exit 1; }

mkdir -p "$root/out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
shot=$tmp/love_demo.png
log=$root/out/love_demo.log

cd "$root" || exit 1
# The release build is found by the demo itself, as for a player (WARY_LIB unset);
# another build tree is handed over in WARY_LIB.
if [ "$(cd "$build" && pwd)" = "$root/build" ]; then
  unset WARY_LIB
else
  export WARY_LIB="$build/libwary.so"
fi
WARY_LOVE_SCRIPT=1 WARY_LOVE_SHOT="$shot" \
  timeout "${WARY_LOVE_TIMEOUT:-60}" xvfb-run -a -s "-screen 0 1024x768x24" love examples/love >"$log" 2>&1
status=$?
cat "$log"

fail() {
  echo "love_test.sh: FAILED: $*" >&2
  exit 1
}

[ "$status" -eq 0 ] || fail "love exited with status $status (124: timed out)"
grep -q '^wary-love: start: backend luajit' "$log" || fail "the demo did not start with the LuaJIT backend"
done_line=$(grep '^wary-love: done:' "$log" | tail -1)
[ -n "$done_line" ] || fail "no 'done' line: the script did not finish"
frames=$(sed -E 's/.*frames=([0-9]+).*/\1/' <<<"$done_line")
changes=$(sed -E 's/.*state_changes=([0-9]+).*/\1/' <<<"$done_line")
[ "$frames" -ge 300 ] || fail "only $frames frames ran (expected >= 300)"
[ "$changes" -ge 1 ] || fail "no guard changed state"
grep -Eq '^wary-love: t=[0-9.]+ (glancer|warden): [a-z]+ -> (suspected|detected|tracked)' "$log" ||
  fail "no guard came to suspect, detect or track the player"
layers=$(grep '^wary-love: layers:' "$log" | tail -1)
[ -n "$layers" ] || fail "no 'layers' line"
for layer in boxes cones rays meters sounds places last_known; do
  n=$(grep -Eo " $layer=[0-9]+" <<<"$layers" | cut -d= -f2)
  [ "${n:-0}" -gt 0 ] || fail "debug layer '$layer' drew nothing"
done
[ -f "$shot" ] || fail "no screenshot at $shot"
size=$(wc -c <"$shot")
[ "$size" -gt 20000 ] || fail "screenshot is only $size bytes (expected > 20 kB)"
[ "$(head -c 8 "$shot" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "screenshot is not a PNG"
cp "$shot" "$root/out/love_demo.png"
echo "love_test.sh: ok: $frames frames, $changes guard state changes, layers: ${layers#wary-love: layers: }"
echo "love_test.sh: screenshot ($size bytes): $root/out/love_demo.png"
