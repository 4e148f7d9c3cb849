-- wary.hearing: the Lua side of hearing and the other small built-in senses:
-- sound types and sound filters as C defs, a profile's `hearing`, `smell`,
-- `touch`, `echolocation` and `vibration` tables, and the sound events.
local check = require("wary.check")
local schema = require("wary.schema")

local hearing = {}

local function index_of(list, value)
  for i, v in ipairs(list) do
    if v == value then return i end
  end
end

-- world:define_sound{ name, category, alert_level, base_loudness, ... }
function hearing.sound_def(world, s)
  return {
    name = world:_name(s.name),
    category = index_of(schema.categories, s.category) - 1,
    alert_level = index_of(schema.alert_levels, s.alert_level) - 1,
    loudness = s.base_loudness, max_range = s.max_range,
    location_accuracy = s.location_accuracy_override,
    max_lod_tier = s.max_lod_tier, max_pending = s.max_pending_per_tick,
  }
end

-- world:define_filter{ name, accepted_categories, min_alert_level, ... }
function hearing.filter_def(f, object)
  local seen, bits = {}, 0
  for i, c in ipairs(f.accepted_categories) do
    local k = index_of(schema.categories, c)
    if not k then
      check.fail(object, "accepted_categories[" .. i .. "]", "one of " .. table.concat(schema.categories, ", "), c)
    end
    if not seen[k] then
      seen[k] = true
      bits = bits + 2 ^ (k - 1)
    end
  end
  return {
    enabled = f.enabled, categories = math.floor(bits),
    min_alert_level = index_of(schema.alert_levels, f.min_alert_level) - 1,
    loudness_multiplier = f.loudness_multiplier, filter_friendly_team = f.filter_friendly_team,
  }
end

-- The checked `hearing` table and its C def.
function hearing.def(world, object, t)
  object = object .. " hearing"
  local o = check.fields(object, schema.hearing, t, world._scaled.hearing)
  local def = {}
  for _, spec in ipairs(schema.hearing) do
    if type(o[spec.name]) == "number" then def[spec.c or spec.name] = o[spec.name] end
  end
  def.filter = -1
  if o.sound_filter then
    local f = world._filters[o.sound_filter]
    if not f then
      require("wary.define").unknown(world, "sound filter", "_filters", o.sound_filter, object, "sound_filter")
    end
    def.filter = f.index
  end
  return o, def
end

-- The checked table of a small sense (smell, touch, echolocation, vibration)
-- and its C def.
function hearing.basic_def(world, object, field, t)
  local defaults = {}
  for k, v in pairs(schema.basic_defaults[field]) do
    defaults[k] = type(v) == "table" and v.metres * world.units_per_meter or v
  end
  local o = check.fields(object .. " " .. field, schema.basic_sense, t, defaults)
  local def = {}
  for k, v in pairs(o) do def[k] = v end
  return o, def
end

-- The extra fields of the sound events, from the C event.
function hearing.event(world, e, ev)
  local sound = world._sound_names[e.sound]
  local pos = { x = e.pos[1], y = e.pos[2], z = e.pos[3] }
  if ev.type == "hear" then
    ev.location, ev.loudness, ev.sound = pos, e.loudness, sound
  elseif ev.type == "sound_heard" then
    ev.location, ev.loudness, ev.sound, ev.walls, ev.clear_path = pos, e.loudness, sound, e.walls, e.walls == 0
  elseif ev.type == "location_belief_changed" then
    ev.location, ev.tag, ev.state = pos, world._B.name_string(world._w, e.tag), ev.to
  end
end

return hearing
