/* brain.c - the brain's settings per profile (seed 002): defaults, checks,
 * wary_profile_set_brain, and what they mean for the damage and pain slots. */
#include "brain.h"

#include <string.h>

wary_brain_def wary_default_brain_def(void) {
  wary_brain_def d;
  memset(&d, 0, sizeof d);
  d.threat = true;
  d.emotions = true;
  d.auto_confidence_from_damage = true;
  d.damage_loss_grace = 8.0f;
  d.damage_decay_scale = 0.5f;
  d.damage_location_accuracy = 0.95f;
  d.pain_vision_floor = 0.0f;
  d.pain_suppress_below = 0.02f;
  const float rise[5] = {0.5f, 0.8f, 0.4f, 0.6f, 0.3f};
  const float decay[5] = {0.2f, 0.3f, 0.6f, 0.1f, 0.15f};
  for (int i = 0; i < 5; i++) {
    d.emotion_max[i] = 1.0f;
    d.emotion_rise[i] = rise[i];
    d.emotion_decay[i] = decay[i];
  }
  d.panic_override_threshold = 0.75f;
  d.emotion_active_threshold = 0.2f;
  d.threat_weight_damage_received = 0.4f;
  d.threat_weight_confidence = 0.3f;
  d.threat_weight_state = 0.2f;
  d.threat_weight_distance = 0.1f;
  d.threat_distance_range = -1.0f;
  d.threat_damage_decay_rate = 0.05f;
  d.threat_low = 0.2f;
  d.threat_medium = 0.4f;
  d.threat_high = 0.6f;
  d.threat_critical = 0.85f;
  d.attention_stickiness_time = 2.0f;
  d.attention_switch_threshold = 0.1f;
  return d;
}

static int brain_check(wy_error *e, const char *fn, const wary_brain_def *d) {
  if (!d) return wy_fail_null(e, WARY_ERR_BAD_VALUE, fn, "brain_def");
  if (wy_bad(e, fn, "brain_def.damage_loss_grace", d->damage_loss_grace, WY_NONNEG) ||
      wy_bad(e, fn, "brain_def.damage_decay_scale", d->damage_decay_scale, WY_NONNEG) ||
      wy_bad(e, fn, "brain_def.damage_location_accuracy", d->damage_location_accuracy, WY_UNIT) ||
      wy_bad(e, fn, "brain_def.pain_vision_floor", d->pain_vision_floor, WY_UNIT) ||
      wy_bad(e, fn, "brain_def.pain_suppress_below", d->pain_suppress_below, WY_UNIT) ||
      wy_bad(e, fn, "brain_def.panic_override_threshold", d->panic_override_threshold, WY_UNIT) ||
      wy_bad(e, fn, "brain_def.emotion_active_threshold", d->emotion_active_threshold, WY_UNIT) ||
      wy_bad(e, fn, "brain_def.threat_weight_damage_received", d->threat_weight_damage_received, WY_NONNEG) ||
      wy_bad(e, fn, "brain_def.threat_weight_confidence", d->threat_weight_confidence, WY_NONNEG) ||
      wy_bad(e, fn, "brain_def.threat_weight_state", d->threat_weight_state, WY_NONNEG) ||
      wy_bad(e, fn, "brain_def.threat_weight_distance", d->threat_weight_distance, WY_NONNEG) ||
      wy_bad(e, fn, "brain_def.threat_damage_decay_rate", d->threat_damage_decay_rate, WY_NONNEG) ||
      wy_bad(e, fn, "brain_def.threat_low", d->threat_low, WY_UNIT) ||
      wy_bad(e, fn, "brain_def.threat_medium", d->threat_medium, WY_UNIT) ||
      wy_bad(e, fn, "brain_def.threat_high", d->threat_high, WY_UNIT) ||
      wy_bad(e, fn, "brain_def.threat_critical", d->threat_critical, WY_UNIT) ||
      wy_bad(e, fn, "brain_def.attention_stickiness_time", d->attention_stickiness_time, WY_NONNEG) ||
      wy_bad(e, fn, "brain_def.attention_switch_threshold", d->attention_switch_threshold, WY_NONNEG) ||
      wy_bad(e, fn, "brain_def.threat_distance_range", d->threat_distance_range, WY_SCALED_POSITIVE))
    return WARY_ERR_BAD_VALUE;
  /* The threat levels in order, as a profile's thresholds are: each level
   * is then the band from its threshold to the next one's. */
  const float level[4] = {d->threat_low, d->threat_medium, d->threat_high, d->threat_critical};
  static const char *const name[4] = {"threat_low", "threat_medium", "threat_high", "threat_critical"};
  for (int i = 1; i < 4; i++)
    if (level[i] < level[i - 1])
      return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "brain_def.%s: expected a number in [%s %g, 1], got %g", name[i],
                     name[i - 1], (double)level[i - 1], (double)level[i]);
  for (int i = 0; i < 5; i++)
    if (wy_bad_at(e, fn, "brain_def.emotion_max", i, d->emotion_max[i], WY_UNIT) ||
        wy_bad_at(e, fn, "brain_def.emotion_rise", i, d->emotion_rise[i], WY_NONNEG) ||
        wy_bad_at(e, fn, "brain_def.emotion_decay", i, d->emotion_decay[i], WY_NONNEG))
      return WARY_ERR_BAD_VALUE;
  return WARY_OK;
}

