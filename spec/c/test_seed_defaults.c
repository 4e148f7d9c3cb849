/* test_seed_defaults.c - the defaults a C game gets from
 * wary_default_*_def() are the seeds' numbers (seed 000: confidence and
 * vision; 001: the GECK model, with the defaults the seeds' README takes
 * from the GECK wiki; 002: the brain; 003: hearing; 004: custom senses and
 * stimuli), each checked against the seed's literal. The Lua side checks
 * the same literals in spec/seed_defaults_spec.lua. */
#include "check.h"

/* A default equal to the seed's literal, as the float a def holds. */
#define SEED(got, literal) ENSURE((got) == (float)(literal))

static void seed_000(void) {
  wary_profile_def p = wary_default_profile_def();
  SEED(p.suspect_threshold, 0.15);
  SEED(p.detect_threshold, 0.35);
  SEED(p.track_threshold, 0.60);
  SEED(p.min_track_duration, 0.5);
  SEED(p.telegraph_threshold, 0.25);
  wary_vision_def v = wary_default_vision_def();
  SEED(v.half_angle, 60);
  SEED(v.peripheral_half_angle, 110);
  SEED(v.peripheral_scale, 0.45);
  SEED(v.peripheral_range_scale, 0.6);
  SEED(v.rear_half_angle, 60);
  SEED(v.rear_scale, 0.25);
  SEED(v.rear_range_scale, 0.35);
  SEED(v.motion_bonus, 0.3);
  for (int stance = 0; stance < 3; stance++) SEED(v.min_visible_points[stance], 1);
  SEED(v.first_spot_reaction_time, 0);
  /* "Optional" cones: off until a profile turns them on. */
  ENSURE(!v.peripheral_cone && !v.rear_cone);
}

static void seed_001(void) {
  wary_geck_def g = wary_default_geck_def();
  SEED(g.sneak_base_value, -35);
  SEED(g.sneak_skill_mult, 0.5);
  /* fSneakMaxDistance 2500 units: -1 is 25 m at the world's scale (2,500 at 100 units a metre). */
  SEED(g.sneak_max_distance, -1);
  SEED(g.sneak_exterior_distance_mult, 2);
  SEED(g.sneak_distance_attenuation_exponent, 2);
  SEED(g.sneak_sound_los_mult, 0.1);
  SEED(g.sneak_noticed_min, -20);
}

static void seed_002(void) {
  wary_brain_def b = wary_default_brain_def();
  /* Fear, aggression, curiosity, alertness, panic: max 1, then rise and decay a second. */
  const float rise[5] = {0.5f, 0.8f, 0.4f, 0.6f, 0.3f};
  const float decay[5] = {0.2f, 0.3f, 0.6f, 0.1f, 0.15f};
  for (int e = 0; e < 5; e++) {
    SEED(b.emotion_max[e], 1);
    SEED(b.emotion_rise[e], rise[e]);
    SEED(b.emotion_decay[e], decay[e]);
  }
  SEED(b.panic_override_threshold, 0.75);
  SEED(b.emotion_active_threshold, 0.2);
  SEED(b.damage_loss_grace, 8);
  SEED(b.damage_decay_scale, 0.5);
  SEED(b.damage_location_accuracy, 0.95);
  SEED(b.pain_vision_floor, 0);
  SEED(b.pain_suppress_below, 0.02);
  SEED(b.threat_damage_decay_rate, 0.05);
  wary_pain_def pd = wary_default_pain_def();
  SEED(pd.decay_rate, 0.2);
  SEED(pd.max_level, 1);
  SEED(pd.amount_override, 0);
}

static void seed_003(void) {
  wary_hearing_def h = wary_default_hearing_def();
  SEED(h.accumulation_rate, 0.5);
  SEED(h.accumulation_hold, 1);
  SEED(h.accumulation_decay, 0.2);
  SEED(h.wall_absorption, 0.4);
  wary_sound_def s = wary_default_sound_def();
  SEED(s.loudness, 1);
  /* 15 m: -1 is 15 m at the world's scale (1,500 at 100 units a metre; heard at 14.9 m, not at
   * 15.1 m: spec/hearing_seed_defaults_spec.lua). */
  SEED(s.max_range, -1);
  ENSURE(s.max_lod_tier == 2 && s.max_pending == 3);
  ENSURE(s.category == WARY_CATEGORY_ENEMY && s.alert_level == WARY_NORMAL);
  wary_filter_def f = wary_default_filter_def();
  ENSURE(f.min_alert_level == WARY_WHISPER && !f.filter_friendly_team);
  SEED(f.loudness_multiplier, 1);
}

static void seed_004(void) {
  wary_sense_def c = wary_default_sense_def();
  SEED(c.interval, 0.1);
  SEED(c.max_range, 0);
  SEED(c.loss_grace, 0.3);
  ENSURE(!c.direct_lost_cut && c.loss_reason == WARY_LOSS_SENSOR_DROPOUT);
  wary_stimulus_def st = wary_default_stimulus_def();
  SEED(st.strength, 1);
  ENSURE(st.max_lod_tier == 2 && !st.requires_clear_path && !st.team_filter);
}

int main(void) {
  seed_000();
  seed_001();
  seed_002();
  seed_003();
  seed_004();
  return check_summary("test_seed_defaults");
}
