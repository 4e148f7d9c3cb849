-- wary.geck: the Lua side of the GECK model (seed 001): a profile's `geck`
-- table as the C def, world:create_detection_event's arguments, the
-- transition events (named after the seed's voice topics) and the tables
-- agent:geck() and agent:detection(t) return. docs/geck.md has the model.
local check = require("wary.check")
local schema = require("wary.schema")

local geck = {}

local STATES = schema.geck_states

local function index_of(list, value)
  for i, v in ipairs(list) do
    if v == value then return i end
  end
end

-- The checked `geck` table (defaults filled) and its C def.
function geck.def(world, object, t)
  local o = check.fields(object .. " geck", schema.geck, t, world._scaled.geck)
  local def = { enabled = true }
  for _, spec in ipairs(schema.geck) do def[spec.name] = o[spec.name] end
  return o, def
end

-- The C def that takes a profile out of the model.
geck.OFF = { enabled = false }

-- world:create_detection_event{ owner, pos, rating, type }: the backend's arguments.
function geck.event_args(t, is_actor)
  local object = "world:create_detection_event"
  local o = check.fields(object, schema.detection_event, t)
  local x, y, z = check.vector(object, "pos", o.pos)
  local owner = 0
  if o.owner ~= nil then
    if not is_actor(o.owner) then check.fail(object, "owner", "a live actor of this world or nil", o.owner) end
    owner = o.owner.id
  end
  return owner, x, y, z, o.rating, index_of(schema.geck_event_types, o.type) - 1
end

local function capitalized(s) return s:sub(1, 1):upper() .. s:sub(2) end

local function xyz(v) return { x = v[1], y = v[2], z = v[3] } end

-- A transition event: ev.type is its topic in snake_case (normal_to_alert),
-- ev.topic the seed's (NormalToAlert); ev.target, ev.detection and
-- ev.location say what caused it, ev.event_type the detection event behind
-- it (nil for a direct detection or a timer).
function geck.event(e, ev)
  local from, to = STATES[e.from_state + 1], STATES[e.to_state + 1]
  ev.type = from .. "_to_" .. to
  ev.topic = capitalized(from) .. "To" .. capitalized(to)
  ev.from, ev.to = from, to
  ev.detection = e.confidence
  ev.location = e.target ~= 0 and xyz(e.pos) or nil
  ev.event_type = schema.geck_event_types[e.index + 1]
  ev.loss_reason, ev.confidence = nil, nil
end

-- One target's entry: the detection value and its parts.
function geck.target(world, raw)
  return {
    target = world._actors[raw.target], detection = raw.detection, attenuation = raw.attenuation,
    sound = raw.sound, visual = raw.visual, skill = raw.skill, line_of_sight = raw.line_of_sight,
    listed = raw.listed, timer_running = raw.timer_running, timer = raw.timer,
    last_known = xyz(raw.last_known),
  }
end

-- agent:geck(): the state, the timers and both lists.
function geck.info(world, B, w, id, raw)
  local out = {
    state = STATES[raw.state + 1], time_in_state = raw.time_in_state, alert_timer = raw.alert_timer,
    combat_target = world._actors[raw.combat_target], alerts = {}, targets = {}, known = {},
  }
  for i = 0, raw.alert_count - 1 do
    local _, a = B.geck_alert_at(w, id, i)
    out.alerts[#out.alerts + 1] = {
      owner = world._actors[a.owner], type = schema.geck_event_types[a.type + 1], location = xyz(a.pos),
      rating = a.rating, remaining = a.remaining,
    }
  end
  for i = 0, raw.target_count - 1 do
    local _, t = B.geck_target_at(w, id, i)
    local entry = geck.target(world, t)
    out.known[#out.known + 1] = entry
    if entry.listed then out.targets[#out.targets + 1] = entry end
  end
  return out
end

return geck
