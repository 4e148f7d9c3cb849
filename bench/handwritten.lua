-- bench/handwritten.lua: wary next to the Lua a LÖVE developer writes without
-- it, on the same generated scene, in one process per interpreter, per step.
-- Prints figures; asserts nothing about time.
--
--   lua5.4 bench/handwritten.lua [N M K]                    the report: runs the workers below in turn,
--                                                           WARY_BENCH_HAND_ROUNDS (2) times, the first
--                                                           with --check, and prints them side by side
--   lua5.4 bench/handwritten.lua --worker [--check] [N M K] one measurement in this interpreter
--   luajit bench/handwritten.lua --worker [--check] [N M K]
-- (after `. scripts/env.sh`; bash bench/run.sh does all of it).
--
-- The scene is the world of bench_core's part 3 (bench/core_world.c;
-- common.populate: N agents (200), M targets (50), K boxes (2000) in a
-- 100 m x 100 m square, the same generator, the same moves), but with a 20 m
-- sight: every agent has vision = { max_range = 2000, half_angle_deg = 60,
-- interval = 0.1 }, the rest at its defaults. Three ways of seeing it, on the same steps, in turn (the
-- order rotates every step, so that they share the machine's load):
--
--   wary          world:step(dt) (vision in C, beliefs, states, events).
--   hand-written  bench/handwritten_vision.lua: seed 000's formula, five rays
--                 a target in range and cone, every ray against every box.
--   + bump grid   the same, its rays through bench/handwritten_grid.lua's
--                 grid laid out as bump.lua's (cells as sets, the cells and
--                 items of a query in tables of their own, hits sorted),
--                 WARY_BENCH_HAND_CELL (4) m cells.
--   + lean grid   the same through that file's lean grid (arrays, no table
--                 made and nothing sorted per query).
--
-- The hand-written versions get what wary holds: positions, velocities and
-- boxes rounded to floats as wary stores them; each agent's facing from its
-- velocity; every agent looks at every target once every 6 steps (0.1 s, agent
-- i on the steps where (step + i) % 6 == 0, spread as wary spreads its
-- updates). They compute vision's confidence only (kept per agent and
-- target); wary's step does that and the rest of a step. Both cast five rays
-- a target in range and cone (wary stops earlier only when the answer is
-- decided, which with one point required and 5% exposure is seldom).
--
-- Then segment queries: the segments of bench_core's part 1 (WARY_BENCH_RAYS,
-- 20000: 5-40 m from eye height to chest height, the same generator), each
-- answered whole (every box on it: transmission, walls, boxes) by world:ray and
-- by both grids, in turn, once a round.
--
-- Each worker: 60 warm-up steps (wary), three untimed cycles (18 steps) of the
-- hand-written versions (LuaJIT compiles them), then 3 rounds of WARY_BENCH_HAND_STEPS (12)
-- steps, one pass over the segments and each column alone for as many steps in
-- a row after one untimed (no other column and no forced collection between
-- two of its steps). Figures are medians over every
-- round of every worker of an interpreter. Time is os.clock(), CPU time; a full
-- garbage collection (untimed) before each column's work, so that a column's
-- collection work is driven by its own garbage only.
--
-- --check: after the rounds, at the world's last state, every (agent, target)
-- pair is evaluated by the three hand-written versions and by wary's
-- agent:explain(target).vision (vision's factors, every ray cast), and every segment
-- by world:ray and both grids: the report prints how many agree.
--
-- Environment: WARY_BENCH_N, _M, _K, _RAYS; WARY_BENCH_HAND_ROUNDS (2),
-- WARY_BENCH_HAND_STEPS (12), WARY_BENCH_HAND_CELL (4, metres);
-- WARY_BENCH_LUAS (the interpreters, default "lua5.4 luajit");
-- WARY_BENCH_C_RESULTS (a key=value file from bench_core: part 1's C ray
-- rate); WARY_BENCH_RESULTS (a key=value file the report appends its figures to).

local script = arg and arg[0] or "bench/handwritten.lua"
local here = script:match("^(.*)[/\\]") or "."
package.path = here .. "/../?.lua;" .. package.path  -- bench/*.lua, from wherever this is run
local common = require("bench.common")
local V = require("bench.handwritten_vision")
local G = require("bench.handwritten_grid")

local argv, check = {}, false
for _, a in ipairs(arg or {}) do
  if a == "--check" then check = true else argv[#argv + 1] = a end
end
local cfg = common.setup("handwritten.lua", here, argv)
local N, M, K, WARMUP = cfg.N, cfg.M, cfg.K, common.WARMUP
local STEPS = math.max(1, common.env_number("WARY_BENCH_HAND_STEPS", 12))
local RAYS = math.max(1, common.env_number("WARY_BENCH_RAYS", 20000))
local CELL = math.max(1, common.env_number("WARY_BENCH_HAND_CELL", 4)) * 100
local INNER = 3       -- rounds a worker
local DT = 0.016666667535901070  -- bench_core's float 1/60 s (bench/core.h)
local UPM = 100
local RANGE = 2000    -- 20 m
local PI = math.pi
local function rad(d) return d * PI / 180 end
local function deg(r) return r * 180 / PI end

-- What the game's own code knows of the starter materials.
local TRANSMISSION = { concrete = 0.0, glass = 1.0, foliage = 0.72, smoke = 0.02 }
local WALL = { concrete = true, glass = true, foliage = false, smoke = false }

-- x rounded to a float, as wary stores it.
local tofloat
if rawget(_G, "jit") then
  local f = require("ffi").new("float[1]")
  tofloat = function(x)
    f[0] = x
    return tonumber(f[0])
  end
else
  local pack, unpack = string.pack, string.unpack
  tofloat = function(x) return (unpack("f", pack("f", x))) end
end

-- ---- one measurement in this interpreter -----------------------------------

-- The settings of the hand-written check: wary's defaults (the seed's numbers).
local function settings()
  return { range = RANGE, half_angle = 60, eye_height = 170, darkness_min = 0.1, motion_bonus = 0.3,
           motion_speed = 600, min_exposure = 0.05, min_points = 1, weather = 1, upm = UPM, every = 6,
           looked = 0, rays = 0 }
end

-- The game's own copy of the boxes, as the world holds them.
local function own_boxes(world)
  local boxes = {}
  for i, b in ipairs(world:boxes()) do
    boxes[i] = { x1 = tofloat(b.min[1]), y1 = tofloat(b.min[2]), z1 = tofloat(b.min[3]),
                 x2 = tofloat(b.max[1]), y2 = tofloat(b.max[2]), z2 = tofloat(b.max[3]),
                 transmission = TRANSMISSION[b.material], wall = WALL[b.material] }
  end
  return boxes
end

-- The game's own copy of the movers: positions and velocities as floats,
-- the agents facing where they walk.
local function sync(agents, targets, mine_a, mine_t)
  for i, a in ipairs(agents) do
    local h = mine_a[i]
    h.x, h.y = tofloat(a.x), tofloat(a.y)
    local speed = math.sqrt(a.vx * a.vx + a.vy * a.vy)
    if speed > 0 then h.fx, h.fy = a.vx / speed, a.vy / speed end
  end
  for i, t in ipairs(targets) do
    local h = mine_t[i]
    h.x, h.y, h.vx, h.vy = tofloat(t.x), tofloat(t.y), tofloat(t.vx), tofloat(t.vy)
  end
end

-- Part 1's segments (bench/part_rays.c, make_segments: the same generator and draws), as floats.
local function segments()
  local seed = 97531.0
  local function rnd()
    seed = (seed * 48271.0) % 2147483647.0
    return seed / 2147483647.0
  end
  local list = {}
  for i = 1, RAYS do
    local ax, ay = rnd() * common.SIZE, rnd() * common.SIZE
    local len = 500 + rnd() * 3500
    local dir = rnd() * 2 * PI
    local s = { tofloat(ax), tofloat(ay), 170, tofloat(ax + len * math.cos(dir)), tofloat(ay + len * math.sin(dir)),
                100 }
    s.a, s.b = { s[1], s[2], s[3] }, { s[4], s[5], s[6] }
    list[i] = s
  end
  return list
end

-- The ways of seeing and querying, by name: the hand-written ray functions
-- and each grid's segment query.
local function references(boxes)
  local bump, lean = G.bump(boxes, CELL), G.lean(boxes, CELL)
  return {
    every = V.every_box(boxes),
    bump = G.ray(bump, G.bump_segment), lean = G.ray(lean, G.lean_segment),
    segment = { bump = function(...) return G.bump_segment(bump, ...) end,
                lean = function(...) return G.lean_segment(lean, ...) end },
  }
end

-- Every pair by the hand-written versions and by wary's explain, and every
-- segment by world:ray and both grids, at the world's state now. Prints
-- RESULT lines.
local function agree(world, agents, targets, mine_a, mine_t, ref, segs)
  local s = settings()
  local n = { pairs = 0, same = 0, seen = 0, bump = 0, lean = 0, rays = 0, rays_same = 0, max_diff = 0 }
  local sights = {}
  for i, a in ipairs(agents) do
    local h = mine_a[i]
    local ex, ey, ez = h.x, h.y, h.z + s.eye_height
    for j, t in ipairs(targets) do
      local looked = s.looked
      local c = V.confidence(s, ref.every, ex, ey, ez, h.fx, h.fy, 0, mine_t[j], sights)
      local cast = s.looked > looked
      local e = a.actor:explain(t.actor).vision  -- vision's factors (explain also gives the other senses)
      local diff = math.abs(c - e.confidence)
      if diff > n.max_diff then n.max_diff = diff end
      n.pairs = n.pairs + 1
      if (c > 0) == (e.confidence > 0) and diff <= 1e-4 then n.same = n.same + 1 end
      if c > 0 then n.seen = n.seen + 1 end
      for _, k in ipairs({ "bump", "lean" }) do
        local cg = V.confidence(s, ref[k], ex, ey, ez, h.fx, h.fy, 0, mine_t[j])
        if math.abs(cg - c) <= 1e-9 then n[k] = n[k] + 1 end
      end
      if cast then
        for p = 1, #V.POINTS do
          local w, sample = sights[p], e.samples[p]
          local x = sample and sample.sight or -1
          n.rays = n.rays + 1
          if (w <= 0) == (x <= 0) and (w > 0.5) == (x > 0.5) and math.abs(w - x) <= 1e-5 then
            n.rays_same = n.rays_same + 1
          end
        end
      end
    end
  end
  local seg = { bump = 0, lean = 0 }
  for _, sg in ipairs(segs) do
    local r = world:ray(sg.a, sg.b)
    for k, query in pairs(ref.segment) do
      local tr, walls, boxes = query(sg[1], sg[2], sg[3], sg[4], sg[5], sg[6], false)
      if boxes == r.boxes and walls == r.walls and (tr <= 0) == (r.transmission <= 0)
        and math.abs(tr - r.transmission) <= 1e-5 then
        seg[k] = seg[k] + 1
      end
    end
  end
  print(string.format("RESULT check_pairs %d\nRESULT check_pairs_same %d\nRESULT check_pairs_seen %d\n"
    .. "RESULT check_max_diff %.3g\nRESULT check_bump_same %d\nRESULT check_lean_same %d\nRESULT check_rays %d\n"
    .. "RESULT check_rays_same %d\nRESULT check_segments %d\nRESULT check_segments_bump %d\n"
    .. "RESULT check_segments_lean %d", n.pairs, n.same, n.seen, n.max_diff, n.bump, n.lean, n.rays, n.rays_same,
    #segs, seg.bump, seg.lean))
end

local VISION = { "wary", "every", "bump", "lean" }   -- the columns of a step, in REP order
local SEGMENTS = { "ray", "bump", "lean" }            -- the segment queries, in REP order

local function run_worker()
  -- Four columns' worth of traces overflow LuaJIT's defaults (1000 traces), and
  -- each flush recompiles everything: room for all of them, for a steady measure.
  if rawget(_G, "jit") then require("jit.opt").start("maxtrace=10000", "maxmcode=16384") end
  local wary = require("wary")
  local world = wary.world{ units_per_meter = UPM }
  world:define_profile{ name = "bench_hand", ignore_same_team = true,
    vision = { max_range = RANGE, half_angle_deg = 60, interval = 0.1 } }
  local agents, targets = common.populate(world, { N = N, M = M, K = K, profile = "bench_hand", heat = false,
                                                   rad = rad, deg = deg })
  local ref = references(own_boxes(world))
  local mine_a, mine_t = {}, {}
  for i = 1, #agents do mine_a[i] = { x = 0, y = 0, z = 0, fx = 1, fy = 0, seen = {} } end
  for i = 1, #targets do
    mine_t[i] = { x = 0, y = 0, z = 0, yaw = 0, vx = 0, vy = 0, vz = 0, light = 1, visibility = 1 }
  end
  local segs = segments()
  local clock = os.clock

  for _ = 1, WARMUP do
    common.move(agents, targets, DT, deg)
    world:step(DT)
  end
  sync(agents, targets, mine_a, mine_t)
  local s = { every = settings(), bump = settings(), lean = settings() }
  for step = 1, 18 do
    for k, st in pairs(s) do V.update(st, ref[k], mine_a, mine_t, step) end
  end

  local step = 0
  local work = { function() world:step(DT) end }
  for c = 2, #VISION do
    local k = VISION[c]
    work[c] = function() V.update(s[k], ref[k], mine_a, mine_t, step) end
  end
  local query = {
    function(sg) return world:ray(sg.a, sg.b).transmission end,
    function(sg) return (ref.segment.bump(sg[1], sg[2], sg[3], sg[4], sg[5], sg[6], false)) end,
    function(sg) return (ref.segment.lean(sg[1], sg[2], sg[3], sg[4], sg[5], sg[6], false)) end,
  }
  -- A round's STEPS steps of the vision columns: t[c] gets column c's CPU time.
  local function vision_steps(t)
    for _ = 1, STEPS do
      step = step + 1
      common.move(agents, targets, DT, deg)
      sync(agents, targets, mine_a, mine_t)
      for j = 0, #VISION - 1 do
        local c = (step + j) % #VISION + 1
        collectgarbage()  -- no column pays for the garbage of the one before
        local t0 = clock()
        work[c]()
        t[c] = t[c] + clock() - t0
      end
    end
  end
  -- Under LuaJIT that loop and the columns' closures run in the interpreter
  -- (what each column calls is still compiled, its traces ending where they
  -- return into the loop; a few still land in a column's clock, far fewer
  -- than before: bench/README.md, part 10). Compiled, the loop went to
  -- another column each time round, and now and then LuaJIT recorded a new
  -- trace through a column's work while its clock ran: 0.3-1 ms inside wary's
  -- step of about 0.12 ms, a few times in a worker's 36 steps. That, not the
  -- C step, made wary's column read 15-35% slower under LuaJIT than under Lua 5.4.
  -- Each column alone: STEPS steps of its own in a row after one untimed
  -- (which finds the caches as the work before it left them), the movers
  -- moved before each (not timed), no collection forced and no other column
  -- between two of its steps; the columns in an order that rotates by
  -- round. Beside the steps taken in turn: how much of a column's step is
  -- its caches made cold by the work before it.
  local function in_a_row(round)
    local t = { 0, 0, 0, 0 }
    for j = 0, #VISION - 1 do
      local c = (round + j) % #VISION + 1
      collectgarbage()
      for i = 0, STEPS do
        step = step + 1
        common.move(agents, targets, DT, deg)
        sync(agents, targets, mine_a, mine_t)
        local t0 = clock()
        work[c]()
        if i > 0 then t[c] = t[c] + clock() - t0 end
      end
    end
    print(string.format("REP row %.9f %.9f %.9f %.9f", t[1], t[2], t[3], t[4]))
  end
  if rawget(_G, "jit") then
    jit.off(vision_steps)
    jit.off(in_a_row)
    for _, f in ipairs(work) do jit.off(f) end
  end

  for round = 1, INNER do
    local t = { 0, 0, 0, 0 }
    local rays0 = tonumber(world:stats().rays)
    s.every.looked, s.every.rays = 0, 0
    vision_steps(t)
    print(string.format("REP vision %.9f %.9f %.9f %.9f %d %d %d", t[1], t[2], t[3], t[4],
      tonumber(world:stats().rays) - rays0, s.every.looked, s.every.rays))

    local q, sink = { 0, 0, 0 }, 0
    for j = 0, #SEGMENTS - 1 do
      local c = (round + j) % #SEGMENTS + 1
      local f = query[c]
      collectgarbage()
      local t0 = clock()
      for i = 1, #segs do sink = sink + f(segs[i]) end
      q[c] = clock() - t0
    end
    print(string.format("REP segments %.9f %.9f %.9f %d %.6g", q[1], q[2], q[3], #segs, sink))
    in_a_row(round)
  end
  if check then agree(world, agents, targets, mine_a, mine_t, ref, segs) end
  print("RESULT interpreter " .. (rawget(_G, "jit") and jit.version or _VERSION))
  print("RESULT backend " .. wary.backend)
end

-- ---- the report: one worker per interpreter, in rounds -------------------------

-- A LuaJIT worker that ended in an error raised inside the hand-written
-- Lua (bench/handwritten_*.lua, never wary's): that error's line, else nil.
-- Debian 12's LuaJIT (2.1.0-beta3, a 2022-03-20 snapshot) now and then
-- fails there with "table index is nil" at a table read of an array that
-- has no holes (handwritten_grid.lua, the lean grid's walk): about one
-- worker in 25 (2026-12-07), never under Lua 5.4, nor reproduced with the
-- same process run again; the error of LuaJIT's ITERN fault
-- (docs/backends.md), which the bump-style grid's pairs loop may meet. The
-- report runs such a worker once more and says so (bench/README.md, part
-- 10); any other failure ends it.
local function hand_fault(col, out)
  if not col.name:find("luajit", 1, true) then return nil end
  -- The error's line (the interpreter's name, then where): not a traceback's.
  for line in out:gmatch("[^\n]+") do
    if line:match("^%S+: %S*bench/handwritten_%a+%.lua:%d+: ") then return line end
  end
  return nil
end

local function run_one(col, with_check)
  local cmd = common.worker_command(col.name, script, cfg):gsub("%-%-worker", with_check and "--worker --check"
    or "--worker", 1)
  cmd = string.format("WARY_BENCH_HAND_STEPS=%d WARY_BENCH_RAYS=%d WARY_BENCH_HAND_CELL=%d %s", STEPS, RAYS,
    math.floor(CELL / 100), cmd)
  local out, ok = common.run_command(cmd)
  local fault = not ok and hand_fault(col, out)
  if fault then
    -- Its partial output is dropped: the rerun's is the round's.
    col.faults[#col.faults + 1] = fault
    out, ok = common.run_command(cmd)
  end
  local n = 0
  for line in out:gmatch("REP vision ([^\n]*)") do
    local v = {}
    for x in line:gmatch("%S+") do v[#v + 1] = tonumber(x) end
    local r = { wary_rays = v[5] / STEPS, looked = v[6] / STEPS, rays = v[7] / STEPS }
    for c, k in ipairs(VISION) do r[k] = v[c] * 1e3 / STEPS end
    col.vision[#col.vision + 1] = r
    n = n + 1
  end
  for line in out:gmatch("REP row ([^\n]*)") do
    local v = {}
    for x in line:gmatch("%S+") do v[#v + 1] = tonumber(x) end
    local r = {}
    for c, k in ipairs(VISION) do r[k] = v[c] * 1e3 / STEPS end
    col.row[#col.row + 1] = r
  end
  for line in out:gmatch("REP segments ([^\n]*)") do
    local v = {}
    for x in line:gmatch("%S+") do v[#v + 1] = tonumber(x) end
    local r = {}
    for c, k in ipairs(SEGMENTS) do r[k] = v[4] / v[c] end
    col.segments[#col.segments + 1] = r
  end
  if not ok or n ~= INNER then common.worker_failed("handwritten.lua", col.name, out) end
  for k, v in out:gmatch("RESULT (%S+) ([^\n]*)") do col[k] = tonumber(v) or v end
end

-- The median of field key over a list of rounds.
local function med(list, key)
  local v = {}
  for i, r in ipairs(list) do v[i] = r[key] end
  return (common.median(v))
end

-- Part 1's C ray rate, when bench_core wrote it.
local function c_rays_per_s()
  local file = os.getenv("WARY_BENCH_C_RESULTS")
  local f = file and file ~= "" and io.open(file, "r")
  if not f then return nil end
  local v = f:read("*a"):match("rays_bvh_per_s=([%d.e+-]+)")
  f:close()
  return tonumber(v)
end

-- Appends the report's figures to WARY_BENCH_RESULTS: hand_<interpreter>_vision_<column>_ms
-- and hand_<interpreter>_segments_<query>_per_s (interpreter: lua54, luajit).
local function write_results(cols)
  local file = os.getenv("WARY_BENCH_RESULTS")
  if not file or file == "" then return end
  local f = assert(io.open(file, "a"))
  for _, c in ipairs(cols) do
    local key = c.name:gsub("[^%w]", "")
    for _, k in ipairs(VISION) do
      f:write(string.format("hand_%s_vision_%s_ms=%.9g\n", key, k, c.vision_ms[k]))
      f:write(string.format("hand_%s_row_%s_ms=%.9g\n", key, k, c.row_ms[k]))
    end
    for _, k in ipairs(SEGMENTS) do f:write(string.format("hand_%s_segments_%s_per_s=%.9g\n", key, k, c.seg[k])) end
  end
  f:close()
end

local function run_report()
  local rounds = math.max(1, common.env_number("WARY_BENCH_HAND_ROUNDS", 2))
  local cols = {}
  for _, name in ipairs(common.interpreters()) do
    cols[#cols + 1] = { name = name, vision = {}, row = {}, segments = {}, faults = {} }
  end
  for r = 1, rounds do
    for _, col in ipairs(cols) do run_one(col, r == 1) end
  end
  for _, c in ipairs(cols) do
    c.vision_ms, c.row_ms, c.seg = {}, {}, {}
    for _, k in ipairs(VISION) do c.vision_ms[k], c.row_ms[k] = med(c.vision, k), med(c.row, k) end
    for _, k in ipairs(SEGMENTS) do c.seg[k] = med(c.segments, k) end
    c.wary_rays, c.looked, c.rays = med(c.vision, "wary_rays"), med(c.vision, "looked"), med(c.vision, "rays")
  end
  local c_rate = c_rays_per_s()
  write_results(cols)

  local si, ratio = common.si, common.ratio
  local cell_m = math.floor(CELL / 100)
  print("10. wary next to hand-written Lua: the same scene, the same steps, one process per interpreter")
  print(string.format("   N=%d agents, M=%d targets, K=%d boxes, 100 m x 100 m (the world of 3.: same generator and"
    .. " moves), 20 m sight,", N, M, K))
  print(string.format("   focal cone 60 deg, 5 sample points, every agent looks every 0.1 s; %d rounds of %d"
    .. " workers, each %d rounds", rounds, #cols, INNER))
  print(string.format("   of %d steps and a pass over the segments: medians over %d rounds a column; grids of %d m"
    .. " cells", STEPS, rounds * INNER, cell_m))
  local row = common.table_printer(cols, 42)
  local function f3(v) return string.format("%.3f", v) end
  local function f1(v) return string.format("%.1f", v) end
  row("", function(c) return c.name end)
  row("interpreter", function(c) return c.interpreter end)
  -- The columns' times (field: vision_ms, taken in turn; row_ms, each alone
  -- in a row) and wary's ratios to them, under a heading.
  local function times_rows(field, heading, faster)
    row(heading, function(c) return f3(c[field].wary) end)
    row("  hand-written, every box", function(c) return f3(c[field].every) end)
    row("  hand-written + bump-style grid", function(c) return f3(c[field].bump) end)
    row("  hand-written + lean grid", function(c) return f3(c[field].lean) end)
    row(faster, function(c) return ratio(c[field].every, c[field].wary) end)
    row("  + bump-style grid", function(c) return ratio(c[field].bump, c[field].wary) end)
    row("  + lean grid", function(c) return ratio(c[field].lean, c[field].wary) end)
  end
  times_rows("vision_ms", "vision, ms/step: wary world:step", "wary, times faster than: every box")
  times_rows("row_ms", "each alone, steps in a row, ms/step: wary", "in a row, wary times faster than: every box")
  row("rays/step: wary", function(c) return f1(c.wary_rays) end)
  row("rays/step: hand-written (5 a target)", function(c) return f1(c.rays) end)
  row("targets in range and cone/step (hand)", function(c) return f1(c.looked) end)
  print(string.format("   segment queries, whole segment (transmission, walls, boxes), part 1's %d segments:", RAYS))
  row("world:ray, rays/s", function(c) return si(c.seg.ray) .. "/s" end)
  row("bump-style grid, rays/s", function(c) return si(c.seg.bump) .. "/s" end)
  row("lean grid, rays/s", function(c) return si(c.seg.lean) .. "/s" end)
  row("world:ray / bump-style grid", function(c) return ratio(c.seg.ray, c.seg.bump) end)
  row("world:ray / lean grid", function(c) return ratio(c.seg.ray, c.seg.lean) end)
  if c_rate then
    row("C wary_ray_cast (part 1) / bump-style grid", function(c) return ratio(c_rate, c.seg.bump) end)
    row("C wary_ray_cast (part 1) / lean grid", function(c) return ratio(c_rate, c.seg.lean) end)
    print(string.format("   (C: part 1's wary_ray_cast over the same segments, %s/s: wall clock, its own run)",
      si(c_rate)))
  end
  print("   the same answers (--check, first round: every pair and segment at the world's last state):")
  local function of(c, key, total)
    return c[total] and string.format("%d/%d", c[key], c[total])
  end
  row("pairs: every box = wary's explain", function(c) return of(c, "check_pairs_same", "check_pairs") end)
  row("  of them seen (confidence > 0)", function(c) return c.check_pairs_seen end)
  row("  largest confidence difference", function(c) return c.check_max_diff end)
  row("rays: every box = explain, per point", function(c) return of(c, "check_rays_same", "check_rays") end)
  row("pairs: + bump-style grid = every box", function(c) return of(c, "check_bump_same", "check_pairs") end)
  row("pairs: + lean grid = every box", function(c) return of(c, "check_lean_same", "check_pairs") end)
  row("segments: bump-style grid = world:ray", function(c) return of(c, "check_segments_bump", "check_segments") end)
  row("segments: lean grid = world:ray", function(c) return of(c, "check_segments_lean", "check_segments") end)
  print("   same: a confidence within 1e-4 of explain's, zero for both or neither (the grids: within 1e-9 of every")
  print("   box's); a point's sight within 1e-5, zero and counted (> 0.5) for both or neither; a segment's")
  print("   transmission within 1e-5 and zero for both or neither, the same walls and boxes. wary computes in")
  print("   floats, the Lua in doubles. Rays compared: the five of every pair the hand-written check cast rays for,")
  print("   against explain's (which casts all five when it gets that far).")
  print("   time: os.clock() (CPU time) around each column's work of a step, the columns in an order that rotates")
  print("   by step; the hand-written versions compute vision's confidence only, wary's step also keeps beliefs,")
  print("   states and events. The bump-style grid is laid out as bump.lua's; the lean one is what a developer who")
  print("   needs only the product writes: it is the harder of the two to beat. In a row: each column alone for")
  print("   a round's steps after one untimed, no other column and no forced collection between two of its steps")
  print("   (as parts 3 and 9 measure wary): what a step costs with its data still in the caches; taken in turn,")
  print("   wary's step finds them cold (the work before it used other memory): the goals are measured so.")
  for _, c in ipairs(cols) do
    for _, fault in ipairs(c.faults) do
      print(string.format("   note: a %s worker failed in the hand-written Lua and was run again (a LuaJIT fault:"
        .. " bench/README.md,", c.name))
      print("   part 10): " .. fault)
    end
  end
end

if cfg.worker then run_worker() else run_report() end
