-- Profiles: profiles/default.lua documents every profile field with its
-- default (and must agree with wary.schema), world:load defines it, `extends`
-- inherits from a defined profile, and redefining a profile retunes it live.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")
local ROOT = (os.getenv("WARY_ROOT") or ".") .. "/"
local schema = wary.schema
local fixture = require("spec.support.fixture")
local expect = require("spec.support.expect")
local worlds = require("spec.support.worlds")

local error_of, assert_mentions = expect.error_of, expect.mentions
local run = worlds.run

-- The small senses' tables and the geck table: default.lua documents them in
-- comments, since each one it listed would switch that sense on (geck: it
-- belongs to model = "geck").
local OPTIONAL = { smell = true, touch = true, echolocation = true, vibration = true, geck = true,
                   damage = true, pain = true, brain = true }

-- The profile fields a designer writes: every field of schema.profile but
-- the two that name profiles and the optional small-sense tables.
local function tunable_fields()
  local out = {}
  for _, spec in ipairs(schema.profile) do
    if spec.name ~= "name" and spec.name ~= "extends" and not OPTIONAL[spec.name] then out[#out + 1] = spec end
  end
  return out
end

-- The sense tables whose fields default.lua lists with the schema defaults.
local SENSE_TABLES = { vision = schema.vision, hearing = schema.hearing }

-- A schema default as it applies at `upm` units per metre.
local function expected_default(spec, upm)
  local d = spec.default
  if type(d) == "table" and d.metres then return d.metres * upm end
  return d
end

-- A field of a defaults file in world units at upm: the file gives a
-- distance in metres (<name>_m), anything else as it is.
local function file_value(t, spec, upm)
  if wary.schema.is_distance(spec) and t[spec.name .. "_m"] ~= nil then return t[spec.name .. "_m"] * upm end
  return t[spec.name]
end

-- The fields a defaults file lists, by their schema names (<name>_m as name).
local function listed_names(t, fields)
  local by_name, out = {}, {}
  for _, spec in ipairs(fields) do by_name[spec.name] = spec end
  for k in each(t) do
    local base = type(k) == "string" and k:sub(-2) == "_m" and k:sub(1, -3)
    out[#out + 1] = base and by_name[base] and wary.schema.is_distance(by_name[base]) and base or k
  end
  table.sort(out)
  return out
end


describe("profiles/default.lua", function()
  local raw

  before_each(function()
    raw = dofile(ROOT .. "profiles/default.lua")
  end)

  it("is named 'default' and leaves extends out", function()
    assert.are.equal("default", raw.name)
    assert.is_nil(raw.extends)
  end)

  it("lists exactly the fields of schema.profile, minus name and extends", function()
    local expected = {}
    for _, spec in ipairs(tunable_fields()) do expected[#expected + 1] = spec.name end
    table.sort(expected)
    local listed = {}
    for _, k in ipairs(listed_names(raw, schema.profile)) do
      if k ~= "name" then listed[#listed + 1] = k end
    end
    assert.are.same(expected, listed)
    assert.are.equal(30, #expected + 2 + 8) -- the schema's 30 profile fields
  end)

  it("gives every field exactly the schema default (distances in metres, as <name>_m)", function()
    for _, spec in ipairs(tunable_fields()) do
      if not SENSE_TABLES[spec.name] then
        assert.are.same(expected_default(spec, 100), file_value(raw, spec, 100), "field " .. spec.name)
      end
    end
    assert.are.equal(10, raw.max_uncertainty_m)
    assert.are.equal(1.5, raw.uncertainty_growth_m)
    assert.is_nil(raw.max_uncertainty)
    assert.are.equal(0.15, raw.suspect_threshold)
    assert.are.equal(0.35, raw.detect_threshold)
    assert.are.equal(0.60, raw.track_threshold)
  end)

  it("documents every vision and hearing setting with the schema default (at 100 units per metre)", function()
    for field, fields in each(SENSE_TABLES) do
      local documented = 0
      for _, spec in ipairs(fields) do
        if spec.default ~= nil then
          assert.are.same(expected_default(spec, 100), file_value(raw[field], spec, 100),
            field .. " field " .. spec.name)
          documented = documented + 1
        end
      end
      assert.are.equal(documented, #listed_names(raw[field], fields))
    end
    assert.are.equal(0.64, raw.hearing.ear_height_m)
    assert.are.equal(30, raw.vision.max_range_m)
    assert.are.equal(60, raw.vision.half_angle_deg)
  end)

  it("matches what a profile with every field left out gets in a world of 100 units per metre", function()
    local world = wary.world()
    local bare = world:define_profile{ name = "bare" }
    for _, spec in ipairs(tunable_fields()) do
      if not SENSE_TABLES[spec.name] then
        assert.are.same(file_value(raw, spec, 100), bare[spec.name], "field " .. spec.name)
      end
    end
    assert.is_nil(bare.vision)
    assert.is_nil(bare.hearing)
    local sensing = world:define_profile{ name = "sensing", vision = {}, hearing = {} }
    for field, fields in each(SENSE_TABLES) do
      for _, spec in ipairs(fields) do
        if spec.default ~= nil then
          assert.are.same(file_value(raw[field], spec, 100), sensing[field][spec.name], field .. "." .. spec.name)
        end
      end
    end
    assert.are.same({ "Vision", "Hearing" }, sensing.senses)
  end)

  it("scales the distance defaults by the world's units_per_meter when they are left out", function()
    local world = wary.world{ units_per_meter = 32 }
    local bare = world:define_profile{ name = "bare" }
    assert.are.equal(10 * 32, bare.max_uncertainty)
    assert.are.equal(1.5 * 32, bare.uncertainty_growth)
    assert.are.equal(0.35, bare.detect_threshold)
  end)
end)

describe("world:load of profiles/default.lua", function()
  it("defines the profile 'default' with the file's values and returns its table", function()
    local world = wary.world()
    local p = world:load("profiles/default.lua")
    assert.are.equal("default", p.name)
    local raw = dofile(ROOT .. "profiles/default.lua")
    for _, spec in ipairs(tunable_fields()) do
      if spec.name ~= "senses" and not SENSE_TABLES[spec.name] then
        assert.are.same(file_value(raw, spec, 100), p[spec.name], "field " .. spec.name)
      end
    end
    assert.are.same({ 3000, 64 }, { p.vision.max_range, p.hearing.ear_height })
    -- The file's vision and hearing tables give the profile those built-in senses.
    assert.are.same({ "Vision", "Hearing" }, p.senses)
    local guard = world:add_agent{ profile = "default", pos = { 0, 0, 0 } }
    assert.are.equal(p, guard.profile)
  end)

  it("holds in a world of another scale: its distances are in metres", function()
    local world = wary.world{ units_per_meter = 32 }
    local p = world:load("profiles/default.lua")
    assert.are.same({ 30 * 32, 10 * 32, 1.5 * 32, 0.64 * 32, 2 * 32 },
      { p.vision.max_range, p.max_uncertainty, p.uncertainty_growth, p.hearing.ear_height,
        p.hearing.location_merge_radius })
    local guard = world:add_agent{ profile = "default", pos = { 0, 0, 0 } }
    local near, far = world:add_target{ pos = { 20 * 32, 0, 0 } }, world:add_target{ pos = { 50 * 32, 0, 0 } }
    for _ = 1, 30 do world:step(1 / 60) end
    assert.is_true(guard:confidence(near) > 0)
    assert.are.equal(0, guard:confidence(far)) -- 50 m: beyond its 30 m, as at 100 units a metre
  end)

  it("takes any distance in metres as <name>_m, and refuses both forms together", function()
    local world = wary.world{ units_per_meter = 32 }
    local p = world:define_profile{ name = "m", max_uncertainty_m = 4, smell = { range_m = 2 },
                                    brain = { threat_distance_range_m = 10 } }
    assert.are.same({ 4 * 32, 2 * 32, 10 * 32 }, { p.max_uncertainty, p.smell.range, p.brain.threat_distance_range })
    local guard = world:add_agent{ profile = "m", pos = { 0, 0 }, eye_height_m = 1.5 }
    assert.are.equal(1.5 * 32, guard:get().eye_pos[3])
    assert_mentions(error_of(function() world:define_profile{ name = "x", smell = { range = 1, range_m = 1 } } end),
      "fields 'range' and 'range_m' expected one of them, got both")
    assert_mentions(error_of(function() world:define_profile{ name = "x", max_uncertainty_m = -1 } end),
      "'max_uncertainty_m'", "a finite number of metres >= 0", "got -1")
    assert_mentions(error_of(function() world:define_profile{ name = "x", max_uncertainty_m = 1e38 } end),
      "'max_uncertainty_m' expected at most ", "metres (32 world units a metre), got 1e+38")
    assert_mentions(error_of(function() world:define_profile{ name = "x", vision = { max_range_m = 1e38 } } end),
      "'max_range_m' expected at most ", "metres (32 world units a metre), got 1e+38")
    assert_mentions(error_of(function() world:define_profile{ name = "x", max_uncertanty_m = 4 } end),
      "did you mean 'max_uncertainty_m'?")
    -- what a definition returns holds world units alone: a copy of it defines the same again
    local d = world:load("profiles/default.lua")
    assert.is_nil(d.vision.max_range_m)
    local copy = {}
    for k, v in each(d) do copy[k] = v end
    copy.name = "copy"
    assert.are.same(d.vision, world:define_profile(copy).vision)
    -- a lamp's radius too, when made and when set
    local lamp = world:add_light{ pos = { 0, 0, 100 }, radius_m = 4 }
    assert.are.equal(4 * 32, lamp.def.radius)
    lamp:set{ radius_m = 5 }
    assert.are.equal(5 * 32, lamp.def.radius)
  end)

  it("lets a profile extend 'default'", function()
    local world = wary.world()
    world:load("profiles/default.lua")
    local p = world:define_profile{ name = "jumpy", extends = "default", suspect_threshold = 0.05 }
    assert.are.equal(0.05, p.suspect_threshold)
    assert.are.equal(0.35, p.detect_threshold)
    assert.are.equal(30, p.memory_time)
  end)
end)

describe("a profile with extends", function()
  local world, parent, child

  before_each(function()
    world = wary.world()
    world:define_sense(fixture.fixed_sense("Eyes"))
    world:define_sense(fixture.fixed_sense("Ears"))
    parent = world:define_profile{
      name = "soldier", suspect_threshold = 0.2, detect_threshold = 0.4, track_threshold = 0.7,
      min_track_duration = 1.5, telegraph_threshold = 0.3, corroboration_bonus = 0.05, fade_rate = 0.3,
      lost_time = 8, smoothing_time = 0.5, max_uncertainty = 700, uncertainty_growth = 90,
      ignore_same_team = false, senses = { "Eyes", "Ears" }, sense_weights = { Ears = 0.5 },
      sense_intervals = { Eyes = 0.2 }, settings = { a = 1, b = 2 },
    }
    child = world:define_profile{
      name = "sniper", extends = "soldier", detect_threshold = 0.3, lost_time = 12, settings = { c = 3 },
    }
  end)

  it("inherits every field it does not set from the parent, including the parent's defaults", function()
    local own = { name = true, extends = true, detect_threshold = true, lost_time = true, settings = true }
    for _, spec in ipairs(schema.profile) do
      if not own[spec.name] then
        assert.are.same(parent[spec.name], child[spec.name], "field " .. spec.name)
      end
    end
    assert.are.equal(30, child.memory_time) -- the parent's default
    assert.are.same({ "Eyes", "Ears" }, child.senses)
    assert.are.same({ Ears = 0.5 }, child.sense_weights)
    assert.are.equal(false, child.ignore_same_team)
  end)

  it("replaces the parent's fields by its own, a table of the game's names whole", function()
    assert.are.equal("sniper", child.name)
    assert.are.equal(0.3, child.detect_threshold)
    assert.are.equal(12, child.lost_time)
    assert.are.same({ c = 3 }, child.settings)
    -- a child that drops a sense drops its weight with it
    local deaf = world:define_profile{ name = "deaf", extends = "soldier", senses = { "Eyes" }, sense_weights = {} }
    assert.are.same({ {}, { Eyes = 0.2 } }, { deaf.sense_weights, deaf.sense_intervals })
  end)

  it("merges every sense's table field by field, a range in either unit replacing the parent's", function()
    world:define_profile{ name = "base", senses = { "Vision", "Hearing", "Smell" },
                          vision = { max_range_m = 20, half_angle_deg = 40 },
                          hearing = { wall_absorption_coeff = 1.5 }, smell = { range = 300 } }
    local kid = world:define_profile{ name = "kid", extends = "base", vision = { max_range = 2500 },
                                      hearing = { weight = 2 }, smell = { weight = 0.5 } }
    assert.are.same({ 2500, 40 }, { kid.vision.max_range, kid.vision.half_angle_deg })
    assert.are.same({ 1.5, 2 }, { kid.hearing.wall_absorption_coeff, kid.hearing.weight })
    assert.are.same({ 300, 0.5 }, { kid.smell.range, kid.smell.weight })
    local back = world:define_profile{ name = "back", extends = "kid", vision = { max_range_m = 10 } }
    assert.are.same({ 1000, 40 }, { back.vision.max_range, back.vision.half_angle_deg })
    -- a sense's table given as false drops the parent's sense, its weight and interval with it
    world:define_profile{ name = "weighted", extends = "base", sense_weights = { Hearing = 2, Vision = 1.5 },
                          sense_intervals = { Hearing = 0.5 } }
    local deaf = world:define_profile{ name = "deaf", extends = "weighted", hearing = false }
    assert.are.same({ "Vision", "Smell" }, deaf.senses)
    assert.is_nil(deaf.hearing)
    assert.are.same({ { Vision = 1.5 }, {} }, { deaf.sense_weights, deaf.sense_intervals })
    assert.is_true(world:add_agent{ profile = "deaf", pos = { 0, 0 } }:valid())
    -- With no parent, false is the table left out (profiles/default.lua shows it as the way to drop a sense).
    local plain = { name = "x", vision = {}, hearing = false }
    local x = world:define_profile(plain)
    assert.are.same({ "Vision" }, x.senses)
    assert.is_nil(x.hearing)
    assert.are.equal(false, plain.hearing) -- the game's table is left as it was
    assert_mentions(error_of(function() world:define_profile{ name = "y", hearing = 3 } end),
      "field 'hearing' expected a table, got 3")
  end)

  it("leaves the parent as it was", function()
    assert.are.equal("soldier", parent.name)
    assert.are.equal(0.4, parent.detect_threshold)
    assert.are.equal(8, parent.lost_time)
    assert.are.same({ a = 1, b = 2 }, parent.settings)
  end)

  it("chains: a profile extending a child gets the child's fields and the grandparent's", function()
    local g = world:define_profile{ name = "marksman", extends = "sniper", fade_rate = 0.01 }
    assert.are.equal(0.3, g.detect_threshold)
    assert.are.equal(0.2, g.suspect_threshold)
    assert.are.equal(0.01, g.fade_rate)
    assert.are.same({ c = 3 }, g.settings)
  end)

  it("gives the core the child's thresholds and the parent's senses", function()
    local soldier = world:add_agent{ profile = "soldier", pos = { 0, 0, 0 } }
    local sniper = world:add_agent{ profile = "sniper", pos = { 0, 500, 0 } }
    local player = world:add_target{ pos = { 1000, 0, 0 }, props = { Eyes = 0.32 } }
    run(world, 1)
    expect.near(0.32, soldier:confidence(player))
    expect.near(0.32, sniper:confidence(player))
    assert.are.equal("suspected", soldier:state(player)) -- 0.2 <= 0.32 < 0.4
    assert.are.equal("detected", sniper:state(player))   -- 0.32 >= 0.3, inherited track 0.7 not reached
    assert.is_not_nil(sniper:belief(player).contributions.Ears) -- the inherited sense slot exists
  end)

  it("of an unknown profile is an error naming it, and defines nothing", function()
    local msg = error_of(function()
      world:define_profile{ name = "ghost", extends = "commando", detect_threshold = 0.2 }
    end)
    assert_mentions(msg, 'profile "ghost"', "'extends'", "a defined profile", '"commando"')
    expect.no_profile(world, "ghost")
  end)

  it("of a misspelt profile hints at the defined one", function()
    local msg = error_of(function() world:define_profile{ name = "x", extends = "soldeir" } end)
    assert_mentions(msg, '"soldeir"', "did you mean 'soldier'")
  end)
end)

describe("an unknown field of a megabyte (a mod's)", function()
  it("is refused with its start shown and no hint", function()
    local world = wary.world{}
    local big = string.rep("a", 1000000)
    local msg = error_of(world.define_profile, world, { name = "q", [big] = 1 })
    assert_mentions(msg, 'profile "q": unknown field ')
    assert.is_nil(msg:find("did you mean", 1, true))
    assert.is_true(#msg < 1000, #msg)
  end)
end)

describe("world:profiles()", function()
  it("lists the tables define_profile returned, in the order they were defined, retuned in place", function()
    local world = wary.world{ units_per_meter = 32 }
    local guard = world:define_profile{ name = "guard", vision = { max_range_m = 20 } }
    local elite = world:define_profile{ name = "elite", extends = "guard", lost_time = 9 }
    local list = world:profiles()
    assert.are.equal(2, #list)
    assert.are.equal(guard, list[1])
    assert.are.equal(elite, list[2])
    assert.are.same({ "guard", "elite" }, { list[1].name, list[2].name })
    assert.are.equal(640, list[1].vision.max_range) -- world units: 20 m at 32 a metre
    assert.are.equal(0.35, list[1].detect_threshold) -- a default filled in
    world:define_profile{ name = "guard", vision = { max_range_m = 10 } }
    assert.are.equal(guard, world:profiles()[1])
    assert.are.equal(320, guard.vision.max_range)
    local a = world:add_agent{ profile = "elite", pos = { 0, 0 } }
    assert.are.equal(world:profiles()[2], a.profile)
    assert.are.same({}, wary.world():profiles())
  end)
end)

describe("redefining a profile under the same name", function()
  it("retunes it live: an agent using it sees the new thresholds at once", function()
    local f = fixture.new{}
    f.target:set_prop("Eyes", 0.3)
    f:run(2)
    expect.near(0.3, f:confidence())
    assert.are.equal("suspected", f:state()) -- 0.3 < detect 0.35
    f.world:define_profile{ name = "spec", senses = { "Eyes" }, suspect_threshold = 0.1, detect_threshold = 0.25 }
    local events = f:run(0.5)
    assert.are.equal("detected", f:state())
    assert.are.same({ "detect" }, fixture.types(events))
  end)

  it("keeps the same profile table, updated in place, for agents and senses alike", function()
    local seen = {}
    local world = wary.world()
    world:define_sense{ id = "Probe", max_range = 5000, evaluate = function(_, profile)
      seen[#seen + 1] = profile
    end }
    local p = world:define_profile{ name = "guard", senses = { "Probe" }, fade_rate = 0.2, settings = { zeal = 1 } }
    local guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 } }
    world:add_target{ pos = { 100, 0, 0 } }
    run(world, 0.2)
    assert.is_true(#seen > 0)
    assert.are.equal(p, guard.profile)
    assert.are.equal(p, seen[#seen])

    local p2 = world:define_profile{ name = "guard", senses = { "Probe" }, fade_rate = 0.5, settings = { zeal = 2 } }
    assert.are.equal(p, p2)
    assert.are.equal(p, guard.profile)
    assert.are.equal(0.5, p.fade_rate)
    assert.are.same({ zeal = 2 }, p.settings)
    local before = #seen
    run(world, 0.2)
    assert.is_true(#seen > before)
    assert.are.equal(p, seen[#seen])
    assert.are.equal(2, seen[#seen].settings.zeal)
  end)

  it("says once when its telegraph_threshold is above detect_threshold, where only a jump fires telegraph", function()
    local world = require("wary").world()
    local said = require("spec.support.expect").stderr_of(function()
      world:define_profile{ name = "twitchy", vision = {}, detect_threshold = 0.2 } -- telegraph 0.25 by default
      world:define_profile{ name = "twitchy", vision = {}, detect_threshold = 0.2 }
      world:define_profile{ name = "fine", vision = {}, detect_threshold = 0.25 }
    end)
    assert.are.equal(1, #said)
    assert.matches('profile "twitchy": telegraph_threshold 0.25 is above detect_threshold 0.2: telegraph fires only '
      .. "when one step jumps past both", said[1], 1, true)
  end)

  it("with a sense taken away keeps nothing of its settings: a save loads where the profile was defined so",
    function()
      local function world_with(defs)
        local w = wary.world()
        for _, d in ipairs(defs) do w:define_profile(d) end
        return w
      end
      for _, history in ipairs({
        { { name = "guard", vision = {}, echolocation = { range_m = 15 } }, { name = "guard", vision = {} } },
        { { name = "guard", vision = { interval = 0.15 }, smell = {} }, { name = "guard", smell = {} } },
      }) do
        local a = world_with(history)
        a:add_agent{ name = "g", profile = "guard", pos = { 0, 0, 0 } }
        a:add_target{ pos = { 300, 0, 0 }, scent = 1 }
        for _ = 1, 30 do a:step(1 / 60) end
        local b = world_with({ history[#history] }) -- the profile as a has it now, from the start
        b:load_state(a:save_state())
        for _ = 1, 30 do
          a:step(1 / 60)
          b:step(1 / 60)
        end
        assert.are.equal(a:save_state(), b:save_state())
      end
    end)

  it("adding a sense times its first look, and checks its reach, by the new definition's settings", function()
    -- A vision at 0.5 s added to a profile that had one at 0.1 s looks
    -- first when one defined so from the start would.
    local function first_looks(history)
      local world = require("wary").world()
      for _, d in ipairs(history) do world:define_profile(d) end
      local looks = {}
      for i = 1, 5 do
        local g = world:add_agent{ profile = "p", pos = { 0, i * 100, 0 }, yaw = 0 }
        looks[i] = { agent = g }
      end
      local you = world:add_target{ pos = { 1000, 300, 0 } }
      world:define_profile{ name = "p", smell = {}, vision = { interval = 0.5 } }
      for step = 1, 40 do
        world:step(1 / 60)
        for _, l in ipairs(looks) do
          if not l.at and l.agent:belief(you) and l.agent:belief(you).contributions.Vision then l.at = step end
        end
      end
      local at = {}
      for i, l in ipairs(looks) do at[i] = l.at end
      return at
    end
    local plain = first_looks({ { name = "p", smell = {} } })
    assert.are.same(plain, first_looks({ { name = "p", smell = {}, vision = { interval = 0.1 } },
                                          { name = "p", smell = {} } }))
    -- A custom sense that reaches as far as the others, with a smell given
    -- a reach by the redefinition of a profile whose smell had none.
    local world = require("wary").world()
    world:define_sense{ id = "Near", max_range = 0, evaluate = function() return 0.5 end }
    world:define_profile{ name = "p", vision = {}, smell = { range_m = 0 } }
    local p = world:define_profile{ name = "p", senses = { "Near", "Smell" }, smell = { range_m = 5 } }
    assert.are.same({ "Near", "Smell" }, p.senses)
  end)

  it("with senses added or taken away, the senses it keeps keep what they hold", function()
    -- A guard shot for 80 (damage share 0.8, held 8 s): the game gives it
    -- echolocation one step later, then takes its smell away. Its belief
    -- about the shooter goes as if the profile had not changed.
    local function play(retune)
      local world = require("wary").world()
      world:define_profile{ name = "g", damage = {}, smell = {} }
      local g = world:add_agent{ profile = "g", pos = { 0, 0, 0 } }
      local sniper = world:add_target{ pos = { 100000, 0, 0 } }
      local others = {} -- more beliefs, laid out again with the sniper's
      for k = 1, 3 do others[k] = world:add_target{ pos = { -100000, k * 1000, 0 } } end
      world:apply_damage{ victim = g, instigator = others[1], amount = 30 }
      world:apply_damage{ victim = g, instigator = sniper, amount = 80 }
      world:apply_damage{ victim = g, instigator = others[3], amount = 60 }
      world:step(1 / 60)
      if retune then world:define_profile{ name = "g", damage = {}, smell = {}, echolocation = {} } end
      local seen = {}
      for i = 1, 600 do
        if retune and i == 200 then world:define_profile{ name = "g", echolocation = {}, damage = {} } end
        world:step(1 / 60)
        if i % 120 == 0 then
          seen[#seen + 1] = { g:state(sniper), g:confidence(sniper), g:confidence(others[1]), g:confidence(others[3]) }
        end
      end
      return seen
    end
    local plain, retuned = play(false), play(true)
    assert.are.equal("detected", plain[4][1])
    assert.is_true(math.abs(plain[4][2] - 0.8) < 1e-6, tostring(plain[4][2]))
    assert.are.same(plain, retuned)
    -- A held touch stays when smell is taken away; a new sense starts empty.
    local world = require("wary").world()
    world:define_profile{ name = "g", touch = {}, smell = {} }
    local g = world:add_agent{ profile = "g", pos = { 0, 0, 0 } }
    local t = world:add_target{ pos = { 5000, 0, 0 } }
    g:report_touch(t)
    world:step(1 / 60)
    world:define_profile{ name = "g", vision = {}, touch = {} }
    world:step(1 / 60)
    local b = g:belief(t)
    assert.are.equal(1, b.contributions.Touch)
    assert.are.equal(0, b.contributions.Vision)
    assert.are.equal("detected", g:state(t))
  end)

  it("restores the schema default for a field the new definition leaves out", function()
    local world = wary.world()
    local p = world:define_profile{ name = "guard", lost_time = 9 }
    world:define_profile{ name = "guard" }
    assert.are.equal(5, p.lost_time)
  end)

  -- A world where guard sees with vision (30 m) and a custom sense of no range of its own.
  local function aura_world()
    local w = wary.world{}
    w:define_sense{ id = "Aura", interval = 0.1, max_range = 0, evaluate = function() return 0.5 end }
    local p = w:define_profile{ name = "guard", vision = { max_range_m = 30 }, senses = { "Aura" } }
    local g = w:add_agent{ profile = "guard", pos = { 0, 0, 0 }, yaw = 0 }
    local t = w:add_target{ pos = { 1000, 0, 0 } }
    run(w, 0.5)
    return w, p, g, t
  end

  it("refused when no sense would reach (vision of max_range 0 beside a rangeless sense): nothing changes",
    function()
      local w, p, g, t = aura_world()
      local before = w:save_state()
      local zero = { name = "guard", vision = { max_range_m = 0 }, senses = { "Aura" } }
      assert_mentions(error_of(w.define_profile, w, zero),
        "profile \"guard\": field 'senses' expected at least one sense that reaches", 'got "Aura"')
      assert.are.equal(3000, p.vision.max_range)
      assert.is_true(w:save_state() == before, "the core kept vision's 30 m")
      assert.are.equal(3000, g:explain(t).vision.range)
      -- Refused when first defined too, as the core refuses it on a retune.
      zero.name = "fresh"
      assert_mentions(error_of(w.define_profile, w, zero),
        "profile \"fresh\": field 'senses' expected at least one sense that reaches")
    end)

  it("that the core refuses gets the built-in senses' settings back: nothing changes", function()
    local w, p, g, t = aura_world()
    local before = w:save_state()
    local real = w._B
    -- The core's retune refuses (as out of memory would) after the built-in senses were set.
    w._B = setmetatable({ profile_set = function() return wary.enums.status_values.out_of_memory end },
      { __index = real })
    local nearer = { name = "guard", vision = { max_range_m = 10 }, senses = { "Aura" } }
    assert_mentions(error_of(w.define_profile, w, nearer),
      'profile "guard": the core refused it: out of memory')
    w._B = real
    assert.are.equal(3000, p.vision.max_range)
    assert.is_true(w:save_state() == before, "the core kept vision's 30 m")
    assert.are.equal(3000, g:explain(t).vision.range)
  end)
end)

describe("sense_weights and sense_intervals", function()
  local world

  before_each(function()
    world = wary.world()
    world:define_sense(fixture.fixed_sense("Eyes"))
    world:define_sense(fixture.fixed_sense("Ears"))
  end)

  it("naming a sense not in the profile is an error, and defines nothing", function()
    local msg = error_of(function()
      world:define_profile{ name = "w", senses = { "Eyes" }, sense_weights = { Ears = 2 } }
    end)
    assert_mentions(msg, 'profile "w"', "'sense_weights'", '"Ears"', "not in the profile's senses")
    msg = error_of(function()
      world:define_profile{ name = "i", senses = { "Ears" }, sense_intervals = { Eyes = 0.5 } }
    end)
    assert_mentions(msg, 'profile "i"', "'sense_intervals'", '"Eyes"', "not in the profile's senses")
    expect.no_profile(world, "w")
    expect.no_profile(world, "i")
  end)

  it("naming a sense that is not defined at all is an error too", function()
    local msg = error_of(function()
      world:define_profile{ name = "w", senses = { "Eyes" }, sense_weights = { Sonar = 2 } }
    end)
    assert_mentions(msg, "'sense_weights'", '"Sonar"')
  end)

  it("with a negative weight or a zero interval is an error", function()
    local msg = error_of(function()
      world:define_profile{ name = "w", senses = { "Eyes" }, sense_weights = { Eyes = -1 } }
    end)
    assert_mentions(msg, 'profile "w"', "'sense_weights.Eyes'", ">= 0", "got -1")
    msg = error_of(function()
      world:define_profile{ name = "w", senses = { "Eyes" }, sense_intervals = { Eyes = 0 } }
    end)
    assert_mentions(msg, 'profile "w"', "'sense_intervals.Eyes'", "got 0")
  end)

  it("naming senses of the profile are accepted and kept", function()
    local p = world:define_profile{ name = "ok", senses = { "Eyes", "Ears" },
                                    sense_weights = { Ears = 0.5 }, sense_intervals = { Eyes = 0.25 } }
    assert.are.same({ Ears = 0.5 }, p.sense_weights)
    assert.are.same({ Eyes = 0.25 }, p.sense_intervals)
  end)
end)

describe("a profile's senses (seed 004: \"Add it to the profile's Sense Classes (up to 8 senses)\")", function()
  local function world_with_customs(n)
    local w = wary.world()
    local ids = {}
    for i = 1, n do
      w:define_sense{ id = "C" .. i, max_range = 100, evaluate = function() end }
      ids[i] = "C" .. i
    end
    return w, ids
  end

  it("counts 8 custom senses, and not the built-in ones, listed or given as tables", function()
    local w, ids = world_with_customs(8)
    local listed = { "Vision", "Hearing", "Smell" }
    for _, id in ipairs(ids) do listed[#listed + 1] = id end
    assert.are.equal(11, #w:define_profile{ name = "listed", senses = listed }.senses)
    assert.are.equal(10, #w:define_profile{ name = "tables", vision = {}, hearing = {}, senses = ids }.senses)
  end)

  it("refuses a ninth custom sense, the same way whether the built-ins are listed or tables", function()
    local w, ids = world_with_customs(9)
    local msg = expect.error_of(function() w:define_profile{ name = "nine", senses = ids } end)
    expect.mentions(msg, 'profile "nine"', "'senses'", "at most 8 custom senses", "got 9")
    local listed = { "Vision" }
    for _, id in ipairs(ids) do listed[#listed + 1] = id end
    expect.mentions(expect.error_of(function() w:define_profile{ name = "nine_listed", senses = listed } end),
      "at most 8 custom senses", "got 9")
  end)
end)
