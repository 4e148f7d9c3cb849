-- bench/frame_reads.lua: what a game asks of wary every frame, through the
-- facade, on each backend side by side in one run: time and garbage a call,
-- and the garbage of a step nobody listens to. Prints figures; asserts
-- nothing about time (spec/frame_reads_spec.lua and spec/step_garbage_spec.lua
-- assert the garbage).
--
--   lua5.4 bench/frame_reads.lua [N M K]            the report: a worker per interpreter
--   lua5.4 bench/frame_reads.lua --worker [N M K]   one measurement in this interpreter
--   luajit bench/frame_reads.lua --worker [N M K]
-- (after `. scripts/env.sh`; bash bench/run.sh does all of it).
--
-- The world is part 3's (common.populate: N agents, M targets, K boxes in a
-- 100 m x 100 m square) with vision and hearing at their defaults, stepped
-- 60 times as common.move moves it. Then, for each call, CALLS (20,000)
-- calls in a row over the agents in turn, each asking about the target of
-- its own index (mod M), timed with os.clock() (CPU time) and counted with
-- the collector stopped (collectgarbage("count") before and after), REPS
-- (WARY_BENCH_REPS, 7) times: the median ns a call, the bytes a call of the
-- last repetition. The calls: agent:confidence(t), agent:state(t),
-- agent:attention_target(), agent:dominant_emotion(), actor:pos(),
-- actor:set_pos(x, y, z) (one field each, read or written in C), next to
-- agent:belief(t) (the whole record, of which confidence is one field).
-- Last, STEPS (WARY_BENCH_STEPS) steps with nobody listening, the collector
-- stopped: bytes a step of world:step (the moves between them not counted).
--
-- Environment: WARY_BENCH_N, _M, _K, _REPS, _STEPS; WARY_BENCH_FRAME_CALLS
-- (20000); WARY_BENCH_LUAS (the interpreters of the report, default "lua5.4
-- luajit"); WARY_BENCH_RESULTS (a key=value file the report appends its
-- figures to: frame_<interpreter>_<call>_ns and _bytes, frame_<interpreter>_step_bytes).

local script = arg and arg[0] or "bench/frame_reads.lua"
local here = script:match("^(.*)[/\\]") or "."
package.path = here .. "/../?.lua;" .. package.path  -- bench/common.lua, from wherever this is run
local common = require("bench.common")

local cfg = common.setup("frame_reads.lua", here, arg)
local N, M, K, REPS, STEPS, WARMUP = cfg.N, cfg.M, cfg.K, cfg.REPS, cfg.STEPS, common.WARMUP
local CALLS = math.max(1, common.env_number("WARY_BENCH_FRAME_CALLS", 20000))
local DT = 1 / 60

-- The calls measured, in report order: { key, label, fn(agent, target, i) }.
local READS = {
  { "confidence", "agent:confidence(t)", function(a, t) return a:confidence(t) end },
  { "state", "agent:state(t)", function(a, t) return a:state(t) end },
  { "attention", "agent:attention_target()", function(a) return a:attention_target() end },
  { "dominant", "agent:dominant_emotion()", function(a) return a:dominant_emotion() end },
  { "pos", "actor:pos()", function(a) return a:pos() end },
  { "set_pos", "actor:set_pos(x, y, z)", function(_, t, i) t:set_pos(i % 9000 + 500, 5000, 0) end },
  { "belief", "agent:belief(t) (whole)", function(a, t) return a:belief(t) end },
}

local function run_worker()
  local wary = require("wary")
  local world = wary.world{ units_per_meter = 100 }
  world:define_profile{ name = "bench_frame", ignore_same_team = true }
  local agents, targets = common.populate(world, { N = N, M = M, K = K, profile = "bench_frame", heat = false,
                                                   rad = math.rad, deg = math.deg })
  for _ = 1, WARMUP do
    common.move(agents, targets, DT, math.deg)
    world:step(DT)
  end
  local clock = os.clock
  local r = { interpreter = rawget(_G, "jit") and jit.version or _VERSION, backend = wary.backend }
  for _, c in ipairs(READS) do
    local key, fn = c[1], c[3]
    local times, bytes = {}, 0
    for rep = 1, REPS do
      collectgarbage("collect")
      collectgarbage("stop")
      local before = collectgarbage("count")
      local t0 = clock()
      for i = 1, CALLS do
        local a = agents[i % #agents + 1]
        fn(a.actor, targets[i % #targets + 1].actor, i)
      end
      times[rep] = (clock() - t0) / CALLS * 1e9
      bytes = (collectgarbage("count") - before) * 1024 / CALLS
      collectgarbage("restart")
    end
    r[key .. "_ns"] = (common.median(times))
    r[key .. "_bytes"] = bytes
  end
  -- the steps: the moves between them are not counted
  collectgarbage("collect")
  collectgarbage("stop")
  local step_bytes = 0
  for _ = 1, STEPS do
    common.move(agents, targets, DT, math.deg)
    local before = collectgarbage("count")
    world:step(DT)
    step_bytes = step_bytes + (collectgarbage("count") - before) * 1024
  end
  collectgarbage("restart")
  r.step_bytes = step_bytes / STEPS
  local keys = { "interpreter", "backend", "step_bytes" }
  for _, c in ipairs(READS) do
    keys[#keys + 1] = c[1] .. "_ns"
    keys[#keys + 1] = c[1] .. "_bytes"
  end
  common.print_results(r, keys)
end

local function run_report()
  local results = {}
  for i, interp in ipairs(common.interpreters()) do
    results[i] = common.worker_results(interp, script, cfg, "frame_reads.lua", "confidence_ns")
  end
  local file = os.getenv("WARY_BENCH_RESULTS")
  if file and file ~= "" then
    local f = assert(io.open(file, "a"))
    for _, r in ipairs(results) do
      local key = r.name:gsub("[^%w]", "")
      f:write(string.format("frame_%s_step_bytes=%.9g\n", key, r.step_bytes))
      for _, c in ipairs(READS) do
        f:write(string.format("frame_%s_%s_ns=%.9g\nframe_%s_%s_bytes=%.9g\n", key, c[1], r[c[1] .. "_ns"], key,
          c[1], r[c[1] .. "_bytes"]))
      end
    end
    f:close()
  end
  print(string.format("11. What a game asks every frame, through the facade: N=%d M=%d K=%d (part 3's world,",
    N, M, K))
  print(string.format("   vision and hearing), after %d steps; %d calls in a row over the agents, %d times (median ns",
    WARMUP, CALLS, REPS))
  print("   a call); bytes a call with the collector stopped; then the bytes a step of world:step over " .. STEPS)
  print("   steps, nobody listening (under LuaJIT the JIT's own work counts too)")
  local row = common.table_printer(results, 30)
  row("", function(r) return r.name end)
  row("interpreter", function(r) return r.interpreter end)
  for _, c in ipairs(READS) do
    row(c[2], function(r) return string.format("%.0f ns, %.0f B", r[c[1] .. "_ns"], r[c[1] .. "_bytes"]) end)
  end
  row("world:step, nobody listening", function(r) return string.format("%.0f B/step", r.step_bytes) end)
  print("   one field each, read or written in C; agent:belief(t) builds the whole record (a debug view's call)")
end

if cfg.worker then run_worker() else run_report() end
