-- Bad input gets a clear error and changes nothing (DESIGN.md, reliability
-- rules). Each case checks (1) that the message names the object, the field,
-- what was expected and what was given, and (2) that the world is as before.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")
local fixture = require("spec.support.fixture")
local expect = require("spec.support.expect")
local worlds = require("spec.support.worlds")

local NAN = 0 / 0
local INF = math.huge
local unpack = table.unpack or unpack
local error_of, assert_mentions = expect.error_of, expect.mentions
local assert_no_profile = expect.no_profile -- a profile that fails must leave no profile of that name behind

-- What an agent believes about a target, in comparable form.
local function snapshot(agent, target)
  local b = agent:belief(target)
  if not b then return nil end
  return { confidence = b.confidence, smoothed = b.smoothed, state = b.state, loss_reason = b.loss_reason,
           last_known = b.last_known, uncertainty = b.uncertainty, time_in_state = b.time_in_state }
end

local function pos_of(actor)
  return { actor:pos() }
end

describe("a bad profile", function()
  local world

  before_each(function()
    world = wary.world()
    world:define_sense(fixture.fixed_sense("Eyes"))
  end)

  local cases = {
    { what = "a wrong type", field = "suspect_threshold", value = "high",
      parts = { "'suspect_threshold'", "a finite number in [0, 1]", 'got "high"' } },
    { what = "an out-of-range value", field = "suspect_threshold", value = 1.5,
      parts = { "'suspect_threshold'", "a finite number in [0, 1]", "got 1.5" } },
    { what = "a negative value", field = "fade_rate", value = -1,
      parts = { "'fade_rate'", "a finite number >= 0", "got -1" } },
    { what = "NaN", field = "fade_rate", value = NAN,
      parts = { "'fade_rate'", "a finite number >= 0", "got nan" } },
    { what = "an infinite value", field = "lost_time", value = INF,
      parts = { "'lost_time'", "a finite number >= 0", "got inf" } },
    { what = "a number for a boolean", field = "ignore_same_team", value = 1,
      parts = { "'ignore_same_team'", "a boolean", "got 1" } },
  }
  it("with a peripheral cone no wider than the focal one is an error and defines nothing", function()
    local msg = error_of(function()
      world:define_profile{ name = "x", vision = { enable_peripheral_cone = true, half_angle_deg = 120 } }
    end)
    assert_mentions(msg, 'profile "x" vision', "'peripheral_half_angle_deg'",
      "more than half_angle_deg 120 with enable_peripheral_cone", "got 110")
    assert_no_profile(world, "x")
    world:define_profile{ name = "x", vision = { half_angle_deg = 120 } } -- no peripheral cone: taken
  end)

  it("given a number halfway between two of %g's six digits writes it exactly, the same on both backends", function()
    -- C's printf (Lua 5.4) rounds such a tie to even (10.0312), LuaJIT away from zero (10.0313)
    local msg = error_of(function()
      world:define_profile{ name = "x", vision = { enable_peripheral_cone = true, half_angle_deg = 10.03125,
        peripheral_half_angle_deg = 5 } }
    end)
    assert_mentions(msg, "'peripheral_half_angle_deg' expected more than half_angle_deg 10.03125 with ", "got 5")
    msg = error_of(function()
      world:define_profile{ name = "x", vision = { distance_curve = { { 0.5078125, 1 }, { 0.25, 0 } } } }
    end)
    assert_mentions(msg, "'distance_curve[2] x' expected a number >= 0.5078125 (the x of the point before", "got 0.25")
    local w = wary.world{ units_per_meter = 100.0625 }
    msg = error_of(function() w:define_profile{ name = "x", vision = { max_range_m = 1e37 } } end)
    assert_mentions(msg, "'max_range_m' expected at most 3.4007e+36 metres (100.0625 world units a metre), got 1e+37")
    w:destroy()
    assert_no_profile(world, "x")
  end)

  for _, case in ipairs(cases) do
    it("with " .. case.what .. " (" .. case.field .. ") is an error naming it and defines nothing", function()
      local msg = error_of(function()
        world:define_profile{ name = "x", senses = { "Eyes" }, [case.field] = case.value }
      end)
      assert_mentions(msg, 'profile "x"', "expected", unpack(case.parts))
      assert_no_profile(world, "x")
    end)
  end

  it("with an unknown field is an error with a 'did you mean' hint, and defines nothing", function()
    local msg = error_of(function() world:define_profile{ name = "x", supect_threshold = 0.2 } end)
    assert_mentions(msg, 'profile "x"', "unknown field 'supect_threshold'", "did you mean 'suspect_threshold'")
    assert_no_profile(world, "x")
  end)

  it("with several unknown fields names them all, sorted, the same on every run", function()
    local msg = error_of(function()
      world:define_profile{ name = "x", supect_threshold = 0.2, zz = 1, loss_grace = 1, interval = 2 }
    end)
    assert.are.equal('profile "x": unknown fields \'interval\', \'loss_grace\', '
      .. "'supect_threshold' (did you mean 'suspect_threshold'?), 'zz'", msg:gsub("^[^:]*:%d+: ", ""))
    assert_no_profile(world, "x")
  end)

  it("naming an undefined sense points at its place in the list as written", function()
    local msg = error_of(function() world:define_profile{ name = "x", senses = { "Heat" }, vision = {} } end)
    assert_mentions(msg, 'profile "x"', "'senses[1]'", "a defined sense", '"Heat"')
    msg = error_of(function() world:define_profile{ name = "x", senses = { "Eyes", "Heat" }, hearing = {} } end)
    assert_mentions(msg, 'profile "x"', "'senses[2]'", '"Heat"')
    assert_no_profile(world, "x")
  end)

  it("with thresholds out of order is an error giving the three values, and defines nothing", function()
    local msg = error_of(function()
      world:define_profile{ name = "x", suspect_threshold = 0.5, detect_threshold = 0.3 }
    end)
    assert_mentions(msg, 'profile "x"', "suspect_threshold <= detect_threshold <= track_threshold",
      "got 0.5, 0.3, 0.6")
    msg = error_of(function()
      world:define_profile{ name = "x", detect_threshold = 0.7, track_threshold = 0.6 }
    end)
    assert_mentions(msg, "got 0.15, 0.7, 0.6")
    assert_no_profile(world, "x")
  end)

  it("with threat levels out of order is an error giving the four values, and defines nothing", function()
    local msg = error_of(function()
      world:define_profile{ name = "x", vision = {}, brain = { threat_low = 0.9 } }
    end)
    assert_mentions(msg, 'profile "x" brain', "threat_low <= threat_medium <= threat_high <= threat_critical",
      "got 0.9, 0.4, 0.6, 0.85")
    assert_no_profile(world, "x")
  end)

  it("with an unknown sense id in senses is an error naming the slot and the id, and defines nothing", function()
    local msg = error_of(function() world:define_profile{ name = "x", senses = { "Eyes", "Eers" } } end)
    assert_mentions(msg, 'profile "x"', "'senses[2]'", "a defined sense", 'got "Eers"', "did you mean 'Eyes'")
    assert_no_profile(world, "x")
  end)

  it("with more than 8 senses is an error giving the count, and defines nothing", function()
    local ids = {}
    for i = 1, 9 do
      ids[i] = "S" .. i
      world:define_sense(fixture.fixed_sense(ids[i]))
    end
    local msg = error_of(function() world:define_profile{ name = "x", senses = ids } end)
    assert_mentions(msg, 'profile "x"', "'senses'", "at most 8 custom senses", "got 9")
    assert_no_profile(world, "x")
    ids[9] = nil
    assert.are.equal(8, #world:define_profile{ name = "x", senses = ids }.senses)
  end)

  it("without a name is an error naming the field", function()
    local msg = error_of(function() world:define_profile{ detect_threshold = 0.3 } end)
    assert_mentions(msg, "profile nil", "'name'", "a string (required)", "got nil")
  end)

  it("that redefines an existing profile leaves the old one in force", function()
    local f = fixture.new{}
    local p = f.agent.profile
    f.target:set_prop("Eyes", 0.3)
    f:run(1)
    local msg = error_of(function()
      f.world:define_profile{ name = "spec", senses = { "Eyes" }, detect_threshold = 0.25, fade_rate = -3 }
    end)
    assert_mentions(msg, 'profile "spec"', "'fade_rate'", "got -3")
    assert.are.equal(0.35, p.detect_threshold)
    assert.are.equal(0.1, p.fade_rate)
    f:run(1)
    assert.are.equal("suspected", f:state()) -- 0.3 stays under the old detect threshold 0.35
  end)
end)

describe("a bad sense", function()
  local world

  before_each(function()
    world = wary.world()
  end)

  local function evaluate() end

  -- After a failed define_sense, the id is free and no profile can name it.
  local function assert_no_sense(id)
    local msg = error_of(function() world:define_profile{ name = "p", senses = { id } } end)
    assert_mentions(msg, "'senses[1]'", "a defined sense", '"' .. id .. '"')
    world:define_sense{ id = id, evaluate = evaluate }
  end

  it("with a negative max_range is an error and defines nothing", function()
    local msg = error_of(function() world:define_sense{ id = "Sonar", max_range = -1, evaluate = evaluate } end)
    assert_mentions(msg, 'sense "Sonar"', "'max_range'", "a finite number >= 0", "got -1")
    assert_no_sense("Sonar")
  end)

  it("named by 'name' (not 'id') is an error pointing at 'id', and defines nothing", function()
    local msg = error_of(function() world:define_sense{ name = "Sonar", evaluate = evaluate } end)
    assert_mentions(msg, "sense nil", "unknown field 'name'", "did you mean 'id'")
    assert_no_sense("Sonar")
  end)

  it("without evaluate is an error and defines nothing", function()
    local msg = error_of(function() world:define_sense{ id = "Sonar", max_range = 100 } end)
    assert_mentions(msg, 'sense "Sonar"', "'evaluate'", "a function (required)", "got nil")
    assert_no_sense("Sonar")
  end)

  it("with an unknown loss_reason is an error listing the reasons, and defines nothing", function()
    local msg = error_of(function()
      world:define_sense{ id = "Sonar", loss_reason = "bored", evaluate = evaluate }
    end)
    assert_mentions(msg, 'sense "Sonar"', "'loss_reason'",
      "one of none, occluded, out_of_range, sensor_dropout, suppressed_by_pain", 'got "bored"')
    assert_no_sense("Sonar")
  end)

  it("with an id already defined and other settings is an error and keeps the first definition", function()
    local calls = { first = 0, second = 0 }
    world:define_sense{ id = "Sonar", max_range = 5000, evaluate = function() calls.first = calls.first + 1 end }
    local msg = error_of(function()
      world:define_sense{ id = "Sonar", evaluate = function() calls.second = calls.second + 1 end }
    end)
    assert_mentions(msg, 'sense "Sonar"', "already defined with max_range 5000 (50 m), now 0:", "not its settings",
      "sense_intervals and sense_weights retune those two live")
    -- an on_stimulus with no tags, refused as for a new sense; a built-in's id, said so
    msg = error_of(function()
      world:define_sense{ id = "Sonar", max_range = 5000, evaluate = function() end, on_stimulus = function() end }
    end)
    assert_mentions(msg, 'sense "Sonar"', "'stimulus_tags'", "at least one tag prefix with on_stimulus")
    msg = error_of(function() world:define_sense{ id = "Vision", evaluate = function() end } end)
    assert_mentions(msg, 'sense "Vision"', "field 'id'", "an id of its own", 'got "Vision", a built-in sense')
    msg = error_of(function()
      world:define_sense{ id = "Sonar", max_range = 5000, stimulus_tags = { "Stimulus.Ping" },
                          evaluate = function() calls.second = calls.second + 1 end, on_stimulus = function() end }
    end)
    assert_mentions(msg, 'sense "Sonar"', "stimulus_tags none, now { Stimulus.Ping }")
    world:define_profile{ name = "p", senses = { "Sonar" } }
    world:add_agent{ profile = "p", pos = { 0, 0, 0 } }
    world:add_target{ pos = { 100, 0, 0 } }
    worlds.run(world, 0.2)
    assert.is_true(calls.first > 0)
    assert.are.equal(0, calls.second)
  end)

  it("with an id already defined and the same settings takes the new evaluate (a file loaded again)", function()
    local calls = { first = 0, second = 0 }
    world:define_sense{ id = "Sonar", max_range = 5000, evaluate = function() calls.first = calls.first + 1 end }
    world:define_profile{ name = "p", senses = { "Sonar" } }
    world:add_agent{ profile = "p", pos = { 0, 0, 0 } }
    world:add_target{ pos = { 100, 0, 0 } }
    worlds.run(world, 0.2)
    local first = calls.first
    assert.is_true(first > 0)
    world:define_sense{ id = "Sonar", max_range = 5000, evaluate = function() calls.second = calls.second + 1 end }
    worlds.run(world, 0.2)
    assert.are.equal(first, calls.first)
    assert.is_true(calls.second > 0)
  end)

  it("defined again with new functions is asked again by the agents the old ones were muted for", function()
    world:define_sense{ id = "Sonar", max_range = 5000, evaluate = function() error("wires crossed") end }
    world:define_profile{ name = "p", senses = { "Sonar" } }
    local guard = world:add_agent{ profile = "p", pos = { 0, 0, 0 } }
    local target = world:add_target{ pos = { 100, 0, 0 } }
    world:on("sense_error", function() end)
    worlds.run(world, 0.5)
    assert.is_true(guard:sense_muted("Sonar"))
    world:define_sense{ id = "Sonar", max_range = 5000, evaluate = function() return 0.9 end }
    assert.is_false(guard:sense_muted("Sonar"))
    worlds.run(world, 0.5)
    assert.is_true(guard:confidence(target) > 0.5)
  end)

  it("raising a Lua error never breaks a step: it becomes a sense_error event", function()
    local f = fixture.new{ senses = { "Eyes", "Broken" },
                           sense_options = { Broken = { evaluate = function() error("wires crossed") end } } }
    f.target:set_prop("Eyes", 0.5)
    local events = {}
    assert.has_no.errors(function() events = f:run(0.5) end)
    local errors = 0
    for _, ev in ipairs(events) do
      if ev.type == "sense_error" then
        errors = errors + 1
        assert.are.equal("Broken", ev.sense)
        assert_mentions(ev.message, "wires crossed")
      end
    end
    assert.is_true(errors > 0)
    expect.near(0.5, f:confidence())
  end)
end)

describe("a bad material", function()
  it("with vision_transmission 2 is an error and defines nothing", function()
    local world = wary.world()
    local msg = error_of(function() world:define_material{ name = "mist", vision_transmission = 2 } end)
    assert_mentions(msg, 'material "mist"', "'vision_transmission'", "a finite number in [0, 1]", "got 2")
    msg = error_of(function() world:add_box{ min = { 0, 0, 0 }, max = { 1, 1, 1 }, material = "mist" } end)
    assert_mentions(msg, "'material'", "a defined material", '"mist"')
    assert.are.equal(0, world:box_count())
  end)

  it("with an empty name is an error: a name must name something", function()
    local world = wary.world()
    local msg = error_of(function() world:define_material{ name = "", vision_transmission = 0.5 } end)
    assert_mentions(msg, "material", "'name'", "a non-empty string", 'got ""')
    msg = error_of(function() world:define_sound{ name = "" } end)
    assert_mentions(msg, "sound", "'name'", "a non-empty string")
  end)

  it("that redefines a shipped material leaves the old values in force", function()
    local world = wary.world()
    world:add_box{ min = { 100, -50, -50 }, max = { 200, 50, 50 }, material = "glass" }
    local msg = error_of(function() world:define_material{ name = "glass", vision_transmission = 2 } end)
    assert_mentions(msg, 'material "glass"', "'vision_transmission'", "got 2")
    expect.fields(world:ray({ 0, 0, 0 }, { 300, 0, 0 }), { transmission = 1, walls = 1 })
  end)
end)

describe("bad actor input", function()
  local world, player

  before_each(function()
    world = wary.world()
    world:define_profile{ name = "p" }
    player = world:add_target{ name = "player", pos = { 10, 20, 30 }, velocity = { 1, 2, 3 } }
  end)

  it("a NaN position in add_target is an error and adds no actor", function()
    local msg = error_of(function() world:add_target{ name = "ghost", pos = { 0, NAN, 0 } } end)
    assert_mentions(msg, 'target "ghost"', "'pos'", "a vector of finite numbers", "got nan")
    assert.are.equal(1, #world:actors())
  end)

  it("a position that is not a vector is an error naming the field", function()
    local msg = error_of(function() world:add_target{ pos = 5 } end)
    assert_mentions(msg, "target", "'pos'", "expected a table", "got 5")
    msg = error_of(function() world:add_target{} end)
    assert_mentions(msg, "target", "'pos'", "(required)", "got nil")
    assert.are.equal(1, #world:actors())
  end)

  it("writing a field a setter changes, or a method's name, is refused; the game's own fields are kept", function()
    local guard = world:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 } }
    local thief = world:add_target{ name = "thief", pos = { 5, 0, 0 }, team = "thieves", stance = "crouched" }
    local before = world:save_state()
    -- Each says where to read what the handle does not hold as a field.
    assert_mentions(error_of(function() player.yaw = 90 end), "player: field 'yaw' is read-only",
      "change it with player:set_yaw(...), read it with player:get().yaw", "got 90")
    assert_mentions(error_of(function() player.pos = { 1, 2, 3 } end), "player: field 'pos' is read-only",
      "player:set_pos(...), read it with player:pos()", "got a table")
    assert_mentions(error_of(function() guard.health = 50 end), "guard: field 'health' is read-only",
      "guard:set_health(...), read it with guard:health()", "got 50")
    assert_mentions(error_of(function() guard.lod_tier = 2 end), "guard: field 'lod_tier' is read-only",
      "guard:set_lod_tier(...), read it with guard:get().lod_tier", "got 2")
    assert_mentions(error_of(function() thief.team = "guards" end), "thief: field 'team' is read-only",
      "thief:set_team(...)", 'got "guards"')
    assert_mentions(error_of(function() thief.stance = "prone" end), "thief: field 'stance' is read-only",
      "thief:set_stance(...)", 'got "prone"')
    assert_mentions(error_of(function() guard.profile = "other" end), "guard: field 'profile' is read-only",
      "an actor keeps the profile it was made with", 'got "other"')
    assert_mentions(error_of(function() thief.kind = "agent" end), "thief: field 'kind' is read-only",
      "stays the agent or the target it was made", 'got "agent"')
    assert.are.same({ "agent", "target" }, { guard.kind, thief.kind })
    assert.are.same({ "thieves", "crouched", "crouched" }, { thief.team, thief.stance, thief:get().stance })
    assert.are.equal("p", guard.profile.name)
    assert_mentions(error_of(function() guard.state = "alerted" end), "guard: field 'state' is a method",
      "a field of that name would hide it", "guard:state(...)", 'got "alerted"')
    assert_mentions(error_of(function() guard.set_pos = 5 end), "guard: field 'set_pos' is a method",
      "call it as guard:set_pos(...)", "got 5")
    assert.is_nil(rawget(guard, "state"))
    assert.is_nil(rawget(player, "pos"))
    assert.are.same({ 10, 20, 30 }, { player:pos() })
    assert.is_true(before == world:save_state())
    thief:set_stance("prone")
    assert.are.same({ "prone", "prone" }, { thief.stance, thief:get().stance })
    guard.route = { 1, 2, 3 } -- the game's own
    guard._mine = true
    assert.are.same({ 1, 2, 3 }, guard.route)
    guard:set_team("red")
    assert.are.equal("red", guard.team)
    assert.are.equal("red", guard:get().team)
  end)

  it("id, world or props written over, or a name that is no string, make set_prop and save_state raise", function()
    -- Fields the handle holds raw: no __newindex sees a write to them. A save made then would be refused
    -- by every load; a new name that is a string only renames the actor in messages.
    local guard = world:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 } }
    player:set_prop("sneak", 30)
    local before = world:save_state()
    for _, case in ipairs({
      { "props", 5, "'props'", "the table wary made", "actor:set_prop(key, value)", "got 5" },
      { "props", { sneak = 100 }, "'props'", "the table wary made", "got a table" },
      { "props", false, "'props'", "got false" },
      { "id", guard.id, "'id'", "its own id " .. player.id, "got " .. guard.id },
      { "world", {}, "'world'", "the world that made it", "got a table" },
      { "name", false, "an actor whose name is false", "'name'", "a string", "got false" },
    }) do
      local field, own = case[1], rawget(player, case[1])
      rawset(player, field, case[2]) -- as player[field] = value does: the key is there
      for _, call in ipairs({ "save_state", "set_prop" }) do
        local msg = error_of(function()
          if call == "save_state" then world:save_state() else player:set_prop("sneak", 60) end
        end)
        assert_mentions(msg, call, (table.unpack or unpack)(case, 3))
      end
      rawset(player, field, own)
      assert.is_true(before == world:save_state(), field)
    end
    -- A retune of its profile reads the props wary made, whatever the field holds.
    rawset(guard, "props", 5)
    world:define_profile{ name = "p", vision = {} }
    rawset(guard, "props", nil)
    world:define_profile{ name = "p" }
    rawset(guard, "props", world._props_of[guard])
    -- A name that is no string: messages name it so, and remove still works.
    rawset(guard, "name", { first = "Bob" })
    assert_mentions(error_of(function() guard:add_evidence(player, "cap", "raise", 0.1, { lifetime = -1 }) end),
      "an actor whose name is a table evidence")
    guard:remove()
    player.name = "the thief" -- a string: a new name, kept by a save and a load
    player:set_prop("sneak", 45)
    local other = wary.world()
    other:define_profile{ name = "p" }
    other:load_state(world:save_state())
    local names = {}
    for _, a in ipairs(other:actors()) do names[#names + 1] = tostring(a) .. "=" .. tostring(a.props.sneak) end
    assert.are.same({ "the thief=45" }, names)
  end)

  it("a vector of four numbers is an error (a sample point's fourth is its weight)", function()
    local msg = error_of(function() world:add_target{ name = "ghost", pos = { 1, 2, 3, 4 } } end)
    assert_mentions(msg, 'target "ghost"', "'pos'", "a vector {x, y[, z]}", "got 4 values")
    msg = error_of(function() player:set_pos{ 1, 2, 3, 4 } end)
    assert_mentions(msg, "player", "'pos'", "got 4 values")
    assert.are.same({ 10, 20, 30 }, pos_of(player))
    local t = world:add_target{ pos = { 0, 0 }, samples = { { 0, 0, 100, 2 } } }
    assert.is_true(t:valid())
    assert.are.equal(2, #world:actors())
  end)

  it("a field by a name wary spells otherwise is an error naming wary's", function()
    local msg = error_of(function() world:add_target{ position = { 1, 2, 3 } } end)
    assert_mentions(msg, "target", "unknown field 'position'", "did you mean 'pos'")
    msg = error_of(function() world:define_profile{ name = "q", vision = { fov = 90 } } end)
    assert_mentions(msg, 'profile "q" vision', "unknown field 'fov'", "did you mean 'half_angle_deg'?",
      "half the field of view")
    msg = error_of(function() world:define_profile{ name = "q", vision = { range = 500 } } end)
    assert_mentions(msg, 'profile "q" vision', "unknown field 'range'", "did you mean 'max_range'")
    msg = error_of(function() world:define_profile{ name = "q", smell = { max_range = 500 } } end)
    assert_mentions(msg, 'profile "q" smell', "unknown field 'max_range'", "did you mean 'range'")
    msg = error_of(function() world:define_profile{ name = "q", max_range_m = 10 } end)
    assert_mentions(msg, 'profile "q"',
      "unknown field 'max_range_m' (a field of vision: vision = { max_range_m = ... })")
    msg = error_of(function() world:define_profile{ name = "q", vision = { wall_absorption_coeff = 1 } } end)
    assert_mentions(msg, 'profile "q" vision', "(a field of hearing: hearing = { wall_absorption_coeff = ... })")
    msg = error_of(function() world:define_profile{ name = "q", hearing = { range = 1000 } } end)
    assert_mentions(msg, 'profile "q" hearing', "unknown field 'range' (hearing has no range",
      "its sound's max_range_m (world:define_sound)")
    msg = error_of(function() world:define_profile{ name = "q", smell = { max_range_m = 3 } } end)
    assert_mentions(msg, 'profile "q" smell', "unknown field 'max_range_m' (did you mean 'range_m'?)")
    msg = error_of(function() world:add_agent{ profile = "p", pos = { 0, 0 }, facing = 90 } end)
    assert_mentions(msg, "agent", "unknown field 'facing'", "did you mean 'yaw'?", "0 along +x")
    msg = error_of(function() world:define_profile{ name = "q", vision = {}, sense_weights = { vision = 2 } } end)
    assert_mentions(msg, 'profile "q"', "field 'sense_weights' names sense \"vision\"", "did you mean 'Vision'?")
    msg = error_of(function() world:define_profile{ name = "q", vision = {}, sense_weights = { Radar = 2 } } end)
    assert_mentions(msg, "names sense \"Radar\"", "(they are: Vision)")
    -- Of several, the first in key order, the same on every run and backend.
    local several = {}
    for _, k in ipairs{ "zeta", "kappa", "mu", "alpha", "omega", "beta", "rho", "sigma", "tau", "nu" } do
      several[k] = 1
    end
    for _, field in ipairs{ "sense_weights", "sense_intervals" } do
      msg = error_of(function() world:define_profile{ name = "q", vision = {}, [field] = several } end)
      assert_mentions(msg, "field '" .. field .. "' names sense \"alpha\"", "(they are: Vision)")
    end
    assert.are.equal(1, #world:actors())
  end)

  it("a vector short of y is an error saying so, not one naming a 0 nobody gave", function()
    local msg = error_of(function() player:set_pos(10) end)
    assert_mentions(msg, "player", "'pos'", "a vector of finite numbers", "got no y")
    msg = error_of(function() world:add_box{ min = { 300 }, max = { 320, 220 } } end)
    assert_mentions(msg, "box", "'min'", "got no y")
    assert.are.same({ 10, 20, 30 }, pos_of(player))
    assert.are.equal(1, #world:actors())
  end)

  it("a NaN position in set_pos is an error and leaves the position", function()
    local msg = error_of(function() player:set_pos(NAN, 0, 0) end)
    assert_mentions(msg, "player", "'pos'", "a vector of finite numbers", "got nan")
    msg = error_of(function() player:set_pos(0, 0, -INF) end)
    assert_mentions(msg, "player", "'pos'", "got -inf")
    assert.are.same({ 10, 20, 30 }, pos_of(player))
  end)

  it("a vector or a length in metres past a float's range says what a float holds, and changes nothing", function()
    -- 1e39 is a finite number in Lua; the core would hold it as inf.
    local msg = error_of(function() player:set_pos(1e39, 0, 0) end)
    assert_mentions(msg, "player", "'pos' expected a vector of finite numbers (a float: at most 3.40282e+38), "
      .. "got 1e+39")
    assert.are.same({ 10, 20, 30 }, pos_of(player))
    msg = error_of(function() world:add_box{ min = { 0, 0, 0 }, max = { 3.5e38, 1, 1 } } end)
    assert_mentions(msg, "box: field 'max' expected a vector of finite numbers (a float: at most 3.40282e+38), "
      .. "got 3.5e+38")
    msg = error_of(function() world:define_profile{ name = "far", vision = { max_range_m = 1e39 } } end)
    assert_mentions(msg, "'max_range_m' expected at most 3.40282e+36 metres (100 world units a metre), got 1e+39")
    assert_no_profile(world, "far")
    assert.are.equal(1, #world:actors())
  end)

  it("an infinite velocity is an error and leaves the velocity", function()
    local msg = error_of(function() player:set_velocity(INF, 0, 0) end)
    assert_mentions(msg, "player", "'velocity'", "a vector of finite numbers", "got inf")
    assert.are.same({ 1, 2, 3 }, player:get().vel)
    msg = error_of(function() world:add_target{ name = "bolt", pos = { 0, 0, 0 }, velocity = { 0, INF, 0 } } end)
    assert_mentions(msg, 'target "bolt"', "'velocity'", "got inf")
    assert.are.equal(1, #world:actors())
  end)

  it("a bad stance name is an error listing the stances, and leaves the stance", function()
    player:set_stance("crouched")
    local msg = error_of(function() player:set_stance("flying") end)
    assert_mentions(msg, "player", "'stance'", "one of standing, crouched, prone", 'got "flying"')
    assert.are.equal("crouched", player:get().stance)
    assert.are.equal("crouched", player.stance)
    -- a name in another case is told the one meant, in a call or a definition
    msg = error_of(function() player:set_stance("Prone") end)
    assert_mentions(msg, "one of standing, crouched, prone (did you mean 'prone'?)", 'got "Prone"')
    assert.are.equal("crouched", player.stance)
    assert_mentions(error_of(function() player:set_stance("Crouchd") end), "(did you mean 'crouched'?)")
    assert_mentions(error_of(function() player:set_stance("CROUCHD") end), "(did you mean 'crouched'?)")
    assert_mentions(error_of(function() world:add_target{ pos = { 0, 0, 0 }, stance = "Prone" } end),
      "field 'stance' expected one of standing, crouched, prone (did you mean 'prone'?)")
    assert_mentions(error_of(function() world:define_filter{ name = "F", accepted_categories = { "Animal" } } end),
      "field 'accepted_categories[1]' expected one of enemy, friendly, animal, environment, custom "
      .. "(did you mean 'animal'?)")
    msg = error_of(function() world:add_target{ name = "bird", pos = { 0, 0, 0 }, stance = "flying" } end)
    assert_mentions(msg, 'target "bird"', "'stance'", 'got "flying"')
    assert.are.equal(1, #world:actors())
  end)

  it("an unknown field is an error with a hint, and adds no actor", function()
    local msg = error_of(function() world:add_target{ pos = { 0, 0, 0 }, stnace = "prone" } end)
    assert_mentions(msg, "target", "unknown field 'stnace'", "did you mean 'stance'")
    assert.are.equal(1, #world:actors())
  end)

  it("a custom sense's empty stimulus tag, or on_stimulus with no tags, is refused by field", function()
    local function sense(extra)
      local t = { id = "Whiskers", interval = 0.1, max_range = 100, evaluate = function() return 0 end }
      for k, v in each(extra) do t[k] = v end
      return t
    end
    assert_mentions(error_of(function() world:define_sense(sense{ stimulus_tags = { "Stimulus.Air", "" } }) end),
      'sense "Whiskers"', "'stimulus_tags[2]'", "a tag prefix", 'got ""')
    assert_mentions(error_of(function() world:define_sense(sense{ on_stimulus = function() end }) end),
      'sense "Whiskers"', "'stimulus_tags'", "at least one tag prefix with on_stimulus", "got none")
    world:define_sense(sense{ on_stimulus = function() end, stimulus_tags = { "Stimulus.Air" } })
  end)

  it("a refused number is written so that it reads back as given, not rounded into another", function()
    for _, case in ipairs{ { 1000000001, "got 1000000001" }, { 1234567.5, "got 1234567.5" }, { 1.5, "got 1.5" } } do
      local msg = error_of(function() world:set_ray_budget(case[1]) end)
      assert_mentions(msg, "'ray_budget'", case[2])
    end
    -- A float read back from wary whose 17th digit is a tie (-375.069000244140625): C's printf (Lua 5.4) rounds it
    -- to even, LuaJIT to ...063; both backends write it exactly.
    player:set_pos(-375.069, 0, 0)
    local x = player:pos()
    assert.are.equal("-375.069000244140625", string.format("%.40g", x))
    for _, v in ipairs{ x, -375.069000244140625 } do
      assert.are.equal("world: field 'ray_budget' expected an integer in [0, 1e+09] (0: no budget), "
        .. "got -375.069000244140625", (error_of(function() world:set_ray_budget(v) end):gsub("^[^\n]-:%d+: ", "")))
    end
    -- Lua 5.4's integers past a float's: as they are (not the float 2^63)
    if math.type then
      assert_mentions(error_of(function() world:set_ray_budget(math.maxinteger) end), "'ray_budget'",
        "got 9223372036854775807")
    end
  end)

  it("add_agent without a profile is an error and adds no actor", function()
    local msg = error_of(function() world:add_agent{ name = "guard", pos = { 0, 0, 0 } } end)
    assert_mentions(msg, 'agent "guard"', "'profile'", "a profile name", "got nil", "(defined: p)")
    assert.are.equal(1, #world:actors())
    local empty = wary.world{}
    msg = error_of(function() empty:add_agent{ pos = { 0, 0, 0 } } end)
    assert_mentions(msg, "agent: field 'profile'", "got nil", "world:define_profile{ name = ... } first")
    assert.are.equal(0, #empty:actors())
  end)

  it("add_agent with an unknown profile is an error with a hint, and adds no actor", function()
    local msg = error_of(function() world:add_agent{ name = "guard", profile = "q", pos = { 0, 0, 0 } } end)
    assert_mentions(msg, 'agent "guard"', "'profile'", "a defined profile", 'got "q"')
    assert.are.equal(1, #world:actors())
  end)

  it("add_agent with a name that is not a string names the kind alone, not the bad name", function()
    local msg = error_of(function() world:add_agent{ name = {}, profile = "p", pos = { 0, 0, 0 } } end)
    assert.are.equal("agent: field 'name' expected a string, got a table", (msg:gsub("^[^\n]-:%d+: ", "")))
    msg = error_of(function() world:add_target{ name = 5, pos = { 0, 0, 0 } } end)
    assert.are.equal("target: field 'name' expected a string, got 5", (msg:gsub("^[^\n]-:%d+: ", "")))
    assert.are.equal(1, #world:actors())
  end)

  it("add_target with a profile is an error and adds no actor", function()
    local msg = error_of(function() world:add_target{ name = "spy", profile = "p", pos = { 0, 0, 0 } } end)
    assert_mentions(msg, 'target "spy"', "'profile'", "nil", 'got "p"')
    assert.are.equal(1, #world:actors())
  end)

  it("a NaN prop in add_target is an error and adds no actor", function()
    local msg = error_of(function() world:add_target{ name = "hot", pos = { 0, 0, 0 }, props = { heat = NAN } } end)
    assert_mentions(msg, "'props.heat'", "a finite number", "got nan")
    -- Of several, the first in key order, the same on every run and backend.
    local props = {}
    for _, k in ipairs{ "zeta", "kappa", "mu", "alpha", "omega", "beta", "rho", "sigma", "tau", "nu" } do
      props[k] = NAN
    end
    msg = error_of(function() world:add_target{ name = "hot", pos = { 0, 0, 0 }, props = props } end)
    assert_mentions(msg, "'props.alpha'", "got nan")
    -- numbers, then strings, then the other keys
    msg = error_of(function() world:add_target{ name = "hot", pos = { 0, 0, 0 }, props = { [true] = 1, b = NAN } } end)
    assert_mentions(msg, "'props.b'", "got nan")
    assert.are.equal(1, #world:actors())
  end)

  it("a NaN prop in set_prop is an error and leaves the prop", function()
    player:set_prop("heat", 0.5)
    local msg = error_of(function() player:set_prop("heat", NAN) end)
    assert_mentions(msg, "player", "'props.heat'", "a finite number", "got nan")
    assert.are.equal(0.5, player.props.heat)
  end)

  it("a refused add_agent (NaN health, an owner that is no actor) adds no actor", function()
    world:define_profile{ name = "hurt", senses = { "Pain" } }
    local msg = error_of(function()
      world:add_agent{ name = "g", profile = "hurt", pos = { 0, 0, 0 }, health = NAN }
    end)
    assert_mentions(msg, 'agent "g"', "'health'", "a finite number in [0, 1]", "got nan")
    msg = error_of(function() world:add_agent{ profile = "hurt", pos = { 0, 0, 0 }, owner = {} } end)
    assert_mentions(msg, "agent", "'owner'", "a live actor of this world", "got a table")
    assert.are.equal(1, #world:actors())
  end)

  it("apply_damage given the victim and the amount, not one table, says how to write it", function()
    local guard = world:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 } }
    local msg = error_of(function() world:apply_damage(guard, 5) end)
    assert_mentions(msg, "world:apply_damage", "expected one table", "got the actor guard",
      "world:apply_damage{ victim = guard, amount = ... }")
    world:step(0.1)
    assert.is_nil(guard:belief(player))
  end)

  it("a box given where an actor is expected is an error naming both kinds, and changes nothing", function()
    local guard = world:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 } }
    local box = world:add_box{ min = { 0, 0, 0 }, max = { 1, 1, 1 } }
    local msg = error_of(function() world:apply_damage{ victim = box, instigator = player, amount = 50 } end)
    assert_mentions(msg, "damage", "'victim'", "a live actor of this world", "got a box (box #")
    msg = error_of(function() guard:confidence(box) end)
    assert_mentions(msg, "guard", "'target'", "an actor", "got a box")
    msg = error_of(function() world:light_at(box) end)
    assert_mentions(msg, "'actor'", "a live actor of this world", "got a box")
    world:step(0.1)
    assert.is_nil(guard:belief(player))
  end)

  describe("a stale handle", function()
    local guard

    before_each(function()
      guard = world:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 } }
      player:remove()
    end)

    it("used as the target of agent:confidence is an error naming both", function()
      local msg = error_of(function() return guard:confidence(player) end)
      assert_mentions(msg, "guard", "target", "player", "stale handle")
      msg = error_of(function() guard:set_confidence(player, 0.5) end)
      assert_mentions(msg, "guard", "player", "stale handle")
      assert.are.equal(1, #world:actors())
    end)

    it("used itself (removed:set_pos) is an error and changes nothing", function()
      local msg = error_of(function() player:set_pos(1, 2, 3) end)
      assert_mentions(msg, "player", "set_pos", "stale handle")
      msg = error_of(function() player:remove() end)
      assert_mentions(msg, "player", "remove", "stale handle")
      assert.are.equal(1, #world:actors())
      assert.are.equal(guard, world:actors()[1])
    end)
  end)
end)

describe("bad box input", function()
  local world

  before_each(function()
    world = wary.world()
  end)

  it("an unknown material name in add_box is an error with a hint, and adds no box", function()
    local msg = error_of(function()
      world:add_box{ min = { 0, 0, 0 }, max = { 10, 10, 10 }, material = "concret" }
    end)
    assert_mentions(msg, "box", "'material'", "a defined material", 'got "concret"', "did you mean 'concrete'")
    assert.are.equal(0, world:box_count())
  end)

  it("max below min in add_box is an error and adds no box", function()
    local msg = error_of(function() world:add_box{ min = { 0, 0, 0 }, max = { 10, -10, 10 } } end)
    assert_mentions(msg, "box", "'max'", "a corner >= min on every axis", "got max.y -10 < min.y 0")
    msg = error_of(function() world:add_box{ min = { 0, 0, NAN }, max = { 10, 10, 10 } } end)
    assert_mentions(msg, "box", "'min'", "a vector of finite numbers", "got nan")
    assert.are.equal(0, world:box_count())
  end)

  it("max below min in set_bounds is an error and leaves the box where it was", function()
    local box = world:add_box{ min = { 100, -50, -50 }, max = { 200, 50, 50 } }
    local msg = error_of(function() box:set_bounds({ 300, -50, -50 }, { 250, 50, 50 }) end)
    assert_mentions(msg, "box #", "'max'", "a corner >= min on every axis")
    assert.are.equal(0, world:ray({ 0, 0, 0 }, { 1000, 0, 0 }).transmission)
    assert.are.equal(1, world:ray({ 0, 0, 0 }, { 0, 1000, 0 }).transmission)
  end)

  it("an unknown material in set_material is an error and leaves the material", function()
    local box = world:add_box{ min = { 100, -50, -50 }, max = { 200, 50, 50 }, material = "glass" }
    local msg = error_of(function() box:set_material("glas") end)
    assert_mentions(msg, "box #", "'material'", 'got "glas"', "did you mean 'glass'")
    assert.are.equal("glass", box.material)
    assert.are.equal(1, world:ray({ 0, 0, 0 }, { 1000, 0, 0 }).transmission)
  end)

  it("writing box.min, box.max or box.material is refused: only set_bounds and set_material move the box", function()
    local box = world:add_box{ min = { 100, -50, -50 }, max = { 200, 50, 50 }, material = "glass" }
    local before = world:save_state()
    assert_mentions(error_of(function() box.min = { 500, 500, 0 } end), "box #", "field 'min' is read-only",
      "box:set_bounds(...)", "got a table")
    assert_mentions(error_of(function() box.max = { 600, 600, 10 } end), "field 'max' is read-only")
    assert_mentions(error_of(function() box.material = "concrete" end), "field 'material' is read-only",
      "box:set_material(...)", 'got "concrete"')
    local corner = box.min
    corner[1] = 500 -- a copy: the box stays where it is
    assert.are.same({ 100, -50, -50 }, box.min)
    assert.are.equal("glass", box.material)
    assert.is_true(before == world:save_state())
    assert_mentions(error_of(function() box.remove = false end), "box #", "field 'remove' is a method",
      "box:remove(...)", "got false")
    box.note = "a field of the game's own" -- others are the game's to write
    assert.are.equal("a field of the game's own", box.note)
    box:set_bounds({ 300, -50, -50 }, { 400, 50, 50 })
    box:set_material("concrete")
    assert.are.same({ { 300, -50, -50 }, { 400, 50, 50 }, "concrete" }, { box.min, box.max, box.material })
  end)

  it("writing a light's or an environment's field is refused: set{} changes them", function()
    local lamp = world:add_light{ pos = { 0, 0, 200 }, radius = 500 }
    local fog = world:add_environment{ min = { 0, 0 }, max = { 10, 10 }, vision_range_scale = 0.5 }
    local before = world:save_state()
    assert_mentions(error_of(function() lamp.radius = 900 end), "light #", "field 'radius' is read-only",
      "light:set{ radius = ... }", "got 900")
    assert_mentions(error_of(function() fog.vision_range_scale = 1 end), "environment #",
      "field 'vision_range_scale' is read-only", "environment:set{ vision_range_scale = ... }", "got 1")
    assert_mentions(error_of(function() fog.set = 1 end), "field 'set' is a method", "environment:set(...)")
    assert.is_true(before == world:save_state())
    lamp:set{ radius = 900 }
    fog:set{ name = "mist" }
    assert.are.same({ 900, "mist" }, { lamp.def.radius, fog.name })
  end)

  it("a removed box is a stale handle for set_bounds, set_material and remove", function()
    local keep = world:add_box{ min = { 100, -50, -50 }, max = { 200, 50, 50 }, material = "foliage" }
    local gone = world:add_box{ min = { 300, -50, -50 }, max = { 400, 50, 50 }, material = "glass" }
    gone:remove()
    assert.is_false(gone:valid())
    for _, call in ipairs({
      { "set_bounds", function() gone:set_bounds({ 100, -50, -50 }, { 200, 50, 50 }) end },
      { "set_material", function() gone:set_material("concrete") end },
      { "remove", function() gone:remove() end },
    }) do
      local msg = error_of(call[2])
      assert_mentions(msg, "box #", call[1], "stale handle")
    end
    assert.are.equal(1, world:box_count())
    assert.is_true(keep:valid())
    local r = world:ray({ 0, 0, 0 }, { 1000, 0, 0 })
    expect.near(0.72, r.transmission, 1e-6)
    assert.are.equal(1, r.boxes)
  end)
end)

describe("bad world input", function()
  it("writing world.units_per_meter, world.weather or a method's name is refused; a wrapper is not", function()
    local w = wary.world{ units_per_meter = 32 }
    w:define_profile{ name = "g", vision = { max_range_m = 10 } }
    local before = w:save_state()
    assert_mentions(error_of(function() w.units_per_meter = 100 end), "world: field 'units_per_meter' is read-only",
      "a world keeps the units it was made with", "got 100")
    assert_mentions(error_of(function() w.weather = 0.5 end), "world: field 'weather' is read-only",
      "change it with world:set_weather(...)", "got 0.5")
    assert_mentions(error_of(function() w.step = 1 / 60 end), "world: field 'step' is a method",
      "call world:step(...)", "got 0.016666666666666666")
    assert.are.equal(32, w.units_per_meter)
    assert.is_true(before == w:save_state())
    -- a definition still scales by the world's units: 10 m at 32 units a metre
    local p = w:define_profile{ name = "h", vision = { max_range_m = 10 } }
    assert.are.equal(320, p.vision.max_range)
    local step, steps = w.step, 0
    w.step = function(self, dt) steps = steps + 1; return step(self, dt) end -- a wrapper, on purpose
    w:step(1 / 60)
    assert.are.equal(1, steps)
    w.level = "cellar" -- the game's own
    assert.are.equal("cellar", w.level)
    -- a world given where an actor is expected is named without its address
    local g = w:add_agent{ profile = "g", pos = { 0, 0 } }
    local msg = error_of(function() g:belief(w) end)
    assert_mentions(msg, "field 'target' expected an actor of this world, got a world")
    assert.is_nil(msg:find("0x", 1, true))
    g.state = nil -- nil over nothing changes nothing: taken
    assert.are.equal("function", type(g.state))
  end)

  it("wary:world{} (the module's function called with ':') says so", function()
    assert_mentions(error_of(function() return wary:world{ units_per_meter = 32 } end),
      "wary.world: called with ':'", "write wary.world{ ... }")
    assert_mentions(error_of(function() return wary:world() end), "wary.world: called with ':'")
    -- a table whose __eq says it equals anything is no module (Lua 5.4 would ask its __eq for ==, LuaJIT not)
    local w = wary.world(setmetatable({ units_per_meter = 32 }, { __eq = function() return true end }))
    assert.are.equal(32, w.units_per_meter)
    w:destroy()
  end)

  it("world{ units_per_meter = 0 } is an error naming the field", function()
    local msg = error_of(function() return wary.world{ units_per_meter = 0 } end)
    assert_mentions(msg, "world", "'units_per_meter'", "a finite number in [1e-06, 1e+06]", "got 0")
    -- so large that its scaled ranges would overflow
    msg = error_of(function() return wary.world{ units_per_meter = 1e7 } end)
    assert_mentions(msg, "world", "'units_per_meter'", "a finite number in [1e-06, 1e+06]", "got 1e+07")
    msg = error_of(function() return wary.world{ units_per_meter = NAN } end)
    assert_mentions(msg, "world", "'units_per_meter'", "got nan")
    msg = error_of(function() return wary.world{ unit_per_meter = 1 } end)
    assert_mentions(msg, "world", "unknown field 'unit_per_meter'", "did you mean 'units_per_meter'")
  end)

  it("world:step(-1) and world:step(NaN) are errors and step nothing", function()
    local f = fixture.new{}
    f.target:set_prop("Eyes", 0.5)
    f:run(0.2)
    local t = f.world:time()
    local before = snapshot(f.agent, f.target)
    for _, case in ipairs({ { -1, "got -1" }, { NAN, "got nan" }, { INF, "got inf" } }) do
      local msg = error_of(function() f.world:step(case[1]) end)
      assert_mentions(msg, "world:step: field 'dt'", "a finite number in [0, 3600]", case[2])
    end
    assert.are.equal(t, f.world:time())
    assert.are.same(before, snapshot(f.agent, f.target))
  end)

  it("on() with an unknown event name is an error listing the events", function()
    local f = fixture.new{}
    local msg = error_of(function() f.world:on("no_such_event", function() end) end)
    assert_mentions(msg, "world", "'event'", "one of suspect, detect", 'got "no_such_event"')
    msg = error_of(function() f.agent:on("detcet", function() end) end)
    assert_mentions(msg, "guard", "'event'", 'got "detcet"')
  end)

  it("on() with a handler that is not a function is an error, and later events still dispatch", function()
    local f = fixture.new{}
    local msg = error_of(function() f.world:on("detect", 42) end)
    assert_mentions(msg, "world", "'handler'", "a function", "got 42")
    f.target:set_prop("Eyes", 0.5)
    local events
    assert.has_no.errors(function() events = f:run(0.5) end)
    assert.are.equal("detected", f:state())
    assert.are.same({ "suspect", "telegraph", "detect" }, fixture.types(events))
  end)
end)

describe("a bad definition file", function()
  it("loaded with world:load is an error naming the bad definition, and defines nothing from it", function()
    local path = os.tmpname()
    local file = assert(io.open(path, "w"))
    file:write('return { { name = "calm" }, { name = "edgy", fade_rate = -1 } }\n')
    file:close()
    local world = wary.world()
    local ok, err = pcall(world.load, world, path)
    os.remove(path)
    assert.is_false(ok)
    assert_mentions(tostring(err), 'profile "edgy"', "'fade_rate'", "got -1")
    assert_no_profile(world, "edgy")
    assert_no_profile(world, "calm")
  end)
end)

describe("bad belief input", function()
  local f, before

  before_each(function()
    f = fixture.new{}
    f.target:set_prop("Eyes", 0.5)
    f:run(0.5)
    f.agent:add_evidence(f.target, "Uniform", "clamp", 0.4)
    before = snapshot(f.agent, f.target)
  end)

  it("add_evidence with an unknown op is an error listing the ops, and adds no evidence", function()
    local msg = error_of(function() f.agent:add_evidence(f.target, "Disguise", "squash", 0.2) end)
    assert_mentions(msg, "guard", "'op'", "one of raise, clamp, lower, invalidate", 'got "squash"')
    local ev = f.agent:evidence(f.target)
    assert.are.equal(1, #ev)
    assert.are.equal("Uniform", ev[1].tag)
    assert.are.same(before, snapshot(f.agent, f.target))
  end)

  it("add_evidence with an op misspelt, or by the docs' word for it, hints at the op", function()
    for _, case in ipairs({ { "raize", "raise" }, { "Clamp", "clamp" }, { "floor", "raise" },
                            { "ceiling", "clamp" } }) do
      local msg = error_of(function() f.agent:add_evidence(f.target, "Disguise", case[1], 0.2) end)
      assert_mentions(msg, "guard", "'op'", "(did you mean '" .. case[2] .. "'?)", '"' .. case[1] .. '"')
    end
    local msg = error_of(function() f.agent:add_evidence(f.target, "Disguise", "raise", 0.2, 5) end)
    assert_mentions(msg, 'guard evidence "Disguise"', "options (the fifth argument)", "a table", "got 5")
    assert.are.equal(1, #f.agent:evidence(f.target))
    assert.are.same(before, snapshot(f.agent, f.target))
  end)

  it("add_evidence with value 1.5 is an error and adds no evidence", function()
    local msg = error_of(function() f.agent:add_evidence(f.target, "Disguise", "raise", 1.5) end)
    assert_mentions(msg, "guard", "'value'", "a finite number in [0, 1]", "got 1.5")
    msg = error_of(function() f.agent:add_evidence(f.target, "Disguise", "raise", 0.5, { lifetime = -1 }) end)
    assert_mentions(msg, "'lifetime'", "got -1")
    msg = error_of(function() f.agent:add_evidence(f.target, "Disguise", "raise", 0.5, { source = "" }) end)
    assert_mentions(msg, "guard", "'source'", "a non-empty string", 'got ""')
    assert.are.equal(1, #f.agent:evidence(f.target))
    assert.are.same(before, snapshot(f.agent, f.target))
  end)

  it("set_confidence(1.2) is an error and leaves the belief", function()
    local msg = error_of(function() f.agent:set_confidence(f.target, 1.2) end)
    assert_mentions(msg, "guard", "'confidence'", "a finite number in [0, 1]", "got 1.2")
    msg = error_of(function() f.agent:set_confidence(f.target, NAN) end)
    assert_mentions(msg, "'confidence'", "got nan")
    assert.are.same(before, snapshot(f.agent, f.target))
  end)

  it("a target that is not an actor is an error naming the field", function()
    local msg = error_of(function() f.agent:set_confidence({}, 0.5) end)
    assert_mentions(msg, "guard", "'target'", "an actor of this world", "got a table")
    local other = wary.world():add_target{ name = "stranger", pos = { 0, 0, 0 } }
    msg = error_of(function() return f.agent:confidence(other) end)
    assert_mentions(msg, "guard", "'target'", "an actor of this world", "got an actor (stranger) of another world")
    msg = error_of(function() return f.agent:set_owner(other) end)
    assert_mentions(msg, "guard", "'owner'", "a live actor of this world", "got an actor (stranger) of another world")
    assert.are.same(before, snapshot(f.agent, f.target))
  end)

  it("a nil target's hint shows the call that was made, with ':'", function()
    for method, call in each({
      confidence = function() return f.agent:confidence(nil) end,
      threat = function() return f.agent:threat(nil) end,
      set_confidence = function() return f.agent:set_confidence(nil, 0.5) end,
      explain = function() return f.agent:explain(nil) end,
    }) do
      local msg = error_of(call)
      assert_mentions(msg, "guard", "'target'", "an actor of this world", "agent:" .. method .. "(target)", "got nil")
    end
    -- The usual cause: the method called with '.', the target where the agent goes.
    local msg = error_of(function() return f.agent.threat(f.agent) end)
    assert_mentions(msg, "agent:threat(target)", "got nil")
    assert.are.same(before, snapshot(f.agent, f.target))
  end)

  it("belief calls on a target (no profile) are errors saying it is not an agent", function()
    local msg = error_of(function() f.target:set_confidence(f.agent, 0.5) end)
    assert_mentions(msg, "player", "set_confidence", "not an agent")
  end)
end)

-- A world with a seeing guard at the origin and a thief 1 m ahead.
local function guard_and_thief()
  local w = wary.world()
  w:define_profile{ name = "g", vision = {} }
  local guard = w:add_agent{ profile = "g", pos = { 0, 0 }, name = "guard" }
  return w, guard, w:add_target{ pos = { 100, 0 }, name = "thief" }
end

describe("a removed actor given as an owner, instigator or damage's actor", function()
  it("is refused where it is given, naming the actor, and changes nothing", function()
    local w, guard, thief = guard_and_thief()
    local gun = w:add_target{ pos = { 100, 0 }, name = "gun", pawn = false }
    gun:set_owner(thief)
    thief:remove()
    for _, f in ipairs({ "set_owner", "set_instigator" }) do
      assert_mentions(error_of(function() gun[f](gun, thief) end), "gun", "a live actor of this world",
        "got a removed actor (thief)")
    end
    assert_mentions(error_of(function() w:add_target{ pos = { 0, 0 }, owner = thief } end), "'owner'",
      "a live actor of this world", "got a removed actor (thief)")
    -- the gun's owner was set before the thief went
    assert_mentions(error_of(function() w:apply_damage{ victim = guard, amount = 10, causer = gun } end),
      "damage", "causer's owner", "got a removed actor (thief)")
    assert_mentions(error_of(function() w:apply_damage{ victim = guard, amount = 10, instigator = thief } end),
      "damage", "'instigator'", "got a removed actor (thief)")
    assert.are.equal(2, #w:actors())
  end)
end)

describe("an actor given where a point is expected", function()
  it("is named as an actor, with how to give its place", function()
    local w, guard, thief = guard_and_thief()
    for _, call in ipairs({ function() guard:look_at(thief) end, function() w:emit_sound_at(thief, "Footstep") end }) do
      assert_mentions(error_of(call), "expected a vector {x, y[, z]}", "{ actor:pos() }", "got an actor (thief)")
    end
  end)
end)

-- The public methods of a world or a handle (its class's functions not
-- named with a leading '_'), sorted.
local function public_methods(object)
  local names = {}
  for name, fn in each(getmetatable(object)) do
    if type(fn) == "function" and name:sub(1, 1) ~= "_" then names[#names + 1] = name end
  end
  table.sort(names)
  return names
end

describe("a method called with '.' where ':' was meant", function()
  it("says so, names the method and what came first, and changes nothing", function()
    local w, guard, thief = guard_and_thief()
    assert_mentions(error_of(function() w.step(1 / 60) end), "world.step: called with '.'",
      "first argument (0.016666666666666666) is not the world", "write world:step(...)")
    assert_mentions(error_of(function() w.add_target{ pos = { 1, 2 } } end), "world.add_target: called with '.'",
      "write world:add_target(...)")
    assert_mentions(error_of(function() w.on("detect", print) end), "world.on: called with '.'")
    assert_mentions(error_of(function() guard.state() end), "actor.state: called with '.'", "write actor:state(...)")
    assert_mentions(error_of(function() guard.set_pos{ 1, 2, 3 } end), "actor.set_pos: called with '.'",
      "its first argument (a table)")
    local box = w:add_box{ min = { 0, 0 }, max = { 1, 1 } }
    assert_mentions(error_of(function() box.set_material("glass") end), "box.set_material: called with '.'",
      "write box:set_material(...)")
    -- guard.state(thief) hands the target to the method as the agent
    assert_mentions(error_of(function() guard.state(thief) end), "thief: state: not an agent",
      "as guard:state(...)")
    local other = w:add_agent{ profile = "g", pos = { 1, 0 }, name = "other" }
    assert_mentions(error_of(function() guard.confidence(other) end), "other: field 'target'",
      "called with ':'", "got nil")
    assert.are.equal(0, w:time())
    assert.are.equal(3, #w:actors())
  end)

  it("is told apart the same way by every public world method, and by every handle's valid()", function()
    local w, guard = guard_and_thief()
    local box = w:add_box{ min = { 0, 0 }, max = { 1, 1 } }
    local lamp = w:add_light{ pos = { 0, 0, 200 }, radius = 500 }
    local names = public_methods(w)
    assert.is_true(#names >= 39)
    for _, name in ipairs(names) do
      for _, first in ipairs({ 0.5, "Footstep", {}, guard }) do
        assert_mentions(error_of(function() w[name](first, 1, 2) end), "world." .. name .. ": called with '.'",
          "its first argument (", "write world:" .. name .. "(...)")
      end
      assert_mentions(error_of(function() w[name]() end), "its first argument (nil) is not the world")
    end
    for kind, h in each({ actor = guard, box = box, light = lamp }) do
      assert_mentions(error_of(function() h.valid() end), kind .. ".valid: called with '.'",
        "write " .. kind .. ":valid(...)")
    end
    assert.are.equal(0, w:time())
    assert.are.equal(2, #w:actors())
  end)

  it("is told apart by every public actor method, with nothing or something else first", function()
    local w, guard = guard_and_thief()
    local names = public_methods(guard)
    assert.is_true(#names >= 69)
    local box = w:add_box{ min = { 0, 0 }, max = { 1, 1 } }
    local before = w:save_state()
    for _, name in ipairs(names) do
      for _, first in ipairs({ "nil", 0.5, "Burning", {}, box, w }) do -- another kind's handle too
        local msg = error_of(function()
          if first == "nil" then return guard[name]() end
          return guard[name](first, 1)
        end)
        assert_mentions(msg, "actor." .. name .. ": called with '.'", "write actor:" .. name .. "(...)")
      end
    end
    assert.is_true(before == w:save_state())
    -- a light's or a volume's set handed the other kind's handle
    local lamp = w:add_light{ pos = { 0, 0, 200 }, radius = 500 }
    local fog = w:add_environment{ min = { 0, 0, 0 }, max = { 100, 100, 100 } }
    assert_mentions(error_of(function() fog.set(lamp, { vision_range_scale = 0.5 }) end),
      "environment.set: called with '.'", "its first argument (a light")
    assert_mentions(error_of(function() lamp.set(guard, { radius = 5 }) end), "light.set: called with '.'",
      "its first argument (an actor (guard))")
    assert.are.same({ 1, 500 }, { fog.def.vision_range_scale, lamp.def.radius }) -- neither changed
  end)
end)

describe("small slips a message says plainly", function()
  it("a vector table and a number after it, a team beyond saving, the sun's light by the wrong name", function()
    local w, guard = guard_and_thief()
    local before = w:save_state()
    assert_mentions(error_of(function() guard:set_pos({ 1, 2 }, 5) end),
      "guard: field 'pos' expected one vector table, or x, y[, z], got a table and 5")
    assert_mentions(error_of(function() guard:set_team(0 / 0) end),
      "guard: field 'team' expected a string or a finite number, got nan")
    assert_mentions(error_of(function() guard:set_team(math.huge) end), "a string or a finite number, got inf")
    assert_mentions(error_of(function() w:set_sun{ light = 1 } end),
      "world:set_sun: unknown field 'light' (did you mean 'intensity'?)")
    assert_mentions(error_of(function() w:set_sun{ glow = 1 } end),
      "world:set_sun: unknown field 'glow' (its fields: direction, intensity, ambient)")
    assert.is_true(before == w:save_state())
    guard:set_team(1e300) -- a key of the game's: it need not fit a float
    assert.are.equal(1e300, guard.team)
  end)

  it("a refused relationship or sound registers no team and interns no name", function()
    local w = guard_and_thief()
    local before = w:save_state()
    assert_mentions(error_of(function() w:set_relationship("blue", {}, "hostile") end),
      "world:set_relationship: field 'team_b' expected a string or a finite number, got a table")
    assert_mentions(error_of(function() w:set_relationship({}, "blue", "hostile") end),
      "world:set_relationship: field 'team_a' expected a string or a finite number, got a table")
    local long = string.rep("x", 200)
    assert_mentions(error_of(function() w:define_sound{ name = long } end), "field 'name'",
      "a name of at most 144 characters", "got 200")
    assert.is_true(before == w:save_state())
    w:define_sound{ name = string.rep("y", 144) } -- the longest is taken
  end)

  it("a team of 2^53 is saved as the same text on both backends", function()
    local w, guard = guard_and_thief()
    guard:set_team(2 ^ 53) -- a float key, which Lua 5.4 makes an integer
    assert.is_truthy(w:save_state():find("s4:teamd0x1p+53;", 1, true))
  end)
end)

describe("a destroyed world", function()
  it("raises 'wary world is destroyed' after where, what and which call, the same on both backends", function()
    local w, guard, thief = guard_and_thief()
    w:destroy()
    for _, case in ipairs({
      { "world:step", function() w:step(1 / 60) end },
      { "guard: confidence", function() return guard:confidence(thief) end },
      { "world:add_box", function() w:add_box{ min = { 0, 0 }, max = { 1, 1 } } end },
      { "world:time", function() return w:time() end },
      { "guard: pos", function() return guard:pos() end },
    }) do
      -- where: the call's line (the frame below it, for a tail call)
      assert.matches("^[^\n]+%.lua:%d+: " .. case[1] .. ": wary world is destroyed$", error_of(case[2]))
    end
  end)

  it("refuses even the calls that read only the facade's own tables, and a second destroy does nothing", function()
    local w, guard = guard_and_thief()
    w:add_box{ min = { 0, 0 }, max = { 1, 1 } }
    local saved = w:save_state()
    w:destroy()
    for _, call in ipairs({
      function() return w:actors() end, function() return w:boxes() end,
      function() return w:on("detect", print) end, function() return guard:on("detect", print) end,
      function() return w:load_state(saved) end, function() return w:events() end,
      function() return w:actors_near({ 0, 0 }, 10) end, function() return guard:set_owner(nil) end,
      function() return guard:set_instigator(nil) end,
    }) do
      assert.matches("^[^\n]+%.lua:%d+: [^\n]+: wary world is destroyed$", error_of(call))
    end
    assert.is_nil(w:destroy())
    assert.is_false(guard:valid())
  end)

  if _VERSION == "Lua 5.4" and not rawget(_G, "jit") then
    it("is destroyed when a <close> variable holding it goes out of scope (Lua 5.4)", function()
      -- Compiled from text: LuaJIT's parser does not know the attribute.
      local w, guard = assert(load([[
        local wary, guard_and_thief = ...
        local kept, guard
        do
          local world <close>, g = guard_and_thief()
          world:step(1 / 60)
          kept, guard = world, g
        end
        return kept, guard
      ]]))(wary, guard_and_thief)
      assert.is_false(guard:valid())
      assert.matches("^[^\n]+%.lua:%d+: world:step: wary world is destroyed$", error_of(function() w:step(1 / 60) end))
    end)
  end

  it("leaves every handle of it not valid, so a game that checks valid() first never raises", function()
    local w, guard, thief = guard_and_thief()
    local box = w:add_box{ min = { 0, 0 }, max = { 1, 1 } }
    local lamp = w:add_light{ pos = { 0, 0, 200 }, radius = 500 }
    local fog = w:add_environment{ min = { 0, 0 }, max = { 10, 10 }, vision_range_scale = 0.5 }
    local handles = { guard, thief, box, lamp, fog }
    for _, h in ipairs(handles) do assert.is_true(h:valid()) end
    w:destroy()
    for _, h in ipairs(handles) do assert.is_false(h:valid()) end
  end)
end)

describe("an event name that is a word of one", function()
  it("hints at the one event it is a word of", function()
    local w = wary.world()
    assert_mentions(error_of(function() w:on("pain", print) end), "did you mean 'pain_reported'?", 'got "pain"')
    assert_mentions(error_of(function() w:on("emotion", print) end), "did you mean 'emotion_changed'?")
  end)

  it("hints at the event a seed's Blueprint name, a misspelt past tense or a state's name means", function()
    local w = wary.world()
    for wrong, meant in each({ OnAIDetect = "detect", ["On AI Lost"] = "lost", OnAISoundHeard = "sound_heard",
                               OnAIAlertToCombat = "alert_to_combat", detcted = "detect", trakced = "track",
                               -- a state's name: the event entering it fires
                               suspected = "suspect", expired = "forget", undetected = "forget" }) do
      assert_mentions(error_of(function() w:on(wrong, print) end), "did you mean '" .. meant .. "'?")
    end
  end)
end)

describe("a method's point argument", function()
  it("is named as the point it is, not as a field named after the method", function()
    local w = wary.world()
    w:define_profile{ name = "g", vision = {} }
    local g = w:add_agent{ name = "guard", profile = "g", pos = { 0, 0, 0 } }
    assert_mentions(error_of(function() g:look_at("x") end), "guard: field 'point' expected a vector", 'got "x"')
  end)
end)

describe("a handler on a target", function()
  it("is refused but for damaged: a sighting of a target is its perceiver's event", function()
    local w = wary.world()
    local thief = w:add_target{ pos = { 100, 0 }, name = "thief" }
    assert_mentions(error_of(function() thief:on("detect", print) end), "thief: on: not an agent",
      'only events are "damaged"', 'world:on("detect", fn)')
    local hits = {}
    thief:on("damaged", function(ev) hits[#hits + 1] = ev.amount end)
    w:apply_damage{ victim = thief, amount = 5 }
    w:step(1 / 60)
    assert.are.same({ 5 }, hits)
  end)
end)

describe("a name with a NUL byte", function()
  it("is refused wherever the core would intern it (its names end at the first NUL: two would be one), "
    .. "and changes nothing", function()
    local w = wary.world{}
    w:define_profile{ name = "p", hearing = {} }
    local g = w:add_agent{ name = "g", profile = "p", pos = { 0, 0, 0 } }
    local t = w:add_target{ name = "t", pos = { 100, 0, 0 } }
    g:add_evidence(t, "Disguise", "raise", 0.3)
    local before = w:save_state()
    local calls = {
      { function() g:add_evidence(t, "Disguise\0voice", "clamp", 0.6) end, "g: field 'tag'", 'got "Disguise\\0voice"' },
      { function() g:add_evidence(t, "Disguise", "raise", 0.3, { source = "a\0b" }) end, "field 'source'" },
      { function() g:set_prop("heat\0a", 1) end, "g: field 'props key'" },
      { function() g:report_location_belief({ 0, 0, 0 }, "x\0y", 0.5) end, "g: field 'tag'" },
      { function() w:emit_stimulus{ tag = "a\0b", pos = { 0, 0, 0 } } end, "stimulus: field 'tag'" },
      { function() w:define_sound{ name = "Bang\0a", category = "enemy", alert_level = "loud", base_loudness = 1,
                                   max_range_m = 10 } end, "field 'name'" },
      { function() w:define_pain{ name = "P\0", decay_rate = 1 } end, "field 'name'" },
    }
    for _, c in ipairs(calls) do
      assert_mentions(error_of(c[1]), "expected a string without a NUL byte", c[2], c[3])
    end
    assert.are.equal(before, w:save_state())
    assert.are.equal(1, #g:evidence(t))
    -- A list's item too, before anything of the list is made.
    assert_mentions(error_of(function()
      w:define{ { name = "Clang", category = "enemy", alert_level = "loud", base_loudness = 1, max_range_m = 10 },
                { id = "Tremor", stimulus_tags = { "Quake\0x" }, on_stimulus = function() end,
                  evaluate = function() return 0 end } }
    end), 'sense "Tremor": field \'stimulus_tags[1]\' expected a string without a NUL byte')
    assert_mentions(error_of(function() w:emit_sound_at({ 0, 0, 0 }, "Clang") end), 'got "Clang"')
  end)
end)

describe("a hit or a detection event naming an actor of another world", function()
  it("says so, as every other call does", function()
    local w, other = wary.world{}, wary.world{}
    local ot = other:add_target{ name = "ot", pos = { 0, 0, 0 } }
    local t = w:add_target{ name = "t", pos = { 0, 0, 0 } }
    assert_mentions(error_of(function() w:apply_damage{ victim = t, instigator = ot, amount = 5 } end),
      "damage: field 'instigator' expected a live actor of this world", "got an actor (ot) of another world")
    assert_mentions(error_of(function() w:create_detection_event{ owner = ot, pos = { 0, 0, 0 }, rating = 1 } end),
      "field 'owner'", "got an actor (ot) of another world")
  end)
end)

describe("a world out of room for names", function()
  it("names the call and the field, says names are kept for the world's life, and how to stay clear", function()
    local w = wary.world{}
    w:define_profile{ name = "p", hearing = {} }
    local g = w:add_agent{ name = "g", profile = "p", pos = { 0, 0, 0 } }
    local t = w:add_target{ name = "t", pos = { 500, 0, 0 } }
    local msg
    for i = 1, 5000 do
      local ok, err = pcall(g.add_evidence, g, t, "tag" .. i, "raise", 0.1)
      if not ok then msg = err break end
      g:remove_evidence(t, "tag" .. i)
    end
    assert_mentions(msg, 'g: tag "tag', "table full: the world keeps 4096 names", "for its life",
      "reuse names rather than make one per event")
  end)
end)
