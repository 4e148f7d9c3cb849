-- wary.data.filters: sound filter profiles (seed 003, "Filters"), defined
-- in every world (turn off with wary.world{ filters = false }). A profile
-- uses one with hearing = { sound_filter = "Dog" }.
--   enabled               false: hears everything
--   accepted_categories   the categories it reacts to; an empty list makes it deaf
--   min_alert_level       whisper reacts to everything, loud only to gunshots and up
--   loudness_multiplier   2 for a dog's ears, 0.5 for hard of hearing
--   filter_friendly_team  ignore sounds made by its own team
return {
  { name = "Dog", accepted_categories = { "enemy", "friendly", "animal", "environment", "custom" },
    min_alert_level = "whisper", loudness_multiplier = 2.0, description = "hears your crouched steps" },
  { name = "HeavyArmour", accepted_categories = { "enemy", "environment" }, min_alert_level = "loud",
    loudness_multiplier = 0.6, description = "deaf to footsteps, reacts to gunfire" },
  { name = "Civilian", accepted_categories = { "enemy", "environment" }, min_alert_level = "normal",
    loudness_multiplier = 1.0, filter_friendly_team = true, description = "ignores its own faction" },
  { name = "Predator", accepted_categories = { "animal", "enemy" }, min_alert_level = "whisper",
    loudness_multiplier = 1.5, description = "hunts by sound, ignores machinery and radio" },
}
