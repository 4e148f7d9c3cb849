-- The per-step ray budget (docs/budget.md): wary.world{ ray_budget = N } or
-- world:set_ray_budget(N) caps the vision rays of a step; past it the due
-- (guard, target) pairs most in need look first, the others keep what they
-- last saw, and each looks again within I x (ceil(D / G) - 1) steps (I steps
-- between a guard's vision updates, D pairs needing rays due in one step,
-- G = floor(budget / rays a pair casts)).
local expect = require("spec.support.expect")

local error_of, mentions = expect.error_of, expect.mentions

local GUARDS, WALKERS = 10, 6

-- A ring of guards 10 m out facing a yard where walkers circle some pillars.
local function yard(ray_budget)
  local wary = require("wary")
  local world = wary.world{ ray_budget = ray_budget }
  world:define_profile{ name = "guard", vision = {} }
  for i = 0, 3 do
    local x, y = i % 2 == 1 and 150 or -150, i >= 2 and 150 or -150
    world:add_box{ min = { x - 25, y - 25, 0 }, max = { x + 25, y + 25, 120 + 40 * i } }
  end
  local guards, walkers = {}, {}
  for i = 1, GUARDS do
    local a = (i - 1) * 2 * math.pi / GUARDS
    guards[i] = world:add_agent{ profile = "guard", team = "guards",
                                 pos = { 1000 * math.cos(a), 1000 * math.sin(a), 0 }, yaw = a * 180 / math.pi + 180 }
  end
  for i = 1, WALKERS do walkers[i] = world:add_target{ team = "walkers", pos = { 0, 0, 0 } } end
  return { world = world, guards = guards, walkers = walkers, steps = 0 }
end

-- One step at 60 Hz: the walkers move on their circles; returns the step's
-- vision rays and the pairs that needed rays.
local function step(y)
  for i, t in ipairs(y.walkers) do
    local r, a = 100 + 40 * i, y.steps / 60 * (0.3 + 0.17 * i) + i
    t:set_pos(r * math.cos(a), r * math.sin(a), 0)
  end
  y.steps = y.steps + 1
  local before = y.world:stats()
  y.world:step(1 / 60)
  local after = y.world:stats()
  return after.vision_rays - before.vision_rays, after.budget_pairs - before.budget_pairs
end

