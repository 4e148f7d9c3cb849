-- bench/hearing.lua: the built-in hearing sense through the facade
-- (require("wary")), on each backend, side by side in one run, next to the
-- same world stepped from C. Prints figures; asserts nothing about time.
--
--   lua5.4 bench/hearing.lua                  the report: runs the C worker (bench_core with
--                                             WARY_BENCH_PARTS=hearing-worker) and the workers
--                                             below in turn, WARY_BENCH_HEARING_ROUNDS (3) times,
--                                             so that all columns share the machine's load,
--                                             and prints them side by side
--   lua5.4 bench/hearing.lua --worker         one measurement in this interpreter
--   luajit bench/hearing.lua --worker
-- (after `. scripts/env.sh`; bash bench/run.sh does all of it).
--
-- The world is the one of bench_core's part 6 (bench/part_hearing.c): a 200 m x 200 m square at
-- 100 units per metre with WARY_BENCH_HEARING_K (2000) boxes, all opaque walls,
-- WARY_BENCH_HEARING_N (500) agents standing spread out that hear (hearing only,
-- its defaults, the ear at 0.64 m set explicitly), WARY_BENCH_HEARING_MAKERS
-- (100) makers of another team walking 0.5-3 m/s, and WARY_BENCH_HEARING_RATE
-- (200) sounds a second, floor(s x rate / 60) - floor((s - 1) x rate / 60) at
-- step s, each drawing its type from the mix below, its maker, and, for a
-- thrown rock, where it lands 5-15 m away (world:emit_sound_at: a sound
-- nobody made; the others are world:emit_sound(maker, name)). The sound types
-- are the seed's starter set as lua/wary/data/sounds.lua ships it, copied here and
-- in bench/part_hearing.c (the world is made with sounds = false and defines these),
-- so the benchmark does not move when that file does. Everything is drawn
-- from bench_core's fixed-seed generators in its order and moved with its
-- arithmetic (C's float 1/60 s as the move step, degrees -> radians as
-- x * pi / 180), so both backends and C step the same world to the bit: the
-- ray, delivery and event counts of the columns agree, and the report says
-- whether they do.
--
-- Each worker steps three worlds: normal; far (the makers walk a square
-- 250-450 m along x, 50 m past the listeners': no listener is within any
-- sound's range); muffled (the normal world under an environment with
-- hearing_range_scale 0: the grid hands out the listeners, the range check
-- refuses each); a Lua worker also handled (the normal world with a world
-- handler, a no-op, on every event it makes: what a listened event costs).
-- Each: 60 warm-up steps, then WARY_BENCH_REPS (7) repetitions of
-- WARY_BENCH_STEPS (120) steps of 1/60 s, each timed alone.
--
-- Counting. arrivals = world:stats().rays: every (sound, listener) pair that
-- passes range, level of detail, filter and team costs one wall ray and goes
-- into the listener's pending list (nothing else casts rays here: the agents
-- have no eyes). deliveries = the sound_heard events of the step's hearing
-- updates, one per pending sound reported. Over a run they fall short of
-- arrivals only by the sounds the pending cap pushed out (more than 3 of a
-- type reaching a listener between two of its updates: the quietest gives
-- way) and those still pending at the end.
--
-- Time is os.clock(): CPU time of the process around world:step (which
-- includes building the event tables and dispatching them: no handler is
-- registered here); the C worker reads the same clock (CLOCK_PROCESS_CPUTIME_ID).
-- deliveries/s = sound_heard events / CPU seconds in world:step; arrivals/s =
-- rays / the same seconds. Moving the makers and emitting the sounds happen
-- between steps and are not timed.
--
-- Environment: WARY_BENCH_HEARING_N, _MAKERS, _K, _RATE, _ROUNDS (3);
-- WARY_BENCH_REPS, _STEPS; WARY_BENCH_LUAS (the interpreters of the report,
-- default "lua5.4 luajit"); WARY_BENCH_CORE (the bench_core binary for the C
-- column, default $WARY_BUILD/bench/bench_core; without it the C column is
-- left out); WARY_BENCH_RESULTS (a key=value file the report appends the cost
-- of an event over C to, per interpreter, without and with a handler).

local script = arg and arg[0] or "bench/hearing.lua"
local here = script:match("^(.*)[/\\]") or "."
package.path = here .. "/../?.lua;" .. package.path  -- bench/common.lua, from wherever this is run
local common = require("bench.common")

