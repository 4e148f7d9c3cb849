/* sound.c - sound types and hearing filters (seed 003), and emitting a sound:
 * it is queued with its stimulus (Stimulus.Sound.<name>) for the next step,
 * where hearing.c delivers it to the agents. */
#include "sound.h"

#include <stdio.h>
#include <string.h>

#include "emission.h"

wary_sound_def wary_default_sound_def(void) {
  wary_sound_def d;
  memset(&d, 0, sizeof d);
  d.category = WARY_CATEGORY_ENEMY;
  d.alert_level = WARY_NORMAL;
  d.loudness = 1.0f;
  d.max_range = -1.0f;
  d.max_lod_tier = 2;
  d.max_pending = 3;
  return d;
}

wary_filter_def wary_default_filter_def(void) {
  wary_filter_def d;
  memset(&d, 0, sizeof d);
  d.enabled = true;
  d.categories = (1u << WARY_CATEGORY_ENEMY) | (1u << WARY_CATEGORY_ANIMAL) |
                 (1u << WARY_CATEGORY_ENVIRONMENT) | (1u << WARY_CATEGORY_CUSTOM);
  d.min_alert_level = WARY_WHISPER;
  d.loudness_multiplier = 1.0f;
  return d;
}

static bool create(wary_world *w) {
  w->sounds = wy_alloc_zero(&w->alloc, sizeof *w->sounds);
  return w->sounds != NULL;
}

static void destroy(wary_world *w) {
  if (!w->sounds) return;
  wy_array_free(&w->alloc, &w->sounds->types);
  wy_array_free(&w->alloc, &w->sounds->filters);
  wy_free(&w->alloc, w->sounds, sizeof *w->sounds);
}

const wy_module wy_sound_module = {.create = create, .destroy = destroy};

static int32_t sound_create(wary_world *w, const wary_sound_def *d) {
  if (!d || !wary_name_string(w, d->name)) return WARY_ERR_NOT_FOUND;
  if (d->category < WARY_CATEGORY_ENEMY || d->category > WARY_CATEGORY_CUSTOM ||
      d->alert_level < WARY_WHISPER || d->alert_level > WARY_EXPLOSIVE || !wy_nonneg(d->loudness) ||
      !wy_finite(d->max_range) || (d->max_range < 0.0f && d->max_range != -1.0f) ||
      !wy_finite(d->location_accuracy) || d->location_accuracy < 0.0f ||
      d->location_accuracy > 1.0f || d->max_lod_tier < 0 || d->max_pending < 1)
    return WARY_ERR_BAD_VALUE;
  char tag[160];
  int n = snprintf(tag, sizeof tag, "Stimulus.Sound.%s", wary_name_string(w, d->name));
  if (n < 0 || n >= (int)sizeof tag) return WARY_ERR_BAD_VALUE;
  int32_t key;
  int status = wary_name(w, tag, &key);
  if (status != WARY_OK) return status;
  wy_sound *s = wy_array_push(&w->alloc, &w->sounds->types);
  if (!s) return WARY_ERR_OUT_OF_MEMORY;
  s->def = *d;
  s->def.max_range = wy_scaled(w, d->max_range, 15.0f);
  s->stimulus_tag = key;
  return w->sounds->types.count - 1;
}

int wary_sound_create(wary_world *w, const wary_sound_def *def, int32_t *out) {
  return wy_index_out(sound_create(w, def), out);
}

static int32_t filter_create(wary_world *w, const wary_filter_def *d) {
  if (!d || d->min_alert_level < WARY_WHISPER || d->min_alert_level > WARY_EXPLOSIVE ||
      !wy_nonneg(d->loudness_multiplier) || d->categories > 0x1Fu)
    return WARY_ERR_BAD_VALUE;
  wary_filter_def *f = wy_array_push(&w->alloc, &w->sounds->filters);
  if (!f) return WARY_ERR_OUT_OF_MEMORY;
  *f = *d;
  return w->sounds->filters.count - 1;
}

int wary_filter_create(wary_world *w, const wary_filter_def *def, int32_t *out) {
  return wy_index_out(filter_create(w, def), out);
}

static int emit(wary_world *w, wy_id source, int32_t sound, const float pos[3]) {
  if (sound < 0 || sound >= w->sounds->types.count) return WARY_ERR_NOT_FOUND;
  const wy_sound *s = &w->sounds->types.data[sound];
  wy_emission e;
  memset(&e, 0, sizeof e);
  e.is_sound = true;
  e.sound = sound;
  /* Every sound is also a stimulus: Stimulus.Sound.<name>, loudness / 3. */
  e.stimulus = wary_default_stimulus_def();
  e.stimulus.tag = s->stimulus_tag;
  memcpy(e.stimulus.pos, pos, sizeof e.stimulus.pos);
  e.stimulus.source.id = source;
  e.stimulus.strength = wy_clamp01(s->def.loudness / 3.0f);
  e.stimulus.radius = s->def.max_range;
  e.stimulus.max_lod_tier = s->def.max_lod_tier;
  return wy_emission_push(w, &e) ? WARY_OK : WARY_ERR_OUT_OF_MEMORY;
}

int wary_emit_sound(wary_world *w, wary_actor_id source_h, int32_t sound) {
  wy_id source = source_h.id;
  const wy_actor *a = wy_actor_get(w, source);
  if (!a) return wy_actor_status(w, source);
  return emit(w, source, sound, a->pos);
}

int wary_emit_sound_at(wary_world *w, int32_t sound, float x, float y, float z) {
  if (!wy_finite3(x, y, z)) return WARY_ERR_BAD_VALUE;
  float p[3] = {x, y, z};
  return emit(w, 0, sound, p);
}
