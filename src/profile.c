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

/* A sense of def d at the end of the world's; false on out of memory. */
static bool sense_push(wary_world *w, const wary_sense_def *d) {
  wy_sense *s = wy_array_push(&w->alloc, &w->senses);
  if (s) s->def = *d;
  return s != NULL;
}

static int32_t sense_create(wary_world *w, const wary_sense_def *d) {
  static const char fn[] = "wary_sense_create";
  wy_error *e = w->error;
  if (!d) return wy_fail_null(e, WARY_ERR_BAD_VALUE, fn, "sense_def");
  if (wy_bad(e, fn, "sense_def.interval", d->interval, WY_POSITIVE)) return WARY_ERR_BAD_VALUE;
  if (isnan(d->max_range) || d->max_range < 0.0f)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                   "sense_def.max_range: expected a number >= 0 (0: the other senses' range, inf: everywhere), "
                   "got %g",
                   d->max_range);
  if (wy_bad(e, fn, "sense_def.loss_grace", d->loss_grace, WY_NONNEG) ||
      wy_bad(e, fn, "sense_def.weight", d->weight, WY_NONNEG) ||
      wy_bad_int(e, fn, "sense_def.loss_reason", -1, d->loss_reason, WARY_LOSS_NONE, WARY_LOSS_SUPPRESSED_BY_PAIN) ||
      wy_bad_int(e, fn, "sense_def.stimulus_tag_count", -1, d->stimulus_tag_count, 0, WARY_MAX_STIMULUS_TAGS))
    return WARY_ERR_BAD_VALUE;
  for (int32_t i = 0; i < d->stimulus_tag_count; i++) {
    const char *tag = wary_name_string(w, d->stimulus_tags[i]);
    if (!tag)
      return wy_fail(e, WARY_ERR_NOT_FOUND, fn,
                     "sense_def.stimulus_tags[%d]: expected an interned name (a key from wary_name), got %d", i,
                     d->stimulus_tags[i]);
    if (!wy_tag_parts_whole(tag))
      return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                     "sense_def.stimulus_tags[%d]: expected a tag prefix of whole dotted parts "
                     "(Stimulus.Custom), got \"%s\"",
                     i, tag);
  }
  if (w->in_step) return wy_fail_in_step(e, fn);
  if (!sense_push(w, d)) return wy_fail_memory(e, fn);
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
    /* Out of memory: wary_world_create names itself (no other text). */
    if (!sense_push(w, &s)) return false;
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
  d.ignore_same_team = false;
  for (int i = 0; i < WY_SLOTS; i++) {
    d.senses[i].sense = -1;
    d.senses[i].weight = -1.0f;
    d.senses[i].interval = -1.0f;
  }
  return d;
}

/* The thresholds in order: suspect <= detect <= track, each in [0, 1]. */
static int thresholds_check(wy_error *e, const char *fn, const wary_profile_def *d) {
  float suspect = d->suspect_threshold, detect = d->detect_threshold, track = d->track_threshold;
  if (wy_bad(e, fn, "profile_def.suspect_threshold", suspect, WY_UNIT) ||
      wy_bad(e, fn, "profile_def.track_threshold", track, WY_UNIT))
    return WARY_ERR_BAD_VALUE;
  if (track < suspect)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                   "profile_def.track_threshold: expected a number in [suspect_threshold %g, 1], got %g", suspect,
                   track);
  if (!(wy_finite(detect) && detect >= suspect && detect <= track))
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                   "profile_def.detect_threshold: expected a number in [suspect_threshold %g, track_threshold %g], "
                   "got %g",
                   suspect, track, detect);
  return WARY_OK;
}

