/* profile.c - sense contracts and profiles: validation, the resolved
 * per-slot settings (weight, interval, range, loss rules), and the staggered
 * sense timers of each agent. */
#include <string.h>

#include "internal.h"

wary_sense_def wary_default_sense_def(void) {
  wary_sense_def d;
  memset(&d, 0, sizeof d);
  d.interval = 0.1f;
  d.max_range = 0.0f;
  d.loss_grace = 0.3f;
  d.direct_lost_cut = false;
  d.loss_reason = WARY_LOSS_SENSOR_DROPOUT;
  d.weight = 1.0f;
  return d;
}

int32_t wary_sense_create(wary_world *w, const wary_sense_def *d) {
  if (!d || !wy_finite(d->interval) || d->interval <= 0.0f) return WARY_ERR_BAD_VALUE;
  if (isnan(d->max_range) || d->max_range < 0.0f || !wy_nonneg(d->loss_grace) || !wy_nonneg(d->weight))
    return WARY_ERR_BAD_VALUE;
  if (d->loss_reason < WARY_LOSS_NONE || d->loss_reason > WARY_LOSS_SUPPRESSED_BY_PAIN)
    return WARY_ERR_BAD_VALUE;
  if (d->stimulus_tag_count < 0 || d->stimulus_tag_count > WARY_MAX_STIMULUS_TAGS)
    return WARY_ERR_BAD_VALUE;
  for (int32_t i = 0; i < d->stimulus_tag_count; i++)
    if (!wary_name_string(w, d->stimulus_tags[i])) return WARY_ERR_NOT_FOUND;
  if (w->in_step) return WARY_ERR_IN_STEP;
  if (!wy_array_reserve(&w->senses, w->senses.count + 1))
    return WARY_ERR_OUT_OF_MEMORY;
  w->senses.data[w->senses.count].def = *d;
  return w->senses.count++;
}

wary_profile_def wary_default_profile_def(void) {
  wary_profile_def d;
  memset(&d, 0, sizeof d);
  d.suspect_threshold = 0.15f;
  d.detect_threshold = 0.35f;
  d.track_threshold = 0.60f;
  d.min_track_duration = 0.5f;
  d.telegraph_threshold = 0.25f;
  d.corroboration_bonus = 0.1f;
  d.fade_rate = 0.1f;
  d.lost_time = 5.0f;
  d.memory_time = 30.0f;
  d.smoothing_time = 0.25f;
  d.max_uncertainty = -1.0f;
  d.uncertainty_growth = -1.0f;
  d.ignore_same_team = true;
  for (int i = 0; i < WY_SLOTS; i++) {
    d.senses[i].sense = -1;
    d.senses[i].weight = -1.0f;
    d.senses[i].interval = -1.0f;
  }
  return d;
}

static bool profile_valid(const wary_world *w, const wary_profile_def *d) {
  if (!wy_unit(d->suspect_threshold) || !wy_unit(d->detect_threshold) || !wy_unit(d->track_threshold))
    return false;
  if (d->suspect_threshold > d->detect_threshold || d->detect_threshold > d->track_threshold)
    return false;
  if (!wy_unit(d->telegraph_threshold) || !wy_unit(d->corroboration_bonus)) return false;
  if (!wy_nonneg(d->min_track_duration) || !wy_nonneg(d->fade_rate) || !wy_nonneg(d->lost_time) ||
      !wy_nonneg(d->memory_time) || !wy_nonneg(d->smoothing_time))
    return false;
  if (!wy_scaled_ok(d->max_uncertainty) || !wy_scaled_ok(d->uncertainty_growth)) return false;
  if (d->sense_count < 0 || d->sense_count > WY_SLOTS) return false;
  int32_t custom = 0;
  for (int32_t i = 0; i < d->sense_count; i++) {
    const wary_profile_sense *s = &d->senses[i];
    if (s->sense < 0 || s->sense >= w->senses.count) return false;
    custom += s->sense >= WARY_BUILTIN_SENSES;
    if (s->weight != -1.0f && !wy_nonneg(s->weight)) return false;
    if (s->interval != -1.0f && (!wy_finite(s->interval) || s->interval <= 0.0f)) return false;
    for (int32_t j = 0; j < i; j++)
      if (d->senses[j].sense == s->sense) return false;
  }
  return custom <= WARY_MAX_CUSTOM_SENSES;
}

