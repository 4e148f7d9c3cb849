-- bench/custom_senses.lua: custom-sense evaluations per second through the
-- facade (require("wary")), on each backend, side by side in one run.
-- Prints figures; asserts nothing about time.
--
--   lua5.4 bench/custom_senses.lua [N M K]            the report: runs the workers below, one per
--                                                     interpreter, and prints them side by side
--   lua5.4 bench/custom_senses.lua --worker [N M K]   one measurement in this interpreter
--   luajit bench/custom_senses.lua --worker [N M K]
-- (after `. scripts/env.sh`; bash bench/run.sh does all of it).
--
-- The world is the one of bench_core's part 2, set-up c (bench/core_world.c,
-- bench/part_senses.c): N agents (default 200), M targets (50) and K boxes
-- (2000) in a 100 m x 100 m square at 100 units per metre, drawn from the same
-- fixed-seed LCG in the same order.
-- Every agent has one sense, BenchThermal: (1 - d / 30 m) x target.props.heat,
-- active above 0.1 (senses/thermal.lua, inlined so the benchmark does not move
-- when that file does), interval 0.1 s. Agents walk at 0-1 m/s, targets at
-- 0.5-3 m/s; positions are set between steps (not timed). After 60 warm-up
-- steps, each repetition runs WARY_BENCH_STEPS (120) steps of 1/60 s, each
-- timed alone. Figures are medians over WARY_BENCH_REPS (7) repetitions.
--
-- Time is os.clock(): CPU time of the process (C clock()), not wall time;
-- the benchmark is single-threaded, so the two differ only when the machine
-- is busy. evaluations/s = custom-sense queries handed out during the
-- repetition (world:stats().queries; every one is evaluated) / CPU seconds
-- spent in world:step, so it includes the step's C work (grid, scheduling,
-- fusion, states) and the facade's event dispatch, not only evaluate.
--
-- The reference: the same evaluate called by a bare pcall in a plain Lua loop
-- (the ctx fields it reads set, the targets in turn), as many times per
-- repetition as world:step evaluated; "step / bare pcall" is world:step's CPU
-- time per evaluation over the reference's, a ratio that moves less with the
-- machine's load than either figure (under LuaJIT the reference is what the
-- JIT makes of that loop, and moves from run to run: read it with care).
--
-- Environment: WARY_BENCH_N, _M, _K, _REPS, _STEPS; WARY_BENCH_LUAS (the
-- interpreters of the report, default "lua5.4 luajit"); WARY_BENCH_CUSTOM_ROUNDS
-- (7: rounds, each running the C worker, every interpreter's, then the C
-- worker again; the figures over C are each round's, their median printed
-- with their spread);
-- WARY_BENCH_CORE (the bench_core binary of the C callback: its thermal-worker,
-- part 2's set-up c. in CPU time; default $WARY_BUILD/bench/bench_core, without
-- it the C figures are left out); WARY_BENCH_THERMAL_LIB (the same world as a
-- module, default $WARY_BUILD/bench/bench_thermal.so: the LuaJIT worker steps
-- it through ffi before each step of its own world, and takes the difference
-- in one process, which the other machine work of a second process does not
-- move); WARY_BENCH_RESULTS (a key=value file the report appends its figures to).

local script = arg and arg[0] or "bench/custom_senses.lua"
local here = script:match("^(.*)[/\\]") or "."
package.path = here .. "/../?.lua;" .. package.path  -- bench/common.lua, from wherever this is run
local common = require("bench.common")

local cfg = common.setup("custom_senses.lua", here, arg)
local N, M, K, REPS, STEPS, WARMUP = cfg.N, cfg.M, cfg.K, cfg.REPS, cfg.STEPS, common.WARMUP
local DT = 1 / 60
local si = common.si

-- ---- one measurement in this interpreter -----------------------------------

