-- wary.hearing: the Lua side of hearing and the other small built-in senses:
-- sound types and sound filters as C defs, a profile's `hearing`, `smell`,
-- `touch`, `echolocation` and `vibration` tables.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local check = require("wary.check")
local enums = require("wary.enums")
local schema = require("wary.schema")

local hearing = {}

-- world:define_sound{ name, category, alert_level, base_loudness, ... }
function hearing.sound_def(world, s)
  return {
    name = world:_name(s.name),
    category = enums.sound_category_values[s.category],
    alert_level = enums.alert_level_values[s.alert_level],
    loudness = s.base_loudness, max_range = s.max_range,
    location_accuracy = s.location_accuracy_override,
    max_lod_tier = s.max_lod_tier, max_pending = s.max_pending_per_tick,
  }
end

-- world:define_filter{ name, accepted_categories, min_alert_level, ... }
function hearing.filter_def(f, object)
  local seen, bits = {}, 0
  for i, c in ipairs(f.accepted_categories) do
    local k = check.index_of(schema.categories, c)
    if not k then
      check.one_of(object, "accepted_categories[" .. i .. "]", schema.categories, c)
    end
    if not seen[k] then
      seen[k] = true
      bits = bits + 2 ^ (k - 1)
    end
  end
  return {
    enabled = f.enabled, categories = math.floor(bits),
    min_alert_level = enums.alert_level_values[f.min_alert_level],
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
    def.filter = require("wary.define").lookup(world, "sound filter", "_filters", o.sound_filter, object,
      "sound_filter").index
  end
  return o, def
end

-- The checked table of a small sense (smell, touch, echolocation, vibration)
-- and its C def.
function hearing.basic_def(world, object, field, t)
  local defaults = {}
  schema.units_of[defaults] = world._units_per_meter
  for k, v in each(schema.basic_defaults[field]) do
    defaults[k] = type(v) == "table" and v.metres * world._units_per_meter or v
  end
  local o = check.fields(object .. " " .. field, schema.basic_sense, t, defaults)
  local def = {}
  for k, v in each(o) do def[k] = v end
  return o, def
end

return hearing
