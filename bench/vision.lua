-- bench/vision.lua: the built-in vision sense through the facade
-- (require("wary")), on each backend, side by side in one run, next to the
-- same world stepped from C. Prints figures; asserts nothing about time.
--
--   lua5.4 bench/vision.lua [N M K]            the report: runs the C worker (bench_core with
--                                              WARY_BENCH_PARTS=vision-worker) and the workers
--                                              below in turn, WARY_BENCH_VISION_ROUNDS (3) times,
--                                              so that all columns share the machine's load,
--                                              and prints them side by side
--   lua5.4 bench/vision.lua --worker [N M K]   one measurement in this interpreter
--   luajit bench/vision.lua --worker [N M K]
-- (after `. scripts/env.sh`; bash bench/run.sh does all of it).
--
-- The world is the one of bench_core's part 3 (bench/core_world.c): N agents (default 200),
-- M targets (50) and K boxes (2000) in a 100 m x 100 m square at 100 units per
-- metre, drawn from the same fixed-seed LCG in the same order, moved with the
-- same arithmetic (C's float 1/60 s as the move step, degrees <-> radians as
-- x * pi / 180 and x * 180 / pi like the C code), so both backends and C step
-- the same world to the bit: the pair and ray counts of the three columns
-- agree, and the report says whether they do. Every agent has one profile:
-- vision = { max_range = 3000 (30 m), half_angle_deg = 60, interval = 0.1 },
-- everything else at its default (5 sample points, no peripheral or rear
-- cone); agents walk at 0-1 m/s facing where they walk, targets move at
-- 0.5-3 m/s. After 60 warm-up steps, each repetition runs WARY_BENCH_STEPS
-- (120) steps of 1/60 s, each timed alone. Figures are medians over
-- WARY_BENCH_REPS (7) repetitions.
--
-- Counting pairs. world:stats() has rays, custom-sense queries and grid
-- candidates, but no count of the (agent, target) pairs vision looked at (grid
-- candidates also hold the agent itself, its team mates and actors beyond the
-- reach). So each worker steps a second, untimed copy of the world whose
-- profile also lists BenchPairCount: a Lua sense with vision's interval (so
-- the same phase, due on the same steps) and vision's reach (max_range = 30 m
-- + eye height 1.7 m + 2 m, the slack the C step gives vision's grid query)
-- that reports nothing. The queries it is handed are exactly the pairs vision
-- looked at; the rays of the two copies are compared repetition by repetition.
--
-- Time is os.clock(): CPU time of the process (C clock()), not wall time;
-- the C worker reads the same clock (CLOCK_PROCESS_CPUTIME_ID).
-- pair evaluations/s = pairs / CPU seconds spent in world:step; rays/s =
-- world:stats().rays during the repetition / the same seconds. Both include the
-- whole step (grid, vision and its rays, beliefs, event collection and dispatch).
--
-- Environment: WARY_BENCH_N, _M, _K, _REPS, _STEPS; WARY_BENCH_VISION_ROUNDS
-- (3); WARY_BENCH_LUAS (the interpreters of the report, default "lua5.4
-- luajit"); WARY_BENCH_CORE (the bench_core binary for the C column, default
-- $WARY_BUILD/bench/bench_core; without it the C column is left out).

local script = arg and arg[0] or "bench/vision.lua"
local here = script:match("^(.*)[/\\]") or "."
package.path = here .. "/../?.lua;" .. package.path  -- bench/common.lua, from wherever this is run
local common = require("bench.common")

local cfg = common.setup("vision.lua", here, arg)
local N, M, K, REPS, STEPS, WARMUP = cfg.N, cfg.M, cfg.K, cfg.REPS, cfg.STEPS, common.WARMUP
-- bench_core steps with DT = 1.0f / 60.0f (bench/core.h): the float, widened to a double.
local DT = 0.016666667535901070
local UPM = 100
local RANGE = 3000  -- vision max_range, 30 m
local HALF_ANGLE = 60
local EYE = 170     -- the default eye height, 1.7 m (170 exactly as a float)
local PI = math.pi

