-- bench/common.lua: what the Lua benchmarks (bench/custom_senses.lua and
-- bench/vision.lua) share: finding the facade without scripts/env.sh, the
-- command line and environment (N M K, repetitions, steps), the world of
-- bench_core, bench/core_world.c (the same fixed-seed LCG drawn in the same order, moved
-- the same way), the timed steps, medians and figures, and running the
-- workers of a report. A script finds it from its own folder:
--
--   local script = arg and arg[0] or "bench/x.lua"
--   local here = script:match("^(.*)[/\\]") or "."
--   package.path = here .. "/../?.lua;" .. package.path
--   local common = require("bench.common")
--   local cfg = common.setup("x.lua", here)
local common = {}

common.WARMUP = 60    -- untimed steps before the first repetition
common.SIZE = 10000   -- the world: 100 m x 100 m in centimetres

local atan2 = math.atan2 or math.atan  -- LuaJIT: atan2; Lua 5.4: atan(y, x)

-- A non-negative integer from the environment, or fallback when unset.
function common.env_number(name, fallback)
  local s = os.getenv(name)
  if s == nil or s == "" then return fallback end
  local v = tonumber(s)
  if not v or v < 0 or v % 1 ~= 0 then error(string.format("%s: expected a non-negative integer, got %q", name, s)) end
  return v
end