-- Every belief of every guard after each of n steps, to the bit.
local function trace(y, n)
  local out = {}
  for _ = 1, n do
    step(y)
    for _, g in ipairs(y.guards) do
      for _, w in ipairs(y.walkers) do
        local b = g:belief(w)
        if b then
          out[#out + 1] = string.format("%a %a %s %s", b.confidence, b.smoothed, b.state, b.loss_reason or "-")
        end
      end
    end
  end
  return table.concat(out, "\n")
end

describe("ray budget", function()
  it("is off by default: no step plans, and the stats say so", function()
    local y = yard(nil)
    for _ = 1, 120 do step(y) end
    local s = y.world:stats()
    assert.is_true(s.vision_rays > 0)
    assert.are.equal(0, s.budget_pairs)
    assert.are.equal(0, s.budget_deferred)
  end)

  it("reads back as set, and as a load restores it, with the weather", function()
    local world = require("wary").world()
    assert.are.same({ 0, 1 }, { world:ray_budget(), world:weather() })
    world:set_ray_budget(800)
    world:set_weather(0.5)
    local saved = world:save_state()
    world:set_ray_budget(0)
    world:set_weather(1)
    assert.are.same({ 0, 1 }, { world:ray_budget(), world:weather() })
    world:load_state(saved)
    assert.are.same({ 800, 0.5 }, { world:ray_budget(), world:weather() })
    local fresh = require("wary").world()
    fresh:load_state(saved)
    assert.are.same({ 800, 0.5 }, { fresh:ray_budget(), fresh:weather() })
  end)

  it("no step casts more vision rays than the budget, and some pairs wait", function()
    local y = yard(20)
    local most = 0
    for _ = 1, 600 do most = math.max(most, (step(y))) end
    assert.is_true(most <= 20)
    assert.is_true(y.world:stats().budget_deferred > 0)
  end)

  it("every pair put off looks again within I x (ceil(D / G) - 1) steps", function()
    for _, budget in ipairs({ 5, 15, 30 }) do
      local y = yard(budget)
      local d = 0
      for _ = 1, 900 do
        local _, pairs = step(y)
        d = math.max(d, pairs)
      end
      local g = math.max(1, math.floor(budget / 5)) -- five sample points: 5 rays a pair at most
      local bound = 6 * (math.ceil(d / g) - 1)     -- 0.1 s updates at 60 Hz: every 6 steps
      local s = y.world:stats()
      assert.is_true(s.budget_max_wait > 0)
      assert.is_true(s.budget_max_wait <= bound, string.format("budget %d: waited %d steps, bound %d (D = %d)",
        budget, s.budget_max_wait, bound, d))
    end
  end)

  it("gives the same steps twice", function()
    assert.are.equal(trace(yard(15), 300), trace(yard(15), 300))
  end)

  it("a budget no step reaches changes nothing, to the bit", function()
    assert.are.equal(trace(yard(0), 300), trace(yard(1000000), 300))
  end)

  it("set_ray_budget(0) turns it off again", function()
    local y = yard(10)
    for _ = 1, 60 do step(y) end
    y.world:set_ray_budget(0)
    local pairs = y.world:stats().budget_pairs
    for _ = 1, 60 do step(y) end
    assert.are.equal(pairs, y.world:stats().budget_pairs)
  end)

  it("a guard put off keeps seeing what it saw, and every guard still detects the intruder", function()
    -- The designer's scene: guards around a courtyard, an intruder who walks
    -- across it, a budget of two looks a step for ten guards.
    local wary = require("wary")
    local world = wary.world{ ray_budget = 10 }
    world:define_profile{ name = "guard", vision = {} }
    local guards = {}
    for i = 1, GUARDS do
      local a = (i - 1) * 2 * math.pi / GUARDS
      guards[i] = world:add_agent{ profile = "guard", team = "guards",
                                   pos = { 1200 * math.cos(a), 1200 * math.sin(a), 0 }, yaw = a * 180 / math.pi + 180 }
    end
    local intruder = world:add_target{ team = "intruders", pos = { -600, 0, 0 } }
    local detected, dropped = {}, false
    for n = 1, 600 do
      intruder:set_pos(-600 + n * 2, 0, 0)
      world:step(1 / 60)
      for i, g in ipairs(guards) do
        -- Always in every guard's focal cone, in the open: once seen, vision
        -- holds its share whether the guard looked this step or not.
        local b = g:belief(intruder)
        if b and (b.state == "detected" or b.state == "tracked") then detected[i] = true end
        if detected[i] and b.contributions.Vision <= 0 then dropped = true end
      end
    end
    for i = 1, GUARDS do assert.is_true(detected[i], "guard " .. i) end
    assert.is_false(dropped)
    assert.is_true(world:stats().budget_deferred > 0)
  end)

  it("higher vision priority looks first", function()
    local wary = require("wary")
    local world = wary.world{ ray_budget = 5 }
    world:define_profile{ name = "low", vision = { interval = 1 / 60 } }
    world:define_profile{ name = "high", vision = { interval = 1 / 60, priority = 3 } }
    local low = world:add_agent{ profile = "low", team = "guards", pos = { 0, 1000, 0 } }
    local high = world:add_agent{ profile = "high", team = "guards", pos = { 0, -1000, 0 } }
    local t_low = world:add_target{ team = "walkers", pos = { 500, 1000, 0 } }
    local t_high = world:add_target{ team = "walkers", pos = { 500, -1000, 0 } }
    world:step(1 / 60) -- only the first guard is due at the first step (the stagger)
    assert.is_nil(high:belief(t_high))
    world:step(1 / 60) -- both are due: one look, and priority decides
    assert.is_not_nil(high:belief(t_high))
    assert.is_true(low:belief(t_low).confidence > 0)
  end)

  it("breaks ties by the order the guards were added, also after one is removed", function()
    -- Removing a guard moves the last one added into its place in the
    -- world's list; the order they look in does not follow that.
    local wary = require("wary")
    local world = wary.world{ ray_budget = 5 } -- one look a step
    world:define_profile{ name = "guard", vision = { interval = 1 / 60 } }
    local guards = {}
    for i = 1, 4 do
      guards[i] = world:add_agent{ profile = "guard", team = "guards", pos = { 0, 100 * i, 0 }, yaw = 0 }
    end
    local target = world:add_target{ team = "thieves", pos = { 500, 250, 0 } }
    guards[1]:remove()
    local first_look = {}
    for n = 1, 4 do
      world:step(1 / 60)
      for i = 2, 4 do
        if not first_look[i] and guards[i]:belief(target) then first_look[i] = n end
      end
    end
    assert.same({ [2] = 2, [3] = 3, [4] = 4 }, first_look)
  end)

  it("checks what it is given", function()
    local wary = require("wary")
    mentions(error_of(wary.world, { ray_budget = -1 }), "ray_budget", "-1")
    mentions(error_of(wary.world, { ray_budget = 2.5 }), "ray_budget", "integer")
    mentions(error_of(wary.world, { ray_budjet = 2 }), "did you mean 'ray_budget'")
    local world = wary.world{}
    mentions(error_of(world.set_ray_budget, world, -3), "ray_budget", "-3")
    mentions(error_of(world.set_ray_budget, world, "ten"), "ray_budget")
    mentions(error_of(world.define_profile, world, { name = "p", vision = { priority = 0.5 } }), "priority",
      "integer")
  end)
end)