local cfg = common.setup("hearing.lua", here, arg)
local REPS, STEPS, WARMUP = cfg.REPS, cfg.STEPS, common.WARMUP
local N = common.env_number("WARY_BENCH_HEARING_N", 500)
local NM = common.env_number("WARY_BENCH_HEARING_MAKERS", 100)
local K = common.env_number("WARY_BENCH_HEARING_K", 2000)
local RATE = common.env_number("WARY_BENCH_HEARING_RATE", 200)
-- bench_core steps with DT = 1.0f / 60.0f (bench/core.h): the float, widened to a double.
local DT = 0.016666667535901070
local UPM = 100
local SIZE = 20000           -- 200 m
local FAR_OFFSET = 25000     -- far world: the makers' square starts at x = 250 m
local EAR = 64               -- 0.64 m, the default ear height
local PI = math.pi

local NORMAL, FAR, MUFFLED, HANDLED = 0, 1, 2, 3

-- The events a hearing world makes, each given a handler in the HANDLED world.
local EVENTS = { "suspect", "detect", "track", "telegraph", "lost", "remember", "forget", "hear", "sound_heard",
                 "location_belief_changed" }

-- The mix: bench_core's hear_types (bench/part_hearing.c), in its order (share: percent of the sounds).
local TYPES = {
  { name = "Footstep", category = "enemy", alert_level = "normal", base_loudness = 1.0, max_range_m = 8,
    max_lod_tier = 1, share = 30 },
  { name = "Sprint", category = "enemy", alert_level = "loud", base_loudness = 1.8, max_range_m = 16,
    max_lod_tier = 2, share = 15 },
  { name = "CrouchedStep", category = "enemy", alert_level = "whisper", base_loudness = 0.3, max_range_m = 3,
    max_lod_tier = 0, share = 5 },
  { name = "Reload", category = "enemy", alert_level = "normal", base_loudness = 1.2, max_range_m = 10,
    max_lod_tier = 1, share = 10 },
  { name = "SuppressedShot", category = "enemy", alert_level = "whisper", base_loudness = 0.6, max_range_m = 9,
    max_lod_tier = 1, share = 5 },
  { name = "Gunshot", category = "enemy", alert_level = "loud", base_loudness = 3.0, max_range_m = 40,
    max_lod_tier = 3, location_accuracy_override = 0.9, share = 10 },
  { name = "Door", category = "environment", alert_level = "normal", base_loudness = 1.0, max_range_m = 12,
    max_lod_tier = 2, share = 8 },
  { name = "GlassBreak", category = "environment", alert_level = "loud", base_loudness = 2.0, max_range_m = 25,
    max_lod_tier = 3, share = 4 },
  { name = "ThrownRock", category = "environment", alert_level = "normal", base_loudness = 1.4, max_range_m = 18,
    max_lod_tier = 2, share = 10, at_place = true },
  { name = "AnimalCall", category = "animal", alert_level = "normal", base_loudness = 1.5, max_range_m = 20,
    max_lod_tier = 2, share = 3 },
}

-- Degrees -> radians as bench_core converts them (bench/core_world.c).
local function rad(d) return d * PI / 180 end

local ratio = common.ratio

-- MINSTD (48271 mod 2^31 - 1) in floats, exact in doubles: bench_core's lcg (bench/core.h).
local function generator(seed)
  return function()
    seed = (seed * 48271.0) % 2147483647.0
    return seed / 2147483647.0
  end
end

-- ---- one measurement in this interpreter -----------------------------------

-- Builds one world (kind: NORMAL, FAR, MUFFLED or HANDLED: the normal world
-- with a world handler, doing nothing, on every event). Returns it, its makers
-- { x, y, vx, vy, actor } and the x offset of their square.
local function build(wary, kind)
  local world = wary.world{ units_per_meter = UPM, sounds = false }
  for _, t in ipairs(TYPES) do
    world:define_sound{ name = t.name, category = t.category, alert_level = t.alert_level,
                        base_loudness = t.base_loudness, max_range_m = t.max_range_m,
                        location_accuracy_override = t.location_accuracy_override, max_lod_tier = t.max_lod_tier }
  end
  world:define_profile{ name = "bench_hearing", hearing = { ear_height = EAR }, ignore_same_team = true }
  local rnd = generator(20240607.0)
  for _ = 1, K do
    local cx, cy = rnd() * SIZE, rnd() * SIZE
    local sx, sy = 50 + rnd() * 250, 50 + rnd() * 250
    local h = 50 + rnd() * 250
    world:add_box{ min = { cx - sx / 2, cy - sy / 2, 0 }, max = { cx + sx / 2, cy + sy / 2, h },
                   material = "concrete" }
  end
  for _ = 1, N do
    local x, y = rnd() * SIZE, rnd() * SIZE
    world:add_agent{ profile = "bench_hearing", pos = { x, y, 0 }, team = "guards" }
  end
  local xo = kind == FAR and FAR_OFFSET or 0
  local makers = {}
  for i = 1, NM do
    local x, y = xo + rnd() * SIZE, rnd() * SIZE
    local speed = 50 + rnd() * 250
    local heading = rad(rnd() * 360)
    local m = { x = x, y = y, vx = speed * math.cos(heading), vy = speed * math.sin(heading) }
    m.actor = world:add_target{ pos = { x, y, 0 }, velocity = { m.vx, m.vy, 0 }, team = "intruders" }
    makers[i] = m
  end
  if kind == HANDLED then
    local function listen() end
    for _, name in ipairs(EVENTS) do world:on(name, listen) end
  end
  if kind == MUFFLED then
    world:add_environment{ min = { -SIZE, -SIZE, -SIZE }, max = { 2 * SIZE, 2 * SIZE, 2 * SIZE },
                           hearing_range_scale = 0 }
  end
  return world, makers, xo
