-- spec/custom_sense_spec.lua: custom senses written in Lua (seed 004, "Custom
-- senses"): the sense contract and its defaults, which (agent, target) pairs
-- evaluate is asked about and when, the context it is given, how its results
-- are read and fused, and what happens when it fails.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")
local events = require("spec.support.events")
local worlds = require("spec.support.worlds")

local HZ = 60
local DT = 1 / HZ
local TOL = 1e-5 -- the core works in float: 0.3 comes back as 0.30000001192...

-- A world with the given senses (tables for define_sense) and a profile "p"
-- listing them, with the fields of `profile` on top.
local function world_with(senses, profile, world_options)
  local w = wary.world(world_options)
  local ids = {}
  for i, s in ipairs(senses) do
    w:define_sense(s)
    ids[i] = s.id
  end
  worlds.define_profile(w, "p", ids, profile)
  return w
end

-- world_with(senses, profile) with an agent at the origin and a target
-- `distance` (default 100) along x; returns the world, agent and target.
local function pair_with(senses, profile, distance)
  local w = world_with(senses, profile)
  local a = w:add_agent{ profile = "p", pos = { 0, 0, 0 } }
  local t = w:add_target{ pos = { distance or 100, 0, 0 } }
  return w, a, t
end

local function run(w, steps)
  for _ = 1, steps do w:step(DT) end
end

-- A sense whose evaluate counts its calls per (agent, target) pair and
-- answers what answer(ctx, profile, target) says.
local function counting_sense(id, fields, answer)
  local calls = { total = 0, pairs = {}, targets = {} }
  local s = worlds.merge({
    id = id,
    evaluate = function(ctx, profile, target)
      calls.total = calls.total + 1
      local key = ctx.agent.name .. ">" .. target.name
      calls.pairs[key] = (calls.pairs[key] or 0) + 1
      calls.targets[target.name] = (calls.targets[target.name] or 0) + 1
      if answer then return answer(ctx, profile, target) end
    end,
  }, fields)
  return s, calls
end

describe("a custom sense's contract", function()
  it("fills in the seed's defaults: interval 0.1, max_range 0, loss_grace 0.3, no direct cut, "
    .. "sensor_dropout, weight 1", function()
    local w = wary.world()
    local s = w:define_sense{ id = "Plain", evaluate = function() end }
    assert.are.equal(0.1, s.interval)
    assert.are.equal(0, s.max_range)
    assert.are.equal(0.3, s.loss_grace)
    assert.is_false(s.direct_lost_cut)
    assert.are.equal("sensor_dropout", s.loss_reason)
    assert.are.equal(1, s.weight)
  end)

  it("requires an id and an evaluate function", function()
    local w = wary.world()
    assert.has_error(function() w:define_sense{ evaluate = function() end } end,
      "sense nil: field 'id' expected a string (required), got nil")
    assert.has_error(function() w:define_sense{ id = "NoEval" } end,
      "sense \"NoEval\": field 'evaluate' expected a function (required), got nil")
  end)

  it("weight 1 by default: one sense answering 0.5 gives confidence 0.5; weight 0.5 gives 0.25", function()
    -- The confidence and belief after one step of a sense `id` answering 0.5.
    local function after_one_step(id, fields, profile)
      local s = counting_sense(id, fields, function() return 0.5 end)
      local w, a, t = pair_with({ s }, profile)
      w:step(DT)
      return a:confidence(t), a:belief(t)
    end
    local c, b = after_one_step("Half", { max_range = 5000 })
    assert.are.equal(0.5, c)
    assert.are.equal(0.5, b.contributions.Half)
    assert.are.equal(0.25, (after_one_step("Weighted", { max_range = 5000, weight = 0.5 })))
    -- a profile's sense_weights replace the sense's own weight
    assert.are.equal(0.75, (after_one_step("Reweighted", { max_range = 5000, weight = 0.5 },
      { sense_weights = { Reweighted = 1.5 } })))
  end)

  -- A sense that answers 0.5 until `quiet` is set, then nothing. Returns the
  -- world, agent, target, an event log, a function to silence it and a
  -- table whose first_silent is the world time of its first silent update.
  local function silencing(fields)
    local quiet = false
    local seen = {}
    local s = counting_sense("Blink", fields, function(ctx)
      if not quiet then return 0.5 end
      seen.first_silent = seen.first_silent or ctx.world:time()
    end)
    local w = world_with({ s })
    local a = w:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 } }
    local t = w:add_target{ name = "player", pos = { 100, 0, 0 } }
    return w, a, t, events.record(w), function() quiet = true end, seen
  end

  it("loss_grace 0.3 by default: a silent sense's share holds 0.3 s, then fades at fade_rate", function()
    local w, a, t, _, silence, seen = silencing({ max_range = 5000 })
    run(w, 60)
    assert.are.equal("detected", a:state(t))
    assert.are.equal(0.5, a:confidence(t))
    silence()
    -- step until the confidence drops: the share is held through the grace
    local dropped
    for _ = 1, 120 do
      w:step(DT)
      if a:confidence(t) < 0.5 then
        dropped = w:time()
        break
      end
      assert.are.equal(0.5, a:belief(t).contributions.Blink)
    end
    assert.is_not_nil(seen.first_silent)
    assert.is_not_nil(dropped)
    -- the update that finds it silent counts its step: 0.3 s of silence ends DT later
    assert.is_near(0.3 - DT, dropped - seen.first_silent, 1e-4)
    assert.is_near(0.5 - 0.1 * DT, a:confidence(t), TOL)
    run(w, 60) -- then 0.1 per second (fade_rate)
    assert.is_near(0.5 - 0.1 * (1 + DT), a:confidence(t), 1e-4)
  end)

  it("without direct_lost_cut the belief steps down through the states and is lost for sensor_dropout",
    function()
      local w, a, t, log, silence, seen = silencing({ max_range = 5000 })
      run(w, 60)
      local first = #log + 1
      silence()
      run(w, 60 * 6)
      local after = events.since(log, first)
      assert.are.same({ "suspect", "lost" }, events.types(after))
      assert.are.equal("detected", after[1].from)
      assert.are.equal("sensor_dropout", after[2].loss_reason)
      -- 0.5 held through the grace, then 1.5 s of fading to 0.35 (detect_threshold)
      assert.is_near(0.3 - DT + 1.5, after[1].time - seen.first_silent, 2 * DT)
      -- and 2 s more to 0.15 (suspect_threshold): lost, not a fall to undetected
      assert.is_near(0.3 - DT + 3.5, after[2].time - seen.first_silent, 2 * DT)
      assert.are.equal("lost", a:state(t))
      assert.are.equal("sensor_dropout", a:belief(t).loss_reason)
    end)

  it("with direct_lost_cut the belief goes straight to lost when the grace ends, with its loss_reason",
    function()
      local w, a, t, log, silence, seen = silencing({ max_range = 5000, direct_lost_cut = true,
                                                      loss_reason = "out_of_range" })
      run(w, 60)
      local first = #log + 1
      silence()
      run(w, 60)
      local after = events.since(log, first)
      assert.are.same({ "lost" }, events.types(after))
      assert.are.equal("detected", after[1].from)
      assert.are.equal("out_of_range", after[1].loss_reason)
      assert.is_near(0.3 - DT, after[1].time - seen.first_silent, 1e-4)
      assert.are.equal("out_of_range", a:belief(t).loss_reason)
    end)
