-- spec/seed_defaults_spec.lua: the library's defaults against the literal
-- numbers of the seeds (000 confidence and vision, 002 damage, pain and
-- emotions, 003 hearing). spec/profile_spec.lua proves profiles/default.lua
-- agrees with wary.schema; this spec proves both agree with the seeds: each
-- row below is a number written in a seed, checked against what a game gets
-- when it leaves the field out (the table world:define_profile,
-- define_sound, define_filter and define_pain return) and against
-- wary.schema's default. Distances are in centimetres: a world of 100 units
-- a metre, the seeds' unit.
local wary = require("wary")

local schema = wary.schema
local UPM = 100

-- The seeds' literals: { seed, what, field path, value }. `what` names the
-- definition (profile, sound, filter, pain_type); the path is a field of it,
-- or of one of its tables (vision.half_angle_deg).
local SEEDS = {
  -- seed 000, "The thresholds and timings"
  { "000", "profile", "suspect_threshold", 0.15 },        -- "Suspect Threshold 0.15 Enter Suspected"
  { "000", "profile", "detect_threshold", 0.35 },         -- "Detect Threshold 0.35"
  { "000", "profile", "track_threshold", 0.60 },          -- "Track Threshold 0.60"
  { "000", "profile", "min_track_duration", 0.5 },        -- "Min Track Duration 0.5 s"
  { "000", "profile", "telegraph_threshold", 0.25 },      -- "Telegraph Threshold 0.25"
  { "000", "profile", "vision.first_spot_reaction_time", 0 }, -- "First Spot Reaction Time 0.0 s" ("0 (off)")
  -- seed 000, "How several senses combine": "Vision at 80% plus hearing and smell gives 80% + 2 x 10%"
  { "000", "profile", "corroboration_bonus", 0.1 },
  -- seed 000, "Vision cones": Focal 60 each side, full; Peripheral 110, 45%, 60% range;
  -- Rear 60 from behind, 25%, 35% range, only targets moving faster than 3 m/s
  { "000", "profile", "vision.half_angle_deg", 60 },
  { "000", "profile", "vision.peripheral_half_angle_deg", 110 },
  { "000", "profile", "vision.peripheral_scale", 0.45 },
  { "000", "profile", "vision.peripheral_range_scale", 0.6 },
  { "000", "profile", "vision.rear_half_angle_deg", 60 },
  { "000", "profile", "vision.rear_scale", 0.25 },
  { "000", "profile", "vision.rear_range_scale", 0.35 },
  { "000", "profile", "vision.rear_min_speed", 300 },     -- 3 m/s in cm/s
  -- seed 000: "The peripheral and rear cones are optional: tick Enable Peripheral Cone and Enable Rear Motion Cone"
  { "000", "profile", "vision.enable_peripheral_cone", false },
  { "000", "profile", "vision.enable_rear_motion_cone", false },
  -- seed 000, the vision formula: "Motion bonus: Up to 30% more for a target sprinting at 600 cm/s or faster"
  { "000", "profile", "vision.motion_bonus", 0.3 },
  { "000", "profile", "vision.motion_bonus_speed", 600 },
  -- seed 000, "Stance": "Min Visible Points Standing, ... Crouched and ... Prone (all 1 by default"
  { "000", "profile", "vision.min_visible_points_standing", 1 },
  { "000", "profile", "vision.min_visible_points_crouched", 1 },
  { "000", "profile", "vision.min_visible_points_prone", 1 },
  -- seed 000, "Cover": "APS checks 5 points on you: head, chest, pelvis and both shoulders"
  { "000", "profile", "vision.vision_sample_count", 5 },
  -- seed 000, "Light and shadow": "tick Use Per Target Light (Trace Sun Shadow under it is on already)"
  { "000", "profile", "vision.use_per_target_light", false },
  { "000", "profile", "vision.trace_sun_shadow", true },

  -- seed 002, "What it does to confidence": "Auto Confidence from Damage On (the default)"
  { "002", "profile", "damage.auto_confidence_from_damage", true },
  -- seed 002: "Losing the attacker: grace 8 s, no direct cut, decay x0.5"; "(Location Accuracy 0.95)"
  { "002", "profile", "damage.loss_grace", 8 },
  { "002", "profile", "damage.decay_scale", 0.5 },
  { "002", "profile", "damage.location_accuracy", 0.95 },
  -- seed 002: "Threat Damage Decay Rate (0.05 a second)"
  { "002", "profile", "brain.threat_damage_decay_rate", 0.05 },
  -- seed 002, "How much it dulls": "the profile's Pain Vision Floor (0)"; "below 0.02 ... Suppressed By Pain"
  { "002", "profile", "pain.pain_vision_floor", 0 },
  { "002", "profile", "pain.suppress_below", 0.02 },
  -- seed 002, the emotions' table: Max, Rise rate, Decay rate
  { "002", "profile", "brain.max_fear", 1 },              -- "Fear 1 0.5 0.2"
  { "002", "profile", "brain.fear_rise_rate", 0.5 },
  { "002", "profile", "brain.fear_decay_rate", 0.2 },
  { "002", "profile", "brain.max_aggression", 1 },        -- "Aggression 1 0.8 0.3"
  { "002", "profile", "brain.aggression_rise_rate", 0.8 },
  { "002", "profile", "brain.aggression_decay_rate", 0.3 },
  { "002", "profile", "brain.max_curiosity", 1 },         -- "Curiosity 1 0.4 0.6"
  { "002", "profile", "brain.curiosity_rise_rate", 0.4 },
  { "002", "profile", "brain.curiosity_decay_rate", 0.6 },
  { "002", "profile", "brain.max_alertness", 1 },         -- "Alertness 1 0.6 0.1"
  { "002", "profile", "brain.alertness_rise_rate", 0.6 },
  { "002", "profile", "brain.alertness_decay_rate", 0.1 },
  { "002", "profile", "brain.max_panic", 1 },             -- "Panic 1 0.3 0.15"
  { "002", "profile", "brain.panic_rise_rate", 0.3 },
  { "002", "profile", "brain.panic_decay_rate", 0.15 },
  -- seed 002: "Panicked while Panic is above Panic Override Threshold (0.75) ... above Emotion Active
  -- Threshold (0.2)"
  { "002", "profile", "brain.panic_override_threshold", 0.75 },
  { "002", "profile", "brain.emotion_active_threshold", 0.2 },
  -- seed 002, "A pain type": "Sense Effects (none) ... Decay Rate 0.2 ... Max Level 1 ... Amount Override 0"
  { "002", "pain_type", "effects", {} },
  { "002", "pain_type", "decay_rate", 0.2 },
  { "002", "pain_type", "max_level", 1 },
  { "002", "pain_type", "amount_override", 0 },

  -- seed 003, "Noises add up"
  { "003", "profile", "hearing.sound_accumulation_rate", 0.5 },      -- "Sound Accumulation Rate 0.5"
  { "003", "profile", "hearing.sound_accumulation_hold_time", 1.0 }, -- "Sound Accumulation Hold Time 1.0"
  { "003", "profile", "hearing.sound_accumulation_decay_rate", 0.2 }, -- "Sound Accumulation Decay Rate 0.2"
  { "003", "profile", "hearing.wall_absorption_coeff", 0.4 },        -- "Wall Absorption Coeff 0.4"
  -- seed 003: "a line from the AI's ear (64 cm above its location) to the sound"
  { "003", "profile", "hearing.ear_height", 64 },
  -- seed 003, "Make a sound type"
  { "003", "sound", "category", "enemy" },                -- "Category Enemy"
  { "003", "sound", "alert_level", "normal" },            -- "Alert Level Normal"
  { "003", "sound", "base_loudness", 1 },                 -- "Base Loudness 1"
  { "003", "sound", "max_range", 1500 },                  -- "Max Range 1500 How far it carries, in cm."
  { "003", "sound", "location_accuracy_override", 0 },    -- "Location Accuracy Override 0"
  { "003", "sound", "max_lod_tier", 2 },                  -- "Max LODTier 2"
  { "003", "sound", "max_pending_per_tick", 3 },          -- "Max Pending Per Tick 3"
  -- seed 003, "Filters: hear only what matters"
  { "003", "filter", "enabled", true },                   -- "Enabled On"
  { "003", "filter", "accepted_categories", { "enemy", "animal", "environment", "custom" } },
  { "003", "filter", "min_alert_level", "whisper" },      -- "Min Alert Level Whisper"
  { "003", "filter", "loudness_multiplier", 1 },          -- "Loudness Multiplier 1"
  { "003", "filter", "filter_friendly_team", false },     -- "Filter Friendly Team Off"
}

