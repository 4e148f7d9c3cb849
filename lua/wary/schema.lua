-- wary.schema: every field of every definition table, its kind, range and
-- default. profiles/default.lua documents the profile fields for designers;
-- spec/profile_spec.lua proves it lists exactly these, with these defaults.
-- A default given as { metres = m } is a distance: m x units_per_meter.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local enums = require("wary.enums")

local schema = {}

-- The names of the core's enums, in value order, as wary.h spells them
-- (generated into wary.enums): a list's i-th name is the value i - 1.
local function names(map)
  local list = {}
  for value = 0, math.huge do
    if map[value] == nil then return list end
    list[value + 1] = map[value]
  end
end
schema.names = names

schema.loss_reasons = names(enums.loss_reason)
schema.states = names(enums.state)
schema.stances = names(enums.stance)
schema.evidence_ops = names(enums.evidence_op)
schema.categories = names(enums.sound_category)
schema.alert_levels = names(enums.alert_level)
schema.cones = names(enums.cone)
schema.models = { "confidence", "geck" }
-- The GECK model (seed 001): its states and the types of detection events,
-- in the core's order; a game makes the last four.
schema.geck_states = names(enums.detection_state)
schema.geck_event_types = names(enums.geck_event_type)
schema.dominant_emotions = names(enums.emotion)
schema.emotions = names(enums.emotion_value)
schema.threat_levels = names(enums.threat_level)
schema.relationships = names(enums.relationship)

-- Every event name a handler can listen to, in the core's order; the GECK
-- model's events take the names of its transitions, after the seed's voice
-- topics (NormalToAlert, ...).
schema.geck_transitions = { "normal_to_alert", "alert_to_combat", "normal_to_combat", "alert_to_normal",
                            "combat_to_normal", "combat_to_lost", "lost_to_normal", "lost_to_combat" }