static int profile_check(const wary_world *w, const char *fn, const wary_profile_def *d) {
  wy_error *e = w->error;
  if (!d) return wy_fail_null(e, WARY_ERR_BAD_VALUE, fn, "profile_def");
  int status = thresholds_check(e, fn, d);
  if (status != WARY_OK) return status;
  if (wy_bad(e, fn, "profile_def.telegraph_threshold", d->telegraph_threshold, WY_UNIT) ||
      wy_bad(e, fn, "profile_def.corroboration_bonus", d->corroboration_bonus, WY_UNIT) ||
      wy_bad(e, fn, "profile_def.min_track_duration", d->min_track_duration, WY_NONNEG) ||
      wy_bad(e, fn, "profile_def.fade_rate", d->fade_rate, WY_NONNEG) ||
      wy_bad(e, fn, "profile_def.lost_time", d->lost_time, WY_NONNEG) ||
      wy_bad(e, fn, "profile_def.memory_time", d->memory_time, WY_NONNEG) ||
      wy_bad(e, fn, "profile_def.smoothing_time", d->smoothing_time, WY_NONNEG) ||
      wy_bad(e, fn, "profile_def.max_uncertainty", d->max_uncertainty, WY_SCALED) ||
      wy_bad(e, fn, "profile_def.uncertainty_growth", d->uncertainty_growth, WY_SCALED) ||
      wy_bad_int(e, fn, "profile_def.sense_count", -1, d->sense_count, 0, WY_SLOTS))
    return WARY_ERR_BAD_VALUE;
  int32_t custom = 0;
  for (int32_t i = 0; i < d->sense_count; i++) {
    const wary_profile_sense *s = &d->senses[i];
    if (s->sense < 0 || s->sense >= w->senses.count)
      return wy_fail(e, WARY_ERR_NOT_FOUND, fn,
                     "profile_def.senses[%d].sense: expected a sense index in [0, %d], got %d", i,
                     w->senses.count - 1, s->sense);
    custom += s->sense >= WARY_BUILTIN_SENSES;
    if (s->weight != -1.0f && !wy_nonneg(s->weight))
      return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                     "profile_def.senses[%d].weight: expected -1 (the sense's) or a finite number >= 0, got %g", i,
                     s->weight);
    if (s->interval != -1.0f && (!wy_finite(s->interval) || s->interval <= 0.0f))
      return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                     "profile_def.senses[%d].interval: expected -1 (the sense's) or a finite number > 0, got %g", i,
                     s->interval);
    for (int32_t j = 0; j < i; j++)
      if (d->senses[j].sense == s->sense)
        return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                       "profile_def.senses[%d].sense: expected a sense not listed before, got %d (senses[%d] too)", i,
                       s->sense, j);
  }
  if (custom > WARY_MAX_CUSTOM_SENSES)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                   "profile_def.senses: expected at most %d custom senses (WARY_MAX_CUSTOM_SENSES), got %d",
                   WARY_MAX_CUSTOM_SENSES, custom);
  return WARY_OK;
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

/* A custom sense with max_range 0 reaches as far as the profile's other
 * senses (profile_resolve): with none that reaches anywhere, it would never
 * be asked about anything (unless it takes stimuli), so that profile is
 * refused (as the Lua facade refuses it). The ranges: p's built-in ones, or for a new profile (p
 * NULL) their defaults, where vision, smell, touch and echolocation reach
 * and hearing, vibration, damage and pain gather no candidates. */
static int rangeless_check(const wary_world *w, const char *fn, const wary_profile_def *d, const wy_profile *p) {
  int32_t rangeless = -1;
  bool reaches = false;
  for (int32_t i = 0; i < d->sense_count; i++) {
    int32_t sense = d->senses[i].sense;
    if (sense >= WARY_BUILTIN_SENSES) {
      const wary_sense_def *s = &w->senses.data[sense].def;
      /* One that takes stimuli (stimulus_tags) has them to go on. */
      if (s->max_range > 0.0f) reaches = true;
      else if (rangeless < 0 && s->stimulus_tag_count == 0) rangeless = i;
    } else if (p) {
      reaches = reaches || p->builtin[sense].range > 0.0f;
    } else {
      reaches = reaches || sense == WARY_SENSE_VISION || sense == WARY_SENSE_SMELL || sense == WARY_SENSE_TOUCH ||
                sense == WARY_SENSE_ECHOLOCATION;
    }
  }
  if (rangeless < 0 || reaches) return WARY_OK;
  return wy_fail(w->error, WARY_ERR_BAD_VALUE, fn,
                 "profile_def.senses[%d].sense: expected a profile with at least one sense that reaches "
                 "(max_range > 0: a custom sense's, or vision's, smell's, touch's or echolocation's), got "
                 "sense %d, whose max_range 0 reaches as far as the profile's other senses, and no sense "
                 "that reaches anywhere",
                 rangeless, d->senses[rangeless].sense);
}

