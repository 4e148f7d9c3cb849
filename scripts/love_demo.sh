#!/usr/bin/env bash
# scripts/love_demo.sh [--assemble] [GAME] - the LÖVE demo as a user's game.
#
# Assembles the playable folder GAME (default out/love_game/) as a game that
# uses wary would be laid out: examples/love's main.lua, conf.lua and
# level.lua, lua/wary copied to GAME/wary and the build's libwary.so to
# GAME/libwary.so; then runs `love GAME` (--assemble: only assembles, for
# scripts/love_test.sh). Builds libwary.so first when it is missing.
# Environment: WARY_BUILD (the build tree, default build/).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${WARY_BUILD:-$root/build}

run=1
if [ "${1:-}" = --assemble ]; then
  run=0
  shift
fi
game=${1:-$root/out/love_game}

if [ ! -f "$build/libwary.so" ]; then
  echo "love_demo.sh: building $build/libwary.so"
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build "$build" -j2 >/dev/null
fi

# A fresh copy each time: nothing of an older wary stays behind.
rm -rf "$game/wary"
mkdir -p "$game"
cp "$root"/examples/love/*.lua "$game/"
cp -r "$root/lua/wary" "$game/wary"
cp "$build/libwary.so" "$game/libwary.so"
echo "love_demo.sh: assembled $game (main.lua, conf.lua, level.lua, wary/, libwary.so)"

if [ "$run" -eq 1 ]; then
  command -v love >/dev/null 2>&1 || { echo "love_demo.sh: love is not installed (apt-get install love)" >&2; exit 1; }
  exec love "$game"
fi
