#!/usr/bin/env bash
# bench/run.sh [N M K] - build, run every benchmark, print one report:
#   1-3. bench/bench_core.c: rays (BVH vs brute force), steps with C senses, the built-in
#        vision sense in C (pair evaluations/s, rays/s; no ray outside range or cone)
#   4.   bench/custom_senses.lua: a Lua custom sense, Lua 5.4 and LuaJIT side by side
#   5.   bench/vision.lua: vision through the facade, Lua 5.4 and LuaJIT next to C, in rounds
#   6.   bench/bench_core.c: the built-in hearing sense in C (deliveries/s, ms/step; no ray for a
#        sound out of range; how the step grows as the world ages)
#   7.   bench/hearing.lua: hearing through the facade, Lua 5.4 and LuaJIT next to C, in rounds
#
# (WARY_BENCH_VISION_ROUNDS, default 3: rounds of part 5; WARY_BENCH_HEARING_ROUNDS, default 3:
# rounds of part 7.) Parts 6 and 7 have a world of their own, not N M K: WARY_BENCH_HEARING_N
# (500 agents), _MAKERS (100), _K (2000 boxes), _RATE (200 sounds/s) in a 200 m x 200 m square;
# WARY_BENCH_HEARING_AGE (120 s of game time stepped in 6.'s ageing table, 0: none).
#   bash bench/run.sh              N=200 agents, M=50 targets, K=2000 boxes
#   bash bench/run.sh 500 100 5000 (or WARY_BENCH_N / _M / _K in the environment)
#
# Other knobs (environment): WARY_BENCH_REPS (7 repetitions, medians reported),
# WARY_BENCH_STEPS (120 steps a repetition), WARY_BENCH_RAYS (20000 segments),
# WARY_BUILD (the build tree, default build/). The benchmarks print figures and
# assert nothing about time; this script fails only if the build or a run fails.
# It finishes in well under 2 minutes on 2 cores with the defaults (after the build).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# shellcheck source-path=SCRIPTDIR source=../scripts/env.sh
. "$here/../scripts/env.sh"
cd "$WARY_ROOT"

export WARY_BENCH_N=${1:-${WARY_BENCH_N:-200}}
export WARY_BENCH_M=${2:-${WARY_BENCH_M:-50}}
export WARY_BENCH_K=${3:-${WARY_BENCH_K:-2000}}
export WARY_BENCH_REPS=${WARY_BENCH_REPS:-7}
export WARY_BENCH_STEPS=${WARY_BENCH_STEPS:-120}
export WARY_BENCH_RAYS=${WARY_BENCH_RAYS:-20000}
export WARY_BENCH_HEARING_N=${WARY_BENCH_HEARING_N:-500}
export WARY_BENCH_HEARING_MAKERS=${WARY_BENCH_HEARING_MAKERS:-100}
export WARY_BENCH_HEARING_K=${WARY_BENCH_HEARING_K:-2000}
export WARY_BENCH_HEARING_RATE=${WARY_BENCH_HEARING_RATE:-200}
export WARY_BENCH_HEARING_AGE=${WARY_BENCH_HEARING_AGE:-120}
export WARY_BENCH_HEARING_ROUNDS=${WARY_BENCH_HEARING_ROUNDS:-3}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ---- build ------------------------------------------------------------------
if [ ! -f "$WARY_BUILD/CMakeCache.txt" ]; then
  cmake -S "$WARY_ROOT" -B "$WARY_BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$tmp/configure.log" 2>&1 ||
    { cat "$tmp/configure.log" >&2; echo "bench/run.sh: configure failed" >&2; exit 1; }
fi
if ! cmake --build "$WARY_BUILD" -j2 >"$tmp/build.log" 2>&1; then
  cat "$tmp/build.log" >&2
  echo "bench/run.sh: build failed" >&2
  exit 1
fi

