-- spec/stimulus_spec.lua: the stimulus bus (seed 004, "The stimulus bus";
-- seed 003, "Explosions shake the ground"): emit_stimulus is delivered at the
-- next step, cheapest first (radius, level of detail, team, then the wall
-- trace), to the senses listening for a prefix of its tag: a Lua sense's
-- on_stimulus, and the built-in vibration sense, which makes beliefs about
-- places. Every sound is also sent as Stimulus.Sound.<name>.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")
local ears = require("spec.support.ears")
local expect = require("spec.support.expect")

local TOL = 1e-5
local M = ears.M
local at = ears.at
local only = ears.only

-- A Lua sense that listens for `tags` and writes what arrives in `inbox`:
-- { agent, time, tag, pos, source, strength, radius, distance }.
local function listener(inbox, tags, react)
  return {
    id = "Listener", max_range_m = 1, stimulus_tags = tags or { "Stimulus.Custom" },
    evaluate = function() end,
    on_stimulus = function(ctx, profile, s)
      inbox[#inbox + 1] = { agent = ctx.agent, time = ctx.time, tag = s.tag, pos = s.pos, source = s.source,
                            strength = s.strength, radius = s.radius, distance = s.distance, profile = profile }
      if react then react(ctx, profile, s) end
    end,
  }
end

-- A world with the Listener sense and a profile "listen" using it.
local function bus(tags, react)
  local inbox = {}
  local w = wary.world()
  w:define_sense(listener(inbox, tags, react))
  w:define_profile{ name = "listen", senses = { "Listener" } }
  return w, inbox
end