static void profile_resolve(const wary_world *w, wy_profile *p, const wary_profile_def *d) {
  p->def = *d;
  p->def.max_uncertainty = wy_scaled(w, d->max_uncertainty, 10.0f);
  p->def.uncertainty_growth = wy_scaled(w, d->uncertainty_growth, 1.5f);
  p->slot_count = d->sense_count;
  p->vision_slot = -1;
  for (int32_t k = 0; k < WARY_BUILTIN_SENSES; k++) p->builtin_slot[k] = -1;
  for (int32_t i = 0; i < d->sense_count; i++) {
    int32_t sense = d->senses[i].sense;
    wary_sense_def s = w->senses.data[sense].def;
    /* A built-in sense's contract is the profile's settings for it. */
    if (sense == WARY_SENSE_VISION) {
      p->vision_slot = i;
      s.interval = p->vision.interval;
      s.max_range = p->vision.max_range;
      s.loss_grace = p->vision.loss_grace;
      s.weight = p->vision.weight;
    } else if (sense == WARY_SENSE_HEARING) {
      s.interval = p->hearing.interval;
      s.max_range = 0.0f; /* sounds come to it; it gathers no candidates */
      s.loss_grace = p->hearing.loss_grace;
      s.weight = p->hearing.weight;
    } else if (sense == WARY_SENSE_DAMAGE || sense == WARY_SENSE_PAIN) {
      /* Hits come to damage and pain reports nothing: neither gathers. */
      s.max_range = 0.0f;
      if (sense == WARY_SENSE_DAMAGE) s.loss_grace = p->brain.damage_loss_grace;
    } else if (sense < WARY_BUILTIN_SENSES) {
      const wary_basic_sense_def *b = &p->basic[sense];
      s.interval = b->interval;
      s.max_range = sense == WARY_SENSE_VIBRATION ? 0.0f : b->range;
      s.loss_grace = b->loss_grace;
      s.weight = b->weight;
    }
    if (sense < WARY_BUILTIN_SENSES) p->builtin_slot[sense] = i;
    wy_slot *slot = &p->slots[i];
    slot->sense = d->senses[i].sense;
    slot->weight = d->senses[i].weight == -1.0f ? s.weight : d->senses[i].weight;
    slot->interval = d->senses[i].interval == -1.0f ? s.interval : d->senses[i].interval;
    slot->range = s.max_range;
    slot->loss_grace = s.loss_grace;
    slot->direct_lost_cut = s.direct_lost_cut;
    slot->loss_reason = s.loss_reason;
    slot->decay_scale = sense == WARY_SENSE_DAMAGE ? p->brain.damage_decay_scale : 1.0f;
  }
  /* A sense with no range of its own reaches as far as the others. */
  float largest = 0.0f;
  for (int32_t i = 0; i < p->slot_count; i++)
    if (p->slots[i].range > largest) largest = p->slots[i].range;
  for (int32_t i = 0; i < p->slot_count; i++)
    if (p->slots[i].range == 0.0f && p->slots[i].sense >= WARY_BUILTIN_SENSES)
      p->slots[i].range = largest;
  p->max_range = largest;
}

wary_vision_def wary_default_vision_def(void) {
  wary_vision_def v;
  memset(&v, 0, sizeof v);
  v.max_range = -1.0f;
  v.interval = 0.1f;
  v.loss_grace = 0.2f;
  v.weight = 1.0f;
  v.half_angle = 60.0f;
  v.peripheral_half_angle = 110.0f;
  v.peripheral_scale = 0.45f;
  v.peripheral_range_scale = 0.6f;
  v.rear_half_angle = 60.0f;
  v.rear_scale = 0.25f;
  v.rear_range_scale = 0.35f;
  v.rear_min_speed = -1.0f;
  v.darkness_min_detection = 0.1f;
  v.motion_bonus = 0.3f;
  v.motion_bonus_speed = -1.0f;
  v.min_exposure = 0.05f;
  for (int i = 0; i < 3; i++) v.min_visible_points[i] = 1;
  v.sample_count = 5;
  v.eye_turn_rate = 360.0f;
  v.trace_sun_shadow = true;
  return v;
}

static void scale_vision(const wary_world *w, wary_vision_def *v) {
  v->max_range = wy_scaled(w, v->max_range, 30.0f);
  v->rear_min_speed = wy_scaled(w, v->rear_min_speed, 3.0f);
  v->motion_bonus_speed = wy_scaled(w, v->motion_bonus_speed, 6.0f);
}