cache() { sed -n "s/^$1:[A-Z]*=//p" "$WARY_BUILD/CMakeCache.txt" | head -n 1; }
build_type=$(cache CMAKE_BUILD_TYPE)
build_type_uc=$(printf '%s' "${build_type:-none}" | tr '[:lower:]' '[:upper:]')
cflags="$(cache CMAKE_C_FLAGS) $(cache "CMAKE_C_FLAGS_$build_type_uc")"
sanitize=$(cache WARY_SANITIZE)
cc=$(cache CMAKE_C_COMPILER)

# ---- machine and parameters ---------------------------------------------------
cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | head -n 1)
mhz=$(sed -n 's/^cpu MHz[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | head -n 1)
echo "================================ wary benchmarks ================================"
echo "date:       $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "machine:    nproc $(nproc), CPU ${cpu:-unknown}${mhz:+ (${mhz%.*} MHz)}, $(uname -srm)"
echo "load:       $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) (1/5/15 min; other work on the machine skews the figures)"
echo "build:      $WARY_BUILD, CMAKE_BUILD_TYPE=${build_type:-<none>}, C flags:$(echo " $cflags" | tr -s ' ')"
echo "compiler:   $("${cc:-cc}" --version 2>/dev/null | head -n 1)"
echo "lua:        $(lua5.4 -v 2>&1 | head -n 1) | $(luajit -v 2>&1 | head -n 1)"
echo "source:     git $(git -C "$WARY_ROOT" rev-parse --short HEAD 2>/dev/null || echo '?') (the working tree may hold uncommitted changes)"
echo "parameters: N=$WARY_BENCH_N agents, M=$WARY_BENCH_M targets, K=$WARY_BENCH_K boxes, 100 m x 100 m world;"
echo "            $WARY_BENCH_REPS repetitions (medians), $WARY_BENCH_STEPS steps of 1/60 s each, $WARY_BENCH_RAYS ray segments; fixed-seed LCG"
echo "            hearing (6., 7.): $WARY_BENCH_HEARING_N agents, $WARY_BENCH_HEARING_MAKERS makers, $WARY_BENCH_HEARING_K boxes, 200 m x 200 m world, $WARY_BENCH_HEARING_RATE sounds/s"
if [ "$sanitize" = ON ]; then
  echo "WARNING:    this is a sanitizer build (WARY_SANITIZE=ON): the figures say nothing about release speed"
fi
case $build_type_uc in
  RELEASE|RELWITHDEBINFO|MINSIZEREL) ;;
  *) echo "WARNING:    build type '${build_type:-none}' is not optimized: the figures are not representative" ;;
esac
echo

# ---- C (1. rays, 2. steps with C senses, 3. vision) ------------------------------
WARY_BENCH_PARTS=core WARY_BENCH_RESULTS="$tmp/c_results.txt" "$WARY_BUILD/bench/bench_core"
echo

# ---- 4. Lua custom sense (both backends side by side; runs lua5.4 and luajit workers)
WARY_BENCH_C_RESULTS="$tmp/c_results.txt" ${WARY_PRELOAD:+env LD_PRELOAD="$WARY_PRELOAD"} \
  lua5.4 bench/custom_senses.lua "$WARY_BENCH_N" "$WARY_BENCH_M" "$WARY_BENCH_K"
echo

# ---- 5. vision through the facade: C, lua5.4 and luajit workers in turn, 3 rounds --
WARY_BENCH_CORE="$WARY_BUILD/bench/bench_core" ${WARY_PRELOAD:+env LD_PRELOAD="$WARY_PRELOAD"} \
  lua5.4 bench/vision.lua "$WARY_BENCH_N" "$WARY_BENCH_M" "$WARY_BENCH_K"
echo

# ---- 6. hearing in C: deliveries, no ray out of range, the world ageing ---------
WARY_BENCH_PARTS=hearing "$WARY_BUILD/bench/bench_core"
echo

# ---- 7. hearing through the facade: C, lua5.4 and luajit workers in turn, 3 rounds -
WARY_BENCH_CORE="$WARY_BUILD/bench/bench_core" ${WARY_PRELOAD:+env LD_PRELOAD="$WARY_PRELOAD"} \
  lua5.4 bench/hearing.lua
echo
echo "No figure above is asserted on; compare figures only within one run (one machine, one load)."