-- Degrees <-> radians as bench_core converts them (not math.rad / math.deg,
-- which may round differently).
local function rad(d) return d * PI / 180 end
local function deg(r) return r * 180 / PI end

local ratio = common.ratio

-- ---- one measurement in this interpreter -----------------------------------

-- Builds the world; counting adds BenchPairCount to the profile. Returns the
-- world and its movers.
local function build(wary, counting)
  local world = wary.world{ units_per_meter = UPM }
  local senses = {}
  if counting then
    world:define_sense{
      id = "BenchPairCount", interval = 0.1, max_range = RANGE + (EYE + 2 * UPM),
      evaluate = function() end,  -- reports nothing: counted by being asked
    }
    senses = { "BenchPairCount" }
  end
  world:define_profile{ name = "bench_vision", senses = senses, ignore_same_team = true,
                        vision = { max_range = RANGE, half_angle_deg = HALF_ANGLE, interval = 0.1 } }
  -- The targets' heat is drawn as in bench_core and unused here.
  local agents, targets = common.populate(world, { N = N, M = M, K = K, profile = "bench_vision", heat = false,
                                                   rad = rad, deg = deg })
  return world, agents, targets
end

-- Steps one world: warm-up, then REPS x STEPS. Per repetition: CPU seconds
-- in world:step, the median step (ms), the stats deltas and the events.
local function run(world, agents, targets)
  return common.measure(world, agents, targets, cfg, DT, deg)
end

-- Prints one REP line per repetition (the same format as bench_core's
-- vision worker: seconds, median ms, rays, pairs, candidates, events) and
-- RESULT lines.
local function run_worker()
  local wary = require("wary")
  local world, agents, targets = build(wary, false)
  local eye = agents[1] and agents[1].actor:get().eye_pos
  local eye_ok = not eye or (eye[3] or eye.z) == EYE
  local timed, beliefs = run(world, agents, targets)
  world:destroy()
  local cworld, cagents, ctargets = build(wary, true)
  local counted = run(cworld, cagents, ctargets)
  cworld:destroy()
  local agree = true
  for r = 1, REPS do
    local t, c = timed[r], counted[r]
    agree = agree and t.rays == c.rays
    print(string.format("REP %.9f %.9f %d %d %d %d", t.seconds, t.ms_median, t.rays, c.queries, t.candidates,
      t.events))
  end
  print("RESULT interpreter " .. (rawget(_G, "jit") and jit.version or _VERSION))
  print("RESULT backend " .. wary.backend)
  print("RESULT beliefs " .. beliefs)
  print("RESULT rays_agree " .. (agree and "yes" or "no"))
  print("RESULT eye_ok " .. (eye_ok and "yes" or "no"))
end

-- ---- the report: C and one worker per interpreter, interleaved in rounds ----

-- Runs one worker; appends its repetitions to col.reps.
local function run_one(col, cmd)
  local out, ok = common.run_command(cmd)
  local n = 0
  for a, b, c, d, e, f in out:gmatch("REP (%S+) (%S+) (%S+) (%S+) (%S+) (%S+)") do
    n = n + 1
    col.reps[#col.reps + 1] = { seconds = tonumber(a), ms_median = tonumber(b), rays = tonumber(c),
                                pairs = tonumber(d), candidates = tonumber(e), events = tonumber(f) }
  end
  if not ok or n ~= REPS then common.worker_failed("vision.lua", col.name, out) end
  for k, v in out:gmatch("RESULT (%S+) ([^\n]*)") do
    if k == "rays_agree" or k == "eye_ok" then
      col[k] = (col[k] == nil or col[k] == "yes") and v or "no"
    else
      col[k] = tonumber(v) or v
    end
  end
end

-- Medians (and min, max) over every repetition of every round.
local function summarize(col)
  common.summarize(col.reps, STEPS, { { "pairs", "pairs" }, { "rays", "rays" } }, col)
  col.steps = #col.reps * STEPS
  col.pairs_total, col.rays_total = col.totals.pairs, col.totals.rays
  col.pairs_per_step, col.rays_per_step, col.events_per_step = col.pairs_total / col.steps,
    col.rays_total / col.steps, col.totals.events / col.steps
