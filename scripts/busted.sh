#!/usr/bin/env bash
# scripts/busted.sh INTERPRETER [BUSTED ARGS...]
#
# Runs the busted specs under one interpreter (lua5.4 or luajit) with the wary
# environment of scripts/env.sh (LUA_PATH, LUA_CPATH, WARY_LIB, WARY_ROOT), from
# the repo root. Without further arguments it runs every spec under spec/.
#
#   bash scripts/busted.sh lua5.4
#   bash scripts/busted.sh luajit spec/world_spec.lua
#   WARY_BUILD=build-asan bash scripts/busted.sh luajit      # against the sanitizer build
#
# Exits with busted's status: nonzero when any spec fails or errors.
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 lua5.4|luajit [busted args...]" >&2
  exit 2
fi
interp=$1
shift

# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$WARY_ROOT"

if ! command -v "$interp" >/dev/null 2>&1; then
  echo "busted.sh: interpreter '$interp' not found (run: bash scripts/setup.sh)" >&2
  exit 1
fi
busted=${BUSTED:-$(command -v busted || true)}
if [ -z "$busted" ] || [ ! -f "$busted" ]; then
  echo "busted.sh: busted not found (run: bash scripts/setup.sh)" >&2
  exit 1
fi
if [ ! -e "$WARY_LIB" ]; then
  echo "busted.sh: note: $WARY_LIB does not exist (is $WARY_BUILD built?)" >&2
fi

if [ $# -eq 0 ]; then
  set -- spec
fi
echo "busted.sh: $interp $busted (build: $WARY_BUILD${WARY_PRELOAD:+, preload: $WARY_PRELOAD})"
# busted is a Lua script; running it with an explicit interpreter picks the
# backend under test. plainTerminal: no colours or UTF-8 glyphs in ctest logs.
wary_exec "$interp" "$busted" --output=plainTerminal "$@"
