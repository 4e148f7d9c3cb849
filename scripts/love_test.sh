#!/usr/bin/env bash
# scripts/love_test.sh - two LÖVE games outside the repository, played under
# Xvfb as a user's would be (ctest love_demo).
#
# Each is a fresh folder in a temporary directory with lua/wary copied to
# GAME/wary and the build's libwary.so to GAME/libwary.so, run by `love GAME`
# from the temporary directory with no LUA_PATH, LUA_CPATH or WARY_LIB:
#
#  1. the demo, assembled by scripts/love_demo.sh (examples/love: main.lua,
#     conf.lua and the Tiled map level.lua), with WARY_LOVE_SCRIPT=1 (a fixed
#     input sequence of about 6 s of game time). Checks its log: it loaded the
#     folder's own libwary.so, ran 300+ frames, every debug layer drew
#     something, a guard came to suspect, detect or track the player; and that
#     the screenshot is a PNG that is not trivial.
#  2. the game of docs/love.md "A whole game in 20 lines": that code block,
#     as it is, is main.lua; the test appends only a quit after 2 s of world
#     time and a report. Checks that it has at most 20 lines, loaded the
#     folder's own libwary.so, the guard saw the target (the doc's own "the
#     guard sees you" and a detected or tracked state) and the debug draw drew
#     boxes, cones, rays and meters.
#
# Keeps the demo's screenshot as out/love_demo.png and the logs as
# out/love_demo.log and out/love_twenty.log for review.
#
# Exits 77 (ctest: skipped) when love, xvfb-run or xauth is missing, or for a
# sanitizer build (LÖVE's LuaJIT with an ASan-built libwary is out of scope).
# Environment: WARY_ROOT, WARY_BUILD (default build/), WARY_SANITIZE (1: skip),
# WARY_LOVE_TIMEOUT (seconds per game, default 60).
set -uo pipefail
root=${WARY_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
build=${WARY_BUILD:-$root/build}

skip() {
  echo "skipped: $*"
  exit 77
}

fail() {
  echo "love_test.sh: FAILED: $*" >&2
  exit 1
}

case ${WARY_SANITIZE:-0} in
  1|ON|on|true|yes) skip "sanitizer build (LÖVE's LuaJIT with an ASan-built libwary is out of scope)" ;;
esac
command -v love >/dev/null 2>&1 || skip "love is not installed (apt-get install love)"
command -v xvfb-run >/dev/null 2>&1 || skip "xvfb-run is not installed (apt-get install xvfb xauth)"
command -v xauth >/dev/null 2>&1 || skip "xauth is not installed, xvfb-run needs it (apt-get install xauth)"
[ -f "$build/libwary.so" ] || fail "$build/libwary.so missing: build first"

mkdir -p "$root/out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
real_tmp=$(cd "$tmp" && pwd -P)

# As a user runs a game: nothing points at the repository.
unset LUA_PATH LUA_CPATH WARY_LIB

# play GAME LOG [NAME=VALUE...]: love GAME under Xvfb from the temporary
# directory, output to LOG (and shown); fails unless love exits 0.
play() {
  local game=$1 log=$2 status
  shift 2
  (cd "$tmp" && env "$@" timeout "${WARY_LOVE_TIMEOUT:-60}" \
    xvfb-run -a -s "-screen 0 1024x768x24" love "$game") >"$log" 2>&1
  status=$?
  grep -Ev '^(ALSA lib |AL lib: |Could not open device)' "$log"
  [ "$status" -eq 0 ] || fail "love $game exited with status $status (124: timed out)"
}

# A layer's count in a line of "name=count" pairs.
count_of() {
  local n
  n=$(grep -Eo " $1=[0-9]+" <<<"$2" | cut -d= -f2)
  echo "${n:-0}"
}

# ---- 1. the demo, assembled as a user's game --------------------------------
echo "=== the demo (scripts/love_demo.sh --assemble $tmp/demo)"
WARY_BUILD=$build bash "$root/scripts/love_demo.sh" --assemble "$tmp/demo" || fail "love_demo.sh could not assemble the game"
[ "$(cd "$tmp/demo" && ls)" = "$(printf '%s\n' conf.lua level.lua libwary.so main.lua wary)" ] ||
  fail "the demo folder holds more than a user's game: $(cd "$tmp/demo" && ls | tr '\n' ' ')"
