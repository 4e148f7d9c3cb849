-- profiles/default.lua: every profile field, with its default. Copy this file
-- to make a profile of your own; a field left out takes the value shown here.
-- world:load("profiles/default.lua") defines it under the name "default".
-- Distances are world units; the defaults marked "scaled" are given in metres
-- and multiplied by the world's units_per_meter. The numbers written below are
-- those for the default 100 units per metre (centimetres); in a world of another
-- scale, leave those two fields out of your copy and the scaled default applies.
return {
  name = "default",
  -- extends = "soldier",      -- start from another defined profile; fields here replace its own

  -- The seven states (seed 000, "The thresholds and timings").
  suspect_threshold = 0.15,    -- enter Suspected ("What was that?"); fires suspect
  detect_threshold = 0.35,     -- enter Detected ("There you are."); fires detect
  track_threshold = 0.60,      -- enter Tracked (full chase); fires track
  min_track_duration = 0.5,    -- seconds in Detected before it can track: no instant lock-on
  telegraph_threshold = 0.25,  -- telegraph fires when confidence rises past it; keep it between suspect and detect

  -- Fusion (seed 000, "How several senses combine"):
  -- fused = strongest share x its weight + corroboration_bonus per other active sense, capped at 1.
  corroboration_bonus = 0.1,

  -- Fading and memory. The seed names no numbers here; these are wary's choices.
  fade_rate = 0.1,             -- confidence lost per second while no sense holds it up (89% fades out in ~9 s)
  lost_time = 5,               -- seconds in Lost (searching) before Remembered
  memory_time = 30,            -- seconds in Remembered before Expired (forget fires)
  smoothing_time = 0.25,       -- time constant (s) of belief.smoothed, for meters
  max_uncertainty = 1000,      -- scaled: 10 m; the uncertainty radius of a belief never grows past it
  uncertainty_growth = 150,    -- scaled: 1.5 m/s; how fast the radius grows while nothing senses the target
  ignore_same_team = true,     -- no beliefs about actors of the agent's own team (team 0/nil is nobody's)

  -- Senses: ids of senses defined with world:define_sense (up to 8), in slot order.
  senses = {},
  sense_weights = {},          -- { Thermal = 1.2 }: replaces the sense's own weight in this profile
  sense_intervals = {},        -- { Thermal = 0.2 }: replaces the sense's own interval (seconds)
  settings = {},               -- free-form values your Lua senses read (profile.settings.x)
}
