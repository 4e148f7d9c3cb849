-- What a sense's evaluate may not do: it runs inside the step, so adding,
-- removing or defining things there is refused with a clear error (which the
-- step turns into a sense_error) and changes nothing. Values beyond a C
-- float, lists with holes and an agent used as its own target are refused
-- the same way, naming the object and the field.
local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")
local expect = require("spec.support.expect")

local DT = 1 / 60

-- A world whose one sense runs `act(world, target)` inside evaluate, once.
local function world_acting(act)
  local w = wary.world()
  local done = false
  w:define_sense{ id = "Meddler", max_range = 5000, evaluate = function(ctx, _, target)
    if not done then
      done = true
      act(ctx.world, target)
    end
    return 0.5
  end }
  w:define_profile{ name = "p", senses = { "Meddler" } }
  local agent = w:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 } }
  local target = w:add_target{ name = "player", pos = { 100, 0, 0 } }
  local errors = {}
  w:on("sense_error", function(ev) errors[#errors + 1] = ev.message end)
  return w, agent, target, errors
end

describe("inside a sense's evaluate", function()
  local cases = {
    { "add_target", function(w) w:add_target{ pos = { 0, 0, 0 } } end },
    { "remove", function(_, target) target:remove() end },
    { "add_box", function(w) w:add_box{ min = { 0, 0, 0 }, max = { 1, 1, 1 } } end },
    { "define_profile", function(w) w:define_profile{ name = "late" } end },
  }
  for _, case in ipairs(cases) do
    it(case[1] .. " is refused with a sense_error, and the step completes", function()
      local w, agent, target, errors = world_acting(case[2])
      w:step(DT)
      assert.are.equal(1, #errors)
      expect.mentions(errors[1], "not allowed during a step", "after world:step returns")
      assert.are.equal(2, #w:actors())
      assert.are.equal(0, w:box_count())
      assert.is_true(target:valid())
      -- The failed call changed nothing: after the step the same call works.
      w:step(DT)
      assert.are.equal(1, #errors)
      assert.is_true(agent:confidence(target) >= 0)
    end)
  end

  it("world:step there is refused with a sense_error saying so in Lua's terms", function()
    local w, _, _, errors = world_acting(function(world) world:step(DT) end)
    w:step(DT)
    assert.are.equal(1, #errors)
    expect.mentions(errors[1], "world:step: not allowed inside a custom sense's evaluate")
    assert.is_nil(errors[1]:find("wary_step_begin", 1, true))
    assert.is_true(w:time() > 0)
  end)

  it("a box moved or given another material there stays as it was, and can be after the step", function()
    local box
    local w, _, _, errors = world_acting(function()
      box:set_bounds({ 500, -50, 0 }, { 510, 50, 300 })
    end)
    box = w:add_box{ min = { 40, -50, 0 }, max = { 60, 50, 300 } }
    w:step(DT)
    assert.are.equal(1, #errors)
    expect.mentions(errors[1], "set_bounds", "not allowed during a step")
    assert.are.same({ 40, -50, 0 }, box.min)
    assert.are.equal(0, w:ray({ 0, 0, 100 }, { 100, 0, 100 }).transmission)
    local w2, _, _, errors2 = world_acting(function() box:set_material("glass") end)
    box = w2:add_box{ min = { 40, -50, 0 }, max = { 60, 50, 300 } }
    w2:step(DT)
    expect.mentions(errors2[1], "set_material", "not allowed during a step")
    assert.are.equal("concrete", box.material)
    assert.are.equal(0, w2:ray({ 0, 0, 100 }, { 100, 0, 100 }).transmission)
    box:set_material("glass")
    assert.are.equal(1, w2:ray({ 0, 0, 100 }, { 100, 0, 100 }).transmission)
  end)

  it("the calls the core refuses there are refused in Lua's terms, not the C calls'", function()
    local calls = {
      apply_damage = function(w, target) w:apply_damage{ victim = target, amount = 0.1 } end,
      create_detection_event = function(w, target)
        w:create_detection_event{ owner = target, pos = { 0, 0, 0 }, rating = 50 }
      end,
    }
    for name, call in each(calls) do
      local w, _, _, errors = world_acting(call)
      w:step(DT)
      assert.are.equal(1, #errors)
      expect.mentions(errors[1], "world: " .. name .. ": not allowed during a step (inside a sense's evaluate); "
        .. "do it after world:step returns")
      assert.is_nil(errors[1]:find("wary_step_begin", 1, true))
    end
  end)

  it("world:apply_damage there keeps nothing of it, not even its damage type's name", function()
    local function saved(meddle)
      local w = world_acting(function(world, target)
        if meddle then pcall(world.apply_damage, world, { victim = target, amount = 0.1, type = "NovelType" }) end
      end)
      w:step(DT)
      return w:save_state()
    end
    assert.are.equal(saved(false), saved(true))
  end)

  it("a box removed there stays in the world and can still be removed after the step", function()
    local box
    local w, _, _, errors = world_acting(function() box:remove() end)
    box = w:add_box{ min = { 40, -50, 0 }, max = { 60, 50, 300 } }
    w:step(DT)
    assert.are.equal(1, #errors)
    assert.is_true(box:valid())
    assert.are.equal(1, w:box_count())
    box:remove()
    assert.are.equal(0, w:box_count())
  end)
end)

describe("bad numbers and lists", function()
  local w
  before_each(function() w = wary.world() end)

  it("a position beyond a C float's range is refused by name and changes nothing", function()
    local p = w:add_target{ name = "far", pos = { 1, 2, 3 } }
    local msg = expect.error_of(function() p:set_pos(1e39, 0, 0) end)
    expect.mentions(msg, "far", "'pos'", "a vector of finite numbers", "got 1e+39")
    assert.are.same({ 1, 2, 3 }, { p:pos() })
    msg = expect.error_of(function() w:add_target{ name = "huge", pos = { 0, 0, 0 }, props = { heat = 1e39 } } end)
    expect.mentions(msg, 'target "huge"', "'props.heat'", "got 1e+39")
    assert.are.equal(1, #w:actors())
  end)

  it("a profile field beyond a C float's range is refused by name", function()
    local msg = expect.error_of(function() w:define_profile{ name = "x", lost_time = 1e39 } end)
    expect.mentions(msg, 'profile "x"', "'lost_time'", "got 1e+39")
    expect.no_profile(w, "x")
  end)

  it("a list with holes or other keys is refused, not silently cut short", function()
    w:define_sense{ id = "A", max_range = 100, evaluate = function() end }
    local msg = expect.error_of(function() w:define_profile{ name = "x", senses = { "A", nil, "B" } } end)
    expect.mentions(msg, 'profile "x"', "'senses'", "a list (keys 1 to n, no holes)")
    msg = expect.error_of(function() w:define_profile{ name = "y", senses = { A = true } } end)
    expect.mentions(msg, 'profile "y"', "'senses'", "a list (keys 1 to n, no holes)")
  end)

  it("an agent used as its own target is refused by name", function()
    w:define_sense{ id = "A", max_range = 100, evaluate = function() end }
    w:define_profile{ name = "p", senses = { "A" } }
    local g = w:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 } }
    local msg = expect.error_of(function() g:set_confidence(g, 0.5) end)
    expect.mentions(msg, "guard", "'target'", "another actor", "got the agent itself")
    msg = expect.error_of(function() g:add_evidence(g, "Tip", "raise", 0.5) end)
    expect.mentions(msg, "guard", "'target'", "another actor")
    assert.are.same({}, g:beliefs())
  end)
end)
