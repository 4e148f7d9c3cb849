-- spec/hearing_seed_defaults_spec.lua: the defaults of seed 003 ("Hearing &
-- sounds") for a sound type and a sound filter, proved by what a guard hears
-- from a definition that leaves every field out: category Enemy, alert level
-- Normal, loudness 1, range 1500 (15 m), Max LODTier 2, Max Pending Per Tick
-- 3; a filter hearing every category but Friendly, from Whisper up, x1,
-- Filter Friendly Team off. Worlds start without the shipped sounds and
-- filters, so only the definitions under test exist. Steps are 1/60 s.
local wary = require("wary")
local ears = require("spec.support.ears")
local worlds = require("spec.support.worlds")

local TOL = 1e-5
local M = ears.M
local at = ears.at

-- 1 - (d / range)^2: the seed's distance weight.
local function falloff(d, range)
  return 1 - (d / range) ^ 2
end

-- A guard hearing through `options.filter` (a filter definition, or none)
-- and a player `options.distance` cm away (level with the guard's ear) who
-- makes the sound `sound` (a definition) once; the world is stepped for
-- `options.seconds` (0.2 by default) at 60 Hz. Returns the guard's
-- sound_heard events and the ears (spec.support.ears).
local function hear(sound, options)
  options = options or {}
  local e = ears.new{
    world = { sounds = false, filters = false },
    sounds = { sound },
    filters = options.filter and { options.filter } or nil,
    hearing = { sound_filter = options.filter and options.filter.name or nil },
    guard = options.guard,
    player = options.player,
    distance = options.distance or 7.5 * M,
  }
  local first = #e.log + 1
  e.world:emit_sound(e.player, sound.name)
  worlds.run(e.world, options.seconds or 0.2)
  local out = {}
  for i = first, #e.log do
    local ev = e.log[i]
    if ev.type == "sound_heard" and ev.agent == e.guard then out[#out + 1] = ev end
  end
  return out, e
end

-- The loudness the guard heard the sound at, or nil when it heard nothing.
local function loudness(sound, options)
  local heard = hear(sound, options)
  assert.is_true(#heard <= 1, "one sound made, one heard at most")
  return heard[1] and heard[1].loudness
end

describe("seed 003: a sound type left to its defaults", function()
  local CREAK = { name = "Creak" } -- every other field left out

  -- "Base Loudness 1" and "Max Range 1500 How far it carries, in cm."
  it("seed 003: is heard at 0.75 at 7.5 m: loudness 1 at half of a 15 m range", function()
    assert.is_near(0.75, loudness(CREAK, { distance = 7.5 * M }), TOL)
  end)

  it("seed 003: is heard at 14.9 m and not at 15.1 m: Max Range 1500 (cm)", function()
    assert.is_near(falloff(14.9, 15), loudness(CREAK, { distance = 14.9 * M }) or -1, TOL)
    assert.is_nil(loudness(CREAK, { distance = 15.1 * M }))
  end)

  -- "Max LODTier 2 The lowest level of detail that still hears it"
  it("seed 003: is heard by a guard at level-of-detail tier 2 and not at tier 3 (Max LODTier 2)", function()
    assert.is_near(0.75, loudness(CREAK, { guard = { lod_tier = 2 }, seconds = 1.7 }) or -1, TOL)
    assert.is_nil(loudness(CREAK, { guard = { lod_tier = 3 }, seconds = 1.7 }))
  end)

  -- "Category Enemy ... for filters"
  it("seed 003: is of category Enemy: a filter of Enemy alone hears it, one of any other category does not",
    function()
      for _, c in ipairs(wary.schema.categories) do
        local got = loudness(CREAK, { filter = { name = "only_" .. c, accepted_categories = { c } } })
        if c == "enemy" then
          assert.is_near(0.75, got or -1, TOL, c)
        else
          assert.is_nil(got, c)
        end
      end
    end)

  -- "Alert Level Normal ... for filters"
  it("seed 003: is at alert level Normal: a filter from Normal up hears it, one from Loud up does not", function()
    local EVERY = wary.schema.categories
    assert.is_near(0.75, loudness(CREAK, { filter = { name = "N", accepted_categories = EVERY,
                                                      min_alert_level = "normal" } }) or -1, TOL)
    assert.is_nil(loudness(CREAK, { filter = { name = "L", accepted_categories = EVERY,
                                               min_alert_level = "loud" } }))
  end)

  -- "Max Pending Per Tick 3 How many sounds of this type queue per AI per tick. Past that,
  --  the quietest is replaced by a louder one."
  it("seed 003: keeps 3 of 5 made in one step, the loudest (Max Pending Per Tick 3)", function()
    local e = ears.new{ world = { sounds = false, filters = false }, sounds = { CREAK }, distance = 5 * M }
    local makers = { e.player }
    for i = 1, 4 do makers[#makers + 1] = e.world:add_target{ name = "m" .. i, pos = at(i * M) } end
    for i = #makers, 1, -1 do e.world:emit_sound(makers[i], "Creak") end -- the quietest first
    local first = #e.log + 1
    worlds.run(e.world, 0.2)
    local names = {}
    for i = first, #e.log do
      if e.log[i].type == "sound_heard" then names[#names + 1] = e.log[i].target.name end
    end
    table.sort(names)
    assert.are.same({ "m1", "m2", "m3" }, names)
    assert.are.equal(2, tonumber(e.world:stats().sounds_dropped))
  end)
end)

describe("seed 003: a sound filter left to its defaults", function()
  local PLAIN = { name = "Plain" } -- every other field left out

  -- "Accepted Categories Enemy, Animal, Environment, Custom"
  it("seed 003: hears every category but Friendly", function()
    for _, c in ipairs(wary.schema.categories) do
      local got = loudness({ name = "S", category = c }, { filter = PLAIN })
      if c == "friendly" then
        assert.is_nil(got, c)
      else
        assert.is_near(0.75, got or -1, TOL, c)
      end
    end
  end)

  -- "Min Alert Level Whisper Whisper reacts to everything"
  it("seed 003: hears every alert level from Whisper up (Min Alert Level Whisper)", function()
    for _, a in ipairs(wary.schema.alert_levels) do
      assert.is_near(0.75, loudness({ name = "S", alert_level = a }, { filter = PLAIN }) or -1, TOL, a)
    end
  end)

  -- "Loudness Multiplier 1"
  it("seed 003: leaves the loudness as it arrived (Loudness Multiplier 1)", function()
    assert.is_near(0.75, loudness({ name = "S" }, { filter = PLAIN }) or -1, TOL)
    assert.is_near(falloff(3, 15), loudness({ name = "S" }, { filter = PLAIN, distance = 3 * M }) or -1, TOL)
    assert.is_near(0.75 * 0.5, loudness({ name = "S", base_loudness = 0.5 }, { filter = PLAIN }) or -1, TOL)
  end)

  -- "Filter Friendly Team Off"
  it("seed 003: hears a sound made by its own team (Filter Friendly Team off)", function()
    local got = loudness({ name = "S" }, { filter = PLAIN, guard = { team = "guards" }, player = { team = "guards" } })
    assert.is_near(0.75, got or -1, TOL)
  end)
end)