end)

describe("evaluate is called only for the pairs that are due", function()
  local function calls_over(steps, fields, profile, agent_fields)
    local s, calls = counting_sense("Count", fields)
    local w = world_with({ s }, profile)
    w:add_agent(worlds.merge({ profile = "p", pos = { 0, 0, 0 } }, agent_fields))
    w:add_target{ pos = { 100, 0, 0 } }
    run(w, steps)
    return calls.total
  end

  it("interval 0.1 at 60 Hz: about 10 calls a second; interval 0.5: about 2", function()
    local fast = calls_over(600, { max_range = 5000, interval = 0.1 })
    local slow = calls_over(600, { max_range = 5000, interval = 0.5 })
    -- 10 s: 100 updates at 0.1 s, 20 at 0.5 s (one more or less for the phase)
    assert.is_true(fast >= 99 and fast <= 101, "0.1 s: " .. fast)
    assert.is_true(slow >= 19 and slow <= 21, "0.5 s: " .. slow)
    assert.are.equal(100, fast)
    assert.are.equal(20, slow)
  end)

  it("the profile's sense_intervals replace the sense's own interval", function()
    local slowed = calls_over(600, { max_range = 5000, interval = 0.1 }, { sense_intervals = { Count = 0.5 } })
    local hurried = calls_over(600, { max_range = 5000, interval = 0.5 }, { sense_intervals = { Count = 0.1 } })
    assert.are.equal(20, slowed)
    assert.are.equal(100, hurried)
  end)

  it("the agent's lod_tier scales the interval (world lod_interval_scale 1, 2, 4, 8)", function()
    local tiers = {}
    for tier = 0, 3 do
      tiers[tier] = calls_over(600, { max_range = 5000, interval = 0.1 }, nil, { lod_tier = tier })
    end
    assert.are.equal(100, tiers[0])
    assert.are.equal(50, tiers[1]) -- x2: every 0.2 s
    assert.is_true(tiers[2] >= 25 and tiers[2] <= 26, "tier 2: " .. tiers[2]) -- x4: every 0.4 s
    assert.is_true(tiers[3] >= 12 and tiers[3] <= 14, "tier 3: " .. tiers[3]) -- x8: every 0.8 s
  end)

  -- 96 agents of a 0.1 s sense at 60 Hz: how many run in each of steps
  -- 97-240 (tier: at creation; later: set_lod_tier before the first step;
  -- hitch: step 30 takes that many seconds instead).
  local function runs_per_step(tier, later, hitch)
    local world = wary.world()
    local per_step, step_no, target = {}, 0, nil
    world:define_sense{ id = "Probe", interval = 0.1, max_range = math.huge, evaluate = function(_, _, t)
      if t == target then per_step[step_no] = (per_step[step_no] or 0) + 1 end
    end }
    world:define_profile{ name = "p", senses = { "Probe" } }
    local agents = {}
    for i = 1, 96 do agents[i] = world:add_agent{ profile = "p", pos = { i * 1000, 0, 0 }, lod_tier = tier } end
    target = world:add_target{ pos = { 0, 0, 0 } }
    for i = 1, 96 do if later then agents[i]:set_lod_tier(later) end end
    for n = 1, 240 do
      step_no = n
      world:step(n == 30 and hitch or 1 / 60)
    end
    local most, total = 0, 0
    for n = 97, 240 do
      most = math.max(most, per_step[n] or 0)
      total = total + (per_step[n] or 0)
    end
    return most, total
  end

  it("spreads the agents' updates over the interval their lod_tier stretches it to", function()
    assert.are.same({ 16, 2304 }, { runs_per_step(0) }) -- 96 agents every 6 steps
    -- Every 48 steps: 2 a step (3 at most), not all 96 within 6 steps.
    assert.are.same({ 3, 288 }, { runs_per_step(3) })
    assert.are.same({ 3, 288 }, { runs_per_step(0, 3) })
  end)

  it("keeps the agents' updates spread after a step longer than the interval (a hitch, a fast-forward)", function()
    -- Each agent keeps its own phase: not all 96 in one step of six.
    for _, hitch in ipairs({ 0.15, 0.2, 0.25 }) do
      assert.are.same({ 16, 2304 }, { runs_per_step(0, nil, hitch) }, "a step of " .. hitch .. " s")
    end
    -- An hour: the phases kept to a float's step at 3600 s (1/4096 s), a few merge.
    local most, total = runs_per_step(0, nil, 3600)
    assert.are.equal(2304, total)
    assert.is_true(most <= 18, "most in a step after an hour's step: " .. most)
  end)

  it("a changed lod_tier takes the share of the interval left to the new interval", function()
    local world = wary.world()
    local runs = {}
    world:define_sense{ id = "Probe", interval = 0.1, max_range = math.huge,
      evaluate = function(ctx) runs[#runs + 1] = ctx.world:time() end }
    world:define_profile{ name = "p", senses = { "Probe" } }
    local agent = world:add_agent{ profile = "p", pos = { 0, 0, 0 }, lod_tier = 3 }
    world:add_target{ pos = { 100, 0, 0 } }
    for _ = 1, 51 do world:step(1 / 60) end -- runs at 1/60 s and at 0.8 s
    assert.are.equal(2, #runs)
    agent:set_lod_tier(0) -- 0.75 s were left of 0.8: 3/32 of 0.1 s now
    world:step(1 / 60)
    world:step(1 / 60)
    assert.are.equal(2, #runs)
    for _ = 1, 6 do world:step(1 / 60) end
    assert.are.equal(3, #runs)
    assert.is_true(runs[3] - runs[2] < 0.2, tostring(runs[3] - runs[2])) -- not 0.8 s after the last
  end)

  it("tiers whose scales are 1e38 apart keep the time left rather than an infinite one", function()
    -- Every 1e6 s x 1e-6 = 1 s at tier 0; tier 3's scale is 3e44 times that.
    local world = wary.world{ lod_interval_scale = { 1e-6, 2, 4, 3e38 } }
    local runs = 0
    world:define_sense{ id = "Probe", interval = 1e6, max_range = math.huge, evaluate = function() runs = runs + 1 end }
    world:define_profile{ name = "p", senses = { "Probe" } }
    local agent = world:add_agent{ profile = "p", pos = { 0, 0, 0 } }
    world:add_target{ pos = { 100, 0, 0 } }
    for _ = 1, 3 do world:step(1 / 60) end
    agent:set_lod_tier(3) -- the time left x 3e44 is no float: it waits what was left
    agent:set_lod_tier(0)
    local before = runs
    for _ = 1, 90 do world:step(1 / 60) end
    assert.is_true(runs > before)
    -- Run at tier 3 (an interval past a float's range: the longest wait a
    -- float holds, not inf), then back at tier 0 it runs every second again.
    agent:set_lod_tier(3)
    for _ = 1, 90 do world:step(1 / 60) end
    agent:set_lod_tier(0)
    before = runs
    for _ = 1, 600 do world:step(1 / 60) end
    assert.are.equal(10, runs - before)
  end)

  it("ctx.dt is the time since this sense last ran", function()
    local times, dts = {}, {}
    local s = counting_sense("Clock", { max_range = 5000, interval = 0.25 }, function(ctx)
      times[#times + 1] = ctx.world:time()
      dts[#dts + 1] = ctx.dt
    end)
    local w = pair_with({ s })
    run(w, 120)
    assert.is_true(#dts >= 7, "calls " .. #dts)
    assert.is_near(DT, dts[1], TOL) -- the first run: one step since the agent was added
    for i = 2, #dts do
      assert.is_near(times[i] - times[i - 1], dts[i], TOL)
    end
    assert.is_near(0.25, dts[#dts], DT + TOL)
  end)
end)

describe("evaluate is asked only about targets in range", function()
  it("a target beyond max_range is never passed to evaluate; one at exactly max_range is", function()
    local s, calls = counting_sense("Short", { max_range = 1000 })
    local w = world_with({ s })
    w:add_agent{ profile = "p", pos = { 0, 0, 0 } }
    w:add_target{ name = "near", pos = { 500, 0, 0 } }
    w:add_target{ name = "edge", pos = { 600, 800, 0 } } -- 1000 exactly
    w:add_target{ name = "far", pos = { 1001, 0, 0 } }
    w:add_target{ name = "above", pos = { 0, 0, 1500 } }
    run(w, 60)
    assert.are.equal(10, calls.targets.near)
    assert.are.equal(10, calls.targets.edge)
    assert.is_nil(calls.targets.far)
    assert.is_nil(calls.targets.above)
  end)

  it("a target that walks out of range stops being passed to evaluate", function()
    local s, calls = counting_sense("Short", { max_range = 1000 })
    local w = world_with({ s })
    w:add_agent{ profile = "p", pos = { 0, 0, 0 } }
    local t = w:add_target{ name = "walker", pos = { 900, 0, 0 } }
    run(w, 60)
    assert.are.equal(10, calls.targets.walker)
    t:set_pos(1100, 0, 0)
    run(w, 60)
    assert.are.equal(10, calls.targets.walker)
  end)

  -- Two guards, a1 and a2, and their teammate "mate", plus the targets
  -- `others`, under a profile with the fields `profile`: the "agent>target"
  -- pairs evaluate is asked about in 1 s, sorted.
  local function pairs_asked(profile, others)
    local s, calls = counting_sense("Team", { max_range = 5000 })
    local w = world_with({ s }, profile)
    w:add_agent{ name = "a1", profile = "p", pos = { 0, 0, 0 }, team = "guards" }
    w:add_agent{ name = "a2", profile = "p", pos = { 100, 0, 0 }, team = "guards" }
    w:add_target{ name = "mate", pos = { 200, 0, 0 }, team = "guards" }
    for _, t in ipairs(others or {}) do w:add_target(t) end
    run(w, 60)
    local seen = {}
    for k in each(calls.pairs) do seen[#seen + 1] = k end
    table.sort(seen)
    return seen
  end

  it("is asked about teammates by default (seed 002: allies count), never about the agent itself", function()
    assert.are.same({ "a1>a2", "a1>mate", "a2>a1", "a2>mate" }, pairs_asked(nil))
  end)

  it("with ignore_same_team it is asked about no teammate, still never about the agent itself", function()
    assert.are.same({ "a1>enemy", "a1>nobody", "a2>enemy", "a2>nobody" }, pairs_asked({ ignore_same_team = true }, {
      { name = "enemy", pos = { 300, 0, 0 }, team = "intruders" },
      { name = "nobody", pos = { 400, 0, 0 } }, -- no team: nobody's teammate
    }))
  end)

  it("max_range 0 reaches as far as the profile's other senses", function()
    local zero, zero_calls = counting_sense("Zero", {})
    local long = counting_sense("Long", { max_range = 2000 })
    local w = world_with({ zero, long })
    w:add_agent{ profile = "p", pos = { 0, 0, 0 } }
    w:add_target{ name = "inside", pos = { 1500, 0, 0 } }
    w:add_target{ name = "outside", pos = { 2500, 0, 0 } }
    run(w, 60)
    assert.are.equal(10, zero_calls.targets.inside)
    assert.is_nil(zero_calls.targets.outside)
  end)

  it("a profile whose only sense has max_range 0 is refused: that sense could never be asked", function()
    local zero, calls = counting_sense("Zero", {})
    local w = wary.world()
    w:define_sense(zero)
    assert.has_error(function() w:define_profile{ name = "p", senses = { "Zero" } } end,
      "profile \"p\": field 'senses' expected at least one sense that reaches (max_range > 0: a custom sense's, or "
        .. "Vision's, Smell's, Touch's or Echolocation's); with max_range 0 a sense reaches as far as the profile's "
        .. "other senses, got \"Zero\"")
    -- One that takes stimuli has them to go on, alone too (as the core takes it).
    w:define_sense{ id = "Listener", max_range = 0, stimulus_tags = { "Stimulus.Custom" },
                    evaluate = function() end, on_stimulus = function() return 0.5 end }
    w:define_profile{ name = "ears", senses = { "Listener" } }
    -- With vision beside it, it reaches as far as vision does.
    w:define_profile{ name = "p", senses = { "Zero" }, vision = {} }
    w:add_agent{ profile = "p", pos = { 0, 0, 0 } }
    w:add_target{ pos = { 1000, 0, 0 } }
    w:add_target{ pos = { 4000, 0, 0 } }
    run(w, 6)
    assert.are.equal(1, calls.total)
  end)

  it("max_range = math.huge reaches every target, however far", function()
    local s, calls = counting_sense("Everywhere", { max_range = math.huge })
    local w = world_with({ s })
    w:add_agent{ profile = "p", pos = { 0, 0, 0 } }
    w:add_target{ name = "km", pos = { 100000, 0, 0 } }
    w:add_target{ name = "far", pos = { -3e7, 2e7, 1e6 } }
    run(w, 60)
    assert.are.equal(10, calls.targets.km)
    assert.are.equal(10, calls.targets.far)
  end)

  it("max_range_m is in metres, scaled by the world's units_per_meter", function()
    local s, calls = counting_sense("Metric", { max_range_m = 10 })
    local w = wary.world{ units_per_meter = 50 }
    local def = w:define_sense(s)
    assert.are.equal(500, def.max_range)
    w:define_profile{ name = "p", senses = { "Metric" } }
    w:add_agent{ profile = "p", pos = { 0, 0, 0 } }
    w:add_target{ name = "in", pos = { 490, 0, 0 } }
    w:add_target{ name = "out", pos = { 510, 0, 0 } }
    run(w, 60)
    assert.are.equal(10, calls.targets["in"])
    assert.is_nil(calls.targets.out)
  end)

  it("refuses max_range together with max_range_m", function()
    local w = wary.world()
    assert.has_error(function()
      w:define_sense{ id = "Both", max_range = 1, max_range_m = 1, evaluate = function() end }
    end, "sense \"Both\": fields 'max_range' and 'max_range_m' expected one of them, got both")
  end)
end)

describe("the context given to evaluate", function()
  -- Runs one step with the agent and target described and returns a copy of
  -- the ctx of the first call, the profile and the target it was given.
  local function first_call(agent_fields, target_fields, world_options, setup)
    local got
    local s = {
      id = "Probe", max_range = 100000,
      evaluate = function(ctx, profile, target)
        if got then return end
        got = { profile = profile, target = target, agent = ctx.agent }
        for k, v in each(ctx) do
          if type(v) == "table" and k ~= "world" and k ~= "agent" and k ~= "target" then
            got[k] = { x = v.x, y = v.y, z = v.z }
          else
            got[k] = v
          end
        end
      end,
    }
    local w = world_with({ s }, { settings = { aggression = 0.75, nickname = "sarge" } }, world_options)
    local agent = w:add_agent(worlds.merge({ name = "guard", profile = "p" }, agent_fields))
    local target = w:add_target(worlds.merge({ name = "player" }, target_fields))
    if setup then setup(w, agent, target) end
    w:step(DT)
    return got, agent, target, w
  end

  local function assert_vec(x, y, z, v, tol)
    assert.is_near(x, v.x, tol or TOL)
    assert.is_near(y, v.y, tol or TOL)
    assert.is_near(z, v.z, tol or TOL)
  end

  it("gives the agent's position, yaw, eye position (1.7 m up) and eye forward from its yaw", function()
    local ctx = first_call({ pos = { 100, 200, 30 }, yaw = 90 }, { pos = { 400, 600, 0 } })
    assert_vec(100, 200, 30, ctx.agent_pos)
    assert.are.equal(90, ctx.agent_yaw)
    assert_vec(100, 200, 30 + 170, ctx.eye_pos) -- 1.7 m at 100 units per metre
    assert_vec(0, 1, 0, ctx.eye_forward)        -- yaw 90: along +y
    local ctx0 = first_call({ pos = { 0, 0, 0 }, yaw = 0 }, { pos = { 400, 600, 0 } })
    assert.are.same({ x = 1, y = 0, z = 0 }, ctx0.eye_forward)
    local ctx3 = first_call({ pos = { 0, 0, 0 }, yaw = 225 }, { pos = { 400, 600, 0 } })
    assert_vec(-math.sqrt(0.5), -math.sqrt(0.5), 0, ctx3.eye_forward)
  end)

  it("scales the eye height by units_per_meter", function()
    local ctx = first_call({ pos = { 10, 20, 0 } }, { pos = { 400, 600, 0 } }, { units_per_meter = 50 })
    assert_vec(10, 20, 85, ctx.eye_pos)
  end)

  it("points eye forward toward the look_at point when the agent looks at one", function()
    local ctx = first_call({ pos = { 100, 200, 0 }, yaw = 180 }, { pos = { 400, 600, 0 } }, nil,
      function(_, agent) agent:look_at(400, 200, 570) end)
    -- from the eye (100, 200, 170) to (400, 200, 570): (300, 0, 400) / 500
    assert_vec(0.6, 0, 0.8, ctx.eye_forward)
    assert.are.equal(180, ctx.agent_yaw)
  end)

  it("gives the light where the agent stands and the world's weather", function()
    local ctx = first_call({ pos = { 0, 0, 0 }, light = 0.25 }, { pos = { 400, 600, 0 }, light = 0.75 },
      { weather = 0.5 })
    assert.are.equal(0.25, ctx.light)
    assert.are.equal(0.5, ctx.weather)
    local ctx2 = first_call({ pos = { 0, 0, 0 }, light = 0.3 }, { pos = { 400, 600, 0 } }, nil,
      function(w) w:set_weather(0.2) end)
    assert.is_near(0.3, ctx2.light, TOL)
    assert.is_near(0.2, ctx2.weather, TOL)
  end)

  it("gives the target's position and velocity and the distance", function()
    local ctx = first_call({ pos = { 100, 200, 0 } },
      { pos = { 400, 600, 0 }, velocity = { 10, -20, 5 } })
    assert.are.same({ x = 400, y = 600, z = 0 }, ctx.target_pos)
    assert.are.same({ x = 10, y = -20, z = 5 }, ctx.target_vel)
    assert.are.equal(500, ctx.distance)
    local moved = first_call({ pos = { 0, 0, 0 } }, { pos = { 1, 1, 1 } }, nil, function(_, _, target)
      target:set_pos(0, 300, 400)
      target:set_velocity(-7, 0, 0)
    end)
    assert.are.same({ x = 0, y = 300, z = 400 }, moved.target_pos)
    assert.are.same({ x = -7, y = 0, z = 0 }, moved.target_vel)
    assert.are.equal(500, moved.distance)
  end)

  it("says whether the agent is off-screen and gives its lod_tier", function()
    local on = first_call({ pos = { 0, 0, 0 } }, { pos = { 400, 600, 0 } })
    assert.is_false(on.off_screen)
    assert.are.equal(0, on.lod_tier)
    local off = first_call({ pos = { 0, 0, 0 }, off_screen = true, lod_tier = 2 },
      { pos = { 400, 600, 0 }, off_screen = false })
    assert.is_true(off.off_screen)
    assert.are.equal(2, off.lod_tier)
  end)

  it("gives the agent and target actors and the sense id", function()
    local ctx, agent, target = first_call({ pos = { 0, 0, 0 } }, { pos = { 400, 600, 0 } })
    assert.are.equal(agent, ctx.agent)
    assert.are.equal(target, ctx.target)
    assert.are.equal("Probe", ctx.sense)
  end)

  it("passes the agent's profile table, so evaluate reads its settings", function()
    local ctx, agent = first_call({ pos = { 0, 0, 0 } }, { pos = { 400, 600, 0 } })
    assert.are.equal(agent.profile, ctx.profile)
    assert.are.equal("p", ctx.profile.name)
    assert.are.same({ "Probe" }, ctx.profile.senses)
    assert.are.equal(0.75, ctx.profile.settings.aggression)
    assert.are.equal("sarge", ctx.profile.settings.nickname)
    assert.are.equal(0.35, ctx.profile.detect_threshold)
  end)

  it("passes the target actor object with its props", function()
    local ctx, _, target = first_call({ pos = { 0, 0, 0 } },
      { pos = { 400, 600, 0 }, props = { heat = 0.9, faction = "rebels", gear = { "rope" } } })
    assert.are.equal(target, ctx.target)
    assert.are.equal(0.9, ctx.target.props.heat)
    assert.are.equal("rebels", ctx.target.props.faction)
    assert.are.same({ "rope" }, ctx.target.props.gear)
    assert.are.equal("player", ctx.target.name)
  end)

  it("lets a sense read props changed between steps", function()
    local heats = {}
    local s = counting_sense("Heat", { max_range = 5000 }, function(_, _, target)
      heats[#heats + 1] = target.props.heat
    end)
    local w = world_with({ s })
    w:add_agent{ profile = "p", pos = { 0, 0, 0 } }
    local t = w:add_target{ pos = { 100, 0, 0 }, props = { heat = 0.9 } }
    run(w, 1)
    t.props.heat = 0.4
    run(w, 6)
    t:set_prop("heat", 0.1)
    run(w, 6)
    assert.are.same({ 0.9, 0.4, 0.1 }, heats)
  end)

  it("gives the next sense the real target_pos though one sense put its own table in ctx", function()
    local seen = {}
    local w = world_with({
      { id = "Writer", interval = 0.1, max_range = math.huge,
        evaluate = function(ctx) ctx.target_pos = { x = -1, y = -1, z = -1 } end },
      { id = "Reader", interval = 0.1, max_range = math.huge,
        evaluate = function(ctx, _, target)
          seen[#seen + 1] = string.format("%s %g", target.name, ctx.target_pos.x)
        end },
    })
    w:add_agent{ profile = "p", pos = { 0, 0, 0 } }
    w:add_target{ name = "t1", pos = { 100, 0, 0 } }
    w:add_target{ name = "t2", pos = { 200, 0, 0 } }
    w:step(0.1)
    w:step(0.1)
    table.sort(seen)
    assert.are.same({ "t1 100", "t1 100", "t2 200", "t2 200" }, seen)
  end)

  it("leaves a sense the table it put in ctx for its later targets, alike on both backends", function()
    -- (an answer with a location returns from the Lua 5.4 module's loop to Lua: no change of sense there)
    local seen = {}
    local w = world_with({ { id = "S", interval = 0.1, max_range = math.huge,
      evaluate = function(ctx, _, target)
        seen[#seen + 1] = string.format("%s %g", target.name, ctx.target_pos.x)
        ctx.target_pos = { x = -1, y = -1, z = -1 }
        return 0.5, 1, 5, 5
      end } })
    w:add_agent{ profile = "p", pos = { 0, 0, 0 } }
    for i = 1, 3 do w:add_target{ name = "t" .. i, pos = { 100 * i, 0, 0 } } end
    w:step(0.1)
    assert.are.same({ "t1 100", "t2 -1", "t3 -1" }, seen)
    seen = {}
    w:step(0.1) -- the next step's run starts from the runner's own tables
    assert.are.same({ "t1 100", "t2 -1", "t3 -1" }, seen)
  end)
end)

describe("what evaluate returns", function()
  -- One agent, one target 1000 units along x; the sense answers answer().
  local function answered(answer, fields)
    local s = worlds.merge({ id = "Answer", max_range = 5000, evaluate = answer }, fields)
    local w, a, t = pair_with({ s }, nil, 1000)
    local errors = {}
    w:on("sense_error", function(ev) errors[#errors + 1] = ev.message end)
    w:step(DT)
    return a, t, errors, w
  end

  it("nil, false or nothing is inactive: no belief is made", function()
    for _, answer in ipairs({
      function() return nil end, function() return false end, function() end,
      function() return 0 end, function() return -0.5 end,
    }) do
      local a, t, errors = answered(answer)
      assert.is_nil(a:belief(t))
      assert.are.equal(0, a:confidence(t))
      assert.are.equal("undetected", a:state(t))
      assert.are.same({}, errors)
    end
  end)

  it("an active answer makes a belief with that confidence", function()
    local a, t = answered(function() return 0.42 end)
    local b = a:belief(t)
    assert.is_near(0.42, b.confidence, TOL)
    assert.is_near(0.42, b.contributions.Answer, TOL)
    assert.is_true(b.active.Answer)
    assert.are.equal("detected", b.state)
  end)

  it("clamps the confidence to 1", function()
    local a, t = answered(function() return 7.5 end)
    assert.are.equal(1, a:confidence(t))
    assert.are.equal(1, a:belief(t).contributions.Answer)
  end)

  it("without an accuracy the location is exact (accuracy 1: uncertainty 0) and is the target's position",
    function()
      local a, t = answered(function() return 0.5 end)
      local b = a:belief(t)
      assert.are.equal(0, b.uncertainty)
      assert.are.same({ x = 1000, y = 0, z = 0 }, b.last_known)
    end)

  it("an accuracy sets the uncertainty to (1 - accuracy) x max_uncertainty (10 m)", function()
    local a, t = answered(function() return 0.5, 0.25 end)
    assert.are.equal(750, a:belief(t).uncertainty)
    local a2, t2 = answered(function() return 0.5, 3 end) -- clamped to 1
    assert.are.equal(0, a2:belief(t2).uncertainty)
    local a3, t3 = answered(function() return 0.5, -1 end) -- clamped to 0
    assert.are.equal(1000, a3:belief(t3).uncertainty)
  end)

  it("an estimated location x, y, z becomes belief.last_known", function()
    local a, t = answered(function() return 0.5, 0.5, 1234, -567, 89 end)
    assert.are.same({ x = 1234, y = -567, z = 89 }, a:belief(t).last_known)
    assert.are.equal(500, a:belief(t).uncertainty)
  end)

  it("a location x, y without z, or one vector table, is taken (z 0 when left out)", function()
    for _, answer in ipairs({
      function() return 0.5, 0.5, 1234, -567 end,
      function() return 0.5, 0.5, { 1234, -567 } end,
      function() return 0.5, 0.5, { x = 1234, y = -567, z = 0 } end,
    }) do
      local a, t, errors = answered(answer)
      assert.are.same({ x = 1234, y = -567, z = 0 }, a:belief(t).last_known)
      assert.are.same({}, errors)
    end
    local a2, t2 = answered(function() return 0.5, 0.5, false end)
    assert.are.same({ x = 1000, y = 0, z = 0 }, a2:belief(t2).last_known)
  end)

  it("a location of any other shape fails the answer with a sense_error that says what came", function()
    for _, case in ipairs({
      { function() return 0.5, 0.5, 0 / 0, 1, 2 end, "returned a non-finite location, or one beyond a C float's "
        .. "range (nan, 1, 2)" },
      -- 1e39 would be inf in the core's float, and the location dropped.
      { function() return 0.5, 0.5, 1, 1e39 end, "returned a non-finite location, or one beyond a C float's "
        .. "range (1, 1e+39, 0)" },
      -- a coordinate on a tie at 9 digits, which the two backends' %.9g round apart
      { function() return 0.5, 0.5, 123456788.5, 1 / 0, 0 end, "returned a non-finite location, or one beyond a "
        .. "C float's range (123456788.5, inf, 0)" },
      { function() return 0.5, 0.5, "500", 600, 7 end, "returned string for the location's x, expected a number "
        .. "or a vector table" },
      { function() return 0.5, 0.5, 500 end, "returned nil for the location's y, expected a number" },
      { function() return 0.5, 0.5, 500, 600, "7" end, "returned string for the location's z, expected a number "
        .. "or nothing" },
      { function() return 0.5, 0.5, { x = 1 }, 2 end, "returned a table and more for the location, expected x, "
        .. "y[, z] or one vector table" },
      { function() return 0.5, 0.5, { x = 1 } end, "returned nil for the location's y, expected a number" },
    }) do
      local a, t, errors = answered(case[1])
      assert.is_nil(a:belief(t))
      assert.are.equal(1, #errors)
      assert.are.equal("sense 'Answer': " .. case[2], errors[1])
    end
  end)

  it("the position of a belief comes from the most precise active sense", function()
    local vague = { id = "Vague", max_range = 5000, evaluate = function() return 0.3, 0.2, 1, 2, 3 end }
    local sharp = { id = "Sharp", max_range = 5000, evaluate = function() return 0.2, 0.9, 4, 5, 6 end }
    local w, a, t = pair_with({ vague, sharp }, nil, 1000)
    w:step(DT)
    local b = a:belief(t)
    assert.are.same({ x = 4, y = 5, z = 6 }, b.last_known)
    assert.is_near(100, b.uncertainty, 1e-3)
  end)
end)

describe("senses in a profile", function()
  local function define_n(w, n)
    local ids = {}
    for i = 1, n do
      ids[i] = "S" .. i
      w:define_sense{ id = ids[i], max_range = 1000, evaluate = function() end }
    end
    return ids
  end

  it("takes up to 8 senses", function()
    local w = wary.world()
    local ids = define_n(w, 8)
    local p = w:define_profile{ name = "eight", senses = ids }
    assert.are.equal(8, #p.senses)
    local a = w:add_agent{ profile = "eight", pos = { 0, 0, 0 } }
    local t = w:add_target{ pos = { 100, 0, 0 } }
    w:step(DT)
    assert.is_nil(a:belief(t))
  end)

  it("refuses a 9th with an error naming the profile and the field 'senses'", function()
    local w = wary.world()
    local ids = define_n(w, 9)
    assert.has_error(function() w:define_profile{ name = "nine", senses = ids } end,
      "profile \"nine\": field 'senses' expected at most 8 custom senses (besides the built-in ones), got 9")
  end)

  it("refuses an undefined sense, with a hint", function()
    local w = wary.world()
    define_n(w, 2)
    assert.has_error(function() w:define_profile{ name = "typo", senses = { "S1", "S3" } } end,
      "profile \"typo\": field 'senses[2]' expected a defined sense, got \"S3\" (did you mean 'S1'?)")
  end)

  it("fuses two custom senses like any senses: the strongest plus corroboration_bonus", function()
    local strong = { id = "Strong", max_range = 5000, evaluate = function(_, _, t) return t.props.strong end }
    local weak = { id = "Weak", max_range = 5000, evaluate = function(_, _, t) return t.props.weak end }
    local w = world_with({ strong, weak })
    local a = w:add_agent{ profile = "p", pos = { 0, 0, 0 } }
    local both = w:add_target{ pos = { 100, 0, 0 }, props = { strong = 0.5, weak = 0.3 } }
    local one = w:add_target{ pos = { 200, 0, 0 }, props = { strong = 0.5 } }
    local other = w:add_target{ pos = { 300, 0, 0 }, props = { weak = 0.3 } }
    w:step(DT)
    assert.is_near(0.6, a:confidence(both), TOL) -- 0.5 + 0.1 for the corroborating sense
    assert.are.equal(0.5, a:confidence(one))
    assert.is_near(0.3, a:confidence(other), TOL)
    local b = a:belief(both)
    assert.are.equal(0.5, b.contributions.Strong)
    assert.is_near(0.3, b.contributions.Weak, TOL)
    assert.is_near(0.6, b.fused, TOL)
    -- 0.6 reaches track_threshold: tracked after min_track_duration in detected
    run(w, 60)
    assert.are.equal("tracked", a:state(both))
    assert.are.equal("detected", a:state(one))
    assert.are.equal("suspected", a:state(other))
  end)

  it("weights the strongest share: a weighted sense can lose its lead", function()
    local strong = { id = "Strong", max_range = 5000, weight = 0.5, evaluate = function() return 0.8 end }
    local weak = { id = "Weak", max_range = 5000, evaluate = function() return 0.3 end }
    local w, a, t = pair_with({ strong, weak }, { corroboration_bonus = 0.05 })
    w:step(DT)
    assert.is_near(0.4 + 0.05, a:confidence(t), TOL)
  end)

  it("drives the states and their events like any sense", function()
    local level = 0.2
    local s = { id = "Dial", max_range = 5000, evaluate = function() return level end }
    local w, a, t = pair_with({ s })
    local seen = {}
    a:on("suspect", function(ev) seen[#seen + 1] = "suspect " .. ev.target.name end)
    a:on("detect", function(ev) seen[#seen + 1] = "detect " .. ev.target.name end)
    a:on("track", function(ev) seen[#seen + 1] = "track " .. ev.target.name end)
    run(w, 6)
    assert.are.equal("suspected", a:state(t))
    level = 0.9
    run(w, 60)
    assert.are.equal("tracked", a:state(t))
    assert.are.same({ "suspect " .. t.name, "detect " .. t.name, "track " .. t.name }, seen)
  end)
end)

describe("a Lua error inside evaluate", function()
  -- Lua 5.4: the runner's coroutine is yieldable, so a pcall inside evaluate
  -- that catches an error came back through the C loop's continuation,
  -- which dropped that answer and every later query of the step.
  it("caught by evaluate's own pcall changes nothing: every query answers, on both backends", function()
    local w = wary.world()
    local asked = {}
    w:define_sense{ id = "Careful", interval = 0.1, max_range = 5000, evaluate = function(_, _, target)
      local ok = pcall(error, "caught")
      asked[#asked + 1] = target.name .. (ok and " ok" or " caught")
      if target.name == "t2" then return 0.5, 0.5, 10, 20, 0 end -- with a location: the runner takes it
      return 0.5
    end }
    w:define_profile{ name = "p", senses = { "Careful" } }
    local guard = w:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 } }
    local t = {}
    for i = 1, 3 do t[i] = w:add_target{ name = "t" .. i, pos = { 100 * i, 0, 0 } } end
    w:step(0.1)
    assert.are.same({ "t1 caught", "t2 caught", "t3 caught" }, asked)
    for i = 1, 3 do assert.are.equal(0.5, guard:belief(t[i]).contributions.Careful, "t" .. i) end
    assert.are.same({ x = 10, y = 20, z = 0 }, guard:belief(t[2]).last_known)
  end)

  -- Two agents (one "bad" for which Flaky raises), one target, and a steady
  -- second sense on the profile; the agents ignore each other (teammates).
  local function flaky_world(limit)
    local calls = { bad = 0, good = 0, steady = 0 }
    local flaky = {
      id = "Flaky", max_range = 5000,
      evaluate = function(ctx)
        calls[ctx.agent.name] = calls[ctx.agent.name] + 1
        if ctx.agent.name == "bad" then error("flaky sensor burned out") end
        return 0.3
      end,
    }
    local steady = {
      id = "Steady", max_range = 5000,
      evaluate = function()
        calls.steady = calls.steady + 1
        return 0.5
      end,
    }
    local w = world_with({ flaky, steady }, { ignore_same_team = true }, limit and { sense_error_limit = limit } or nil)
    local bad = w:add_agent{ name = "bad", profile = "p", pos = { 0, 0, 0 }, team = "guards" }
    local good = w:add_agent{ name = "good", profile = "p", pos = { 0, 100, 0 }, team = "guards" }
    local t = w:add_target{ name = "player", pos = { 1000, 0, 0 }, team = "intruders" }
    local errors = {}
    w:on("sense_error", function(ev) errors[#errors + 1] = ev end)
    return w, bad, good, t, calls, errors
  end

  -- Lua 5.4 only (LuaJIT has no to-be-closed variables, nor coroutine.close).
  local it54 = (coroutine.close and _VERSION == "Lua 5.4") and it or pending
  it54("closes the failed or yielded call's to-be-closed variables (Lua 5.4)", function()
    local closed = 0
    -- Compiled at run time: LuaJIT cannot parse <close>.
    local make = load([[
      local mark, how = ...
      return function()
        local guard <close> = setmetatable({}, { __close = mark })
        if how == "yield" then coroutine.yield() end
        error("boom")
      end]])
    for _, how in ipairs({ "error", "yield" }) do
      local w = wary.world()
      w:define_sense{ id = "Closing", interval = 0.1, max_range = 5000,
                      evaluate = make(function() closed = closed + 1 end, how) }
      w:define_profile{ name = "p", senses = { "Closing" } }
      w:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 } }
      w:add_target{ name = "you", pos = { 100, 0, 0 } }
      local errors = 0
      w:on("sense_error", function() errors = errors + 1 end)
      w:step(0.1)
      assert.are.equal(1, errors, how)
    end
    assert.are.equal(2, closed)
  end)

  it("becomes a sense_error event naming the sense, agent and target, with the message and a traceback",
    function()
      local w, bad, _, t, _, errors = flaky_world()
      w:step(DT)
      local stepped = w:events()
      assert.are.equal(1, #errors)
      local ev = errors[1]
      assert.are.equal("sense_error", ev.type)
      assert.are.equal("Flaky", ev.sense)
      assert.are.equal(bad, ev.agent)
      assert.are.equal(t, ev.target)
      assert.matches("^sense 'Flaky': ", ev.message)
      assert.matches("flaky sensor burned out", ev.message, 1, true)
      assert.matches("traceback", ev.message, 1, true)
      assert.matches("custom_sense_spec.lua", ev.message, 1, true)
      -- the same event is in the step's list and in world:events()
      assert.is_truthy(table.concat(events.types(stepped), " "):find("sense_error", 1, true))
      assert.are.equal(stepped, w:events())
    end)

  it("does not stop the step: the other senses and agents still update", function()
    local w, bad, good, t, calls = flaky_world()
    local errors = 0
    w:on("sense_error", function() errors = errors + 1 end)
    assert.has_no.errors(function() run(w, 6) end) -- every sense of both agents runs once
    assert.are.equal(1, errors)
    assert.are.equal(1, calls.bad)
    assert.are.equal(1, calls.good)
    assert.are.equal(2, calls.steady)
    assert.are.equal(0.5, bad:confidence(t))          -- Steady on the failing agent
    assert.are.equal(0, bad:belief(t).contributions.Flaky)
    assert.is_near(0.6, good:confidence(t), TOL)      -- 0.5 + corroboration from Flaky
    assert.are.equal("detected", bad:state(t))
  end)

  it("mutes the sense for that agent after sense_error_limit (3) failures; other agents keep calling it",
    function()
      local w, bad, good, t, calls, errors = flaky_world()
      run(w, 60)
      assert.are.equal(3, calls.bad)
      assert.are.equal(10, calls.good)
      assert.are.equal(3, #errors)
      assert.is_true(bad:belief(t).muted.Flaky)
      assert.is_false(bad:belief(t).muted.Steady)
      assert.is_false(good:belief(t).muted.Flaky)
      run(w, 60)
      assert.are.equal(3, calls.bad)
      assert.are.equal(20, calls.good)
      assert.are.equal(40, calls.steady) -- 20 per agent
      assert.are.equal(3, #errors)
    end)

  it("honours the world's sense_error_limit", function()
    local w, bad, _, t, calls, errors = flaky_world(5)
    run(w, 60)
    assert.are.equal(5, calls.bad)
    assert.are.equal(5, #errors)
    assert.is_true(bad:belief(t).muted.Flaky)
  end)

  it("unmute_sense re-enables a muted sense for that agent (and counts failures afresh)", function()
    local w, bad, _, t, calls, errors = flaky_world()
    run(w, 60)
    assert.are.equal(3, calls.bad)
    assert.is_true(bad:sense_muted("Flaky")) -- asked of the agent, with or without a belief
    bad:unmute_sense("Flaky")
    assert.is_false(bad:belief(t).muted.Flaky)
    assert.is_false(bad:sense_muted("Flaky"))
    run(w, 60)
    assert.are.equal(6, calls.bad)
    assert.are.equal(6, #errors)
    assert.is_true(bad:belief(t).muted.Flaky)
    assert.is_true(bad:sense_muted("Flaky"))
    assert.has_error(function() bad:unmute_sense("Nope") end,
      "bad: field 'sense' expected a sense of profile 'p': Flaky, Steady, got \"Nope\"")
    assert.has_error(function() bad:sense_muted("flaky") end,
      "bad: field 'sense' expected a sense of profile 'p': Flaky, Steady (did you mean 'Flaky'?), got \"flaky\"")
    w:define_profile{ name = "senseless", senses = {} }
    local none = w:add_agent{ name = "none", profile = "senseless", pos = { 0, 0, 0 } }
    assert.has_error(function() none:sense_muted("Flaky") end,
      "none: field 'sense' expected a sense of profile 'senseless': none, got \"Flaky\"")
  end)

  it("an error object that is not a string still gives a message", function()
    local s = { id = "Odd", max_range = 5000, evaluate = function() error({ code = 7 }) end }
    local w = pair_with({ s })
    local msgs = {}
    w:on("sense_error", function(ev) msgs[#msgs + 1] = ev.message end)
    w:step(DT)
    assert.are.equal(1, #msgs)
    assert.matches("^sense 'Odd': %(error object is a table value%)", msgs[1])
  end)

  it("error(), error(false) and error(2.5) are told as a handler's are, with a traceback", function()
    for _, case in ipairs({ { "nil", function() error() end }, { "false", function() error(false) end },
                            { "2.5", function() error(2.5, 0) end } }) do
      local value, raise = case[1], case[2]
      local s = { id = "Odd", max_range = 5000, evaluate = raise }
      local w = pair_with({ s })
      local msgs = {}
      w:on("sense_error", function(ev) msgs[#msgs + 1] = ev.message end)
      w:step(DT)
      assert.are.equal(1, #msgs)
      local told = value == "2.5" and value or "raised " .. value .. " (an error without a message)"
      assert.are.equal("sense 'Odd': " .. told, msgs[1]:match("^[^\n]*"))
      assert.matches("traceback", msgs[1])
    end
  end)
end)

describe("a sense returning a bad value", function()
  local function one_error(answer)
    local s = { id = "Bad", max_range = 5000, evaluate = answer }
    local w, a, t = pair_with({ s })
    local errors = {}
    w:on("sense_error", function(ev) errors[#errors + 1] = ev end)
    w:step(DT)
    assert.are.equal(1, #errors)
    assert.are.equal("Bad", errors[1].sense)
    assert.are.equal(a, errors[1].agent)
    assert.are.equal(t, errors[1].target)
    assert.is_nil(a:belief(t)) -- nothing was written
    return errors[1].message
  end

  it("a string for confidence: 'returned string for confidence, expected a number or nil'", function()
    assert.are.equal("sense 'Bad': returned string for confidence, expected a number or nil",
      one_error(function() return "0.5" end))
    assert.are.equal("sense 'Bad': returned table for confidence, expected a number or nil",
      one_error(function() return {} end))
    assert.are.equal("sense 'Bad': returned boolean for confidence, expected a number or nil",
      one_error(function() return true end))
  end)

  it("NaN or inf for confidence: 'returned a non-finite confidence'", function()
    assert.are.equal("sense 'Bad': returned a non-finite confidence", one_error(function() return 0 / 0 end))
    assert.are.equal("sense 'Bad': returned a non-finite confidence", one_error(function() return math.huge end))
    assert.are.equal("sense 'Bad': returned a non-finite confidence", one_error(function() return -math.huge end))
  end)

  it("a bad accuracy: 'returned <type> for accuracy, expected a number' or 'a non-finite accuracy'", function()
    assert.are.equal("sense 'Bad': returned string for accuracy, expected a number",
      one_error(function() return 0.5, "high" end))
    assert.are.equal("sense 'Bad': returned a non-finite accuracy", one_error(function() return 0.5, 0 / 0 end))
  end)
end)