static bool curve_ok(int32_t count, const float *values) {
  if (count != 0 && count != WARY_CURVE_POINTS) return false;
  for (int32_t i = 0; i < count; i++)
    if (!wy_nonneg(values[i])) return false;
  return true;
}

static bool vision_valid(const wary_vision_def *v) {
  if (!wy_scaled_ok(v->max_range) || !wy_scaled_ok(v->rear_min_speed) ||
      !wy_scaled_ok(v->motion_bonus_speed))
    return false;
  if (!wy_finite(v->interval) || v->interval <= 0.0f || !wy_nonneg(v->loss_grace) ||
      !wy_nonneg(v->weight) || !wy_nonneg(v->eye_turn_rate) || !wy_nonneg(v->first_spot_reaction_time))
    return false;
  if (!wy_finite(v->half_angle) || v->half_angle < 0.0f || v->half_angle > 180.0f ||
      !wy_finite(v->peripheral_half_angle) || v->peripheral_half_angle < 0.0f ||
      v->peripheral_half_angle > 180.0f || !wy_finite(v->rear_half_angle) ||
      v->rear_half_angle < 0.0f || v->rear_half_angle > 180.0f)
    return false;
  if (!wy_unit(v->peripheral_scale) || !wy_unit(v->peripheral_range_scale) || !wy_unit(v->rear_scale) ||
      !wy_unit(v->rear_range_scale) || !wy_unit(v->darkness_min_detection) || !wy_nonneg(v->motion_bonus) ||
      !wy_unit(v->min_exposure))
    return false;
  for (int i = 0; i < 3; i++)
    if (v->min_visible_points[i] < 0 || v->min_visible_points[i] > WARY_MAX_SAMPLES) return false;
  if (v->sample_count < 1 || v->sample_count > WARY_MAX_SAMPLES) return false;
  const wary_samples *s = &v->default_samples;
  if (s->count < 0 || s->count > WARY_MAX_SAMPLES) return false;
  for (int32_t i = 0; i < 4 * s->count; i++)
    if (!wy_finite(s->points[i]) || (i % 4 == 3 && s->points[i] < 0.0f)) return false;
  return curve_ok(v->distance_curve_count, v->distance_curve) &&
         curve_ok(v->angle_curve_count, v->angle_curve) &&
         curve_ok(v->motion_curve_count, v->motion_curve);
}

int wary_profile_set_vision(wary_world *w, int32_t profile, const wary_vision_def *def) {
  int status;
  wy_profile *p = wy_profile_to_set(w, profile, true, def && vision_valid(def), &status);
  if (!p) return status;
  p->vision = *def;
  scale_vision(w, &p->vision);
  /* The slots' vision settings follow. */
  wy_profile_refresh(w, p);
  return WARY_OK;
}

static void scale_hearing(const wary_world *w, wary_hearing_def *h) {
  h->ear_height = wy_scaled(w, h->ear_height, 0.64f);
  h->merge_radius = wy_scaled(w, h->merge_radius, 2.0f);
}

static bool hearing_valid(const wary_world *w, const wary_hearing_def *d) {
  return !(!d || !wy_finite(d->interval) || d->interval <= 0.0f || !wy_nonneg(d->loss_grace) ||
      !wy_nonneg(d->weight) || !wy_nonneg(d->accumulation_rate) || !wy_nonneg(d->accumulation_hold) ||
      !wy_nonneg(d->accumulation_decay) || !wy_nonneg(d->wall_absorption) || !wy_scaled_ok(d->ear_height) ||
      !wy_scaled_ok(d->merge_radius) || d->filter < -1 || d->filter >= w->filters.count);
}

int wary_profile_set_hearing(wary_world *w, int32_t profile, const wary_hearing_def *d) {
  int status;
  wy_profile *p = wy_profile_to_set(w, profile, true, hearing_valid(w, d), &status);
  if (!p) return status;
  p->hearing = *d;
  scale_hearing(w, &p->hearing);
  wy_profile_refresh(w, p);
  return WARY_OK;
}

int wary_profile_set_basic_sense(wary_world *w, int32_t profile, int32_t sense,
                                 const wary_basic_sense_def *d) {
  bool valid = d && wy_finite(d->interval) && d->interval > 0.0f && wy_scaled_ok(d->range) &&
               wy_nonneg(d->loss_grace) && wy_nonneg(d->weight) && wy_nonneg(d->sensitivity) &&
               wy_unit(d->accuracy);
  int status;
  wy_profile *p = wy_profile_to_set(
      w, profile, sense >= WARY_SENSE_VIBRATION && sense <= WARY_SENSE_ECHOLOCATION, valid, &status);
  if (!p) return status;
  p->basic[sense] = *d;
  p->basic[sense].range = wy_scaled(w, d->range, wy_basic_range_m(sense));
  wy_profile_refresh(w, p);
  return WARY_OK;
}

