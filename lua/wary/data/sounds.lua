-- wary.data.sounds: the seed's starter set of sound types (seed 003, "A
-- starter set"), defined in every world (turn off with wary.world{ sounds =
-- false }). Ranges are in metres (max_range_m), so they hold at any scale.
--   name                  the sound's name: hear events carry it, and its stimulus is Stimulus.Sound.<name>
--   category              enemy, friendly, animal, environment or custom: for filters
--   alert_level           whisper, normal, loud or explosive: for filters
--   base_loudness         1 a footstep, 3 a gunshot, 0.3 a whisper
--   max_range_m           how far it carries; nothing beyond is even considered
--   location_accuracy_override  0..1, how precisely a hearer places it (0: from distance)
--   max_lod_tier          agents of a higher (cheaper) level-of-detail tier do not hear it
--   max_pending_per_tick  sounds of this type queued per agent per step (the quietest gives way)
return {
  { name = "Footstep", category = "enemy", alert_level = "normal", base_loudness = 1.0, max_range_m = 8,
    max_lod_tier = 1 },
  { name = "Sprint", category = "enemy", alert_level = "loud", base_loudness = 1.8, max_range_m = 16,
    max_lod_tier = 2 },
  { name = "CrouchedStep", category = "enemy", alert_level = "whisper", base_loudness = 0.3, max_range_m = 3,
    max_lod_tier = 0 },
  { name = "Reload", category = "enemy", alert_level = "normal", base_loudness = 1.2, max_range_m = 10,
    max_lod_tier = 1 },
  { name = "Gunshot", category = "enemy", alert_level = "loud", base_loudness = 3.0, max_range_m = 40,
    max_lod_tier = 3, location_accuracy_override = 0.9 },
  { name = "SuppressedShot", category = "enemy", alert_level = "whisper", base_loudness = 0.6, max_range_m = 9,
    max_lod_tier = 1 },
  { name = "Explosion", category = "environment", alert_level = "explosive", base_loudness = 5.0,
    max_range_m = 100, max_lod_tier = 4,
    description = "named exactly Explosion: its stimulus Stimulus.Sound.Explosion shakes the ground (vibration)" },
  { name = "GlassBreak", category = "environment", alert_level = "loud", base_loudness = 2.0, max_range_m = 25,
    max_lod_tier = 3 },
  { name = "Door", category = "environment", alert_level = "normal", base_loudness = 1.0, max_range_m = 12,
    max_lod_tier = 2 },
  { name = "ThrownRock", category = "environment", alert_level = "normal", base_loudness = 1.4, max_range_m = 18,
    max_lod_tier = 2 },
  { name = "AnimalCall", category = "animal", alert_level = "normal", base_loudness = 1.5, max_range_m = 20,
    max_lod_tier = 2 },
  { name = "RadioChatter", category = "friendly", alert_level = "normal", base_loudness = 1.0, max_range_m = 15,
    max_lod_tier = 1 },
}
