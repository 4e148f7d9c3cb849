-- wary.geck: the Lua side of the GECK model (seed 001): a profile's `geck`
-- table as the C def, world:create_detection_event's arguments, and the
-- tables agent:geck() and agent:detection(t) return (its transition events
-- are built in wary.events). docs/geck.md has the model.
local check = require("wary.check")
local enums = require("wary.enums")
local schema = require("wary.schema")

local geck = {}

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
function geck.event_args(t, is_actor, world)
  local object = "world:create_detection_event"
  local o = check.fields(object, schema.detection_event, t)
  local x, y, z = check.vector(object, "pos", o.pos)
  local owner = 0
  if o.owner ~= nil then
    if not is_actor(o.owner) then
      check.fail(object, "owner", "a live actor of this world or nil", o.owner, world)
    end
    owner = o.owner.id
  end
  return owner, x, y, z, o.rating, enums.geck_event_type_values[o.type]
end

local function xyz(v) return { x = v[1], y = v[2], z = v[3] } end

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
    state = enums.detection_state[raw.state], time_in_state = raw.time_in_state, alert_timer = raw.alert_timer,
    combat_target = world._actors[raw.combat_target], alerts = {}, targets = {}, known = {},
  }
  for i = 0, raw.alert_count - 1 do
    local _, a = B.geck_alert_at(w, id, i)
    out.alerts[#out.alerts + 1] = {
      owner = world._actors[a.owner], type = enums.geck_event_type[a.type], location = xyz(a.pos),
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