schema.events = {}
for _, name in ipairs(names(enums.event_type)) do
  if name == "geck" then
    for _, t in ipairs(schema.geck_transitions) do schema.events[#schema.events + 1] = t end
  else
    schema.events[#schema.events + 1] = name
  end
end

-- The built-in senses, in the core's order (WARY_SENSE_VISION = 0, ...): the
-- id profiles list ("Vision") and the profile field that configures it.
schema.builtin_senses = {}
for name, value in each(enums.constants) do
  local sense = name:match("^SENSE_(.+)$")
  if sense then
    schema.builtin_senses[value + 1] = { id = sense:sub(1, 1) .. sense:sub(2):lower(), field = sense:lower() }
  end
end

schema.world = {
  { name = "units_per_meter", kind = "number", min = 1e-6, max = 1e6, default = 100 },
  { name = "weather", kind = "number", min = 0, max = 1, default = 1 },
  { name = "grid_cell_size", kind = "number", min = 1e-6, default = { metres = 10 } },
  { name = "event_capacity", kind = "integer", min = 1, max = 1000000, default = 65536 },
  { name = "sense_error_limit", kind = "integer", min = 1, max = 1000000, default = 3 },
  { name = "lod_interval_scale", kind = "table", default = { 1, 2, 4, 8 } },
  -- vision rays a step may cast, 0: no budget (docs/budget.md)
  { name = "ray_budget", kind = "integer", min = 0, max = 1e9, default = 0 },
  -- Threads a step uses (0, 1: the calling one; N: libwary's pool of N workers; a
  -- libwary built with WARY_THREADS=OFF has no pool and refuses N > 1).
  { name = "workers", kind = "integer", min = 0, max = enums.constants.MAX_WORKERS, default = 0 },
  { name = "materials", kind = "boolean", default = true },
  { name = "sounds", kind = "boolean", default = true },
  { name = "filters", kind = "boolean", default = true },
  { name = "pains", kind = "boolean", default = true },
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
  { name = "ignore_same_team", kind = "boolean", default = false },
  -- up to 8 custom senses (seed 004's Sense Classes) and any built-in ones: define.profile counts them
  { name = "senses", kind = "list", of = "string", max = enums.constants.MAX_PROFILE_SENSES, default = {} },
  { name = "sense_weights", kind = "table", default = {} },
  { name = "sense_intervals", kind = "table", default = {} },
  { name = "settings", kind = "table", default = {} },
  { name = "vision", kind = "table" },
  { name = "hearing", kind = "table" },
  { name = "vibration", kind = "table" },
  { name = "smell", kind = "table" },
  { name = "touch", kind = "table" },
  { name = "echolocation", kind = "table" },
  { name = "model", kind = "enum", values = schema.models, default = "confidence" },
  { name = "geck", kind = "table" },
  { name = "damage", kind = "table" },
  { name = "pain", kind = "table" },
  { name = "brain", kind = "table", or_false = true }, -- false: no brain (no threat, attention or emotions)
}

-- A profile's `geck` table (model = "geck"): the seed's fSneak/fDetection
-- settings in snake_case (fSneakBaseValue is sneak_base_value) and wary's own.
-- profiles/geck.lua documents every field; the names are those of wary_geck_def.
schema.geck = {
  { name = "interval", kind = "number", min = 1e-6, default = 0.1 },
  { name = "sneak_base_value", kind = "number", default = -35 },
  { name = "sneak_skill_mult", kind = "number", default = 0.5 },
  { name = "sneak_max_distance", kind = "number", min = 1e-6, default = { metres = 25 } },
  { name = "sneak_exterior_distance_mult", kind = "number", min = 0, default = 2 },
  { name = "sneak_distance_attenuation_exponent", kind = "number", min = 0, default = 2 },
  { name = "sneak_sound_los_mult", kind = "number", min = 0, default = 0.1 },
  { name = "sneak_sounds_mult", kind = "number", default = 1 },
  { name = "sneak_boot_weight_base", kind = "number", default = 10 },
  { name = "sneak_boot_weight_mult", kind = "number", default = 1 },
  { name = "sneak_running_mult", kind = "number", default = 1.5 },
  { name = "sneak_action_mult", kind = "number", default = 1 },
  { name = "sneak_light_mult", kind = "number", default = 0.5 },
  { name = "detection_sneak_light_mod", kind = "number", default = 0 },
  { name = "sneak_light_move_mult", kind = "number", default = 0.5 },
  { name = "sneak_light_run_mult", kind = "number", default = 0.5 },
  { name = "sneak_stealthboy_mult", kind = "number", default = 0.1 },
  { name = "sneak_perception_skill_min", kind = "number", default = 0 },
  { name = "sneak_perception_skill_max", kind = "number", default = 100 },
  { name = "sneak_alert_mod", kind = "number", default = 0.5 },
  { name = "sneak_sleep_bonus", kind = "number", default = -0.75 },
  { name = "sneak_combat_mod", kind = "number", default = -0.5 },
  { name = "sneak_noticed_min", kind = "number", default = -20 },
  { name = "sneak_seen_min", kind = "number", default = 0 },
  { name = "sneak_lost_min", kind = "number", default = -20 },
  { name = "event_lifetime", kind = "number", min = 0, default = 10 },
  { name = "target_timer", kind = "number", min = 0, default = 5 },
  { name = "alert_timer", kind = "number", min = 0, default = 15 },
  { name = "view_half_angle", kind = "number", min = 0, max = 180, default = 180 },
  { name = "exterior", kind = "boolean", default = false },
  { name = "use_world_light", kind = "boolean", default = false },
  { name = "team_zero_hostile", kind = "boolean", default = false },
  { name = "hear_ownerless_events", kind = "boolean", default = true },
}

-- world:create_detection_event{ owner, pos, rating, type }
schema.detection_event = {
  { name = "owner" },
  { name = "pos", kind = "table", required = true },
  { name = "rating", kind = "number", min = 0, required = true },
  { name = "type", kind = "enum", values = { "impact", "explosion", "weapon", "custom" }, default = "custom" },
}

-- A profile's `hearing` table (seed 003). c names the wary_hearing_def field.
schema.hearing = {
  { name = "interval", kind = "number", min = 1e-6, default = 0.1 },
  { name = "loss_grace", kind = "number", min = 0, default = 1 },
  { name = "weight", kind = "number", min = 0, default = 1 },
  { name = "sound_accumulation_rate", c = "accumulation_rate", kind = "number", min = 0, default = 0.5 },
  { name = "sound_accumulation_hold_time", c = "accumulation_hold", kind = "number", min = 0, default = 1 },
  { name = "sound_accumulation_decay_rate", c = "accumulation_decay", kind = "number", min = 0, default = 0.2 },
  { name = "wall_absorption_coeff", c = "wall_absorption", kind = "number", min = 0, default = 0.4 },
  { name = "ear_height", kind = "number", min = 0, default = { metres = 0.64 } },
  { name = "sound_filter", kind = "string" },
  { name = "location_merge_radius", c = "merge_radius", kind = "number", min = 0, default = { metres = 2 } },
}

-- Smell, touch, echolocation and vibration share these settings; each sense
-- has its own defaults (schema.basic_defaults).
schema.basic_sense = {
  { name = "interval", kind = "number", min = 1e-6 },
  { name = "range", kind = "number", min = 0, distance = true }, -- default: schema.basic_defaults
  { name = "loss_grace", kind = "number", min = 0 },
  { name = "weight", kind = "number", min = 0 },
  { name = "sensitivity", kind = "number", min = 0 },
  { name = "accuracy", kind = "number", min = 0, max = 1 },
}
schema.basic_defaults = {
  vibration = { interval = 0.1, range = { metres = 30 }, loss_grace = 1, weight = 1, sensitivity = 1,
                accuracy = 0.5 },
  smell = { interval = 0.5, range = { metres = 5 }, loss_grace = 2, weight = 1, sensitivity = 1, accuracy = 0.3 },
  touch = { interval = 0.1, range = { metres = 0.6 }, loss_grace = 0.5, weight = 1, sensitivity = 1, accuracy = 1 },
  echolocation = { interval = 0.5, range = { metres = 20 }, loss_grace = 1, weight = 1, sensitivity = 1,
                   accuracy = 0.8 },
}

schema.sound = {
  { name = "name", kind = "string", required = true },
  { name = "category", kind = "enum", values = schema.categories, default = "enemy" },
  { name = "alert_level", kind = "enum", values = schema.alert_levels, default = "normal" },
  { name = "base_loudness", kind = "number", min = 0, default = 1 },
  { name = "max_range", kind = "number", min = 0, default = { metres = 15 } }, -- or max_range_m
  { name = "location_accuracy_override", kind = "number", min = 0, max = 1, default = 0 },
  { name = "max_lod_tier", kind = "integer", min = 0, max = 8, default = 2 },
  { name = "max_pending_per_tick", kind = "integer", min = 1, max = 64, default = 3 },
  { name = "description", kind = "string" },
}

schema.filter = {
  { name = "name", kind = "string", required = true },
  { name = "enabled", kind = "boolean", default = true },
  { name = "accepted_categories", kind = "list", of = "string",
    default = { "enemy", "animal", "environment", "custom" } },
  { name = "min_alert_level", kind = "enum", values = schema.alert_levels, default = "whisper" },
  { name = "loudness_multiplier", kind = "number", min = 0, default = 1 },
  { name = "filter_friendly_team", kind = "boolean", default = false },
  { name = "description", kind = "string" },
}

schema.stimulus = {
  { name = "tag", kind = "string", required = true },
  { name = "pos", kind = "table", required = true },
  { name = "source" },
  { name = "strength", kind = "number", min = 0, max = 1, default = 1 },
  { name = "radius", kind = "number", min = 0, default = { metres = 15 } },
  { name = "max_lod_tier", kind = "integer", min = 0, max = 8, default = 2 },
  { name = "requires_clear_path", kind = "boolean", default = false },
  { name = "team_filter", kind = "boolean", default = false },
}

-- A profile's `vision` table (seed 000: every setting vision weighs). c names
-- the wary_vision_def field where it differs.
schema.vision = {
  { name = "max_range", kind = "number", min = 0, default = { metres = 30 } }, -- or max_range_m
  { name = "interval", kind = "number", min = 1e-6, default = 0.1 },
  { name = "loss_grace", kind = "number", min = 0, default = 0.2 },
  { name = "weight", kind = "number", min = 0, default = 1 },
  { name = "half_angle_deg", c = "half_angle", kind = "number", min = 0, max = 180, default = 60 },
  { name = "enable_peripheral_cone", c = "peripheral_cone", kind = "boolean", default = false },
  { name = "peripheral_half_angle_deg", c = "peripheral_half_angle", kind = "number", min = 0, max = 180,
    default = 110 },
  { name = "peripheral_scale", kind = "number", min = 0, max = 1, default = 0.45 },
  { name = "peripheral_range_scale", kind = "number", min = 0, max = 1, default = 0.6 },
  { name = "enable_rear_motion_cone", c = "rear_cone", kind = "boolean", default = false },
  { name = "rear_half_angle_deg", c = "rear_half_angle", kind = "number", min = 0, max = 180, default = 60 },
  { name = "rear_scale", kind = "number", min = 0, max = 1, default = 0.25 },
  { name = "rear_range_scale", kind = "number", min = 0, max = 1, default = 0.35 },
  { name = "rear_min_speed", kind = "number", min = 0, default = { metres = 3 } },
  { name = "darkness_min_detection", kind = "number", min = 0, max = 1, default = 0.1 },
  { name = "motion_bonus", kind = "number", min = 0, default = 0.3 },
  { name = "motion_bonus_speed", kind = "number", min = 0, default = { metres = 6 } },
  { name = "min_exposure_to_register", c = "min_exposure", kind = "number", min = 0, max = 1, default = 0.05 },
  { name = "min_visible_points_standing", kind = "integer", min = 0, max = 8, default = 1 },
  { name = "min_visible_points_crouched", kind = "integer", min = 0, max = 8, default = 1 },
  { name = "min_visible_points_prone", kind = "integer", min = 0, max = 8, default = 1 },
  { name = "vision_sample_count", c = "sample_count", kind = "integer", min = 1, max = 8, default = 5 },
  { name = "default_visibility_samples", kind = "table" },
  { name = "eye_turn_rate_deg_per_sec", c = "eye_turn_rate", kind = "number", min = 0, default = 360 },
  { name = "first_spot_reaction_time", kind = "number", min = 0, default = 0 },
  { name = "use_per_target_light", kind = "boolean", default = false },
  { name = "trace_sun_shadow", kind = "boolean", default = true },
  -- under a ray budget, this profile's pairs look before those of a lower priority (docs/budget.md)
  { name = "priority", kind = "integer", min = -1e6, max = 1e6, default = 0 },
  { name = "distance_curve" },
  { name = "angle_curve" },
  { name = "motion_bonus_curve" },
}

schema.light = {
  { name = "pos", kind = "table", required = true },
  { name = "radius", kind = "number", min = 1e-6, default = { metres = 8 } },
  { name = "intensity", kind = "number", min = 0, max = 1, default = 1 },
  { name = "cast_shadows", kind = "boolean", default = true },
}

schema.environment = {
  { name = "min", kind = "table", required = true },
  { name = "max", kind = "table", required = true },
  { name = "vision_range_scale", kind = "number", min = 0, max = 1, default = 1 },
  { name = "hearing_range_scale", kind = "number", min = 0, max = 1, default = 1 },
  { name = "light", kind = "number", min = 0, max = 1, or_false = true }, -- false: none of its own
  { name = "name", kind = "string" },
}

schema.sense = {
  { name = "id", kind = "string", required = true },
  { name = "evaluate", kind = "function", required = true },
  { name = "interval", kind = "number", min = 1e-6, default = 0.1 },
  { name = "max_range", kind = "number", min = 0, inf = true, default = 0, distance = true }, -- or max_range_m
  { name = "loss_grace", kind = "number", min = 0, default = 0.3 },
  { name = "direct_lost_cut", kind = "boolean", default = false },
  { name = "loss_reason", kind = "enum", values = schema.loss_reasons, default = "sensor_dropout" },
  { name = "weight", kind = "number", min = 0, default = 1 },
  { name = "description", kind = "string" },
  { name = "stimulus_tags", kind = "list", of = "string", max = 4, default = {} },
  { name = "on_stimulus", kind = "function" },
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
  { name = "samples", kind = "table" },
  { name = "scent", kind = "number", min = 0, max = 1, default = 1 },
  -- seed 002: health (0..1, or a function(actor) returning it, read before each step),
  -- and for a damage causer: a thing (pawn = false) and who stands behind it
  { name = "health" },
  { name = "pawn", kind = "boolean", default = true },
  { name = "owner" },
  { name = "instigator" },
}

schema.box = {
  { name = "min", kind = "table", required = true },
  { name = "max", kind = "table", required = true },
  { name = "material", kind = "string", default = "concrete" },
}

-- Seed 002. A profile's `damage` table (the Damage sense: who hurt it).
schema.damage = {
  { name = "auto_confidence_from_damage", kind = "boolean", default = true },
  { name = "loss_grace", kind = "number", min = 0, default = 8 },
  { name = "decay_scale", kind = "number", min = 0, default = 0.5 },
  { name = "location_accuracy", kind = "number", min = 0, max = 1, default = 0.95 },
}

-- A profile's `pain` table (the Pain sense: pain and health dull the senses).
schema.pain = {
  { name = "pain_vision_floor", kind = "number", min = 0, max = 1, default = 0 },
  { name = "suppress_below", kind = "number", min = 0, max = 1, default = 0.02 },
}

-- A profile's `brain` table: emotions, threat, attention (seed 002).
schema.brain = {
  { name = "emotions", kind = "boolean", default = true },
  { name = "max_fear", kind = "number", min = 0, max = 1, default = 1 },
  { name = "fear_rise_rate", kind = "number", min = 0, default = 0.5 },
  { name = "fear_decay_rate", kind = "number", min = 0, default = 0.2 },
  { name = "max_aggression", kind = "number", min = 0, max = 1, default = 1 },
  { name = "aggression_rise_rate", kind = "number", min = 0, default = 0.8 },
  { name = "aggression_decay_rate", kind = "number", min = 0, default = 0.3 },
  { name = "max_curiosity", kind = "number", min = 0, max = 1, default = 1 },
  { name = "curiosity_rise_rate", kind = "number", min = 0, default = 0.4 },
  { name = "curiosity_decay_rate", kind = "number", min = 0, default = 0.6 },
  { name = "max_alertness", kind = "number", min = 0, max = 1, default = 1 },
  { name = "alertness_rise_rate", kind = "number", min = 0, default = 0.6 },
  { name = "alertness_decay_rate", kind = "number", min = 0, default = 0.1 },
  { name = "max_panic", kind = "number", min = 0, max = 1, default = 1 },
  { name = "panic_rise_rate", kind = "number", min = 0, default = 0.3 },
  { name = "panic_decay_rate", kind = "number", min = 0, default = 0.15 },
  { name = "panic_override_threshold", kind = "number", min = 0, max = 1, default = 0.75 },
  { name = "emotion_active_threshold", kind = "number", min = 0, max = 1, default = 0.2 },
  { name = "threat_weight_damage_received", kind = "number", min = 0, default = 0.4 },
  { name = "threat_weight_confidence", kind = "number", min = 0, default = 0.3 },
  { name = "threat_weight_state", kind = "number", min = 0, default = 0.2 },
  { name = "threat_weight_distance", kind = "number", min = 0, default = 0.1 },
  { name = "threat_distance_range", kind = "number", min = 1e-6, default = { metres = 30 } },
  { name = "threat_damage_decay_rate", kind = "number", min = 0, default = 0.05 },
  { name = "threat_low", kind = "number", min = 0, max = 1, default = 0.2 },
  { name = "threat_medium", kind = "number", min = 0, max = 1, default = 0.4 },
  { name = "threat_high", kind = "number", min = 0, max = 1, default = 0.6 },
  { name = "threat_critical", kind = "number", min = 0, max = 1, default = 0.85 },
  { name = "attention_stickiness_time", kind = "number", min = 0, default = 2 },
  { name = "attention_switch_threshold", kind = "number", min = 0, default = 0.1 },
}

-- world:define_pain(t): a kind of pain (seed 002, "A pain type").
schema.pain_type = {
  { name = "name", kind = "string", required = true },
  { name = "effects", kind = "table", default = {} },
  { name = "decay_rate", kind = "number", min = 0, default = 0.2 },
  { name = "max_level", kind = "number", min = 0, max = 1, default = 1 },
  { name = "amount_override", kind = "number", min = 0, default = 0 },
  { name = "display_name", kind = "string" },
  { name = "debug_color" },
  { name = "description", kind = "string" },
}

-- world:apply_damage{...} (seed 002, "Who did it").
schema.hit = {
  { name = "victim", required = true, what = "an actor" },
  { name = "instigator" },
  { name = "causer" },
  { name = "amount", kind = "number", min = 0, required = true },
  { name = "type", kind = "string", nonempty = true },
  { name = "at", kind = "table" },
}

-- The world's units_per_meter of a defaults table (below), for the fields
-- given in metres (check.fields).
schema.units_of = setmetatable({}, { __mode = "k" })

-- Whether spec is a distance (world units): its default is in metres, or
-- it says so. Each also takes <name>_m, in metres (check.fields).
function schema.is_distance(spec)
  return spec.distance or (type(spec.default) == "table" and spec.default.metres ~= nil)
end

-- Replaces { metres = m } defaults by m x units_per_meter.
function schema.defaults(fields, units_per_meter)
  local out = {}
  schema.units_of[out] = units_per_meter
  for _, spec in ipairs(fields) do
    if type(spec.default) == "table" and spec.default.metres then
      out[spec.name] = spec.default.metres * units_per_meter
    end
  end
  return out
end

return schema