-- The script's settings from its command line (`[--worker] [N M K]`) and the
-- environment (WARY_BENCH_N, _M, _K, _REPS, _STEPS): { N, M, K, REPS, STEPS,
-- worker }. Without scripts/env.sh (no WARY_ROOT) it also points
-- package.path and package.cpath at the facade and the Lua 5.4 module from
-- `here`, the bench/ folder. name: the script's name, for errors.
function common.setup(name, here, argv)
  if not os.getenv("WARY_ROOT") then
    local root = here .. "/.."
    package.path = root .. "/lua/?.lua;" .. root .. "/lua/?/init.lua;" .. root .. "/?.lua;" .. package.path
    package.cpath = root .. "/build/lua/?.so;" .. package.cpath
  end
  local args, worker = {}, false
  for _, a in ipairs(argv or {}) do
    if a == "--worker" then
      worker = true
    else
      local v = tonumber(a)
      if not v or v < 0 or v % 1 ~= 0 then error(name .. ": expected N M K as integers, got " .. a) end
      args[#args + 1] = v
    end
  end
  return {
    N = args[1] or common.env_number("WARY_BENCH_N", 200),
    M = args[2] or common.env_number("WARY_BENCH_M", 50),
    K = args[3] or common.env_number("WARY_BENCH_K", 2000),
    REPS = math.max(1, common.env_number("WARY_BENCH_REPS", 7)),
    STEPS = math.max(1, common.env_number("WARY_BENCH_STEPS", 120)),
    worker = worker,
  }
end

-- The median of a list of numbers, then its minimum and maximum.
function common.median(list)
  local c = {}
  for i, v in ipairs(list) do c[i] = v end
  table.sort(c)
  local n = #c
  if n % 2 == 1 then return c[(n + 1) / 2], c[1], c[n] end
  return (c[n / 2] + c[n / 2 + 1]) / 2, c[1], c[n]
end

-- A figure with an SI prefix: 1.23 M, 45.6 k.
function common.si(v)
  if v >= 1e9 then return string.format("%.2f G", v / 1e9) end
  if v >= 1e6 then return string.format("%.2f M", v / 1e6) end
  if v >= 1e3 then return string.format("%.1f k", v / 1e3) end
  return string.format("%.1f", v)
end

-- ---- the world of bench_core (bench/core_world.c) --------------------------------

-- 50% concrete, 15% glass, 25% foliage, 10% smoke (bench/core_world.c, pick_material).
local function material(r)
  if r < 0.50 then return "concrete" elseif r < 0.65 then return "glass"
  elseif r < 0.90 then return "foliage" else return "smoke" end
end

-- Fills world with the world of bench_core: K boxes, N agents walking at
-- 0-1 m/s facing where they walk and M targets at 0.5-3 m/s, every figure
-- drawn from bench_core's generator in its order; the targets are created
-- before the agents, as in bench_core (the order sets the agents' phases).
-- t: N, M, K; profile (the agents'); heat (true: each target carries its
-- drawn heat as props.heat; otherwise the draw is made and left unused);
-- rad and deg, the script's degree <-> radian conversions. Returns the
-- agents' and the targets' movers { x, y, vx, vy, actor }.
function common.populate(world, t)
  -- MINSTD (48271 mod 2^31 - 1) in floats: exact in doubles on both
  -- interpreters, and the same numbers as bench_core's generator.
  local seed = 20240607.0
  local function rnd()
    seed = (seed * 48271.0) % 2147483647.0
    return seed / 2147483647.0
  end
  local SIZE = common.SIZE

  for _ = 1, t.K do
    local cx, cy = rnd() * SIZE, rnd() * SIZE
    local sx, sy = 50 + rnd() * 250, 50 + rnd() * 250
    local h = 50 + rnd() * 250
    world:add_box{ min = { cx - sx / 2, cy - sy / 2, 0 }, max = { cx + sx / 2, cy + sy / 2, h },
                   material = material(rnd()) }
  end

  local agents, targets = {}, {}
  for i = 1, t.N do
    local x, y = rnd() * SIZE, rnd() * SIZE
    local speed = rnd() * 100
    local heading = t.rad(rnd() * 360)
    agents[i] = { x = x, y = y, vx = speed * math.cos(heading), vy = speed * math.sin(heading) }
  end
  for i = 1, t.M do
    local x, y = rnd() * SIZE, rnd() * SIZE
    local heat = 0.3 + 0.7 * rnd()
    local speed = 50 + rnd() * 250
    local heading = t.rad(rnd() * 360)
    local m = { x = x, y = y, vx = speed * math.cos(heading), vy = speed * math.sin(heading) }
    m.actor = world:add_target{ pos = { x, y, 0 }, velocity = { m.vx, m.vy, 0 }, team = "intruders",
                                props = t.heat and { heat = heat } or nil }
    targets[i] = m
  end
  for _, a in ipairs(agents) do
    a.actor = world:add_agent{ profile = t.profile, pos = { a.x, a.y, 0 }, team = "guards",
                               velocity = { a.vx, a.vy, 0 }, yaw = t.deg(atan2(a.vy, a.vx)) }
  end
  return agents, targets
end

-- One move of dt seconds, bouncing off the edges of the size x size square
-- whose x starts at xo (default: common.SIZE, 0; bench_core's moves).
function common.bounce(p, dt, size, xo)
  size, xo = size or common.SIZE, xo or 0
  p.x, p.y = p.x + p.vx * dt, p.y + p.vy * dt
  if p.x < xo or p.x > xo + size then
    p.vx = -p.vx
    p.x = p.x < xo and 2 * xo - p.x or 2 * (xo + size) - p.x
  end
  if p.y < 0 or p.y > size then
    p.vy = -p.vy
    p.y = p.y < 0 and -p.y or 2 * size - p.y
  end
end
local bounce = common.bounce

-- Moves every mover by dt and sets the actors (agents face where they walk;
-- deg: the script's radian -> degree conversion), between steps.
function common.move(agents, targets, dt, deg)
  for _, a in ipairs(agents) do
    bounce(a, dt)
    a.actor:set_pos(a.x, a.y, 0)
    if a.vx ~= 0 or a.vy ~= 0 then a.actor:set_yaw(deg(atan2(a.vy, a.vx))) end
  end
  for _, m in ipairs(targets) do
    bounce(m, dt)
    m.actor:set_pos(m.x, m.y, 0)
    m.actor:set_velocity(m.vx, m.vy, 0)
  end
end

-- Steps a populated world: WARMUP steps, then cfg.REPS repetitions of
-- cfg.STEPS steps of dt, the movers moved before each step (not timed) and
-- each world:step timed alone with os.clock(). Returns, per repetition,
-- { seconds (CPU time in world:step), ms_median (the median step), events,
-- and the world:stats() deltas rays, queries, candidates }, and the beliefs
-- at the end. before_step(rep, i), when given, is called before each
-- measured step's moves (not timed).
function common.measure(world, agents, targets, cfg, dt, deg, before_step)
  for _ = 1, common.WARMUP do
    common.move(agents, targets, dt, deg)
    world:step(dt)
  end
  local clock = os.clock
  local reps, step_ms = {}, {}
  for rep = 1, cfg.REPS do
    local before = world:stats()
    local sum, events = 0, 0
    for i = 1, cfg.STEPS do
      if before_step then before_step(rep, i) end
      common.move(agents, targets, dt, deg)
      local t0 = clock()
      world:step(dt)
      local t = clock() - t0
      step_ms[i] = t * 1e3
      sum = sum + t
      events = events + world._B.event_count(world._w)
    end
    local after = world:stats()
    reps[rep] = { seconds = sum, ms_median = (common.median(step_ms)), events = events,
                  rays = tonumber(after.rays) - tonumber(before.rays),
                  queries = tonumber(after.queries) - tonumber(before.queries),
                  candidates = tonumber(after.candidates) - tonumber(before.candidates) }
  end
  return reps, tonumber(world:stats().beliefs)
end

-- Medians over repetitions (as common.measure returns them) of `steps`
-- steps each, into `into`: ms_per_step, ms_min, ms_max (over the
-- repetitions' median steps) and ms_mean; for each { count, key } of rates,
-- key .. "_per_s", key .. "_min", key .. "_max" (count / CPU seconds in the
-- step); and totals, every field of the repetitions summed. Returns into.
function common.summarize(reps, steps, rates, into)
  local meds, means, totals = {}, {}, {}
  for i, r in ipairs(reps) do
    meds[i] = r.ms_median
    means[i] = r.seconds * 1e3 / steps
    for k, v in pairs(r) do totals[k] = (totals[k] or 0) + v end
  end
  into.ms_per_step, into.ms_min, into.ms_max = common.median(meds)
  into.ms_mean = (common.median(means))
  for _, rate in ipairs(rates) do
    local count, list = rate[1], {}
    for i, r in ipairs(reps) do list[i] = r.seconds > 0 and r[count] / r.seconds or 0 end
    local key = rate[2]
    into[key .. "_per_s"], into[key .. "_min"], into[key .. "_max"] = common.median(list)
  end
  into.totals = totals
  return into
end

-- ---- the report ----------------------------------------------------------------

local function shell_quote(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end
common.shell_quote = shell_quote

-- bench_core's path (WARY_BENCH_CORE, else <build>/bench/bench_core, the
-- build of WARY_BUILD or here/../build) and whether that file is there.
function common.bench_core(here)
  local core = os.getenv("WARY_BENCH_CORE")
  if core == nil or core == "" then core = (os.getenv("WARY_BUILD") or (here .. "/../build")) .. "/bench/bench_core" end
  local f = io.open(core, "r")
  if f then f:close() end
  return core, f ~= nil
end

-- The interpreters of a report (WARY_BENCH_LUAS, default "lua5.4 luajit").
function common.interpreters()
  local luas = {}
  for name in (os.getenv("WARY_BENCH_LUAS") or "lua5.4 luajit"):gmatch("%S+") do luas[#luas + 1] = name end
  return luas
end

-- The shell command of one worker: interp running script --worker N M K,
-- with the ASan runtime preloaded when scripts/env.sh asks for it.
function common.worker_command(interp, script, cfg)
  local preload = os.getenv("WARY_PRELOAD")
  local prefix = (preload and preload ~= "") and ("LD_PRELOAD=" .. shell_quote(preload) .. " ") or ""
  return string.format("%s%s %s --worker %d %d %d", prefix, interp, shell_quote(script), cfg.N, cfg.M, cfg.K)
end

-- Runs a shell command; returns its output (stdout and stderr) and whether it succeeded.
function common.run_command(cmd)
  local p = assert(io.popen(cmd .. " 2>&1", "r"))
  local out = p:read("*a")
  return out, p:close()
end

-- Ends the report: a worker failed.
function common.worker_failed(name, col, out)
  io.stderr:write(string.format("%s: the %s worker failed:\n%s\n", name, col, out))
  os.exit(1)
end

-- Runs script's worker in interp and returns its RESULT lines as a table
-- (numbers as numbers), name = interp; ends the report if the worker failed
-- or gave no `needed`. name: the script's name, for the error.
function common.worker_results(interp, script, cfg, name, needed)
  local out, ok = common.run_command(common.worker_command(interp, script, cfg))
  local res = {}
  for k, v in out:gmatch("RESULT (%S+) ([^\n]*)") do res[k] = tonumber(v) or v end
  if not ok or res[needed] == nil then common.worker_failed(name, interp, out) end
  res.name = interp
  return res
end

-- Prints a worker's RESULT lines: one "RESULT key value" a key, numbers in full.
function common.print_results(r, keys)
  for _, k in ipairs(keys) do
    local v = r[k]
    print(string.format("RESULT %s %s", k, type(v) == "number" and string.format("%.17g", v) or tostring(v)))
  end
end

-- A report table: row(label, get) prints label, then get(column) of every
-- column right-aligned in 20 characters ("-" where get gives nil).
function common.table_printer(columns, label_width)
  local label_fmt = "   %-" .. label_width .. "s%s"
  return function(label, get)
    local cells = {}
    for i, col in ipairs(columns) do
      local v = get(col)
      cells[i] = string.format("%20s", v == nil and "-" or v)
    end
    print(string.format(label_fmt, label, table.concat(cells)))
  end
end

-- The rows every report table starts with: the column's name, its
-- interpreter and backend, and ms/step (median, min-max, mean).
function common.timing_rows(row)
  local function f3(v) return v and string.format("%.3f", v) end
  row("", function(r) return r.name end)
  row("interpreter", function(r) return r.interpreter end)
  row("backend", function(r) return r.backend end)
  row("ms/step (median)", function(r) return f3(r.ms_per_step) end)
  row("  [min-max over reps]", function(r) return string.format("[%.3f-%.3f]", r.ms_min, r.ms_max) end)
  row("ms/step (mean)", function(r) return f3(r.ms_mean) end)
end

-- Starts a report's table: a note when there is no C column (c nil; core:
-- bench_core's path), then the timing rows. Returns the row printer.
function common.report_table(columns, c, core, label_width)
  if not c then print("   (no C column: " .. core .. " not found; set WARY_BENCH_CORE)") end
  local row = common.table_printer(columns, label_width)
  common.timing_rows(row)
  return row
end

-- Two rows of a rate: the median per CPU second (r[key .. "_per_s"]) and its
-- [min-max over reps] (r[key .. "_min"], r[key .. "_max"]).
function common.rate_rows(row, label, key)
  local si = common.si
  row(label, function(r) return si(r[key .. "_per_s"]) .. "/s" end)
  row("  [min-max over reps]", function(r)
    return string.format("[%s-%s]", si(r[key .. "_min"]), si(r[key .. "_max"]))
  end)
end

-- Runs a report's columns: C (bench_core, when it is there: t.c_cmd(core))
-- and one a Lua interpreter (t.lua_cmd(name), lua = true), each with
-- reps = t.new_reps(); t.rounds rounds of t.run_one(col, col.cmd) for every
-- column in turn, then t.summarize(col). Returns the columns, the Lua ones, the
-- C one (nil without bench_core) and bench_core's path.
function common.run_columns(here, t)
  local columns = {}
  local core, found = common.bench_core(here)
  if found then columns[1] = { name = "C", cmd = t.c_cmd(core) } end
  local luas = {}
  for _, name in ipairs(common.interpreters()) do
    local col = { name = name, lua = true, cmd = t.lua_cmd(name) }
    columns[#columns + 1] = col
    luas[#luas + 1] = col
  end
  for _, col in ipairs(columns) do col.reps = t.new_reps() end
  for _ = 1, t.rounds do
    for _, col in ipairs(columns) do t.run_one(col, col.cmd) end
  end
  for _, col in ipairs(columns) do t.summarize(col) end
  return columns, luas, not columns[1].lua and columns[1] or nil, core
end

-- "x<a / b>", or "-" without both or when b is not positive.
function common.ratio(a, b)
  return (a and b and b > 0) and string.format("x%.2f", a / b) or "-"
end

return common