-- Evaluations per CPU second of evaluate under a bare pcall, n a repetition
-- (the median of REPS).
local function reference(evaluate, targets, n)
  local ctx, profile = { units_per_meter = 100 }, {}
  local clock, pcall = os.clock, pcall
  local rates = {}
  for rep = 1, REPS do
    local t0 = clock()
    for k = 1, n do
      ctx.distance = (k * 7) % 3000
      pcall(evaluate, ctx, profile, targets[k % #targets + 1].actor)
    end
    rates[rep] = n / (clock() - t0)
  end
  return (common.median(rates))
end

-- Under LuaJIT, the C callback's world in this process: bench_thermal (part
-- 2's set-up c. as a module, bench/core.h) through ffi, stepped before each of
-- the Lua world's measured steps, so that both meet the machine as it is at
-- that moment. Returns before_step for common.measure and the repetitions'
-- { seconds (CPU time in its wary_step), queries }; nothing where there is no
-- ffi or no module (WARY_BENCH_THERMAL_LIB, default
-- $WARY_BUILD/bench/bench_thermal.so).
local function c_beside()
  if not rawget(_G, "jit") then return nil end
  local path = os.getenv("WARY_BENCH_THERMAL_LIB")
  if path == nil or path == "" then
    path = (os.getenv("WARY_BUILD") or (here .. "/../build")) .. "/bench/bench_thermal.so"
  end
  local f = io.open(path, "r")
  if not f then return nil end
  f:close()
  local ffi = require("ffi")
  ffi.cdef[[
    typedef struct thermal_world thermal_world;
    thermal_world *thermal_open(int32_t n, int32_t m, int32_t k);
    double thermal_step(thermal_world *t);
    uint64_t thermal_queries(const thermal_world *t);
    void thermal_close(thermal_world *t);
  ]]
  local lib = ffi.load(path)
  local t = lib.thermal_open(N, M, K)
  if t == nil then error("bench_thermal: could not build the C callback's world") end
  t = ffi.gc(t, lib.thermal_close)
  local reps = {}
  local function before_step(rep, i)
    local r = reps[rep]
    if not r then
      r = { seconds = 0, queries = -tonumber(lib.thermal_queries(t)) }
      reps[rep] = r
    end
    r.seconds = r.seconds + lib.thermal_step(t)
    if i == STEPS then r.queries = r.queries + tonumber(lib.thermal_queries(t)) end
  end
  return before_step, reps
end

-- Each repetition's ns per evaluation of the Lua world's step over the C
-- world's (c_beside), stepped in turn: their median, least and greatest.
local function over_c_beside(reps, c_reps)
  local list = {}
  for i, r in ipairs(reps) do
    local c = c_reps[i]
    list[i] = (r.seconds / r.queries - c.seconds / c.queries) * 1e9
  end
  return common.median(list)
end

local function run_worker()
  local wary = require("wary")

  local world = wary.world{ units_per_meter = 100 }
  -- The shipped thermal sense (30 m, (1 - d / range) x props.heat above 0.1),
  -- under a name of its own.
  local thermal = {}
  for k, v in pairs(dofile(here .. "/../senses/thermal.lua")) do thermal[k] = v end
  thermal.id, thermal.description = "BenchThermal", nil
  world:define_sense(thermal)
  world:define_profile{ name = "bench", senses = { "BenchThermal" }, ignore_same_team = true }
  local agents, targets = common.populate(world, { N = N, M = M, K = K, profile = "bench", heat = true,
                                                   rad = math.rad, deg = math.deg })

  local before_step, c_reps = c_beside()
  local reps, beliefs = common.measure(world, agents, targets, cfg, DT, math.deg, before_step)
  local s = common.summarize(reps, STEPS, { { "queries", "evals" } }, {})
  local ref_per_s = reference(thermal.evaluate, targets, s.totals.queries / REPS)
  local version = rawget(_G, "jit") and jit.version or _VERSION
  local r = {
    interpreter = version, backend = wary.backend,
    ms_per_step = s.ms_per_step, ms_min = s.ms_min, ms_max = s.ms_max, ms_mean = s.ms_mean,
    evals_per_s = s.evals_per_s, evals_min = s.evals_min, evals_max = s.evals_max,
    queries_per_step = s.totals.queries / (REPS * STEPS), events_per_step = s.totals.events / (REPS * STEPS),
    beliefs = beliefs, ref_per_s = ref_per_s,
    step_per_ref = ref_per_s * s.ms_per_step / 1e3 / (s.totals.queries / (REPS * STEPS)),
  }
  print(string.format("%s, backend %s: N=%d M=%d K=%d, %d x %d steps", r.interpreter, r.backend, N, M, K,
    REPS, STEPS))
  print(string.format("  ms/step median %.3f [%.3f-%.3f], mean %.3f; evaluations/s %s [%s-%s]; "
    .. "queries/step %.1f; bare pcall %s/s, step / bare pcall x%.2f", r.ms_per_step, r.ms_min, r.ms_max,
    r.ms_mean, si(r.evals_per_s), si(r.evals_min), si(r.evals_max), r.queries_per_step, si(r.ref_per_s),
    r.step_per_ref))
  local keys = { "interpreter", "backend", "ms_per_step", "ms_min", "ms_max", "ms_mean", "evals_per_s",
                "evals_min", "evals_max", "queries_per_step", "events_per_step", "beliefs", "ref_per_s",
                "step_per_ref" }
  if c_reps then
    r.beside_over_c, r.beside_over_c_min, r.beside_over_c_max = over_c_beside(reps, c_reps)
    print(string.format("  the C callback's world stepped before each step in this process: %.1f ns [%.1f-%.1f] more "
      .. "per evaluation than C, less the bare pcall %.1f ns", r.beside_over_c, r.beside_over_c_min,
      r.beside_over_c_max, r.beside_over_c - 1e9 / r.ref_per_s))
    for _, k in ipairs({ "beside_over_c", "beside_over_c_min", "beside_over_c_max" }) do keys[#keys + 1] = k end
  end
  common.print_results(r, keys)
end

-- ---- the report: one worker per interpreter, side by side -------------------

-- Appends to WARY_BENCH_RESULTS, per interpreter: custom_<interpreter>_pcall_ns
-- (the bare pcall of evaluate) and, with the C column, custom_<interpreter>_over_c_ns
-- (the step's time per evaluation over the C callback's: what the facade adds),
-- custom_<interpreter>_over_body_ns (that less the bare pcall) and
-- custom_<interpreter>_over_pcall_x (that over the bare pcall), each the median
-- over the rounds of a round's figure.
local function write_results(results)
  local file = os.getenv("WARY_BENCH_RESULTS")
  if not file or file == "" then return end
  local f = assert(io.open(file, "a"))
  for _, r in ipairs(results) do
    local key = r.name:gsub("[^%w]", "")
    f:write(string.format("custom_%s_pcall_ns=%.9g\n", key, 1e9 / r.ref_per_s))
    if r.beside_over_c then
      f:write(string.format("custom_%s_beside_over_body_ns=%.9g\n", key, r.beside_over_c - 1e9 / r.ref_per_s))
    end
    if r.over_c then
      f:write(string.format("custom_%s_over_c_ns=%.9g\n", key, r.over_c.median))
      f:write(string.format("custom_%s_over_body_ns=%.9g\n", key, r.over_body.median))
      f:write(string.format("custom_%s_over_pcall_x=%.9g\n", key, r.over_pcall.median))
    end
  end
  f:close()
end

-- The C column: bench_core's thermal-worker (part 2's set-up c. in CPU time),
-- its repetitions appended to c.reps; returns this round's (the median of
-- its repetitions).
local function run_c(c)
  local out, ok = common.run_command(string.format(
    "WARY_BENCH_PARTS=thermal-worker WARY_BENCH_REPS=%d WARY_BENCH_STEPS=%d %s %d %d %d", REPS, STEPS,
    common.shell_quote(c.path), N, M, K))
  local round = {}
  for sec, q in out:gmatch("REP (%S+) (%S+)") do
    local rep = { ms_mean = tonumber(sec) * 1e3 / STEPS, evals_per_s = tonumber(q) / tonumber(sec),
                  queries_per_step = tonumber(q) / STEPS }
    c.reps[#c.reps + 1] = rep
    round[#round + 1] = rep
  end
  if not ok or #round ~= REPS then common.worker_failed("custom_senses.lua", "C", out) end
  return round
end

-- The median over rounds (or repetitions) of every number in list's tables;
-- of *_min the least, of *_max the greatest.
local function combine(list)
  local r = {}
  for k, v in pairs(list[1]) do
    if type(v) == "number" then
      local vs = {}
      for i, x in ipairs(list) do vs[i] = x[k] end
      local med, lo, hi = common.median(vs)
      r[k] = k:match("_min$") and lo or k:match("_max$") and hi or med
    else
      r[k] = v
    end
  end
  return r
end

-- A round's figures of run r next to the C callback's round cr: ns per
-- evaluation over C, that less the bare pcall, and that over the bare pcall.
local function over_c(r, cr)
  local over = (r.ms_mean - cr.ms_mean) * 1e6 / r.queries_per_step
  local pcall_ns = 1e9 / r.ref_per_s
  return over, over - pcall_ns, over / pcall_ns
end

-- The median of list, with its least and greatest: { median, min, max }.
local function spread(list)
  local med, lo, hi = common.median(list)
  return { median = med, min = lo, max = hi }
end

local function run_report()
  local rounds = math.max(1, common.env_number("WARY_BENCH_CUSTOM_ROUNDS", 7))
  local path, found = common.bench_core(here)
  local c = found and { name = "C callback", path = path, reps = {}, rounds = {} } or nil
  local runs = {}
  for r = 1, rounds do
    local before = c and combine(run_c(c))
    for i, interp in ipairs(common.interpreters()) do
      runs[i] = runs[i] or {}
      runs[i][r] = common.worker_results(interp, script, cfg, "custom_senses.lua", "evals_per_s")
    end
    -- The C callback runs before and after the interpreters: its mean step
    -- of the round is the mean of the two, which a machine whose speed
    -- drifts in the round moves less.
    if c then
      local after = combine(run_c(c))
      c.rounds[r] = { ms_mean = (before.ms_mean + after.ms_mean) / 2 }
    end
  end
  local results = {}
  for i, list in ipairs(runs) do
    results[i] = combine(list)
    -- Each round's interpreter next to the C callback runs around it: the
    -- machine's changes of speed between rounds then move the figure less.
    if c then
      local over, body, x = {}, {}, {}
      for r, run in ipairs(list) do over[r], body[r], x[r] = over_c(run, c.rounds[r]) end
      results[i].over_c, results[i].over_body, results[i].over_pcall = spread(over), spread(body), spread(x)
    end
  end
  if c then c = combine(c.reps) end

  write_results(results)

  print(string.format("4. Custom sense in Lua through the facade (world:step), N=%d M=%d K=%d, %d x %d steps "
    .. "after %d warm-up;", N, M, K, REPS, STEPS, WARMUP))
  print(string.format("   %d rounds, each running %severy interpreter in turn: medians over the rounds", rounds,
    c and "the C callback and " or ""))
  print("   BenchThermal = (1 - d / 30 m) x target.props.heat, one sense per agent, interval 0.1 s")
  local row = common.table_printer(results, 22)
  common.timing_rows(row)
  row("evaluations/s", function(r) return si(r.evals_per_s) .. "/s" end)
  row("  [min-max over reps]", function(r) return string.format("[%s-%s]", si(r.evals_min), si(r.evals_max)) end)
  row("evaluations/step", function(r) return string.format("%.1f", r.queries_per_step) end)
  row("events/step", function(r) return string.format("%.2f", r.events_per_step) end)
  row("bare pcall of evaluate", function(r) return si(r.ref_per_s) .. "/s" end)
  row("step / bare pcall", function(r) return string.format("x%.2f", r.step_per_ref) end)
  if #results >= 2 then
    local a, b = results[1], results[2]
    print(string.format("   %s / %s: evaluations/s x%.2f, ms/step x%.2f", b.name, a.name,
      b.evals_per_s / a.evals_per_s, b.ms_per_step / a.ms_per_step))
  end
  if c then
    print(string.format("   the same world and sense as a C evaluate callback (bench_core thermal-worker, CPU time):"
      .. " %.3f ms/step (mean), %s/s, %.1f evaluations/step", c.ms_mean, si(c.evals_per_s), c.queries_per_step))
    for _, r in ipairs(results) do
      local o, b, x = r.over_c, r.over_body, r.over_pcall
      print(string.format("     C / %-8s evaluations/s x%.2f; %.0f ns [%.0f-%.0f] more per evaluation than C, "
        .. "bare pcall %.0f ns; less the bare pcall %.0f ns [%.0f-%.0f]; over the bare pcall x%.2f [%.2f-%.2f]",
        r.name .. ":", c.evals_per_s / r.evals_per_s, o.median, o.min, o.max, 1e9 / r.ref_per_s, b.median,
        b.min, b.max, x.median, x.min, x.max))
    end
    print("     (a round's (mean ms/step - C's) / evaluations per step, C's the mean of its runs before and"
      .. " after the interpreters; medians [least-greatest] over the rounds)")
  end
  for _, r in ipairs(results) do
    if r.beside_over_c then
      print(string.format("   in one %s process, the C callback's world (bench_thermal through ffi) stepped before each"
        .. " step of the Lua world: %.1f ns [%.1f-%.1f] more per evaluation than C, less the bare pcall %.1f ns",
        r.name, r.beside_over_c, r.beside_over_c_min, r.beside_over_c_max, r.beside_over_c - 1e9 / r.ref_per_s))
      print("     (a repetition's CPU time in world:step per evaluation - the C world's in its steps; the median over"
        .. " its repetitions, then over the rounds; [least-greatest]: of every repetition)")
    end
  end
  print("   time: os.clock() (CPU time of the process) around each world:step; evaluations/s =")
  print("   world:stats().queries handed out / CPU time in world:step (includes the step's C work and event dispatch);")
  print("   step / bare pcall: CPU time in world:step per evaluation / that of a bare pcall of the same evaluate")
end

if cfg.worker then run_worker() else run_report() end
