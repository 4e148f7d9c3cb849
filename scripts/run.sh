#!/usr/bin/env bash
# scripts/run.sh - set up, then run the main job under Lua 5.4: the guards demo
# (examples/guards.lua), the seed's sight rooms S1-S9 and sound rooms H1-H5
# with their result cards (examples/sight_rooms.lua, examples/sound_rooms.lua),
# three guards of the GECK model against an intruder (examples/geck.lua), and
# the seed's pain wing D1-D4 (examples/brain_rooms.lua).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

bash "$here/setup.sh"

# shellcheck source=scripts/env.sh
. "$here/env.sh"
cd "$WARY_ROOT"

for example in examples/guards.lua examples/sight_rooms.lua examples/sound_rooms.lua examples/geck.lua \
    examples/brain_rooms.lua; do
  echo
  echo "=== $example"
  lua5.4 "$example"
done