-- The names of the agents that received something in `inbox`, sorted.
local function receivers(inbox)
  local names = {}
  for _, s in ipairs(inbox) do names[#names + 1] = s.agent.name end
  table.sort(names)
  return names
end

local function clear(t)
  for k in each(t) do t[k] = nil end
end

describe("stimulus bus: delivery", function()
  it("is delivered at the next step, to on_stimulus(ctx, profile, stimulus) with tag, pos, source, strength, "
    .. "radius and distance", function()
    local w, inbox = bus()
    local agent = w:add_agent{ name = "seer", profile = "listen", pos = { 1000, 0, 0 } }
    local mind = w:add_target{ name = "mind", pos = { 0, 0, 0 } }
    w:emit_stimulus{ tag = "Stimulus.Custom.Psychic", pos = { 0, 0, 64 }, source = mind, strength = 0.6 }
    assert.are.same({}, inbox)
    w:step(0.1)
    assert.are.equal(1, #inbox)
    local s = inbox[1]
    expect.fields(s, { agent = agent, tag = "Stimulus.Custom.Psychic", source = mind, radius = 15 * M })
    assert.is_near(0.1, s.time, 1e-6)
    assert.are.same({ x = 0, y = 0, z = 64 }, s.pos)
    assert.is_near(0.6, s.strength, TOL)
    assert.is_near(1000, s.distance, 1e-3)                  -- to the agent's ear, 0.64 m up
    assert.are.equal("listen", s.profile.name)
    w:step(0.1)
    assert.are.equal(1, #inbox)                             -- once
  end)

  it("defaults: strength 1, radius 15 m, no source", function()
    local w, inbox = bus()
    w:add_agent{ name = "seer", profile = "listen", pos = { 0, 0, 0 } }
    w:emit_stimulus{ tag = "Stimulus.Custom", pos = { 0, 0, 0 } }
    w:step(0.1)
    expect.fields(inbox[1], { tag = "Stimulus.Custom", strength = 1, radius = 1500 })
    assert.is_nil(inbox[1].source)
  end)

  it("reaches a listener for a prefix on the dots: Stimulus.Custom gets Stimulus.Custom.Psychic, "
    .. "not Stimulus.CustomX", function()
    local w, inbox = bus()
    w:add_agent{ name = "seer", profile = "listen", pos = { 0, 0, 0 } }
    for _, tag in ipairs({ "Stimulus.Custom.Psychic", "Stimulus.Custom", "Stimulus.Custom.Psychic.Loud",
                           "Stimulus.CustomX", "Stimulus.Customs.Psychic", "Stimulus", "Stimulus.Vibration",
                           "Other.Stimulus.Custom" }) do
      w:emit_stimulus{ tag = tag, pos = { 100, 0, 0 } }
    end
    w:step(0.1)
    local tags = {}
    for i, s in ipairs(inbox) do tags[i] = s.tag end
    assert.are.same({ "Stimulus.Custom.Psychic", "Stimulus.Custom", "Stimulus.Custom.Psychic.Loud" }, tags)
    -- so a listener's prefix with an empty part, which would match nothing, is refused
    for _, tag in ipairs({ "Stimulus.Custom.", ".Stimulus", "Stimulus..Custom" }) do
      local ok, err = pcall(w.define_sense, w, { id = "Odd", evaluate = function() end, stimulus_tags = { tag } })
      assert.is_false(ok)
      assert.matches("field 'stimulus_tags[1]' expected a tag prefix of whole dotted parts", err, 1, true)
    end
  end)

  it("skips agents beyond its radius", function()
    local w, inbox = bus()
    w:add_agent{ name = "near", profile = "listen", pos = { 1400, 0, 0 } }
    w:add_agent{ name = "far", profile = "listen", pos = { 1600, 0, 0 } }
    w:add_agent{ name = "wide", profile = "listen", pos = { 0, 2500, 0 } }
    w:emit_stimulus{ tag = "Stimulus.Custom", pos = { 0, 0, 0 } }
    w:step(0.1)
    assert.are.same({ "near" }, receivers(inbox))
    clear(inbox)
    w:emit_stimulus{ tag = "Stimulus.Custom", pos = { 0, 0, 0 }, radius = 30 * M }
    w:step(0.1)
    assert.are.same({ "far", "near", "wide" }, receivers(inbox))
  end)

  it("skips agents at a level-of-detail tier above its max_lod_tier (2)", function()
    local w, inbox = bus()
    for tier = 0, 3 do w:add_agent{ name = "tier" .. tier, profile = "listen", pos = { 0, 0, 0 }, lod_tier = tier } end
    w:emit_stimulus{ tag = "Stimulus.Custom", pos = { 0, 0, 0 } }
    w:step(0.1)
    assert.are.same({ "tier0", "tier1", "tier2" }, receivers(inbox))
    clear(inbox)
    w:emit_stimulus{ tag = "Stimulus.Custom", pos = { 0, 0, 0 }, max_lod_tier = 0 }
    w:step(0.1)
    assert.are.same({ "tier0" }, receivers(inbox))
  end)

  it("with team_filter, skips agents on the source's team", function()
    local w, inbox = bus()
    local red = w:add_target{ name = "red", pos = { 0, 0, 0 }, team = "red" }
    local nobody = w:add_target{ name = "nobody", pos = { 0, 0, 0 } }
    w:add_agent{ name = "mate", profile = "listen", pos = { 100, 0, 0 }, team = "red" }
    w:add_agent{ name = "foe", profile = "listen", pos = { 200, 0, 0 }, team = "blue" }
    w:add_agent{ name = "loner", profile = "listen", pos = { 300, 0, 0 } }
    w:emit_stimulus{ tag = "Stimulus.Custom", pos = { 0, 0, 0 }, source = red, team_filter = true }
    w:step(0.1)
    assert.are.same({ "foe", "loner" }, receivers(inbox))
    clear(inbox)
    w:emit_stimulus{ tag = "Stimulus.Custom", pos = { 0, 0, 0 }, source = red }
    w:step(0.1)
    assert.are.same({ "foe", "loner", "mate" }, receivers(inbox))
    clear(inbox)
    w:emit_stimulus{ tag = "Stimulus.Custom", pos = { 0, 0, 0 }, source = nobody, team_filter = true }
    w:step(0.1)
    assert.are.same({ "foe", "loner", "mate" }, receivers(inbox))
  end)

  it("a wall blocks it only with requires_clear_path", function()
    local w, inbox = bus()
    w:add_agent{ name = "behind", profile = "listen", pos = { 1000, 0, 0 } }
    w:add_agent{ name = "open", profile = "listen", pos = { -1000, 0, 0 } }
    w:add_box{ min = { 500, -300, 0 }, max = { 510, 300, 300 } }
    w:emit_stimulus{ tag = "Stimulus.Custom", pos = { 0, 0, 64 } }
    w:step(0.1)
    assert.are.same({ "behind", "open" }, receivers(inbox))
    clear(inbox)
    w:emit_stimulus{ tag = "Stimulus.Custom", pos = { 0, 0, 64 }, requires_clear_path = true }
    w:step(0.1)
    assert.are.same({ "open" }, receivers(inbox))
  end)

  it("runs the checks cheapest first: the wall trace only for agents that pass radius, detail tier and team",
    function()
      local w, inbox = bus()
      local red = w:add_target{ name = "red", pos = { 0, 0, 0 }, team = "red" }
      w:add_agent{ name = "in", profile = "listen", pos = { 500, 0, 0 }, team = "blue" }
      w:add_agent{ name = "out", profile = "listen", pos = { 1600, 0, 0 }, team = "blue" }
      w:add_agent{ name = "cheap", profile = "listen", pos = { 500, 0, 0 }, team = "blue", lod_tier = 3 }
      w:add_agent{ name = "mate", profile = "listen", pos = { 500, 0, 0 }, team = "red" }
      w:step(0.1)
      local rays = tonumber(w:stats().rays)
      w:emit_stimulus{ tag = "Stimulus.Custom", pos = { 0, 0, 0 }, source = red, team_filter = true,
                       requires_clear_path = true }
      w:step(0.1)
      assert.are.same({ "in" }, receivers(inbox))
      assert.are.equal(rays + 1, tonumber(w:stats().rays))
    end)

  it("reaches only senses that listen: an agent without the tag gets nothing", function()
    local w, inbox = bus({ "Stimulus.Radio" })
    w:add_agent{ name = "radio", profile = "listen", pos = { 0, 0, 0 } }
    w:emit_stimulus{ tag = "Stimulus.Custom.Psychic", pos = { 0, 0, 0 } }
    w:emit_stimulus{ tag = "Stimulus.Radio.Chatter", pos = { 0, 0, 0 } }
    w:step(0.1)
    assert.are.equal(1, #inbox)
    assert.are.equal("Stimulus.Radio.Chatter", inbox[1].tag)
  end)

  it("refuses bad stimuli, naming the field", function()
    local w = wary.world()
    expect.mentions(expect.error_of(function() w:emit_stimulus{ pos = { 0, 0, 0 } } end),
      "stimulus", "'tag'", "required")
    expect.mentions(expect.error_of(function() w:emit_stimulus{ tag = "Stimulus.X" } end),
      "stimulus", "'pos'", "required")
    expect.mentions(expect.error_of(function()
      w:emit_stimulus{ tag = "Stimulus.X", pos = { 0, 0, 0 }, strength = 2 }
    end), "stimulus", "'strength'", "[0, 1]", "got 2")
    expect.mentions(expect.error_of(function()
      w:emit_stimulus{ tag = "Stimulus.X", pos = { 0, 0, 0 }, radius = -1 }
    end), "stimulus", "'radius'", "got -1")
    expect.mentions(expect.error_of(function()
      w:emit_stimulus{ tag = "Stimulus.X", pos = { 0, 0, 0 }, source = "me" }
    end), "stimulus", "'source'", "a live actor")
    expect.mentions(expect.error_of(function()
      w:emit_stimulus{ tag = "Stimulus.X", pos = { 0, 0, 0 }, strenght = 1 }
    end), "stimulus", "unknown field 'strenght'", "did you mean 'strength'")
    -- A tag with an empty part (which no listener's prefix of whole parts
    -- could mean) is refused, as such a prefix is, and nothing is sent.
    local before = w:save_state()
    for _, tag in ipairs({ "Stimulus.Vibration.", "Stimulus.Vibration..X", ".Stimulus", "" }) do
      expect.mentions(expect.error_of(function() w:emit_stimulus{ tag = tag, pos = { 0, 0, 0 } } end),
        "stimulus", "'tag'", string.format("got %q", tag))
    end
    assert.are.equal(before, w:save_state())
  end)
end)

describe("stimulus bus: a Lua sense's on_stimulus", function()
  it("can report a location belief", function()
    local w = bus({ "Stimulus.Custom" }, function(ctx, _, s)
      ctx.agent:report_location_belief(s.pos, "Psychic", s.strength, 0.1)
    end)
    local agent = w:add_agent{ name = "seer", profile = "listen", pos = { 0, 0, 0 } }
    w:emit_stimulus{ tag = "Stimulus.Custom.Psychic", pos = { 700, 0, 0 }, strength = 0.45 }
    w:step(0.1)
    local p = agent:strongest_location_belief()
    expect.fields(p, { tag = "Psychic", state = "detected" })
    assert.is_near(0.45, p.confidence, TOL)
    assert.are.same({ x = 700, y = 0, z = 0 }, p.location)
  end)

  it("can set the confidence of a belief about the source", function()
    local w = bus({ "Stimulus.Custom" }, function(ctx, _, s)
      if s.source then ctx.agent:set_confidence(s.source, s.strength) end
    end)
    local agent = w:add_agent{ name = "seer", profile = "listen", pos = { 0, 0, 0 }, team = "guards" }
    local thief = w:add_target{ name = "thief", pos = { 500, 0, 0 }, team = "thieves" }
    w:emit_stimulus{ tag = "Stimulus.Custom.Psychic", pos = { 500, 0, 0 }, source = thief, strength = 0.4 }
    w:step(0.1)
    assert.is_near(0.4, agent:confidence(thief), TOL)
    assert.are.equal("detected", agent:state(thief))
  end)

  it("an error in it becomes a sense_error event and the step completes", function()
    local w, inbox = bus({ "Stimulus.Custom" }, function(ctx)
      if ctx.agent.name == "broken" then error("the crystal ball cracked", 0) end
    end)
    local broken = w:add_agent{ name = "broken", profile = "listen", pos = { 0, 0, 0 } }
    w:add_agent{ name = "fine", profile = "listen", pos = { 100, 0, 0 } }
    local log = require("spec.support.events").record(w)
    w:emit_stimulus{ tag = "Stimulus.Custom", pos = { 0, 0, 0 } }
    w:step(0.1)
    assert.are.same({ "broken", "fine" }, receivers(inbox))
    local errors = only(log, "sense_error")
    assert.are.equal(1, #errors)
    expect.fields(errors[1], { agent = broken, sense = "Listener" })
    assert.is_nil(errors[1].target)
    expect.mentions(errors[1].message, "Listener", "the crystal ball cracked")
    assert.is_near(0.1, w:time(), 1e-6)
    w:step(0.1)
    assert.are.equal(1, #only(log, "sense_error"))
  end)

  it("failing at every stimulus counts towards muting, as evaluate's errors do; muted, it hears none", function()
    local w = wary.world()
    -- Its evaluate is seldom due: only the stimuli fail.
    w:define_sense{ id = "Listener", max_range_m = 1, interval = 100, stimulus_tags = { "Stimulus.Custom" },
                    evaluate = function() end, on_stimulus = function() error("tripwire snapped", 0) end }
    w:define_profile{ name = "listen", senses = { "Listener" } }
    local guard = w:add_agent{ name = "guard", profile = "listen", pos = { 0, 0, 0 } }
    local log = require("spec.support.events").record(w)
    for _ = 1, 5 do
      w:emit_stimulus{ tag = "Stimulus.Custom", pos = { 0, 0, 0 } }
      w:step(0.1)
    end
    assert.is_true(guard:sense_muted("Listener"))
    assert.are.equal(3, #only(log, "sense_error")) -- sense_error_limit: 3
  end)

  it("a stimulus taken without failing starts the count again, as a step that evaluates does", function()
    local w = wary.world()
    local calls = 0
    w:define_sense{ id = "Listener", max_range_m = 1, interval = 100, stimulus_tags = { "Stimulus.Custom" },
                    evaluate = function() end,
                    on_stimulus = function()
                      calls = calls + 1
                      if calls % 2 == 1 then error("flaky tripwire", 0) end
                    end }
    w:define_profile{ name = "listen", senses = { "Listener" } }
    local guard = w:add_agent{ name = "guard", profile = "listen", pos = { 0, 0, 0 } }
    w:on("sense_error", function() end)
    for _ = 1, 8 do
      w:emit_stimulus{ tag = "Stimulus.Custom", pos = { 0, 0, 0 } }
      w:step(0.1)
    end
    assert.are.equal(8, calls)
    assert.is_false(guard:sense_muted("Listener")) -- never 3 failures in a row
  end)

  it("sees the agent's own fields in ctx, and none of a target's (no query's left over)", function()
    local seen = {}
    local w = wary.world()
    w:define_sense{ id = "Listener", max_range = math.huge, stimulus_tags = { "Stimulus.Custom" },
                    evaluate = function() end,
                    on_stimulus = function(ctx)
                      seen[ctx.agent.name] = { lod = ctx.lod_tier, yaw = ctx.agent_yaw, off = ctx.off_screen,
                                               light = ctx.light, target = ctx.target, distance = ctx.distance,
                                               dt = ctx.dt, target_pos = ctx.target_pos, x = ctx.agent_pos.x }
                    end }
    w:define_profile{ name = "listen", senses = { "Listener" } }
    w:add_agent{ name = "near", profile = "listen", pos = { 0, 0, 0 }, yaw = 45, light = 0.25 }
    w:add_agent{ name = "far", profile = "listen", pos = { 300, 0, 0 }, yaw = 90, light = 0.75, lod_tier = 2,
                 off_screen = true }
    w:add_target{ name = "thief", pos = { 100, 0, 0 } }
    w:step(0.1) -- the queries fill ctx with the last one's target
    w:emit_stimulus{ tag = "Stimulus.Custom", pos = { 0, 0, 0 }, radius = 1000 }
    w:step(0.1)
    assert.are.same({ lod = 0, yaw = 45, off = false, light = 0.25, x = 0 }, seen.near)
    assert.are.same({ lod = 2, yaw = 90, off = true, light = 0.75, x = 300 }, seen.far)
  end)
end)

describe("stimulus bus: every sound is a stimulus too", function()
  it("sends Stimulus.Sound.<name> with strength loudness / 3: a gunshot at 1, a footstep at 1/3", function()
    local w, inbox = bus({ "Stimulus.Sound" })
    local agent = w:add_agent{ name = "ear", profile = "listen", pos = { 0, 0, 0 } }
    local shooter = w:add_target{ name = "shooter", pos = { 300, 0, 0 } }
    w:emit_sound(shooter, "Gunshot")
    w:emit_sound(shooter, "Footstep")
    w:emit_sound_at({ 0, 300, 0 }, "Explosion")
    w:step(0.1)
    local by = {}
    for _, s in ipairs(inbox) do by[s.tag] = s end
    expect.fields(by["Stimulus.Sound.Gunshot"], { agent = agent, source = shooter, strength = 1, radius = 40 * M })
    assert.is_near(1 / 3, by["Stimulus.Sound.Footstep"].strength, TOL)
    assert.are.equal(8 * M, by["Stimulus.Sound.Footstep"].radius)
    assert.are.same({ x = 300, y = 0, z = 0 }, by["Stimulus.Sound.Footstep"].pos)
    assert.are.equal(1, by["Stimulus.Sound.Explosion"].strength)   -- 5 / 3, capped
    assert.is_nil(by["Stimulus.Sound.Explosion"].source)
    assert.are.equal(3, #inbox)
  end)

  it("a listener for one sound gets only that one", function()
    local w, inbox = bus({ "Stimulus.Sound.Gunshot" })
    w:add_agent{ name = "ear", profile = "listen", pos = { 0, 0, 0 } }
    local shooter = w:add_target{ name = "shooter", pos = { 300, 0, 0 } }
    w:emit_sound(shooter, "Footstep")
    w:emit_sound(shooter, "Gunshot")
    w:step(0.1)
    assert.are.equal(1, #inbox)
    assert.are.equal("Stimulus.Sound.Gunshot", inbox[1].tag)
  end)

  it("carries the sound's range and LOD tier", function()
    local w, inbox = bus({ "Stimulus.Sound" })
    w:add_agent{ name = "tier2", profile = "listen", pos = { 0, 0, 0 }, lod_tier = 2 }
    w:add_agent{ name = "far", profile = "listen", pos = { 0, 900, 0 } }
    local maker = w:add_target{ name = "maker", pos = { 0, 0, 0 } }
    w:emit_sound(maker, "Footstep")                         -- 8 m, LOD tier 1
    w:step(0.1)
    assert.are.same({}, inbox)
    w:emit_sound(maker, "Gunshot")                          -- 40 m, LOD tier 3
    w:step(0.1)
    assert.are.same({ "far", "tier2" }, receivers(inbox))
  end)

  it("hearing does not listen to the bus: a stimulus tagged like a sound is not heard", function()
    local e = ears.new{}
    e.world:emit_stimulus{ tag = "Stimulus.Sound.Gunshot", pos = at(2 * M), source = e.player }
    local list = e:run(0.5)
    assert.are.same({}, only(list, "sound_heard"))
    assert.are.same({}, only(list, "hear"))
    assert.is_nil(e.guard:belief(e.player))
    assert.are.same({}, e.guard:location_beliefs())
  end)
end)

describe("stimulus bus: vibration", function()
  -- An agent with only a vibration table, at the origin.
  local function feeler(vibration)
    local e = ears.new{ hearing = false, profile = { vibration = vibration or {} } }
    return e
  end

  it("turns a Stimulus.Vibration into a belief about the place: strength x sensitivity x "
    .. "(1 - (d / min(radius, range))^2)", function()
    local e = feeler()
    e.world:emit_stimulus{ tag = "Stimulus.Vibration", pos = at(10 * M), strength = 0.8 }
    local changed = only(e:step(), "location_belief_changed")
    assert.are.equal(2, #changed)                           -- Suspected, then Detected
    expect.fields(changed[2], { agent = e.guard, tag = "Stimulus.Vibration", state = "detected" })
    local felt = 0.8 * (1 - (10 / 15) ^ 2)                  -- the radius (15 m) is under the range (30 m)
    assert.is_near(felt, changed[2].confidence, TOL)
    assert.are.same({ x = 1000, y = 0, z = 64 }, changed[2].location)
    local p = e.guard:strongest_location_belief()
    assert.is_near(0.5, p.accuracy, TOL)
    assert.is_near(0.5 * 10 * M, p.uncertainty, 1e-3)
    assert.are.same({}, e.guard:beliefs())
  end)

  it("listens to the whole Stimulus.Vibration prefix", function()
    local e = feeler()
    e.world:emit_stimulus{ tag = "Stimulus.Vibration.Footfall", pos = at(5 * M) }
    e.world:emit_stimulus{ tag = "Stimulus.VibrationX", pos = at(0, 5 * M) }
    e:step()
    local places = e.guard:location_beliefs()
    assert.are.equal(1, #places)
    assert.are.equal("Stimulus.Vibration.Footfall", places[1].tag)
  end)

  it("the shipped Explosion sound shakes the ground for an agent with a vibration table", function()
    local e = feeler()
    e.world:emit_sound_at(at(15 * M), "Explosion")
    e:step()
    local p = e.guard:strongest_location_belief()
    expect.fields(p, { tag = "Stimulus.Sound.Explosion", state = "detected" })
    assert.is_near(1 - (15 / 30) ^ 2, p.confidence, TOL)   -- strength 1 over the 30 m range
    local made = feeler()
    made.world:emit_sound(made.player, "Explosion")
    made:step()
    assert.are.equal("Stimulus.Sound.Explosion", made.guard:strongest_location_belief().tag)
  end)

  it("does not listen to other tags: other sounds, custom stimuli", function()
    local e = feeler()
    e.world:emit_sound(e.player, "Gunshot")
    e.world:emit_sound_at(at(0, 3 * M), "GlassBreak")
    e.world:emit_stimulus{ tag = "Stimulus.Custom.Psychic", pos = at(2 * M) }
    e.world:emit_stimulus{ tag = "Stimulus.Sound", pos = at(2 * M) }
    e:run(0.5)
    assert.are.same({}, e.guard:location_beliefs())
  end)

  it("only a sound named exactly Explosion shakes the ground", function()
    local e = ears.new{ hearing = false, profile = { vibration = {} },
                        sounds = { { name = "Blast", category = "environment", alert_level = "explosive",
                                     base_loudness = 5, max_range_m = 100, max_lod_tier = 4 },
                                   { name = "Explosion.Small", base_loudness = 3, max_range_m = 50 } } }
    e.world:emit_sound_at(at(5 * M), "Blast")
    e.world:emit_sound_at(at(0, 5 * M), "Explosion.Small")
    e:run(0.5)
    assert.are.same({}, e.guard:location_beliefs())
  end)

  it("reads its range and sensitivity from the profile's vibration table", function()
    local e = feeler{ range = 10 * M, sensitivity = 0.5 }
    e.world:emit_sound_at(at(5 * M), "Explosion")
    e.world:emit_stimulus{ tag = "Stimulus.Vibration", pos = at(0, 12 * M), radius = 20 * M }
    e:step()
    local places = e.guard:location_beliefs()
    assert.are.equal(1, #places)                            -- 12 m is beyond its 10 m
    assert.is_near(0.5 * (1 - (5 / 10) ^ 2), places[1].confidence, TOL)
  end)

  it("a guard with hearing and vibration makes two places of one explosion: what it heard and what it felt",
    function()
      local e = ears.new{ profile = { vibration = {} } }
      e.world:emit_sound_at(at(20 * M), "Explosion")
      e:step()
      local tags = {}
      for _, p in ipairs(e.guard:location_beliefs()) do tags[#tags + 1] = p.tag end
      table.sort(tags)
      assert.are.same({ "Explosion", "Stimulus.Sound.Explosion" }, tags)
    end)
end)
