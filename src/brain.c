/* brain.c - the brain's settings per profile (seed 002): defaults, checks,
 * wary_profile_set_brain, and what they mean for the damage and pain slots. */
#include "brain.h"

#include <string.h>

wary_brain_def wary_default_brain_def(void) {
  wary_brain_def d;
  memset(&d, 0, sizeof d);
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

static bool brain_valid(const wary_brain_def *d) {
  if (!d || !wy_nonneg(d->damage_loss_grace) || !wy_nonneg(d->damage_decay_scale) ||
      !wy_unit(d->damage_location_accuracy) || !wy_unit(d->pain_vision_floor) ||
      !wy_unit(d->pain_suppress_below) || !wy_unit(d->panic_override_threshold) ||
      !wy_unit(d->emotion_active_threshold) || !wy_nonneg(d->threat_weight_damage_received) ||
      !wy_nonneg(d->threat_weight_confidence) || !wy_nonneg(d->threat_weight_state) ||
      !wy_nonneg(d->threat_weight_distance) || !wy_nonneg(d->threat_damage_decay_rate) ||
      !wy_unit(d->threat_low) || !wy_unit(d->threat_medium) || !wy_unit(d->threat_high) ||
      !wy_unit(d->threat_critical) || !wy_nonneg(d->attention_stickiness_time) ||
      !wy_nonneg(d->attention_switch_threshold))
    return false;
  if (d->threat_distance_range != -1.0f &&
      (!wy_finite(d->threat_distance_range) || d->threat_distance_range <= 0.0f))
    return false;
  for (int i = 0; i < 5; i++)
    if (!wy_unit(d->emotion_max[i]) || !wy_nonneg(d->emotion_rise[i]) || !wy_nonneg(d->emotion_decay[i]))
      return false;
  return true;
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

int wary_profile_set_brain(wary_world *w, int32_t profile, const wary_brain_def *d) {
  int status;
  wy_profile *p = wy_profile_to_set(w, profile, true, brain_valid(d), &status);
  if (!p) return status;
  wary_brain_def *b = &w->brain->profiles.data[profile];
  *b = *d;
  b->threat_distance_range = wy_scaled(w, d->threat_distance_range, 30.0f);
  contract(p, b);
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
  wary_brain_def *b = &w->brain->profiles.data[w->brain->profiles.count++];
  *b = wary_default_brain_def();
  b->emotions = false;
  b->threat_distance_range = wy_scaled(w, b->threat_distance_range, 30.0f);
  contract(&w->profiles.data[profile], b);
}

const wy_module wy_brain_module = {
  .create = create, .destroy = destroy, .reserve = reserve, .profile_added = profile_added,
};
