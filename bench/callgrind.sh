#!/usr/bin/env bash
# bench/callgrind.sh - instructions a step of bench_core's game world (part 8,
# constant density) at two sizes (then 8c., the budget's worlds, and 8d., the
# lines part 3's world fetches with its caches cold), counted by callgrind
# inside wary_step only (WARY_BENCH_SWEEP_CALLGRIND=1: bench_core toggles collection around each
# call, which a link-time optimized bench may inline, so that no function
# name would do), and the exponent between them. Instruction counts are
# repeatable whatever the machine's load. bash bench/run.sh runs it when
# WARY_BENCH_CALLGRIND=1; WARY_BENCH_CALLGRIND_SIZES (100 1000) are the sizes.
# Each run steps WARY_BENCH_SWEEP_WARMUP (1) s of game time and one round of
# WARY_BENCH_SWEEP_STEPS (12) steps: the count is the mean over all of them.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source-path=SCRIPTDIR source=../scripts/env.sh
. "$here/../scripts/env.sh"
core=${WARY_BENCH_CORE:-$WARY_BUILD/bench/bench_core}
command -v valgrind >/dev/null || { echo "bench/callgrind.sh: valgrind not found"; exit 0; }
read -r -a sizes <<<"${WARY_BENCH_CALLGRIND_SIZES:-100 1000}"
warmup=${WARY_BENCH_SWEEP_WARMUP:-1}
stretch=${WARY_BENCH_SWEEP_STEPS:-12}
steps=$((warmup * 60 + stretch))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "8b. Instructions a step inside wary_step (callgrind, collected around each call), the game world of 8. at"
echo "    constant density, the mean over its first $steps steps (${warmup} s of game time and $stretch steps)"
printf '    %8s %16s %14s\n' agents "instructions" "per agent"
prev_n='' prev_i=''
for n in "${sizes[@]}"; do
  WARY_BENCH_PARTS=sweep WARY_BENCH_SWEEP_SIZES=$n WARY_BENCH_SWEEP_DENSITY=constant WARY_BENCH_SWEEP_ROUNDS=1 \
    WARY_BENCH_SWEEP_STEPS=$stretch WARY_BENCH_SWEEP_WARMUP=$warmup WARY_BENCH_SWEEP_CALLGRIND=1 WARY_BENCH_RESULTS='' \
    valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$tmp/cg.$n" "$core" \
    >"$tmp/out.$n" 2>&1 || { cat "$tmp/out.$n"; exit 1; }
  total=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$tmp/cg.$n" | head -n 1)
  [ -n "$total" ] || total=$(sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$tmp/cg.$n" | head -n 1)
  per_step=$((total / steps))
  printf '    %8d %16d %14d\n' "$n" "$per_step" "$((per_step / n))"
  if [ -n "$prev_n" ]; then
    b=$(awk -v a="$prev_i" -v b="$per_step" -v m="$prev_n" -v n="$n" 'BEGIN { printf "%.2f", log(b / a) / log(n / m) }')
    echo "    exponent from $prev_n to $n agents: $b (instructions ~ N^b)"
    printf 'sweep_instructions_exponent=%s\nsweep_instructions_n_min=%s\nsweep_instructions_n_max=%s\n' "$b" \
      "${sizes[0]}" "$n" >>"${WARY_BENCH_RESULTS:-/dev/null}"
  fi
  prev_n=$n prev_i=$per_step
done

# 8c. The ray budget (bench_core part budget): instructions of its measured
# steps only (WARY_BENCH_BUDGET_CALLGRIND=1 toggles collection around each),
# one world at a time, without a budget and with half its vision rays.
budget_steps=${WARY_BENCH_CALLGRIND_BUDGET_STEPS:-60}
status=0
WARY_BENCH_PARTS=budget WARY_BENCH_BUDGET_STEPS=1 WARY_BENCH_BUDGET_WARMUP=0 WARY_BENCH_RESULTS='' "$core" \
  >"$tmp/probe" 2>&1 || status=$?
if [ "$status" -eq 0 ]; then
  echo "8c. Instructions a step inside wary_step of the ray budget's world (bench_core part budget: the steady"
  echo "    game at 5 s), the mean over $budget_steps steps, collected around each measured step only"
  for world in off on; do
    WARY_BENCH_PARTS=budget WARY_BENCH_BUDGET_WORLDS=$world WARY_BENCH_BUDGET_STEPS=$budget_steps \
      WARY_BENCH_BUDGET_CALLGRIND=1 WARY_BENCH_RESULTS='' \
      valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$tmp/cg.budget.$world" "$core" \
      >"$tmp/out.budget.$world" 2>&1 || { cat "$tmp/out.budget.$world"; exit 1; }
    total=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$tmp/cg.budget.$world" | head -n 1)
    per_step=$((total / budget_steps))
    printf '    %-28s %16d\n' "budget $world" "$per_step"
    printf 'budget_%s_instructions=%s\n' "$world" "$per_step" >>"${WARY_BENCH_RESULTS:-/dev/null}"
  done
fi

# 8d. Part 3's world with its caches cold (bench_core part cold): the lines a
# step fetches past a simulated 2 MB last level (callgrind's cache
# simulation: I1 and D1 32 KB; no hardware prefetcher, write-backs not
# counted), collected inside wary_step only, in steps after 64 MB of other
# memory was used (as the rest of a game's frame may) and in steps in a row.
# What wall time cannot settle on a shared machine: how many lines the step
# must wait for when its data is out of the caches. Each run is the same
# simulation, so the count repeats exactly. Steps: 1 to 30 (bench_core's
# part cold takes at most 30).
cold_steps=${WARY_BENCH_CALLGRIND_COLD_STEPS:-24}
[ "$cold_steps" -ge 1 ] 2>/dev/null || cold_steps=1
[ "$cold_steps" -le 30 ] || cold_steps=30
echo "8d. Lines a step of part 3's world fetches past a simulated last level of 2 MB (callgrind's cache"
echo "    simulation, I1 and D1 32 KB), inside wary_step only, the mean over $cold_steps steps each way"
printf '    %-44s %12s %12s %10s %10s %10s\n' condition instructions "lines" "code" "data read" "data write"
for way in 1 2; do
  WARY_BENCH_PARTS=cold WARY_BENCH_COLD_MB=64 WARY_BENCH_COLD_ROUNDS=1 WARY_BENCH_COLD_STEPS=$cold_steps \
    WARY_BENCH_COLD_CALLGRIND=$way WARY_BENCH_RESULTS='' \
    valgrind --tool=callgrind --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=2097152,16,64 \
    --collect-atstart=no --callgrind-out-file="$tmp/cg.cold.$way" "$core" >"$tmp/out.cold.$way" 2>&1 ||
    { cat "$tmp/out.cold.$way"; exit 1; }
  # events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
  read -r ir code rd wr < <(awk '/^totals:/ { print $2, $8, $9, $10; exit }' "$tmp/cg.cold.$way") || true
  # Nothing collected: bench_core was built without <valgrind/callgrind.h>
  # (its toggle then does nothing), and no figure is better than 0.
  [ "${ir:-0}" -gt 0 ] 2>/dev/null || { echo "    8d: callgrind collected nothing (bench_core built without valgrind/callgrind.h?)"; exit 1; }
  name=$([ "$way" = 1 ] && echo "64 MB read and written before each step" || echo "steps in a row")
  key=$([ "$way" = 1 ] && echo cold || echo warm)
  printf '    %-44s %12d %12d %10d %10d %10d\n' "$name" "$((ir / cold_steps))" \
    "$(((code + rd + wr) / cold_steps))" "$((code / cold_steps))" "$((rd / cold_steps))" "$((wr / cold_steps))"
  printf 'vision_%s_lines=%s\nvision_%s_instructions=%s\n' "$key" "$(((code + rd + wr) / cold_steps))" "$key" \
    "$((ir / cold_steps))" >>"${WARY_BENCH_RESULTS:-/dev/null}"
done
