-- profiles/geck.lua: a guard of the GECK detection model (seed 001), with
-- every field of the profile's `geck` table at its default. Copy it to tune
-- your own; world:load("profiles/geck.lua") defines it as "geck_guard".
--
-- The model (docs/geck.md has the whole of it): per hostile actor,
--   detection = sneak_base_value + sound + visual + skill
--   att       = ((max - d) / max) ^ sneak_distance_attenuation_exponent, 0 beyond max
--   sound     = att x sneak_sounds_mult x (movement + action x sneak_action_mult)
--               x sneak_sound_los_mult without line of sight
--   movement  = (sneak_boot_weight_base + sneak_boot_weight_mult x armor_weight)
--               x sneak_running_mult while running; 0 standing still
--   visual    = att x (line of sight) x (detection_sneak_light_mod + light level) x sneak_light_mult
--               x (1 + moving x sneak_light_move_mult + running x sneak_light_run_mult)
--               x (100 - blindness) / 100 x sneak_stealthboy_mult in a stealth field
--   skill     = sneak_skill_mult x (perception skill x att - sneak)
--   perception skill = (min + (max - min) x perception / 10)
--               x (1 + alert x sneak_alert_mod + sleeping x sneak_sleep_bonus
--                  + not the combat target x sneak_combat_mod)
-- The inputs are actor props the game sets (actor:set_prop or props = {...}):
--   on the target: armor_weight (0), sneak (its sneak skill while sneaking, 0),
--     running (1/0), action (the action sound of what it does now: a shot 100, 0),
--     stealth_field (1/0), dead (1: nobody's enemy any more), silent_running
--     (1: the Silent Running perk, running sounds as walking; 0);
--   on the agent: perception (0..10, 5), blindness (0..100, 0), sleeping (1/0),
--     exterior (1 outdoors, 0 indoors; unset: the flag below).
-- A target moves when its velocity is not zero; its light level is its light
-- (0..1) x 100, or the world's lights with use_world_light. Hostile: the
-- relationship the game set (agent:set_relationship, a team's), else actors
-- of another team, both teams set; a target whose "dead" prop is set is nobody's.
--
-- "seed" marks the seed's values (seed 001 and the GECK wiki's known
-- defaults); every other value is wary's choice.
return {
  name = "geck_guard",
  model = "geck",   -- the GECK model instead of the confidence model's states
  geck = {
    interval = 0.1,                             -- seconds between detection evaluations (staggered)

    -- The detection value.
    sneak_base_value = -35,                     -- seed: fSneakBaseValue
    sneak_skill_mult = 0.5,                     -- seed: fSneakSkillMult, on (perception skill x att - sneak)
    sneak_max_distance_m = 25,                  -- seed: fSneakMaxDistance 2500 (cm): 25 m at any scale
    sneak_exterior_distance_mult = 2,           -- seed: fSneakExteriorDistanceMult, outdoors
    sneak_distance_attenuation_exponent = 2,    -- seed: fSneakDistanceAttenuationExponent
    sneak_sound_los_mult = 0.1,                 -- seed: fSneakSoundLosMult, sound without line of sight
    sneak_sounds_mult = 1,                      -- fSneakSoundsMult
    sneak_boot_weight_base = 10,                -- fSneakBootWeightBase: any moving actor makes this much
    sneak_boot_weight_mult = 1,                 -- fSneakBootWeightMult, per unit of armor_weight
    sneak_running_mult = 1.5,                   -- fSneakRunningMult, on movement while running
    sneak_action_mult = 1,                      -- fSneakActionMult, on the action rating
    sneak_light_mult = 0.5,                     -- fSneakLightMult: full light (100) gives 50
    detection_sneak_light_mod = 0,              -- fDetectionSneakLightMod, added to the light level
    sneak_light_move_mult = 0.5,                -- fSneakLightMoveMult: a moving actor is 50% easier to see
    sneak_light_run_mult = 0.5,                 -- fSneakLightRunMult: running, 50% more again
    sneak_stealthboy_mult = 0.1,                -- fSneakStealthboyMult, on the visual factor in a stealth field
    sneak_perception_skill_min = 0,             -- fSneakPerceptionSkillMin, at perception 0
    sneak_perception_skill_max = 100,           -- fSneakPerceptionSkillMax, at perception 10
    sneak_alert_mod = 0.5,                      -- fSneakAlertMod: perception skill x 1.5 when Alert or Lost
    sneak_sleep_bonus = -0.75,                  -- fSneakSleepBonus: x 0.25 asleep
    sneak_combat_mod = -0.5,                    -- fSneakCombatMod: x 0.5 in combat with someone else

    -- The states.
    sneak_noticed_min = -20,                    -- seed: fSneakNoticedMin, the alert threshold
    sneak_seen_min = 0,                         -- seed: "detection > 0" detects (fSneakSeenMin)
    sneak_lost_min = -20,                       -- seed: "undetected (detection < -20)" runs a target's timer
    event_lifetime = 10,                        -- seconds a detection event stays in the alert list
    target_timer = 5,                           -- seconds undetected before a target's timer expires
    alert_timer = 15,                           -- seconds Lost searches before Normal
    view_half_angle = 180,                      -- degrees each side; 180: line of sight all around (the seed's)
    exterior = false,                           -- outdoors (x sneak_exterior_distance_mult) unless the agent's
                                                --   exterior prop says otherwise
    use_world_light = false,                    -- true: the light of the world's lights, sun and shade
    team_zero_hostile = false,                  -- true: teamless actors are enemies (no relationship set)
    hear_ownerless_events = true,               -- true: an event with no owner alerts every agent in reach
  },
}