wary_geck_def wary_default_geck_def(void) {
  wary_geck_def g;
  memset(&g, 0, sizeof g);
  g.enabled = true;
  g.interval = 0.1f;
  g.sneak_base_value = -35.0f;
  g.sneak_skill_mult = 0.5f;
  g.sneak_max_distance = -1.0f;
  g.sneak_exterior_distance_mult = 2.0f;
  g.sneak_distance_attenuation_exponent = 2.0f;
  g.sneak_sound_los_mult = 0.1f;
  g.sneak_sounds_mult = 1.0f;
  g.sneak_boot_weight_base = 10.0f;
  g.sneak_boot_weight_mult = 1.0f;
  g.sneak_running_mult = 1.5f;
  g.sneak_action_mult = 1.0f;
  g.sneak_light_mult = 0.5f;
  g.detection_sneak_light_mod = 0.0f;
  g.sneak_light_move_mult = 0.5f;
  g.sneak_light_run_mult = 0.5f;
  g.sneak_stealthboy_mult = 0.1f;
  g.sneak_perception_skill_min = 0.0f;
  g.sneak_perception_skill_max = 100.0f;
  g.sneak_alert_mod = 0.5f;
  g.sneak_sleep_bonus = -0.75f;
  g.sneak_combat_mod = -0.5f;
  g.sneak_noticed_min = -20.0f;
  g.sneak_seen_min = 0.0f;
  g.sneak_lost_min = -20.0f;
  g.event_lifetime = 10.0f;
  g.target_timer = 5.0f;
  g.alert_timer = 15.0f;
  g.view_half_angle = 180.0f;
  g.hear_ownerless_events = true;
  return g;
}

/* fSneakMaxDistance is 2500 in the seed's units: 25 m at wary's default of
 * centimetres (Gamebryo's own units would make it about 36 m). */
static void scale_geck(const wary_world *w, wary_geck_def *g) {
  g->sneak_max_distance = wy_scaled(w, g->sneak_max_distance, 25.0f);
}

static bool geck_valid(const wary_geck_def *g) {
  const float any[] = {
    g->sneak_base_value, g->sneak_skill_mult, g->sneak_sounds_mult, g->sneak_boot_weight_base,
    g->sneak_boot_weight_mult, g->sneak_running_mult, g->sneak_action_mult, g->sneak_light_mult,
    g->detection_sneak_light_mod, g->sneak_light_move_mult, g->sneak_light_run_mult,
    g->sneak_stealthboy_mult, g->sneak_perception_skill_min, g->sneak_perception_skill_max,
    g->sneak_alert_mod, g->sneak_sleep_bonus, g->sneak_combat_mod, g->sneak_noticed_min,
    g->sneak_seen_min, g->sneak_lost_min,
  };
  for (size_t i = 0; i < sizeof any / sizeof any[0]; i++)
    if (!wy_finite(any[i])) return false;
  if (!wy_finite(g->interval) || g->interval <= 0.0f) return false;
  if (g->sneak_max_distance != -1.0f && (!wy_finite(g->sneak_max_distance) ||
                                         g->sneak_max_distance <= 0.0f))
    return false;
  if (!wy_nonneg(g->sneak_exterior_distance_mult) || !wy_nonneg(g->sneak_distance_attenuation_exponent) ||
      !wy_nonneg(g->sneak_sound_los_mult) || !wy_nonneg(g->event_lifetime) || !wy_nonneg(g->target_timer) ||
      !wy_nonneg(g->alert_timer))
    return false;
  return wy_finite(g->view_half_angle) && g->view_half_angle >= 0.0f &&
         g->view_half_angle <= 180.0f;
}

int wary_profile_set_geck(wary_world *w, int32_t profile, const wary_geck_def *def) {
  int status;
  wy_profile *p = wy_profile_to_set(w, profile, true, def && geck_valid(def), &status);
  if (!p) return status;
  status = def->enabled ? wy_geck_intern(w) : WARY_OK;
  if (status != WARY_OK) return status;
  if (p->geck.enabled && !def->enabled)
    for (int32_t i = 0; i < w->agents.count; i++)
      if (w->actors.data[w->agents.data[i].actor].profile == profile) wy_geck_reset_agent(&w->agents.data[i]);
  p->geck = *def;
  scale_geck(w, &p->geck);
  return WARY_OK;
}

