-- wary.schema: every field of every definition table, its kind, range and
-- default. profiles/default.lua documents the profile fields for designers;
-- spec/profile_spec.lua proves it lists exactly these, with these defaults.
-- A default given as { metres = m } is a distance: m x units_per_meter.
local schema = {}

schema.loss_reasons = { "none", "occluded", "out_of_range", "sensor_dropout", "suppressed_by_pain" }
schema.states = { "undetected", "suspected", "detected", "tracked", "lost", "remembered", "expired" }
schema.stances = { "standing", "crouched", "prone" }
schema.evidence_ops = { "raise", "clamp", "lower", "invalidate" }
schema.events = { "suspect", "detect", "track", "lost", "remember", "forget", "telegraph", "sense_error" }

schema.world = {
  { name = "units_per_meter", kind = "number", min = 1e-6, default = 100 },
  { name = "weather", kind = "number", min = 0, max = 1, default = 1 },
  { name = "grid_cell_size", kind = "number", min = 1e-6, default = { metres = 10 } },
  { name = "event_capacity", kind = "integer", min = 1, max = 1000000, default = 4096 },
  { name = "sense_error_limit", kind = "integer", min = 1, max = 1000000, default = 3 },
  { name = "lod_interval_scale", kind = "table", default = { 1, 2, 4, 8 } },
  { name = "materials", kind = "boolean", default = true },
}

schema.profile = {
  { name = "name", kind = "string", required = true },
  { name = "extends", kind = "string" },
  { name = "suspect_threshold", kind = "number", min = 0, max = 1, default = 0.15 },
  { name = "detect_threshold", kind = "number", min = 0, max = 1, default = 0.35 },
  { name = "track_threshold", kind = "number", min = 0, max = 1, default = 0.60 },
  { name = "min_track_duration", kind = "number", min = 0, default = 0.5 },
  { name = "telegraph_threshold", kind = "number", min = 0, max = 1, default = 0.25 },
  { name = "corroboration_bonus", kind = "number", min = 0, max = 1, default = 0.1 },
  { name = "fade_rate", kind = "number", min = 0, default = 0.1 },
  { name = "lost_time", kind = "number", min = 0, default = 5 },
  { name = "memory_time", kind = "number", min = 0, default = 30 },
  { name = "smoothing_time", kind = "number", min = 0, default = 0.25 },
  { name = "max_uncertainty", kind = "number", min = 0, default = { metres = 10 } },
  { name = "uncertainty_growth", kind = "number", min = 0, default = { metres = 1.5 } },
  { name = "ignore_same_team", kind = "boolean", default = true },
  { name = "senses", kind = "list", of = "string", max = 8, default = {} },
  { name = "sense_weights", kind = "table", default = {} },
  { name = "sense_intervals", kind = "table", default = {} },
  { name = "settings", kind = "table", default = {} },
}

schema.sense = {
  { name = "id", kind = "string", required = true },
  { name = "evaluate", kind = "function", required = true },
  { name = "interval", kind = "number", min = 1e-6, default = 0.1 },
  { name = "max_range", kind = "number", min = 0, inf = true, default = 0 },
  { name = "max_range_m", kind = "number", min = 0, inf = true },
  { name = "loss_grace", kind = "number", min = 0, default = 0.3 },
  { name = "direct_lost_cut", kind = "boolean", default = false },
  { name = "loss_reason", kind = "enum", values = schema.loss_reasons, default = "sensor_dropout" },
  { name = "weight", kind = "number", min = 0, default = 1 },
  { name = "description", kind = "string" },
}

schema.material = {
  { name = "name", kind = "string", required = true },
  { name = "vision_transmission", kind = "number", min = 0, max = 1, default = 0 },
  { name = "sound_wall", kind = "boolean", default = true },
  { name = "description", kind = "string" },
}

schema.actor = {
  { name = "name", kind = "string" },
  { name = "profile", kind = "string" },
  { name = "pos", kind = "table", required = true },
  { name = "velocity", kind = "table" },
  { name = "yaw", kind = "number", default = 0 },
  { name = "stance", kind = "enum", values = schema.stances, default = "standing" },
  { name = "team" },
  { name = "visibility", kind = "number", min = 0, max = 1, default = 1 },
  { name = "light", kind = "number", min = 0, max = 1, default = 1 },
  { name = "eye_height", kind = "number", min = 0, default = { metres = 1.7 } },
  { name = "lod_tier", kind = "integer", min = 0, max = 3, default = 0 },
  { name = "perceivable", kind = "boolean", default = true },
  { name = "off_screen", kind = "boolean", default = false },
  { name = "props", kind = "table" },
}

schema.box = {
  { name = "min", kind = "table", required = true },
  { name = "max", kind = "table", required = true },
  { name = "material", kind = "string", default = "concrete" },
}

-- Replaces { metres = m } defaults by m x units_per_meter.
function schema.defaults(fields, units_per_meter)
  local out = {}
  for _, spec in ipairs(fields) do
    if type(spec.default) == "table" and spec.default.metres then
      out[spec.name] = spec.default.metres * units_per_meter
    end
  end
  return out
end

return schema
