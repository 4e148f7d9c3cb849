-- Every event says only what is true: each type's table holds exactly the
-- fields docs/events.md lists for it, each meaningful (no field left over
-- from an earlier event of another type).
local wary = require("wary")
local fixture = require("spec.support.fixture")

local STATE = { "target", "from", "to", "confidence" }
local LOSS = { "target", "from", "to", "confidence", "loss_reason" }

-- The fields of each type besides type and agent; "?" marks one that may be nil.
local FIELDS = {
  suspect = STATE, detect = STATE, track = STATE, telegraph = STATE,
  lost = LOSS, remember = LOSS, forget = LOSS,
  sense_error = { "sense", "message", "target?" },
  hear = { "target?", "confidence", "location", "loudness", "sound?" },
  sound_heard = { "target?", "confidence", "location", "loudness", "sound?", "walls", "clear_path" },
  location_belief_changed = { "from", "to", "state", "confidence", "location", "tag" },
  geck = { "from", "to", "topic", "detection", "target?", "location?", "event_type?" },
  damaged = { "attacker?", "instigator?", "amount", "damage_type", "hit_location" },
  pain_reported = { "pain", "level" },
  emotion_changed = { "from", "to" },
}

local GECK = {}
for _, t in ipairs(wary.schema.geck_transitions) do GECK[t] = true end

-- Checks ev against FIELDS; returns its type's key in FIELDS.
local function check_fields(ev)
  local key = GECK[ev.type] and "geck" or ev.type
  local spec = FIELDS[key]
  assert.is_not_nil(spec, "an event type with no field list: " .. tostring(ev.type))
  assert.is_not_nil(ev.agent, ev.type .. " has an agent")
  local allowed = { type = true, agent = true }
  for _, f in ipairs(spec) do
    local name, optional = f:match("^([%w_]+)(%??)$")
    allowed[name] = true
    if optional == "" then assert.is_not_nil(ev[name], ev.type .. " has " .. name) end
  end
  for k in pairs(ev) do
    assert.is_true(allowed[k] == true, ev.type .. " has no field " .. tostring(k))
  end
  return key
end

describe("events", function()
  it("of every type hold exactly their documented fields", function()
    local f = fixture.new{ senses = { "Eyes" }, profile = { hearing = {}, damage = {}, pain = {}, brain = {} } }
    local world, guard, player = f.world, f.agent, f.target
    world:define_sense{ id = "Broken", max_range = 100000, evaluate = function() error("broken") end,
                        on_stimulus = function() error("broken too") end, stimulus_tags = { "Stimulus.Test" } }
    world:define_profile{ name = "flaky", senses = { "Broken" } }
    world:add_agent{ name = "flaky", profile = "flaky", pos = { 0, 500, 0 } }
    world:define_profile{ name = "yard", model = "geck" }
    world:add_agent{ name = "sentry", profile = "yard", pos = { 500, 0, 0 }, team = "guards" }

    local seen = {}
    local function record(ev) seen[check_fields(ev)] = true end
    for _, name in ipairs(wary.schema.events) do world:on(name, record) end

    player:set_prop("Eyes", 1)
    player:set_pos(300, 0, 0)
    world:emit_sound(player, "Footstep")
    world:emit_sound_at({ 300, 0, 0 }, "ThrownRock")
    world:emit_stimulus{ tag = "Stimulus.Test", pos = { 0, 500, 0 } }
    world:apply_damage{ victim = guard, instigator = player, amount = 40, type = "Fire" }
    guard:report_pain("Burning", 0.5)
    f:run(2)
    player:set_prop("Eyes", 0)
    player:set_pos(100000, 0, 0)
    f:run(60)

    for key in pairs(FIELDS) do assert.is_true(seen[key] == true, "no " .. key .. " event fired") end
  end)
end)
