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
-- The world is the one of bench/bench_core.c, set-up c: N agents (default
-- 200), M targets (50) and K boxes (2000) in a 100 m x 100 m square at 100
-- units per metre, drawn from the same fixed-seed LCG in the same order.
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
-- Environment: WARY_BENCH_N, _M, _K, _REPS, _STEPS; WARY_BENCH_LUAS (the
-- interpreters of the report, default "lua5.4 luajit"); WARY_BENCH_C_RESULTS
-- (a key=value file written by bench_core: adds its C-callback column).

local script = arg and arg[0] or "bench/custom_senses.lua"
local here = script:match("^(.*)[/\\]") or "."

-- Without scripts/env.sh: find the facade and the Lua 5.4 module from here.
if not os.getenv("WARY_ROOT") then
  local root = here .. "/.."
  package.path = root .. "/lua/?.lua;" .. root .. "/lua/?/init.lua;" .. root .. "/?.lua;" .. package.path
  package.cpath = root .. "/build/lua/?.so;" .. package.cpath
end

local function env_number(name, fallback)
  local s = os.getenv(name)
  if s == nil or s == "" then return fallback end
  local v = tonumber(s)
  if not v or v < 0 or v % 1 ~= 0 then error(string.format("%s: expected a non-negative integer, got %q", name, s)) end
  return v
end

