#!/usr/bin/env bash
# scripts/luacheck.sh [DIRS...] - luacheck over the Lua sources with the repo's
# .luacheckrc. Without arguments: lua/ profiles/ senses/ spec/ examples/ bench/
# scripts/ (those that exist). Exits nonzero on any warning or error.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

if ! command -v luacheck >/dev/null 2>&1; then
  echo "luacheck.sh: luacheck not found (run: bash scripts/setup.sh)" >&2
  exit 1
fi

if [ $# -eq 0 ]; then
  for d in lua profiles senses spec examples bench scripts; do
    if [ -d "$d" ]; then set -- "$@" "$d"; fi
  done
fi
if [ $# -eq 0 ]; then
  echo "luacheck.sh: no Lua directories to check"
  exit 0
fi
exec luacheck --config "$root/.luacheckrc" --no-color --codes "$@"
