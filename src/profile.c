/* profile.c - sense contracts (the built-in senses 0..7 and custom ones) and
 * profiles proper: validation, the resolved per-slot settings (weight,
 * interval, range, loss rules) from each sense's contract. */
#include "profile.h"

#include <string.h>

#include "world.h"

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

static int32_t sense_create(wary_world *w, const wary_sense_def *d) {
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
  wy_sense *s = wy_array_push(&w->alloc, &w->senses);
  if (!s) return WARY_ERR_OUT_OF_MEMORY;
  s->def = *d;
  return w->senses.count - 1;
}

int wary_sense_create(wary_world *w, const wary_sense_def *def, int32_t *out) {
  return wy_index_out(sense_create(w, def), out);
}

bool wy_senses_init(wary_world *w) {
  /* Senses 0 to 7 are the built-in ones (vision, hearing, vibration, smell,
   * touch, echolocation, damage, pain); their settings live in each profile. */
  for (int32_t i = 0; i < WARY_BUILTIN_SENSES; i++) {
    wary_sense_def s = wary_default_sense_def();
    s.direct_lost_cut = i == WARY_SENSE_VISION;
    s.loss_reason = i == WARY_SENSE_VISION ? WARY_LOSS_OCCLUDED : WARY_LOSS_SENSOR_DROPOUT;
    if (sense_create(w, &s) != i) return false;
  }
  return true;
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
  for (int32_t k = 0; k < WARY_BUILTIN_SENSES; k++) p->builtin_slot[k] = -1;
  for (int32_t i = 0; i < d->sense_count; i++) {
    int32_t sense = d->senses[i].sense;
    wary_sense_def s = w->senses.data[sense].def;
    float decay_scale = 1.0f;
    /* A built-in sense's contract is the profile's settings for it. */
    if (sense < WARY_BUILTIN_SENSES) {
      const wy_contract *c = &p->builtin[sense];
      s.interval = c->interval;
      s.max_range = c->range;
      s.loss_grace = c->loss_grace;
      s.weight = c->weight;
      decay_scale = c->decay_scale;
      p->builtin_slot[sense] = i;
    }
    wy_slot *slot = &p->slots[i];
    slot->sense = d->senses[i].sense;
    slot->weight = d->senses[i].weight == -1.0f ? s.weight : d->senses[i].weight;
    slot->interval = d->senses[i].interval == -1.0f ? s.interval : d->senses[i].interval;
    slot->range = s.max_range;
    slot->loss_grace = s.loss_grace;
    slot->direct_lost_cut = s.direct_lost_cut;
    slot->loss_reason = s.loss_reason;
    slot->decay_scale = decay_scale;
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

static int32_t profile_create(wary_world *w, const wary_profile_def *def) {
  if (!def || !profile_valid(w, def)) return WARY_ERR_BAD_VALUE;
  if (w->in_step) return WARY_ERR_IN_STEP;
  int32_t index = w->profiles.count;
  if (!wy_array_reserve(&w->alloc, &w->profiles, index + 1) ||
      !wy_modules_reserve(w, w->agents.count, index + 1))
    return WARY_ERR_OUT_OF_MEMORY;
  wy_profile *p = &w->profiles.data[w->profiles.count++];
  memset(p, 0, sizeof *p);
  /* Until a module writes its own, a built-in sense's contract is its sense's. */
  for (int32_t k = 0; k < WARY_BUILTIN_SENSES; k++) {
    const wary_sense_def *s = &w->senses.data[k].def;
    p->builtin[k] = (wy_contract){s->interval, s->max_range, s->loss_grace, s->weight, 1.0f};
  }
  wy_modules_profile_added(w, index);
  profile_resolve(w, p, def);
  return index;
}

int wary_profile_create(wary_world *w, const wary_profile_def *def, int32_t *out) {
  return wy_index_out(profile_create(w, def), out);
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
  if (!keep && !wy_modules_slots_reserve(w, profile, def->sense_count)) return WARY_ERR_OUT_OF_MEMORY;
  wy_modules_profile_changing(w, profile);
  profile_resolve(w, p, def);
  if (keep) return WARY_OK;
  /* The slots now mean other senses: what they held is void. */
  for (int32_t i = 0; i < w->agents.count; i++) {
    const wy_actor *a = wy_agent_actor(w, i);
    if (a->profile != profile) continue;
    wy_agent_reset_timers(w, i, a->serial);
    wy_modules_slots_reset(w, i);
  }
  return WARY_OK;
}


wy_profile *wy_profile_to_set(wary_world *w, int32_t profile, bool found, bool valid,
                              int *status) {
  *status = profile < 0 || profile >= w->profiles.count || !found ? WARY_ERR_NOT_FOUND
            : !valid                                             ? WARY_ERR_BAD_VALUE
            : w->in_step                                         ? WARY_ERR_IN_STEP
                                                                 : WARY_OK;
  return *status == WARY_OK ? &w->profiles.data[profile] : NULL;
}

void wy_profile_refresh(wary_world *w, wy_profile *p) {
  wy_modules_profile_changing(w, (int32_t)(p - w->profiles.data));
  /* p->def's distances are already scaled; the copy keeps resolve from aliasing. */
  wary_profile_def d = p->def;
  profile_resolve(w, p, &d);
}