local args, worker = {}, false
for _, a in ipairs(arg or {}) do
  if a == "--worker" then
    worker = true
  else
    local v = tonumber(a)
    if not v or v < 0 or v % 1 ~= 0 then error("custom_senses.lua: expected N M K as integers, got " .. a) end
    args[#args + 1] = v
  end
end
local N = args[1] or env_number("WARY_BENCH_N", 200)
local M = args[2] or env_number("WARY_BENCH_M", 50)
local K = args[3] or env_number("WARY_BENCH_K", 2000)
local REPS = math.max(1, env_number("WARY_BENCH_REPS", 7))
local STEPS = math.max(1, env_number("WARY_BENCH_STEPS", 120))
local WARMUP = 60
local DT = 1 / 60
local SIZE = 10000  -- 100 m in centimetres
local atan2 = math.atan2 or math.atan  -- LuaJIT: atan2; Lua 5.4: atan(y, x)

local function median(list)
  local c = {}
  for i, v in ipairs(list) do c[i] = v end
  table.sort(c)
  local n = #c
  if n % 2 == 1 then return c[(n + 1) / 2], c[1], c[n] end
  return (c[n / 2] + c[n / 2 + 1]) / 2, c[1], c[n]
end

local function si(v)
  if v >= 1e9 then return string.format("%.2f G", v / 1e9) end
  if v >= 1e6 then return string.format("%.2f M", v / 1e6) end
  if v >= 1e3 then return string.format("%.1f k", v / 1e3) end
  return string.format("%.1f", v)
end

-- ---- one measurement in this interpreter -----------------------------------

local function run_worker()
  local wary = require("wary")

  -- MINSTD (48271 mod 2^31 - 1) in floats: exact in doubles on both
  -- interpreters, and the same numbers as bench_core.c's generator.
  local seed = 20240607.0
  local function rnd()
    seed = (seed * 48271.0) % 2147483647.0
    return seed / 2147483647.0
  end

  local world = wary.world{ units_per_meter = 100 }
  local RANGE_M = 30
  world:define_sense{
    id = "BenchThermal", interval = 0.1, max_range_m = RANGE_M, loss_grace = 0.3,
    direct_lost_cut = false, loss_reason = "sensor_dropout",
    evaluate = function(ctx, _, target)
      local heat = target.props.heat
      if type(heat) ~= "number" then return nil end
      local c = (1 - ctx.distance / (RANGE_M * ctx.units_per_meter)) * heat
      if c > 0.1 then return c, 0.8 end
    end,
  }
  world:define_profile{ name = "bench", senses = { "BenchThermal" } }

  -- 50% concrete, 15% glass, 25% foliage, 10% smoke (bench_core.c, pick_material).
  local function material(r)
    if r < 0.50 then return "concrete" elseif r < 0.65 then return "glass"
    elseif r < 0.90 then return "foliage" else return "smoke" end
  end
  for _ = 1, K do
    local cx, cy = rnd() * SIZE, rnd() * SIZE
    local sx, sy = 50 + rnd() * 250, 50 + rnd() * 250
    local h = 50 + rnd() * 250
    world:add_box{ min = { cx - sx / 2, cy - sy / 2, 0 }, max = { cx + sx / 2, cy + sy / 2, h },
                   material = material(rnd()) }
  end

  local agents, targets = {}, {}
  for i = 1, N do
    local x, y = rnd() * SIZE, rnd() * SIZE
    local speed = rnd() * 100
    local heading = math.rad(rnd() * 360)
    agents[i] = { x = x, y = y, vx = speed * math.cos(heading), vy = speed * math.sin(heading) }
  end
  -- Targets are created first, as in bench_core.c.
  for i = 1, M do
    local x, y = rnd() * SIZE, rnd() * SIZE
    local heat = 0.3 + 0.7 * rnd()
    local speed = 50 + rnd() * 250
    local heading = math.rad(rnd() * 360)
    local t = { x = x, y = y, vx = speed * math.cos(heading), vy = speed * math.sin(heading) }
    t.actor = world:add_target{ pos = { x, y, 0 }, velocity = { t.vx, t.vy, 0 }, team = "intruders",
                                props = { heat = heat } }
    targets[i] = t
  end
  for _, a in ipairs(agents) do
    a.actor = world:add_agent{ profile = "bench", pos = { a.x, a.y, 0 }, team = "guards",
                               velocity = { a.vx, a.vy, 0 }, yaw = math.deg(atan2(a.vy, a.vx)) }
  end

  local function bounce(p)
    p.x, p.y = p.x + p.vx * DT, p.y + p.vy * DT
    if p.x < 0 or p.x > SIZE then
      p.vx = -p.vx
      p.x = p.x < 0 and -p.x or 2 * SIZE - p.x
    end
    if p.y < 0 or p.y > SIZE then
      p.vy = -p.vy
      p.y = p.y < 0 and -p.y or 2 * SIZE - p.y
    end
  end
  local function move()
    for _, a in ipairs(agents) do
      bounce(a)
      a.actor:set_pos(a.x, a.y, 0)
      if a.vx ~= 0 or a.vy ~= 0 then a.actor:set_yaw(math.deg(atan2(a.vy, a.vx))) end
    end
    for _, t in ipairs(targets) do
      bounce(t)
      t.actor:set_pos(t.x, t.y, 0)
      t.actor:set_velocity(t.vx, t.vy, 0)
    end
  end

  for _ = 1, WARMUP do
    move()
    world:step(DT)
  end
  local clock = os.clock
  local meds, means, rates = {}, {}, {}
  local queries_total, events_total = 0, 0
  local step_ms = {}
  for rep = 1, REPS do
    local before = tonumber(world:stats().queries)
    local sum = 0
    for i = 1, STEPS do
      move()
      local t0 = clock()
      local events = world:step(DT)
      local t = clock() - t0
      step_ms[i] = t * 1e3
      sum = sum + t
      events_total = events_total + #events
    end
    local q = tonumber(world:stats().queries) - before
    queries_total = queries_total + q
    meds[rep] = median(step_ms)
    means[rep] = sum * 1e3 / STEPS
    rates[rep] = sum > 0 and q / sum or 0
  end
  local ms, ms_min, ms_max = median(meds)
  local rate, rate_min, rate_max = median(rates)
  local version = rawget(_G, "jit") and jit.version or _VERSION
  local r = {
    interpreter = version, backend = wary.backend,
    ms_per_step = ms, ms_min = ms_min, ms_max = ms_max, ms_mean = (median(means)),
    evals_per_s = rate, evals_min = rate_min, evals_max = rate_max,
    queries_per_step = queries_total / (REPS * STEPS), events_per_step = events_total / (REPS * STEPS),
    beliefs = tonumber(world:stats().beliefs),
  }
  print(string.format("%s, backend %s: N=%d M=%d K=%d, %d x %d steps", r.interpreter, r.backend, N, M, K,
    REPS, STEPS))
  print(string.format("  ms/step median %.3f [%.3f-%.3f], mean %.3f; evaluations/s %s [%s-%s]; "
    .. "queries/step %.1f", ms, ms_min, ms_max, r.ms_mean, si(rate), si(rate_min), si(rate_max),
    r.queries_per_step))
  for _, k in ipairs({ "interpreter", "backend", "ms_per_step", "ms_min", "ms_max", "ms_mean", "evals_per_s",
                       "evals_min", "evals_max", "queries_per_step", "events_per_step", "beliefs" }) do
    local v = r[k]
    print(string.format("RESULT %s %s", k, type(v) == "number" and string.format("%.17g", v) or tostring(v)))
  end
end

-- ---- the report: one worker per interpreter, side by side -------------------

local function shell_quote(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end

local function run_report()
  local luas = {}
  for name in (os.getenv("WARY_BENCH_LUAS") or "lua5.4 luajit"):gmatch("%S+") do luas[#luas + 1] = name end
  local preload = os.getenv("WARY_PRELOAD")
  local prefix = (preload and preload ~= "") and ("LD_PRELOAD=" .. shell_quote(preload) .. " ") or ""
  local results = {}
  for i, interp in ipairs(luas) do
    local cmd = string.format("%s%s %s --worker %d %d %d 2>&1", prefix, interp, shell_quote(script), N, M, K)
    local p = assert(io.popen(cmd, "r"))
    local out = p:read("*a")
    local ok = p:close()
    local r = {}
    for k, v in out:gmatch("RESULT (%S+) ([^\n]*)") do r[k] = tonumber(v) or v end
    if not ok or not r.evals_per_s then
      io.stderr:write(string.format("custom_senses.lua: the %s worker failed:\n%s\n", interp, out))
      os.exit(1)
    end
    r.name = interp
    results[i] = r
  end

  local c
  local cfile = os.getenv("WARY_BENCH_C_RESULTS")
  if cfile and cfile ~= "" then
    local f = io.open(cfile, "r")
    if f then
      local kv = {}
      for k, v in f:read("*a"):gmatch("([%w_]+)=([^\n]*)") do kv[k] = tonumber(v) end
      f:close()
      if kv.c_thermal_queries_per_s then
        c = { name = "C callback", ms_per_step = kv.c_thermal_ms_per_step, evals_per_s = kv.c_thermal_queries_per_s,
              queries_per_step = kv.c_thermal_queries_per_step }
      end
    end
  end

  print(string.format("4. Custom sense in Lua through the facade (world:step), N=%d M=%d K=%d, %d x %d steps "
    .. "after %d warm-up", N, M, K, REPS, STEPS, WARMUP))
  print("   BenchThermal = (1 - d / 30 m) x target.props.heat, one sense per agent, interval 0.1 s")
  local function row(label, fmt, get)
    local cells = {}
    for i, r in ipairs(results) do cells[i] = string.format("%20s", fmt(get(r))) end
    print(string.format("   %-22s%s", label, table.concat(cells)))
  end
  row("", tostring, function(r) return r.name end)
  row("interpreter", tostring, function(r) return r.interpreter end)
  row("backend", tostring, function(r) return r.backend end)
  row("ms/step (median)", function(v) return string.format("%.3f", v) end, function(r) return r.ms_per_step end)
  row("  [min-max over reps]", tostring, function(r) return string.format("[%.3f-%.3f]", r.ms_min, r.ms_max) end)
  row("ms/step (mean)", function(v) return string.format("%.3f", v) end, function(r) return r.ms_mean end)
  row("evaluations/s", function(v) return si(v) .. "/s" end, function(r) return r.evals_per_s end)
  row("  [min-max over reps]", tostring, function(r)
    return string.format("[%s-%s]", si(r.evals_min), si(r.evals_max))
  end)
  row("evaluations/step", function(v) return string.format("%.1f", v) end, function(r) return r.queries_per_step end)
  row("events/step", function(v) return string.format("%.2f", v) end, function(r) return r.events_per_step end)
  if #results >= 2 then
    local a, b = results[1], results[2]
    print(string.format("   %s / %s: evaluations/s x%.2f, ms/step x%.2f", b.name, a.name,
      b.evals_per_s / a.evals_per_s, b.ms_per_step / a.ms_per_step))
  end
  if c then
    print(string.format("   the same world and sense as a C evaluate callback (bench_core, set-up c.; wall clock):"
      .. " %.3f ms/step, %s/s, %.1f evaluations/step", c.ms_per_step, si(c.evals_per_s), c.queries_per_step))
    for _, r in ipairs(results) do
      print(string.format("     C / %-8s evaluations/s x%.2f; %.3f us more per evaluation than C "
        .. "((ms/step - C's) / evaluations per step)", r.name .. ":", c.evals_per_s / r.evals_per_s,
        (r.ms_per_step - c.ms_per_step) * 1e3 / r.queries_per_step))
    end
  end
  print("   time: os.clock() (CPU time of the process) around each world:step; evaluations/s =")
  print("   world:stats().queries handed out / CPU time in world:step (includes the step's C work and event dispatch)")
end

if worker then run_worker() else run_report() end
