#!/usr/bin/env bash
# bench/run.sh [N M K] - build, run every benchmark, print one report: the
# machine, then one summary table (bench/summary.lua), then each part's details.
# bench/README.md says what each figure measures and how.
#
#   1-3. bench_core: rays (BVH vs brute force), steps with C senses, vision in C
#   4.   bench/custom_senses.lua: a Lua custom sense, Lua 5.4 and LuaJIT side by side
#   5.   bench/vision.lua: vision through the facade, Lua 5.4 and LuaJIT next to C, in rounds
#   6.   bench_core: hearing in C (no ray for a sound out of range)
#   7.   bench/hearing.lua: hearing through the facade next to C, in rounds (with handlers too)
#   8.   bench_core: the game world from 100 to 10,000 agents, fitted exponents
#   9.   bench_core: the steady game, its step at 5 s and at 120 s of game time
#   workers. bench_core: the game world of 8. on 1 and 2 worker threads, the serial share
#   8b.  bench/callgrind.sh: instructions a step at two sizes of 8., 8c. of the budget part, and 8d.
#        the lines part 3's world fetches a step with its caches cold (valgrind's cache simulation)
#   10.  bench/handwritten.lua: wary next to hand-written Lua vision and grid segment queries
#   11.  bench/frame_reads.lua: what a game asks every frame (time and garbage a call), both interpreters
# and, when bench_core has them, the parts rays (the reference BVH) and budget (the ray
# budget): a part bench_core does not know is left out. Allocations a step are counted
# in parts 8 and 9. bench_core is bench/bench_core.c (main), its parts (bench/part_*.c)
# and what they share (bench/core.h, core_util.c, core_world.c).
#
#   bash bench/run.sh              N=200 agents, M=50 targets, K=2000 boxes (parts 1-5, 10)
#   bash bench/run.sh 500 100 5000 (or WARY_BENCH_N / _M / _K in the environment)
#
# Other knobs (environment): WARY_BENCH_REPS (7 repetitions, medians reported),
# WARY_BENCH_STEPS (120 steps a repetition), WARY_BENCH_RAYS (20000 segments),
# WARY_BENCH_VISION_ROUNDS and WARY_BENCH_HEARING_ROUNDS (2: rounds of parts 5 and 7),
# WARY_BENCH_HEARING_N (500), _MAKERS (100), _K (2000), _RATE (200), _AGE (0: part 6's
# ageing table off, part 9 ages the game world), the knobs of parts 8-10 (bench/README.md),
# WARY_BENCH_CALLGRIND (1: instruction counts a step at two sizes of part 8, of the budget
# part and of part 3's world cold, when valgrind is there, bench/callgrind.sh; 0: not),
# WARY_BENCH_PIN_CPU (0: the CPU parts 4, 5, 7 and 11 run on; empty: not pinned),
# WARY_BENCH_RESULTS (a file: the summary's key=value figures are copied there),
# WARY_BUILD (the build tree, default build/). The benchmarks print figures and
# assert nothing about time; this script fails only if the build or a run fails.
# It takes about 2 minutes on 2 cores with the defaults (after the build).
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
export WARY_BENCH_VISION_ROUNDS=${WARY_BENCH_VISION_ROUNDS:-2}
export WARY_BENCH_HEARING_N=${WARY_BENCH_HEARING_N:-500}
export WARY_BENCH_HEARING_MAKERS=${WARY_BENCH_HEARING_MAKERS:-100}
export WARY_BENCH_HEARING_K=${WARY_BENCH_HEARING_K:-2000}
export WARY_BENCH_HEARING_RATE=${WARY_BENCH_HEARING_RATE:-200}
export WARY_BENCH_HEARING_AGE=${WARY_BENCH_HEARING_AGE:-0}
export WARY_BENCH_HEARING_ROUNDS=${WARY_BENCH_HEARING_ROUNDS:-2}
results_copy=${WARY_BENCH_RESULTS:-}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
results=$tmp/results.txt
details=$tmp/details.txt
: >"$results"
: >"$details"
export WARY_BENCH_RESULTS=$results WARY_BENCH_C_RESULTS=$results
export WARY_BENCH_CORE=$WARY_BUILD/bench/bench_core
core=$WARY_BENCH_CORE
started=$(date +%s)

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
# What the core was compiled with (CMakeLists.txt adds to the build type's
# flags: wary_core_options), from the compile of one of its sources: the
# link-time optimized copy the benchmarks link when there is one (WARY_LTO).
core_objects=wary_objects_lto
grep -q "$core_objects.dir/src/step.c.o" "$WARY_BUILD/compile_commands.json" 2>/dev/null || core_objects=wary_objects
core_flags=$(grep -o "\"command\": \"[^\"]*$core_objects.dir/src/step.c.o[^\"]*\"" "$WARY_BUILD/compile_commands.json" \
  2>/dev/null | tr ' ' '\n' | grep -E '^-(O|g|f|m|std|DNDEBUG)' | tr '\n' ' ' || true)