static int32_t profile_create(wary_world *w, const wary_profile_def *def) {
  static const char fn[] = "wary_profile_create";
  int status = profile_check(w, fn, def);
  if (status == WARY_OK) status = rangeless_check(w, fn, def, NULL);
  if (status == WARY_OK) status = wy_step_check(w, fn);
  if (status != WARY_OK) return status;
  int32_t index = w->profiles.count;
  if (!wy_array_reserve(&w->alloc, &w->profiles, index + 1) ||
      !wy_modules_reserve(w, w->agents.count, index + 1))
    return wy_fail_memory(w->error, fn);
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
  int status = wy_profile_check(w, __func__, profile);
  if (status == WARY_OK) status = profile_check(w, __func__, def);
  if (status == WARY_OK) status = rangeless_check(w, __func__, def, &w->profiles.data[profile]);
  if (status == WARY_OK) status = wy_step_check(w, __func__);
  if (status != WARY_OK) return status;
  wy_profile *p = &w->profiles.data[profile];
  bool keep = same_senses(p, def);
  if (!keep && !wy_modules_slots_reserve(w, profile, def->sense_count)) return WARY_ERR_OUT_OF_MEMORY;
  /* Where each new slot's sense was (senses are listed once each), and
   * which old slots' senses stay. */
  int8_t from[WY_SLOTS];
  bool stays[WY_SLOTS] = {false};
  int32_t old_count = p->slot_count;
  for (int32_t s = 0; s < def->sense_count; s++) {
    from[s] = -1;
    for (int32_t o = 0; o < old_count; o++)
      if (p->slots[o].sense == def->senses[s].sense) {
        from[s] = (int8_t)o;
        stays[o] = true;
      }
  }
  wy_modules_profile_changing(w, profile);
  /* A built-in sense it no longer lists keeps nothing of its settings. */
  for (int32_t o = 0; o < old_count; o++)
    if (!stays[o] && p->slots[o].sense < WARY_BUILTIN_SENSES) wy_modules_sense_dropped(w, profile, p->slots[o].sense);
  profile_resolve(w, p, def);
  if (keep) return WARY_OK;
  /* The slots now list other senses: a kept sense's slot moves with what it
   * held (a damage share in its grace stays), a new one starts empty. */
  for (int32_t i = 0; i < w->agents.count; i++) {
    const wy_actor *a = wy_agent_actor(w, i);
    if (a->profile != profile) continue;
    wy_agent_remap_timers(w, i, a->serial, from);
    wy_modules_slots_remap(w, i, from, old_count);
  }
  return WARY_OK;
}


int wy_profile_check(const wary_world *w, const char *fn, int32_t profile) {
  if (profile >= 0 && profile < w->profiles.count) return WARY_OK;
  return wy_fail_index(w->error, WARY_ERR_NOT_FOUND, fn, "profile", "a profile", profile, w->profiles.count);
}

void wy_profile_refresh(wary_world *w, wy_profile *p) {
  wy_modules_profile_changing(w, (int32_t)(p - w->profiles.data));
  /* p->def's distances are already scaled; the copy keeps resolve from aliasing. */
  wary_profile_def d = p->def;
  profile_resolve(w, p, &d);
}
