-- spec/small_senses_spec.lua: the small built-in senses, each switched on by
-- its table in the profile: smell (scent x sensitivity x (1 - (d / range)^2),
-- through walls), touch (sure within reach, and at once on report_touch),
-- echolocation (ignores light and cones, stopped by walls); their documented
-- defaults (profiles/default.lua) and how each loses a target.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")
local ROOT = (os.getenv("WARY_ROOT") or ".") .. "/"
local ears = require("spec.support.ears")
local expect = require("spec.support.expect")

local TOL = 1e-5
local M = ears.M
local only = ears.only

-- A guard at the origin with only the small sense `field` (settings `t`) and a
-- player at pos (feet to feet: the distance is |pos|).
local function with(field, t, pos, player)
  local player_fields = { pos = pos }
  for k, v in each(player or {}) do player_fields[k] = v end
  return ears.new{ hearing = false, profile = { [field] = t or {} }, player = player_fields }
end

-- The table written in profiles/default.lua's comment "-- <field> = { ... },".
local function documented(field)
  local f = assert(io.open(ROOT .. "profiles/default.lua", "r"))
  local text = f:read("a")
  f:close()
  local body = text:match("\n%s*%-%- " .. field .. " = (%b{})")
  assert.is_not_nil(body, "profiles/default.lua documents " .. field)
  return (load or loadstring)("return " .. body)()
end

local function lost_events(list)
  return only(list, "lost")
end

describe("small senses: documented defaults", function()
  for _, case in ipairs({
    { "smell", { interval = 0.5, range = 5 * M, loss_grace = 2, weight = 1, sensitivity = 1, accuracy = 0.3 } },
    { "touch", { interval = 0.1, range = 0.6 * M, loss_grace = 0.5, weight = 1, sensitivity = 1, accuracy = 1 } },
    { "echolocation", { interval = 0.5, range = 20 * M, loss_grace = 1, weight = 1, sensitivity = 1,
                        accuracy = 0.8 } },
    { "vibration", { interval = 0.1, range = 30 * M, loss_grace = 1, weight = 1, sensitivity = 1, accuracy = 0.5 } },
  }) do
    local field, defaults = case[1], case[2]
    it(field .. " = {} gives the defaults written in profiles/default.lua", function()
      local w = wary.world()
      local p = w:define_profile{ name = "p", [field] = {} }
      assert.are.same(defaults, p[field])
      -- the file gives the range in metres (range_m)
      local written = documented(field)
      assert.is_nil(written.range)
      written.range, written.range_m = written.range_m * M, nil
      assert.are.same(written, p[field])
      assert.are.same(p[field], w:define_profile{ name = "q", [field] = documented(field) }[field])
    end)
  end

  it("ranges are in metres, scaled by units_per_meter", function()
    local w = wary.world{ units_per_meter = 1 }
    local p = w:define_profile{ name = "p", smell = {}, touch = {}, echolocation = {}, vibration = {} }
    assert.are.equal(5, p.smell.range)
    assert.is_near(0.6, p.touch.range, 1e-9)
    assert.are.equal(20, p.echolocation.range)
    assert.are.equal(30, p.vibration.range)
  end)

  it("listing a sense's id in senses switches it on with its defaults", function()
    local w = wary.world()
    local p = w:define_profile{ name = "p", senses = { "Smell", "Touch" } }
    assert.are.same({ "Smell", "Touch" }, p.senses)
    assert.are.equal(0.3, p.smell.accuracy)
  end)

  it("refuses bad fields, naming the profile, the sense and the field", function()
    local w = wary.world()
    expect.mentions(expect.error_of(function() w:define_profile{ name = "p", smell = { rnage = 1 } } end),
      'profile "p" smell', "unknown field 'rnage'", "did you mean 'range'")
    expect.mentions(expect.error_of(function() w:define_profile{ name = "p", touch = { accuracy = 2 } } end),
      'profile "p" touch', "'accuracy'", "[0, 1]", "got 2")
    expect.mentions(expect.error_of(function()
      w:define_profile{ name = "p", echolocation = { sensitivity = -1 } }
    end), 'profile "p" echolocation', "'sensitivity'", "got -1")
    expect.mentions(expect.error_of(function() w:define_profile{ name = "p", smell = { interval = 0 } } end),
      'profile "p" smell', "'interval'", "got 0")
  end)
end)