sanitize=$(cache WARY_SANITIZE)
cc=$(cache CMAKE_C_COMPILER)
load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'; }
load_start=$(load)
# cores: the same short C world (bench_core thermal-worker, 3 x 60 steps)
# pinned to each CPU in turn, mean ms a step: the cores of a shared machine
# need not run alike, and which is slower can change (bench/README.md).
cores() {
  command -v taskset >/dev/null || { echo "? (no taskset)"; return; }
  local c out list=''
  for c in $(seq 0 $(($(nproc) - 1))); do
    out=$(WARY_BENCH_PARTS=thermal-worker WARY_BENCH_REPS=3 WARY_BENCH_STEPS=60 WARY_BENCH_RESULTS='' \
      taskset -c "$c" "$core" 200 50 2000 2>/dev/null | awk '/^REP/ { s += $2; n++ } END { if (n) printf "%.3f", s / n / 60 * 1e3 }')
    list="$list cpu$c ${out:-?} ms"
  done
  echo "${list# }"
}
cores_start=$(cores)

# ---- the parts: their details into $details, their figures into $results -----
# part TITLE COMMAND...: runs one part, its output appended to the details
# under a line with the load and the time it took; progress on stderr.
part() {
  local title=$1 t0 status=0
  shift
  echo "bench/run.sh: $title ..." >&2
  t0=$(date +%s)
  "$@" >"$tmp/part.txt" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    cat "$tmp/part.txt" >&2
    echo "bench/run.sh: $title failed ($status)" >&2
    exit 1
  fi
  {
    echo "---- $title (load $(load), $(($(date +%s) - t0)) s)"
    cat "$tmp/part.txt"
    echo
  } >>"$details"
}

# maybe_part NAME TITLE: bench_core's part NAME, when bench_core has it (it
# refuses a part it does not know with status 2, naming the variable).
maybe_part() {
  local name=$1 title=$2 status=0
  WARY_BENCH_PARTS=$name "$core" >"$tmp/probe.txt" 2>&1 || status=$?
  if [ "$status" -eq 2 ] && grep -q "WARY_BENCH_PARTS: expected" "$tmp/probe.txt"; then
    echo "---- $title: not in this bench_core (its summary rows print -)" >>"$details"
    echo >>"$details"
    return
  fi
  if [ "$status" -ne 0 ]; then
    cat "$tmp/probe.txt" >&2
    echo "bench/run.sh: part $name failed ($status)" >&2
    exit 1
  fi
  { echo "---- $title (load $(load))"; cat "$tmp/probe.txt"; echo; } >>"$details"
}

preload=()
if [ -n "${WARY_PRELOAD:-}" ]; then preload=(env LD_PRELOAD="$WARY_PRELOAD"); fi
# Parts 4, 5, 7 and 11 set processes side by side (C or one interpreter next to another):
# on one CPU, all of them run as fast as that CPU does at the time, however
# the other runs (bench/README.md, "The cores need not be alike").
# WARY_BENCH_PIN_CPU (0) is that CPU; empty: not pinned.
pin=()
pin_cpu=${WARY_BENCH_PIN_CPU-0}
if [ -n "$pin_cpu" ] && command -v taskset >/dev/null && taskset -c "$pin_cpu" true 2>/dev/null; then
  pin=(taskset -c "$pin_cpu")
fi

part "1-3. rays, C senses, vision in C" env WARY_BENCH_PARTS=core "$core"
maybe_part rays "rays: the core next to a reference BVH"
part "4. a custom sense in Lua" "${pin[@]}" "${preload[@]}" lua5.4 bench/custom_senses.lua "$WARY_BENCH_N" "$WARY_BENCH_M" "$WARY_BENCH_K"
part "5. vision through the facade" "${pin[@]}" "${preload[@]}" lua5.4 bench/vision.lua "$WARY_BENCH_N" "$WARY_BENCH_M" "$WARY_BENCH_K"
part "6. hearing in C" env WARY_BENCH_PARTS=hearing "$core"
part "7. hearing through the facade" "${pin[@]}" "${preload[@]}" lua5.4 bench/hearing.lua
part "8. the game world from 100 to 10,000 agents" env WARY_BENCH_PARTS=sweep "$core"
if [ "${WARY_BENCH_CALLGRIND:-1}" = 1 ] && [ "$sanitize" != ON ] && command -v valgrind >/dev/null; then
  part "8b-8d. instructions and lines a step (callgrind)" bash bench/callgrind.sh
