#!/usr/bin/env bash
# scripts/run.sh - set up, then run the main job under Lua 5.4: the guards demo
# (examples/guards.lua), then the rooms report (examples/rooms.lua): every
# headless room of the seed with its result card (the sight rooms S1-S9, the
# sound rooms H1-H5, three guards of the GECK model against an intruder, the
# pain wing D1-D4), and a timeline picture per room (SVG; PNG too where
# rsvg-convert or ImageMagick's convert is installed) in out/timelines/.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

bash "$here/setup.sh"

# shellcheck source=scripts/env.sh
. "$here/env.sh"
cd "$WARY_ROOT"

for example in examples/guards.lua examples/rooms.lua; do
  echo
  echo "=== $example"
  lua5.4 "$example"
done