-- Seed 002, "A useful set": { name, decay rate, max level, amount override, effects }.
local PAIN_SET = {
  { "Flashbang", 0.5, 1, 1, { Vision = 1, Hearing = 0.5 } }, -- "Decay 0.5, Amount Override 1; Vision 1, Hearing 0.5"
  { "Burning", 0.2, 1, 0, { Vision = 0.4, Hearing = 0.3 } }, -- "Decay 0.2; Vision Sense 0.4, Hearing Sense 0.3"
  { "Bleeding", 0.05, 0.7, 0, { Vision = 0.3 } },            -- "Decay 0.05, Max Level 0.7; Vision Sense 0.3"
  { "Deafened", 0.3, 1, 0, { Hearing = 1 } },                -- "Decay 0.3; Hearing Sense 1"
  { "Smoke", 0.5, 1, 0, { Vision = 0.9, Smell = 0.6 } },     -- "Decay 0.5; Vision Sense 0.9, Smell Sense 0.6"
}

-- Every definition with every field left out, as a game gets it.
local function defined()
  local world = wary.world{ units_per_meter = UPM, sounds = false, filters = false, pains = false }
  return {
    profile = world:define_profile{ name = "bare", vision = {}, hearing = {}, damage = {}, pain = {}, brain = {} },
    sound = world:define_sound{ name = "Bare" },
    filter = world:define_filter{ name = "Bare" },
    pain_type = world:define_pain{ name = "Bare" },
  }