fi
part "9. the steady game" env WARY_BENCH_PARTS=game "$core"
if [ -x "$WARY_BUILD/bench/bench_core_prefetch" ]; then
  part "prefetch. the steady game with and without asking for memory ahead" env WARY_BENCH_PARTS=prefetch \
    "$WARY_BUILD/bench/bench_core_prefetch"
fi
part "workers. the game world on 1 and 2 worker threads" env WARY_BENCH_PARTS=workers "$core"
maybe_part budget "budget: the ray budget"
maybe_part destroy "destroy: removing actors"
maybe_part boxes "boxes: editing a level's boxes"
maybe_part save "save: saving and loading the game world"
part "10. wary next to hand-written Lua" "${preload[@]}" lua5.4 bench/handwritten.lua "$WARY_BENCH_N" "$WARY_BENCH_M" "$WARY_BENCH_K"
part "11. what a game asks every frame" "${pin[@]}" "${preload[@]}" lua5.4 bench/frame_reads.lua "$WARY_BENCH_N" "$WARY_BENCH_M" "$WARY_BENCH_K"

# ---- the report ---------------------------------------------------------------
cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | head -n 1)
mhz=$(sed -n 's/^cpu MHz[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | head -n 1)
echo "================================ wary benchmarks ================================"
echo "date:       $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(($(date +%s) - started)) s"
echo "machine:    nproc $(nproc), CPU ${cpu:-unknown}${mhz:+ (${mhz%.*} MHz)}, $(uname -srm)"
echo "load:       $load_start at the start, $(load) at the end (1/5/15 min; other work on the machine skews the figures)"
echo "cores:      $cores_start at the start, $(cores) at the end (one short C world pinned to each CPU, ms a step);"
if [ ${#pin[@]} -gt 0 ]; then echo "            parts 4, 5, 7 and 11 pinned to CPU $pin_cpu (WARY_BENCH_PIN_CPU)"
else echo "            parts 4, 5, 7 and 11 not pinned"; fi
echo "build:      $WARY_BUILD, CMAKE_BUILD_TYPE=${build_type:-<none>}, C flags:$(echo " $cflags" | tr -s ' ')"
if [ -n "$core_flags" ]; then echo "            the core's sources: $core_flags(the last -O counts)"; fi
echo "compiler:   $("${cc:-cc}" --version 2>/dev/null | head -n 1)"
echo "lua:        $(lua5.4 -v 2>&1 | head -n 1) | $(luajit -v 2>&1 | head -n 1)"
echo "source:     git $(git -C "$WARY_ROOT" rev-parse --short HEAD 2>/dev/null || echo '?') (the working tree may hold uncommitted changes)"
echo "parameters: N=$WARY_BENCH_N agents, M=$WARY_BENCH_M targets, K=$WARY_BENCH_K boxes, 100 m x 100 m world (1-5, 10);"
echo "            $WARY_BENCH_REPS repetitions (medians), $WARY_BENCH_STEPS steps of 1/60 s each, $WARY_BENCH_RAYS ray segments; fixed-seed LCG"
echo "            hearing (6., 7.): $WARY_BENCH_HEARING_N agents, $WARY_BENCH_HEARING_MAKERS makers, $WARY_BENCH_HEARING_K boxes, 200 m x 200 m world, $WARY_BENCH_HEARING_RATE sounds/s"
echo "            the game world (8., 9.): N agents, N/4 targets, 2N boxes, N/5 sounds/s (bench/README.md)"
if [ "$sanitize" = ON ]; then
  echo "WARNING:    this is a sanitizer build (WARY_SANITIZE=ON): the figures say nothing about release speed"
fi
case $build_type_uc in
  RELEASE|RELWITHDEBINFO|MINSIZEREL) ;;
  *) echo "WARNING:    build type '${build_type:-none}' is not optimized: the figures are not representative" ;;
esac
echo
echo "Summary (medians; every figure from this run, details below)"
lua5.4 bench/summary.lua "$results"
echo
echo "================================ details ================================"
echo
cat "$details"
echo "No figure above is asserted on; compare figures only within one run (one machine, one load)."
if [ -n "$results_copy" ]; then cp "$results" "$results_copy"; fi