/* Hits come to damage and pain reports nothing: neither gathers candidates.
 * Damage holds its share for damage_loss_grace and fades slower. */
static void contract(wy_profile *p, const wary_brain_def *d) {
  wy_contract *damage = &p->builtin[WARY_SENSE_DAMAGE];
  damage->range = 0.0f;
  damage->loss_grace = d->damage_loss_grace;
  damage->decay_scale = d->damage_decay_scale;
  p->builtin[WARY_SENSE_PAIN].range = 0.0f;
}

/* The score of a belief that is no target, at confidence 0 with no damage
 * record, when hostile: the formula's own sum of zeros (not -0 unless every
 * weight is -0). Not hostile, it is 0 too. */
static float idle_score(const wary_brain_def *d) {
  return wy_clamp01(d->threat_weight_damage_received * wy_clamp01(0.0f / 100.0f) +
                    d->threat_weight_confidence * 0.0f +
                    d->threat_weight_state * wy_threat_state_factor(WARY_UNDETECTED) +
                    d->threat_weight_distance * wy_clamp01(0.0f));
}

/* What the emotion pass takes of b's def (wy_brain_profile), once its
 * distances are scaled. */
static void derive(wy_brain_profile *b) {
  const wary_brain_def *d = &b->def;
  b->scale = (wy_threat_scale){{0.0f, 0.0f, 0.0f},
                               d->threat_weight_distance,
                               d->threat_distance_range,
                               d->threat_low,
                               d->threat_medium,
                               d->threat_high,
                               d->threat_critical,
                               d->threat_weight_damage_received,
                               d->threat_weight_confidence,
                               d->threat_weight_state};
  const wy_threat_scale *s = &b->scale;
  b->bound_weights = 1.0 + (double)s->weight + (double)s->w_damage + (double)s->w_confidence + (double)s->w_state;
  float idle = idle_score(d);
  b->idle_zero = idle == 0.0f && !signbit(idle);
}

int wary_profile_set_brain(wary_world *w, int32_t profile, const wary_brain_def *d) {
  int status = wy_profile_check(w, __func__, profile);
  if (status == WARY_OK) status = brain_check(w->error, __func__, d);
  if (status == WARY_OK) status = wy_step_check(w, __func__);
  if (status != WARY_OK) return status;
  wy_profile *p = &w->profiles.data[profile];
  wy_brain_profile *b = &w->brain->profiles.data[profile];
  b->def = *d;
  b->def.threat_distance_range = wy_scaled(w, d->threat_distance_range, 30.0f);
  derive(b);
  contract(p, &b->def);
  wy_profile_refresh(w, p);
  return WARY_OK;
}

static bool create(wary_world *w) {
  w->brain = wy_alloc_zero(&w->alloc, sizeof *w->brain);
  return w->brain != NULL;
}

static void destroy(wary_world *w) {
  if (!w->brain) return;
  wy_array_free(&w->alloc, &w->brain->profiles);
  wy_free(&w->alloc, w->brain, sizeof *w->brain);
}

static bool reserve(wary_world *w, int32_t agents, int32_t profiles) {
  (void)agents;
  return wy_array_reserve(&w->alloc, &w->brain->profiles, profiles);
}

/* A new profile's brain has no emotions until its brain is set. */
static void profile_added(wary_world *w, int32_t profile) {
  wy_brain_profile *b = &w->brain->profiles.data[w->brain->profiles.count++];
  b->def = wary_default_brain_def();
  b->def.emotions = false;
  b->def.threat_distance_range = wy_scaled(w, b->def.threat_distance_range, 30.0f);
  derive(b);
  contract(&w->profiles.data[profile], &b->def);
}

const wy_module wy_brain_module = {
  .create = create, .destroy = destroy, .reserve = reserve, .profile_added = profile_added,
};