describe("small senses: smell", function()
  it("is scent x sensitivity x (1 - (d / range)^2): 0.75 at half its 5 m", function()
    local e = with("smell", {}, { 250, 0, 0 })
    e:step()
    local b = e.guard:belief(e.player)
    assert.is_near(0.75, b.contributions.Smell, TOL)
    assert.is_near(0.75, b.confidence, TOL)
    assert.is_near(0.7 * 10 * M, b.uncertainty, 1e-3)     -- accuracy 0.3
    local keen = with("smell", { sensitivity = 0.8, range = 10 * M }, { 500, 0, 0 })
    keen:step()
    assert.is_near(0.8 * 0.75, keen.guard:confidence(keen.player), TOL)
  end)

  it("goes through walls", function()
    local e = with("smell", {}, { 250, 0, 0 })
    e:wall(100)
    e:step()
    assert.is_near(0.75, e.guard:confidence(e.player), TOL)
  end)

  it("smells nothing beyond its range", function()
    local e = with("smell", {}, { 510, 0, 0 })
    e:run(1)
    assert.is_nil(e.guard:belief(e.player))
  end)

  it("follows the target's scent: add_target{ scent = 0 } smells of nothing, set_scent changes it", function()
    local e = with("smell", {}, { 250, 0, 0 })
    local ghost = e.world:add_target{ name = "ghost", pos = { 0, 250, 0 }, scent = 0 }
    e:run(0.5)
    assert.is_nil(e.guard:belief(ghost))
    e.player:set_scent(0.5)
    ghost:set_scent(1)
    e:run(0.5)
    assert.is_near(0.375, e.guard:belief(e.player).contributions.Smell, TOL)
    assert.is_near(0.75, e.guard:confidence(ghost), TOL)
    expect.mentions(expect.error_of(function() e.player:set_scent(2) end), "player", "'scent'", "[0, 1]")
  end)

  it("sniffs every 0.5 s", function()
    local e = with("smell", {}, { 250, 0, 0 })
    e:step()                                               -- the first sniff
    e.player:set_scent(0.5)
    e:run(0.4)
    assert.is_near(0.75, e.guard:belief(e.player).contributions.Smell, TOL)
    e:step()                                               -- 0.5 s after the first
    assert.is_near(0.375, e.guard:belief(e.player).contributions.Smell, TOL)
  end)

  it("loses a target that stops smelling: its share holds 2 s, then fades; lost for sensor_dropout", function()
    local e = with("smell", {}, { 250, 0, 0 })
    e:run(1)
    e.player:set_scent(0)
    e:run(1.9)
    local b = e.guard:belief(e.player)
    assert.is_near(0.75, b.confidence, TOL)
    assert.is_false(b.active.Smell)
    assert.is_true(b.sensed)
    local lost = lost_events(e:run(10))
    assert.are.equal(1, #lost)
    assert.are.equal("sensor_dropout", lost[1].loss_reason)
  end)

  it("loses a target that walks out of range for out_of_range", function()
    local e = with("smell", {}, { 250, 0, 0 })
    e:run(1)
    e.player:set_pos(2000, 0, 0)
    local lost = lost_events(e:run(12))
    assert.are.equal(1, #lost)
    assert.are.equal("out_of_range", lost[1].loss_reason)
  end)
end)

describe("small senses: touch", function()
  it("is sure of anyone within reach (0.6 m)", function()
    local e = with("touch", {}, { 50, 0, 0 })
    local far = e.world:add_target{ name = "far", pos = { 0, 70, 0 } }
    e:run(0.2)
    local b = e.guard:belief(e.player)
    assert.are.equal(1, b.contributions.Touch)
    assert.are.equal(1, b.confidence)
    assert.are.equal(0, b.uncertainty)                     -- accuracy 1
    assert.is_nil(e.guard:belief(far))
  end)

  it("its sensitivity is how sure it is", function()
    local e = with("touch", { sensitivity = 0.6 }, { 50, 0, 0 })
    e:step()
    assert.is_near(0.6, e.guard:confidence(e.player), TOL)
  end)

  it("report_touch counts at the next step, at any distance", function()
    local e = with("touch", {}, { 3 * M, 0, 0 })
    e:step()
    assert.is_nil(e.guard:belief(e.player))
    e.guard:report_touch(e.player)
    assert.is_nil(e.guard:belief(e.player))
    e:step()
    local b = e.guard:belief(e.player)
    assert.are.equal(1, b.contributions.Touch)
    assert.are.same({ x = 300, y = 0, z = 0 }, b.last_known)
  end)

  it("report_touch on an agent without a Touch sense is ignored with a warning, and keeps nothing: the "
    .. "core refuses it (not_found), so no fifth toucher fills a table", function()
    local world = wary.world()
    world:define_profile{ name = "deaf", hearing = {} }
    local guard = world:add_agent{ name = "guard", profile = "deaf", pos = { 0, 0, 0 } }
    local cats = {}
    for i = 1, 6 do cats[i] = world:add_target{ name = "cat" .. i, pos = { 10, 0, 0 } } end
    local before = world:save_state()
    local warned = {}
    local saved = io.stderr
    io.stderr = { write = function(_, s) warned[#warned + 1] = s end } -- luacheck: ignore 122
    local ok, err = pcall(function() for i = 1, 6 do guard:report_touch(cats[i]) end end)
    io.stderr = saved -- luacheck: ignore 122
    assert(ok, err)
    assert.are.equal(1, #warned)
    assert.matches("guard: report_touch ignored: profile deaf has no Touch sense", warned[1], 1, true)
    assert.are.equal(before, world:save_state())
    local B = world._B
    assert.are.equal(require("wary.enums").status_values.not_found, B.report_touch(world._w, guard.id, cats[1].id))
    assert.matches("wary_report_touch: agent: expected an agent that feels touch", B.last_error(world._w), 1, true)
  end)

  it("a touch waiting for the step is forgotten when the profile stops feeling touch", function()
    local world = wary.world()
    world:define_profile{ name = "g", touch = {}, smell = {} }
    local guard = world:add_agent{ profile = "g", pos = { 0, 0, 0 } }
    local cat = world:add_target{ pos = { 3000, 0, 0 } }
    guard:report_touch(cat)
    world:define_profile{ name = "g", smell = {} }
    world:define_profile{ name = "g", touch = {}, smell = {} } -- given back before the step
    world:step(1 / 60)
    assert.is_nil(guard:belief(cat))
  end)

  it("report_touch counts even between the touch sense's updates", function()
    local e = with("touch", { interval = 1 }, { 3 * M, 0, 0 })
    e:run(0.3)
    e.guard:report_touch(e.player)
    e:step()
    assert.are.equal(1, e.guard:belief(e.player).contributions.Touch)
  end)

  it("report_touch needs a touch sense, another actor, and takes 4 touchers a step (a fifth dropped, with a warning "
    .. "once a world)", function()
    local e = with("touch", {}, { 3 * M, 0, 0 })
    expect.mentions(expect.error_of(function() e.guard:report_touch(e.guard) end), "guard", "'toucher'")
    expect.mentions(expect.error_of(function() e.player:report_touch(e.guard) end), "player", "not an agent")
    for i = 1, 4 do
      e.guard:report_touch(e.world:add_target{ name = "hand" .. i, pos = { 0, 100 * i, 0 } })
    end
    e.guard:report_touch(e.world:actors()[3])              -- the same toucher twice is one touch
    local warned = expect.stderr_of(function()
      e.guard:report_touch(e.player) -- a crowd's fifth: dropped, not raised
      e.guard:report_touch(e.world:add_target{ name = "sixth", pos = { 0, -100, 0 } })
    end)
    assert.are.equal(1, #warned)
    assert.matches("guard: report_touch: touch by player dropped: 4 other touchers wait for its next step",
      warned[1], 1, true)
    e:step()
    assert.are.equal(4, #e.guard:beliefs())
    assert.is_nil(e.guard:belief(e.player))
    local numb = ears.new{ hearing = false, profile = { smell = {} }, player = { scent = 0 } }
    local said = {}
    local stderr = io.stderr
    io.stderr = { write = function(_, text) said[#said + 1] = text end } -- luacheck: ignore 122
    local ok, err = pcall(function()
      numb.guard:report_touch(numb.player)
      numb.guard:report_touch(numb.player)
    end)
    io.stderr = stderr -- luacheck: ignore 122
    assert(ok, err)
    numb:step()
    assert.is_nil(numb.guard:belief(numb.player))
    assert.are.equal(1, #said) -- said once, as report_pain's
    expect.mentions(said[1], "wary: warning:", "report_touch ignored", "has no Touch sense")
  end)

  it("a teammate's reported touch makes no belief with ignore_same_team, as its sounds and hits do not", function()
    local e = with("touch", {}, { 3 * M, 0, 0 })
    local mate = e.world:add_target{ name = "mate", pos = { 0, 3 * M, 0 }, team = e.guard.team }
    e.world:define_profile{ name = "loner", extends = e.guard.profile.name, ignore_same_team = true }
    local loner = e.world:add_agent{ name = "loner", profile = "loner", pos = { 0, 0, 0 }, team = e.guard.team }
    loner:report_touch(mate)
    e.guard:report_touch(mate)
    e:step()
    assert.is_nil(loner:belief(mate))
    assert.are.equal(1, e.guard:belief(mate).contributions.Touch) -- allies count by default
  end)

  it("loses a toucher who steps away: holds 0.5 s, then fades; lost for out_of_range", function()
    local e = with("touch", {}, { 50, 0, 0 })
    e:run(0.5)
    e.player:set_pos(200, 0, 0)
    e:run(0.4)
    local b = e.guard:belief(e.player)
    assert.are.equal(1, b.confidence)
    assert.is_true(b.sensed)
    e:run(0.3)
    assert.is_false(e.guard:belief(e.player).sensed)
    local lost = lost_events(e:run(10))
    assert.are.equal(1, #lost)
    assert.are.equal("out_of_range", lost[1].loss_reason)
  end)
end)

describe("small senses: echolocation", function()
  it("is sensitivity x (1 - (d / range)^2): 0.75 at half its 20 m", function()
    local e = with("echolocation", {}, { 10 * M, 0, 0 })
    e:step()
    local b = e.guard:belief(e.player)
    assert.is_near(0.75, b.contributions.Echolocation, TOL)
    assert.is_near(0.2 * 10 * M, b.uncertainty, 1e-3)    -- accuracy 0.8
    local beyond = with("echolocation", {}, { 21 * M, 0, 0 })
    beyond:run(1)
    assert.is_nil(beyond.guard:belief(beyond.player))
  end)

  it("ignores light and cones: the same in the dark and behind the guard", function()
    local e = with("echolocation", {}, { 10 * M, 0, 0 }, { light = 0 })
    local behind = e.world:add_target{ name = "behind", pos = { -10 * M, 0, 0 }, light = 1 }
    e.world:add_environment{ min = { -2000, -2000, -100 }, max = { 2000, 2000, 500 }, light = 0 }
    e:run(0.6)
    assert.is_near(0.75, e.guard:confidence(e.player), TOL)
    assert.is_near(0.75, e.guard:confidence(behind), TOL)
  end)

  it("is stopped by a wall, even glass; lost for occluded", function()
    local e = with("echolocation", {}, { 10 * M, 0, 0 })
    e:run(1)
    assert.is_true(e.guard:belief(e.player).active.Echolocation)
    e:wall(500, "glass")
    e:run(0.6)
    local b = e.guard:belief(e.player)
    assert.is_false(b.active.Echolocation)
    assert.is_true(b.sensed)                               -- inside its 1 s grace
    local lost = lost_events(e:run(10))
    assert.are.equal(1, #lost)
    assert.are.equal("occluded", lost[1].loss_reason)
  end)

  it("a wall that is no wall for sound (foliage) lets it through", function()
    local e = with("echolocation", {}, { 10 * M, 0, 0 })
    e:wall(500, "foliage")
    e:step()
    assert.is_near(0.75, e.guard:confidence(e.player), TOL)
  end)
end)
