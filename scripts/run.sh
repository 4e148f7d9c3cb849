#!/usr/bin/env bash
# scripts/run.sh - set up, then run the main demo: examples/guards.lua under Lua 5.4.
# Extra arguments are passed to the example.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

bash "$here/setup.sh"

# shellcheck source=scripts/env.sh
. "$here/env.sh"
cd "$WARY_ROOT"

example=examples/guards.lua
if [ ! -f "$example" ]; then
  echo "run.sh: $example does not exist yet: nothing to run" >&2
  exit 1
fi
wary_exec lua5.4 "$example" "$@"