end

local function run_report()
  local rounds = math.max(1, common.env_number("WARY_BENCH_VISION_ROUNDS", 3))
  local columns, luas, c, core = common.run_columns(here, {
    rounds = rounds, run_one = run_one, summarize = summarize,
    new_reps = function() return {} end,
    c_cmd = function(path)
      return string.format("WARY_BENCH_PARTS=vision-worker WARY_BENCH_REPS=%d WARY_BENCH_STEPS=%d %s %d %d %d",
        REPS, STEPS, common.shell_quote(path), N, M, K)
    end,
    lua_cmd = function(name) return common.worker_command(name, script, cfg) end,
  })

  local names = {}
  for i, col in ipairs(columns) do names[i] = col.name end
  print(string.format("5. Vision through the facade (world:step), N=%d M=%d K=%d; %d rounds, each running %s in turn,",
    N, M, K, rounds, table.concat(names, ", ")))
  print(string.format("   every worker %d x %d steps after %d warm-up: medians over %d repetitions a column",
    REPS, STEPS, WARMUP, rounds * REPS))
  print("   the world of 3. (same LCG, same moves); profile vision = { max_range = 3000 (30 m), half_angle_deg = 60,")
  print("   interval = 0.1 }, the rest at its defaults; no custom sense in the timed world")
  local function f1(v) return v and string.format("%.1f", v) end
  local row = common.report_table(columns, c, core, 24)
  common.rate_rows(row, "pair evaluations/s", "pairs")
  common.rate_rows(row, "rays/s", "rays")
  row("pair evaluations/step", function(r) return f1(r.pairs_per_step) end)
  row("rays/step", function(r) return f1(r.rays_per_step) end)
  row("events/step", function(r) return string.format("%.2f", r.events_per_step) end)
  if #luas >= 2 then
    local a, b = luas[1], luas[2]
    print(string.format("   %s / %s: pair evaluations/s %s, rays/s %s, ms/step %s", b.name, a.name,
      ratio(b.pairs_per_s, a.pairs_per_s), ratio(b.rays_per_s, a.rays_per_s), ratio(b.ms_per_step, a.ms_per_step)))
  end
  if c then
    for _, r in ipairs(luas) do
      print(string.format("   C / %-8s pair evaluations/s %s; ms/step minus C's %+.3f ms (%s a pair)",
        r.name .. ":", ratio(c.pairs_per_s, r.pairs_per_s), r.ms_per_step - c.ms_per_step,
        r.pairs_per_step > 0 and string.format("%+.3f us", (r.ms_per_step - c.ms_per_step) * 1e3 / r.pairs_per_step)
          or "-"))
    end
  end
  local same, agree, eyes = true, true, true
  local ref = columns[1]
  for _, r in ipairs(columns) do
    same = same and r.pairs_total == ref.pairs_total and r.rays_total == ref.rays_total
      and r.events_per_step == ref.events_per_step
    agree = agree and r.rays_agree == "yes"
    eyes = eyes and r.eye_ok == "yes"
  end
  print(string.format("   same world in every column: %s (%d pairs, %d rays over %d measured steps%s; same events)",
    same and "yes" or "NO", ref.pairs_total, ref.rays_total, ref.steps, same and "" or " in the first column"))
  print(string.format("   rays of the counting copy %s the timed world's in every repetition%s",
    agree and "equal" or "DIFFER FROM", eyes and "" or "; WARNING: eye height is not 1.7 m, the pair count is off"))
  print("   pairs counted as in 3. (C: bench_core's counting run; Lua: a Lua sense, BenchPairCount, in an untimed")
  print("   copy of the world); time: CPU time of the process around each step (Lua: os.clock() around world:step;")
  print("   C: CLOCK_PROCESS_CPUTIME_ID around wary_step); pair evaluations/s and rays/s are per CPU second inside")
  print("   the step (grid, vision, rays, beliefs; in Lua also event collection and dispatch)")
end

if cfg.worker then run_worker() else run_report() end