end

-- The schema's fields of each definition and profile table.
local SCHEMA = {
  profile = schema.profile, vision = schema.vision, hearing = schema.hearing, damage = schema.damage,
  pain = schema.pain, brain = schema.brain, sound = schema.sound, filter = schema.filter,
  pain_type = schema.pain_type,
}

-- The field at `path` ("vision.half_angle_deg") of t.
local function lookup(t, path)
  for key in path:gmatch("[^.]+") do
    if type(t) ~= "table" then return nil end
    t = t[key]
  end
  return t
end

-- wary.schema's default for the field at `path` of definition `what`.
local function schema_default(what, path)
  local table_name, field = path:match("^([^.]+)%.(.+)$")
  local fields = SCHEMA[table_name or what]
  for _, spec in ipairs(fields) do
    if spec.name == (field or path) then
      local d = spec.default
      if type(d) == "table" and d.metres then return d.metres * UPM end
      return d
    end
  end
  error("no schema field " .. what .. " " .. path)
end

-- Asserts got is the seed's value: numbers to within a float's precision
-- (the core keeps floats), anything else exactly.
local function matches(want, got, what)
  if type(want) == "number" then
    assert.is_true(type(got) == "number" and math.abs(got - want) <= 1e-6 * math.max(1, math.abs(want)),
      string.format("%s: seed %.9g, got %s", what, want, tostring(got)))
  else
    assert.are.same(want, got, what)
  end
end

describe("seed defaults: the seeds' literal values", function()
  local defs = defined()
  for _, row in ipairs(SEEDS) do
    local seed, what, path, value = row[1], row[2], row[3], row[4]
    local shown = type(value) == "table" and "{ " .. table.concat(value, ", ") .. " }" or tostring(value)
    it(string.format("seed %s: a %s's %s defaults to %s", seed, what, path, shown), function()
      matches(value, lookup(defs[what], path), "defined " .. what .. " " .. path)
      matches(value, schema_default(what, path), "wary.schema " .. what .. " " .. path)
    end)
  end
end)

describe("seed defaults: the shipped pain types (lua/wary/data/pain.lua)", function()
  it("seed 002: are the seed's useful set, by name, in its order", function()
    local names = {}
    for i, p in ipairs(require("wary.data.pain")) do names[i] = p.name end
    local want = {}
    for i, row in ipairs(PAIN_SET) do want[i] = row[1] end
    assert.are.same(want, names)
  end)

  for _, row in ipairs(PAIN_SET) do
    local name, decay, max_level, override, effects = row[1], row[2], row[3], row[4], row[5]
    it(string.format("seed 002: %s has decay %g, max level %g, amount override %g and the seed's effects",
      name, decay, max_level, override), function()
      local entry
      for _, p in ipairs(require("wary.data.pain")) do
        if p.name == name then entry = p end
      end
      -- defined as every world defines it: the fields it leaves out take the defaults
      local def = wary.world{ pains = false }:define_pain(entry)
      matches(decay, def.decay_rate, name .. " decay_rate")
      matches(max_level, def.max_level, name .. " max_level")
      matches(override, def.amount_override, name .. " amount_override")
      assert.are.same(effects, def.effects, name .. " effects")
    end)
  end
end)