end

-- One move of dt inside the makers' square (bench_core's hear_move, bench/part_hearing.c).
local function move(p, dt, xo) common.bounce(p, dt, SIZE, xo) end

-- Steps one world: WARMUP steps, then REPS x STEPS. Returns one table a
-- repetition: seconds (CPU time in world:step), ms_median, rays, heard
-- (sound_heard events), hear, events, sounds, beliefs0 and beliefs (held at
-- its start and at its end).
local function run(world, makers, xo)
  local rnd = generator(777.0)
  local clock, floor, cos, sin = os.clock, math.floor, math.cos, math.sin
  local ntypes = #TYPES
  local reps, step_ms = {}, {}
  local r, rays0
  local step_no = 0
  for i = 1, WARMUP + REPS * STEPS do
    local at = i - WARMUP  -- > 0: measured
    local slot = at > 0 and (at - 1) % STEPS + 1 or 0
    if slot == 1 then
      local st = world:stats()
      r = { seconds = 0, rays = 0, heard = 0, hear = 0, events = 0, sounds = 0, beliefs0 = tonumber(st.beliefs) }
      rays0 = tonumber(st.rays)
      reps[#reps + 1] = r
    end
    for _, m in ipairs(makers) do
      move(m, DT, xo)
      m.actor:set_pos(m.x, m.y, 0)
    end
    step_no = step_no + 1
    local count = floor(step_no * RATE / 60) - floor((step_no - 1) * RATE / 60)
    if NM == 0 then count = 0 end
    for _ = 1, count do
      local u = rnd() * 100
      local t, acc = 1, TYPES[1].share
      while t < ntypes and u >= acc do
        t = t + 1
        acc = acc + TYPES[t].share
      end
      local mk = makers[floor(rnd() * NM) + 1]
      local ty = TYPES[t]
      if ty.at_place then
        local dist = 500 + rnd() * 1000
        local dir = rad(rnd() * 360)
        world:emit_sound_at({ mk.x + dist * cos(dir), mk.y + dist * sin(dir), 0 }, ty.name)
      else
        world:emit_sound(mk.actor, ty.name)
      end
      if slot > 0 then r.sounds = r.sounds + 1 end
    end
    local t0 = clock()
    world:step(DT)
    local t = clock() - t0
    local ev = world:events() -- untimed: the step builds no event table nobody listens to
    if slot > 0 then
      step_ms[slot] = t * 1e3
      r.seconds = r.seconds + t
      r.events = r.events + #ev
      for _, e in ipairs(ev) do
        local ty = e.type
        if ty == "sound_heard" then r.heard = r.heard + 1 elseif ty == "hear" then r.hear = r.hear + 1 end
      end
      if slot == STEPS then
        local st = world:stats()
        r.ms_median = (common.median(step_ms))
        r.rays = tonumber(st.rays) - rays0
        r.beliefs = tonumber(st.beliefs)
      end
    end
  end
  return reps
end

-- Prints one REP line a repetition and world (bench_core's hearing-worker
-- format) and RESULT lines.
local function run_worker()
  local wary = require("wary")
  local beliefs, dropped = 0, 0
  for kind = NORMAL, HANDLED do
    local world, makers, xo = build(wary, kind)
    local reps = run(world, makers, xo)
    if kind == NORMAL then beliefs = tonumber(world:stats().beliefs) end
    dropped = dropped + tonumber(world:events_dropped())
    world:destroy()
    for _, r in ipairs(reps) do
      print(string.format("REP %d %.9f %.9f %d %d %d %d %d %d %d", kind, r.seconds, r.ms_median, r.rays, r.heard,
        r.hear, r.events, r.sounds, r.beliefs0, r.beliefs))
    end
  end
  print("RESULT interpreter " .. (rawget(_G, "jit") and jit.version or _VERSION))
  print("RESULT backend " .. wary.backend)
  print("RESULT beliefs " .. beliefs)
  print("RESULT dropped " .. dropped)
end

-- ---- the report: C and one worker per interpreter, interleaved in rounds ----

local FIELDS = { "seconds", "ms_median", "rays", "heard", "hear", "events", "sounds", "beliefs0", "beliefs" }

-- Runs one worker; appends its repetitions to col.reps[world].
local function run_one(col, cmd)
  local out, ok = common.run_command(cmd)
  local n = 0
  for line in out:gmatch("REP ([^\n]*)") do
    local v = {}
    for x in line:gmatch("%S+") do v[#v + 1] = tonumber(x) end
    if #v == #FIELDS + 1 then
      local r = {}
      for i, k in ipairs(FIELDS) do r[k] = v[i + 1] end
      local list = col.reps[v[1]]
      list[#list + 1] = r
      n = n + 1
    end
  end
  if not ok or n ~= (col.lua and 4 or 3) * REPS then common.worker_failed("hearing.lua", col.name, out) end
  for k, v in out:gmatch("RESULT (%S+) ([^\n]*)") do
    if k == "dropped" then col.dropped = (col.dropped or 0) + tonumber(v) else col[k] = tonumber(v) or v end
  end
end

-- Medians (and min, max) over every repetition of every round, per world.
local function summarize(col)
  col.w = {}
  for kind = NORMAL, HANDLED do
    local reps = col.reps[kind]
    if #reps == 0 then break end
    local s = common.summarize(reps, STEPS, { { "heard", "heard" }, { "rays", "rays" } }, {})
    local steps = #reps * STEPS
    local t = s.totals
    s.steps = steps
    for _, k in ipairs({ "rays", "heard", "hear", "events", "sounds" }) do s[k .. "_per_step"] = t[k] / steps end
    s.beliefs0, s.beliefs1 = reps[1].beliefs0, reps[REPS].beliefs
    col.w[kind] = s
  end
  for k, v in pairs(col.w[NORMAL]) do col[k] = v end
end

-- Appends each Lua column's cost of an event over C to WARY_BENCH_RESULTS:
-- events_<interpreter>_us_unheard (no handler), events_<interpreter>_us_handled.
local function write_results(luas)
  local file = os.getenv("WARY_BENCH_RESULTS")
  if not file or file == "" then return end
  local f = assert(io.open(file, "a"))
  for _, r in ipairs(luas) do
    local key = r.name:gsub("[^%w]", "")
    if r.us_unheard then f:write(string.format("events_%s_us_unheard=%.9g\n", key, r.us_unheard)) end
    if r.us_handled then f:write(string.format("events_%s_us_handled=%.9g\n", key, r.us_handled)) end
  end
  f:close()
end

local function run_report()
  local rounds = math.max(1, common.env_number("WARY_BENCH_HEARING_ROUNDS", 3))
  local world_env = string.format("WARY_BENCH_HEARING_N=%d WARY_BENCH_HEARING_MAKERS=%d "
    .. "WARY_BENCH_HEARING_K=%d WARY_BENCH_HEARING_RATE=%d", N, NM, K, RATE)
  local columns, luas, c, core = common.run_columns(here, {
    rounds = rounds, run_one = run_one, summarize = summarize,
    new_reps = function() return { [NORMAL] = {}, [FAR] = {}, [MUFFLED] = {}, [HANDLED] = {} } end,
    c_cmd = function(path)
      return string.format("WARY_BENCH_PARTS=hearing-worker WARY_BENCH_REPS=%d WARY_BENCH_STEPS=%d %s %s",
        REPS, STEPS, world_env, common.shell_quote(path))
    end,
    lua_cmd = function(name) return world_env .. " " .. common.worker_command(name, script, cfg) end,
  })

  local names = {}
  for i, col in ipairs(columns) do names[i] = col.name end
  print(string.format("7. Hearing through the facade (world:step): %d agents, %d makers, %d boxes, %d sounds/s;",
    N, NM, K, RATE))
  print(string.format("   %d rounds, each running %s in turn, every worker %d x %d steps a world after %d warm-up:",
    rounds, table.concat(names, ", "), REPS, STEPS, WARMUP))
  print(string.format("   medians over %d repetitions a column. The world, mix and counting of 6. (same generators,",
    rounds * REPS))
  print("   same moves); profile hearing = { ear_height = 64 }, the rest at its defaults; no handler registered,")
  print("   except in the Lua columns' fourth world: the normal one with a world handler (a no-op) on every event")
  local function f1(v) return v and string.format("%.1f", v) end
  local function f2(v) return v and string.format("%.2f", v) end
  local function f3(v) return v and string.format("%.3f", v) end
  local row = common.report_table(columns, c, core, 30)
  common.rate_rows(row, "deliveries/s (sound_heard)", "heard")
  common.rate_rows(row, "arrivals/s (= rays/s)", "rays")
  row("sounds emitted/step", function(r) return f2(r.sounds_per_step) end)
  row("arrivals (rays)/step", function(r) return f1(r.rays_per_step) end)
  row("deliveries (sound_heard)/step", function(r) return f1(r.heard_per_step) end)
  row("hear events/step", function(r) return f1(r.hear_per_step) end)
  row("events/step", function(r) return f1(r.events_per_step) end)
  row("beliefs at start -> end", function(r) return string.format("%d -> %d", r.beliefs0, r.beliefs1) end)
  print("   the same sounds, every listener out of range:")
  for kind = FAR, MUFFLED do
    local label = kind == FAR and "far" or "muffled"
    row("  " .. label .. ": rays/step", function(r) return f1(r.w[kind].rays_per_step) end)
    row("  " .. label .. ": deliveries/step", function(r) return f1(r.w[kind].heard_per_step) end)
    row("  " .. label .. ": ms/step (median)", function(r) return f3(r.w[kind].ms_per_step) end)
  end
  print("   the normal world with a handler on every event:")
  row("  handled: ms/step (median)", function(r) return r.w[HANDLED] and f3(r.w[HANDLED].ms_per_step) end)
  print("   (far: the makers walk 250-450 m along x, 50 m past the listeners, so the grid hands out none;")
  print("   muffled: hearing_range_scale 0 everywhere, the grid hands the listeners out, the range check refuses each)")
  if #luas >= 2 then
    local a, b = luas[1], luas[2]
    print(string.format("   %s / %s: deliveries/s %s, ms/step %s", b.name, a.name, ratio(b.heard_per_s, a.heard_per_s),
      ratio(b.ms_per_step, a.ms_per_step)))
  end
  if c then
    local function per_event(r, ms)
      return r.events_per_step > 0 and (ms - c.ms_per_step) * 1e3 / r.events_per_step or nil
    end
    for _, r in ipairs(luas) do
      r.us_unheard, r.us_handled = per_event(r, r.ms_per_step), per_event(r, r.w[HANDLED].ms_per_step)
      print(string.format("   C / %-8s deliveries/s %s; ms/step minus C's %+.3f ms (%s an event),", r.name .. ":",
        ratio(c.heard_per_s, r.heard_per_s), r.ms_per_step - c.ms_per_step,
        r.us_unheard and string.format("%+.3f us", r.us_unheard) or "-"))
      print(string.format("              with a handler on every event %+.3f ms (%s an event)",
        r.w[HANDLED].ms_per_step - c.ms_per_step, r.us_handled and string.format("%+.3f us", r.us_handled) or "-"))
    end
    write_results(luas)
  end
  local same, dropped = true, 0
  local ref = columns[1]
  for _, r in ipairs(columns) do
    for kind = NORMAL, HANDLED do
      local a, b = r.w[kind] and r.w[kind].totals, ref.w[kind == HANDLED and NORMAL or kind].totals
      same = same and (not a or a.rays == b.rays and a.heard == b.heard and a.hear == b.hear
        and a.events == b.events and a.sounds == b.sounds)
    end
    dropped = dropped + (r.dropped or 0)
  end
  print(string.format("   same world in every column: %s (normal world: %d sounds, %d rays, %d sound_heard, %d events",
    same and "yes" or "NO", ref.totals.sounds, ref.totals.rays, ref.totals.heard, ref.totals.events))
  print(string.format("   over %d measured steps%s; far, muffled and handled alike); events dropped: %s", ref.steps,
    same and "" or " in the first column", dropped == 0 and "none" or tostring(dropped)))
  print("   time: CPU time of the process around each step (Lua: os.clock() around world:step, which builds and")
  print("   dispatches the event tables; C: CLOCK_PROCESS_CPUTIME_ID around wary_step); deliveries/s and arrivals/s")
  print("   are per CPU second inside the step; moving makers and emitting sounds are between steps, untimed")
end

if cfg.worker then run_worker() else run_report() end
