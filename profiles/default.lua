-- profiles/default.lua: every profile field, with its default. Copy this file
-- to make a profile of your own; a field left out takes the value shown here.
-- world:load("profiles/default.lua") defines it under the name "default".
-- Distances are world units (the world's units_per_meter to a metre). Each
-- distance field also takes its value in metres as <field>_m, which is how
-- this file gives them: a copy holds in a world of any scale (max_range_m =
-- 30 is 3000 units at 100 a metre, 960 at 32). Give one of the two forms.
-- extends: a field given replaces the parent's; the fields of a sense's
-- table (vision, hearing, smell, ...), of geck, damage, pain and brain
-- replace the parent's one by one; a list (senses, a curve) and
-- sense_weights, sense_intervals and settings are replaced whole; a
-- sense's table given as false (hearing = false) drops the parent's sense
-- (with no extends, false is the same as leaving the table out).
-- The child copies its parent when it is defined: retuning the parent later
-- (world:define_profile, world:load) leaves the child as it was until it is
-- defined again (a list file that defines both does that, parents first).
return {
  name = "default",
  -- extends = "soldier",      -- start from another defined profile; fields here replace its own

  -- The seven states (seed 000, "The thresholds and timings").
  suspect_threshold = 0.15,    -- enter Suspected ("What was that?"); fires suspect
  detect_threshold = 0.35,     -- enter Detected ("There you are."); fires detect
  track_threshold = 0.60,      -- enter Tracked (full chase); fires track
  min_track_duration = 0.5,    -- seconds in Detected before it can track: no instant lock-on
  telegraph_threshold = 0.25,  -- telegraph fires when confidence rises past it; keep it between suspect and detect
                               -- (above detect only a jump past both fires it: a warning says so)

  -- Fusion (seed 000, "How several senses combine"):
  -- fused = strongest share x its weight + corroboration_bonus per other active sense, capped at 1.
  corroboration_bonus = 0.1,

  -- Fading and memory. The seed names no numbers here; these are wary's choices.
  fade_rate = 0.1,             -- confidence lost per second while no sense holds it up (89% fades out in ~9 s)
  lost_time = 5,               -- seconds in Lost (searching) before Remembered
  memory_time = 30,            -- seconds in Remembered before Expired (forget fires)
  smoothing_time = 0.25,       -- time constant (s) of belief.smoothed, for meters
  max_uncertainty_m = 10,      -- metres; the uncertainty radius of a belief never grows past it
  uncertainty_growth_m = 1.5,  -- metres a second the radius grows while nothing senses the target
  -- Allies are perceived (seed 002: "allies count"; seed 003's Filter Friendly Team is off): the agent
  -- keeps beliefs about its own team, which count for emotions; threat and attention need a hostile
  -- relationship (world:set_relationship). true: no beliefs about the agent's own team (team 0/nil is
  -- nobody's), for a game that wants squadmates out of the senses altogether.
  ignore_same_team = false,

  -- Senses, in slot order: the built-in ones ("Vision", "Hearing", ...; or give their tables below) and
  -- up to 8 custom senses defined with world:define_sense (seed 004: "up to 8 senses"; built-ins not counted).
  senses = {},
  sense_weights = {},          -- { Thermal = 1.2 }: replaces the sense's own weight in this profile
  sense_intervals = {},        -- { Thermal = 0.2 }: replaces the sense's own interval (seconds)
  settings = {},               -- free-form values your Lua senses read (profile.settings.x)

  -- Vision (seed 000). A profile sees when it has this table (or lists "Vision"
  -- in senses); the built-in Vision sense then takes the first slot. Leave the
  -- table out for an agent without eyes. With `extends`, vision fields merge
  -- one by one. Confidence = distance falloff x angle falloff x exposure x
  -- light factor x motion bonus x weather x visibility x cone scale.
  vision = {
    max_range_m = 30,                 -- metres. Distance falloff 1 - (d / range)^2: 75% at half range
    interval = 0.1,                   -- seconds between looks
    loss_grace = 0.2,                 -- seconds out of sight before the target can be lost (straight to Lost)
    weight = 1,
    half_angle_deg = 60,              -- focal cone, each side; angle falloff cos(angle / half angle x 90 deg)
    enable_peripheral_cone = false,
    peripheral_half_angle_deg = 110,
    peripheral_scale = 0.45,
    peripheral_range_scale = 0.6,
    enable_rear_motion_cone = false,
    rear_half_angle_deg = 60,         -- measured from straight behind
    rear_scale = 0.25,
    rear_range_scale = 0.35,
    rear_min_speed_m = 3,             -- metres a second; slower targets are not seen from behind
    darkness_min_detection = 0.1,     -- light factor = lerp(this, 1, light level)
    motion_bonus = 0.3,               -- up to 30% more for a target moving at motion_bonus_speed
    motion_bonus_speed_m = 6,         -- metres a second
    min_exposure_to_register = 0.05,  -- exposure below this sees nothing (slivers)
    min_visible_points_standing = 1,  -- points that must show (more than half the sight reaching them);
    min_visible_points_crouched = 1,  -- 2 crouched and 3 prone is a good start; more than a target has
                                      -- (5 built-in) and it is never seen
    min_visible_points_prone = 1,
    vision_sample_count = 5,          -- at most this many of the built-in sample points (not a target's own)
    -- default_visibility_samples = { { 0, 0, 170, 1.0 }, ... }, -- {x, y, z, weight} in the target's
    --   frame, world units: replaces the built-in head/chest/pelvis/shoulders (1.0/0.9/0.7/0.6/0.6)
    eye_turn_rate_deg_per_sec = 360,  -- how fast the eyes turn to where it looks (0: at once)
    first_spot_reaction_time = 0,     -- seconds of unbroken first sight before it counts (0.3 feels human)
    use_per_target_light = false,     -- false: the target's own light level (set by the game)
    trace_sun_shadow = true,          -- with per-target light: a shadow ray towards the sun
    priority = 0,                     -- under a world's ray budget, higher looks first (docs/budget.md)
    -- distance_curve = { { 0, 1 }, { 1, 0 } },   -- or function(x) ... end: replaces 1 - x^2
    -- angle_curve = function(x) return 1 - x end, -- replaces cos(x x 90 deg)
    -- motion_bonus_curve = { { 0, 1 }, { 1, 1.3 } }, -- multiplier over speed / motion_bonus_speed
  },

  -- Hearing (seed 003). A profile hears when it has this table (or lists
  -- "Hearing"). heard = base loudness x filter multiplier x (1 - (d / range)^2)
  -- x exp(-wall_absorption_coeff x walls) x weather; it uses the higher of the
  -- single sound and the build-up of repeated ones.
  hearing = {
    interval = 0.1,                       -- seconds between hearing updates
    loss_grace = 1,                       -- seconds of silence before the maker can be lost
    weight = 1,
    sound_accumulation_rate = 0.5,        -- each sound adds heard x rate x 0.1 to the build-up
    sound_accumulation_hold_time = 1,     -- seconds of silence before the build-up starts fading
    sound_accumulation_decay_rate = 0.2,  -- how fast it fades after that (per second)
    wall_absorption_coeff = 0.4,          -- each wall multiplies by exp(-coeff): 0.4 takes a third off
    ear_height_m = 0.64,                  -- metres; walls are counted from the ear to the sound
    -- sound_filter = "Dog",              -- a filter of lua/wary/data/filters.lua (none: hears everything)
    location_merge_radius_m = 2,          -- metres; sounds nobody made this close merge into one place
  },

  -- The detection model: "confidence" (the graded beliefs above) or "geck", the
  -- classic Gamebryo detection value with Normal/Alert/Combat/Lost (seed 001),
  -- tuned by a `geck` table: see profiles/geck.lua for every field and docs/geck.md.
  -- A "geck" profile keeps any senses it lists for the confidence model.
  model = "confidence",
  -- geck = { sneak_base_value = -35, sneak_max_distance_m = 25, ... },

  -- The small senses, each switched on by its table (or its id in senses):
  -- smell = { interval = 0.5, range_m = 5, loss_grace = 2, weight = 1, sensitivity = 1, accuracy = 0.3 },
  --   scent (per target, 0..1) x sensitivity x (1 - (d / range)^2), through walls
  -- touch = { interval = 0.1, range_m = 0.6, loss_grace = 0.5, weight = 1, sensitivity = 1, accuracy = 1 },
  --   sure within reach (0.6 m), and at once on agent:report_touch(toucher)
  -- echolocation = { interval = 0.5, range_m = 20, loss_grace = 1, weight = 1, sensitivity = 1, accuracy = 0.8 },
  --   sensitivity x (1 - (d / range)^2), ignores light and cones, stopped by walls
  -- vibration = { interval = 0.1, range_m = 30, loss_grace = 1, weight = 1, sensitivity = 1, accuracy = 0.5 },
  --   stimuli tagged Stimulus.Vibration* and Stimulus.Sound.Explosion become beliefs about places:
  --   strength x sensitivity x (1 - (d / min(radius, range))^2)

  -- Seed 002 (docs/brain.md). Each table is optional and switches its part on.
  -- The Damage sense: world:apply_damage tells the agent who hurt it, at any range.
  -- damage = { auto_confidence_from_damage = true, loss_grace = 8, decay_scale = 0.5,
  --            location_accuracy = 0.95 },
  --   on: confidence in the attacker rises to (damage from them so far) / 100, placed where
  --   they stood (accuracy 0.95); held 8 s, then fades at fade_rate x 0.5. Off: only `damaged`.
  -- The Pain sense: pain types (lua/wary/data/pain.lua) and health dull every sense.
  -- pain = { pain_vision_floor = 0, suppress_below = 0.02 },
  --   each sense x M, M = lerp(floor, 1, health), then per pain type max(M x (1 - level x effect), floor);
  --   the floor is pain_vision_floor for Vision, 0 for the others; below suppress_below the sense is
  --   turned off for the target (loss reason suppressed_by_pain).
  -- The brain: emotions (on only with this table), threat and attention. brain = false: no brain at all
  -- (no threat, attention or emotions; their readers give 0, "none" and nil), and the step skips it:
  -- about a sixth of a large world's step, for a game that never reads them.
  -- brain = { emotions = true,
  --   max_fear = 1, fear_rise_rate = 0.5, fear_decay_rate = 0.2,
  --   max_aggression = 1, aggression_rise_rate = 0.8, aggression_decay_rate = 0.3,
  --   max_curiosity = 1, curiosity_rise_rate = 0.4, curiosity_decay_rate = 0.6,
  --   max_alertness = 1, alertness_rise_rate = 0.6, alertness_decay_rate = 0.1,
  --   max_panic = 1, panic_rise_rate = 0.3, panic_decay_rate = 0.15,
  --   panic_override_threshold = 0.75, emotion_active_threshold = 0.2,
  --   threat_weight_damage_received = 0.4, threat_weight_confidence = 0.3, threat_weight_state = 0.2,
  --   threat_weight_distance = 0.1, threat_distance_range_m = 30, threat_damage_decay_rate = 0.05,
  --   threat_low = 0.2, threat_medium = 0.4, threat_high = 0.6, threat_critical = 0.85,
  --   attention_stickiness_time = 2, attention_switch_threshold = 0.1 },
  --   threat = 0.4 x min(1, damage / 100) + 0.3 x confidence + 0.2 x state + 0.1 x (1 - d / 30 m)
}