int32_t wary_profile_create(wary_world *w, const wary_profile_def *def) {
  if (!def || !profile_valid(w, def)) return WARY_ERR_BAD_VALUE;
  if (w->in_step) return WARY_ERR_IN_STEP;
  if (!wy_array_reserve(&w->profiles, w->profiles.count + 1))
    return WARY_ERR_OUT_OF_MEMORY;
  wy_profile *p = &w->profiles.data[w->profiles.count];
  p->vision = wary_default_vision_def();
  scale_vision(w, &p->vision);
  p->hearing = wary_default_hearing_def();
  scale_hearing(w, &p->hearing);
  for (int32_t k = 0; k < WARY_BUILTIN_SENSES; k++) {
    p->basic[k] = wary_default_basic_sense_def(k);
    p->basic[k].range = wy_scaled(w, p->basic[k].range, wy_basic_range_m(k));
  }
  p->geck = wary_default_geck_def();
  scale_geck(w, &p->geck);
  p->geck.enabled = false;
  p->brain = wary_default_brain_def();
  p->brain.emotions = false;
  p->brain.threat_distance_range = wy_scaled(w, p->brain.threat_distance_range, 30.0f);
  profile_resolve(w, p, def);
  return w->profiles.count++;
}

static bool same_senses(const wy_profile *p, const wary_profile_def *d) {
  if (p->slot_count != d->sense_count) return false;
  for (int32_t i = 0; i < d->sense_count; i++)
    if (p->slots[i].sense != d->senses[i].sense) return false;
  return true;
}

int wary_profile_set(wary_world *w, int32_t profile, const wary_profile_def *def) {
  int status;
  wy_profile *p = wy_profile_to_set(w, profile, true, def && profile_valid(w, def), &status);
  if (!p) return status;
  bool keep = same_senses(p, def);
  profile_resolve(w, p, def);
  if (keep) return WARY_OK;
  /* The slots now mean other senses: what they held is void. */
  for (int32_t i = 0; i < w->agents.count; i++) {
    wy_agent *ag = &w->agents.data[i];
    const wy_actor *a = &w->actors.data[ag->actor];
    if (a->profile != profile) continue;
    wy_agent_reset_timers(w, ag, a->serial);
    for (int32_t b = 0; b < ag->beliefs.count; b++) wy_belief_reset_slots(&ag->beliefs.data[b]);
  }
  return WARY_OK;
}

void wy_agent_reset_timers(const wary_world *w, wy_agent *ag, uint32_t serial) {
  const wy_actor *a = &w->actors.data[ag->actor];
  const wy_profile *p = &w->profiles.data[a->profile];
  /* Golden-ratio phases spread agents' updates over the interval. */
  float phase = (float)fmod((double)serial * 0.6180339887498949, 1.0);
  for (int32_t s = 0; s < WY_SLOTS; s++) {
    ag->next_due[s] = s < p->slot_count ? phase * p->slots[s].interval : 0.0f;
    ag->since[s] = 0.0f;
    ag->errors[s] = 0;
    ag->muted[s] = false;
  }
}

int wary_sense_unmute(wary_world *w, wary_id agent, int32_t slot) {
  const wy_actor *a = wy_actor_get(w, agent);
  if (!a) return wy_actor_status(w, agent);
  if (a->agent < 0) return WARY_ERR_NOT_AGENT;
  if (slot < 0 || slot >= w->profiles.data[a->profile].slot_count) return WARY_ERR_NOT_FOUND;
  w->agents.data[a->agent].errors[slot] = 0;
  w->agents.data[a->agent].muted[slot] = false;
  return WARY_OK;
}

wy_profile *wy_profile_to_set(wary_world *w, int32_t profile, bool found, bool valid,
                              int *status) {
  *status = profile < 0 || profile >= w->profiles.count || !found ? WARY_ERR_NOT_FOUND
            : !valid                                            ? WARY_ERR_BAD_VALUE
            : w->in_step                                        ? WARY_ERR_IN_STEP
                                                                : WARY_OK;
  return *status == WARY_OK ? &w->profiles.data[profile] : NULL;
}

void wy_profile_refresh(const wary_world *w, wy_profile *p) {
  /* p->def's distances are already scaled; the copy keeps resolve from aliasing. */
  wary_profile_def d = p->def;
  profile_resolve(w, p, &d);
}