shot=$tmp/love_demo.png
log=$root/out/love_demo.log
started=$(date +%s.%N)
play "$tmp/demo" "$log" WARY_LOVE_SCRIPT=1 WARY_LOVE_SHOT="$shot"
demo_seconds=$(echo "$(date +%s.%N) - $started" | bc)

grep -q "^wary-love: start: backend luajit, .*, library $real_tmp/demo/libwary.so$" "$log" ||
  fail "the demo did not start with the LuaJIT backend and its own libwary.so ($real_tmp/demo/libwary.so)"
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
for layer in boxes cones rays meters sounds places last_known space; do
  [ "$(count_of "$layer" "$layers")" -gt 0 ] || fail "debug layer '$layer' drew nothing"
done
[ -f "$shot" ] || fail "no screenshot at $shot"
size=$(wc -c <"$shot")
[ "$size" -gt 20000 ] || fail "screenshot is only $size bytes (expected > 20 kB)"
[ "$(head -c 8 "$shot" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "screenshot is not a PNG"
cp "$shot" "$root/out/love_demo.png"

# ---- 2. the 20-line game of docs/love.md -----------------------------------------
echo "=== the 20-line game of docs/love.md"
game=$tmp/twenty
mkdir -p "$game"
awk '/^## A whole game in 20 lines/ { section = 1; next }
     section && /^```lua$/ { code = 1; next }
     code && /^```$/ { exit }
     code' "$root/docs/love.md" >"$game/main.lua"
lines=$(wc -l <"$game/main.lua")
[ "$lines" -gt 0 ] || fail "no lua code block under '## A whole game in 20 lines' in docs/love.md"
[ "$lines" -le 20 ] || fail "the 20-line game of docs/love.md has $lines lines"
for name in world guard you wdebug; do
  grep -q "^local $name = " "$game/main.lua" || fail "the 20-line game has no 'local $name' for the test to report on"
done
cp -r "$root/lua/wary" "$game/wary"
cp "$build/libwary.so" "$game/libwary.so"
cat >>"$game/main.lua" <<'LUA'
-- Appended by scripts/love_test.sh: a report after 2 s of world time, then quit.
io.stdout:setvbuf("line")
local drawn, frames, play, draw_layers = {}, 0, love.update, wdebug.draw
function wdebug.draw(...)
  for layer, n in pairs(draw_layers(...)) do drawn[layer] = (drawn[layer] or 0) + n end
end
function love.update(dt)
  play(dt)
  frames = frames + 1
  if world:time() >= 2 then
    local f = io.open("/proc/self/maps")
    local library = f and f:read("*a"):match("%s(/%S*libwary[^/%s]*)\n") or "?"
    print(string.format("twenty: done: frames=%d time=%.2f state=%s confidence=%.2f library=%s", frames,
      world:time(), guard:state(you), guard:confidence(you), library))
    local parts = {}
    for _, layer in ipairs(wdebug.layers) do parts[#parts + 1] = layer .. "=" .. (drawn[layer] or 0) end
    print("twenty: drawn: " .. table.concat(parts, " "))
    love.event.quit(0)
  end
end
LUA
log=$root/out/love_twenty.log
started=$(date +%s.%N)
play "$game" "$log"
twenty_seconds=$(echo "$(date +%s.%N) - $started" | bc)

grep -qx 'the guard sees you' "$log" || fail "the guard never saw the target (no 'the guard sees you')"
twenty=$(grep '^twenty: done:' "$log" | tail -1)
[ -n "$twenty" ] || fail "no 'twenty: done' line: the game did not run for 2 s of world time"
grep -Eq ' state=(detected|tracked) ' <<<"$twenty" || fail "the guard does not see the target at the end: $twenty"
grep -q " library=$real_tmp/twenty/libwary.so$" <<<"$twenty" ||
  fail "the game did not load its own libwary.so ($real_tmp/twenty/libwary.so): $twenty"
drawn=$(grep '^twenty: drawn:' "$log" | tail -1)
for layer in boxes cones rays meters; do
  [ "$(count_of "$layer" "$drawn")" -gt 0 ] || fail "the 20-line game's debug draw drew no $layer"
done

echo "love_test.sh: ok: the demo: $frames frames, $changes guard state changes, layers: ${layers#wary-love: layers: }" \
  "($(printf '%.1f' "$demo_seconds") s)"
echo "love_test.sh: ok: the 20-line game ($lines lines): ${twenty#twenty: done: }; ${drawn#twenty: }" \
  "($(printf '%.1f' "$twenty_seconds") s)"
echo "love_test.sh: screenshot ($size bytes): $root/out/love_demo.png"
