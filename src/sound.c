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

/* WARY_OK, or the status and text of what is wrong with d (for fn). */
static int sound_check(const wary_world *w, const char *fn, const wary_sound_def *d) {
  wy_error *e = w->error;
  if (!d) return wy_fail_null(e, WARY_ERR_BAD_VALUE, fn, "sound_def");
  if (!wary_name_string(w, d->name)) return wy_fail_name(e, fn, "sound_def.name", d->name);
  if (wy_bad_int(e, fn, "sound_def.category", -1, d->category, WARY_CATEGORY_ENEMY, WARY_CATEGORY_CUSTOM) ||
      wy_bad_int(e, fn, "sound_def.alert_level", -1, d->alert_level, WARY_WHISPER, WARY_EXPLOSIVE) ||
      wy_bad(e, fn, "sound_def.loudness", d->loudness, WY_NONNEG) ||
      wy_bad(e, fn, "sound_def.max_range", d->max_range, WY_SCALED) ||
      wy_bad(e, fn, "sound_def.location_accuracy", d->location_accuracy, WY_UNIT))
    return WARY_ERR_BAD_VALUE;
  if (d->max_lod_tier < 0)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "sound_def.max_lod_tier: expected an integer >= 0, got %d",
                   d->max_lod_tier);
  if (d->max_pending < 1)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "sound_def.max_pending: expected an integer >= 1, got %d",
                   d->max_pending);
  return WARY_OK;
}

static int32_t sound_create(wary_world *w, const wary_sound_def *d) {
  static const char fn[] = "wary_sound_create";
  wy_error *e = w->error;
  int status = sound_check(w, fn, d);
  if (status != WARY_OK) return status;
  char tag[WARY_MAX_SOUND_NAME + sizeof "Stimulus.Sound."];
  const char *name = wary_name_string(w, d->name);
  int n = snprintf(tag, sizeof tag, "Stimulus.Sound.%s", name);
  if (n < 0 || n >= (int)sizeof tag)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                   "sound_def.name: expected a name of at most %d characters (its tag Stimulus.Sound.<name>: %d), "
                   "got %u",
                   (int)(sizeof tag - sizeof "Stimulus.Sound."), (int)sizeof tag - 1, (unsigned)strlen(name));
  int32_t before = w->names.count;
  int32_t key = wy_name_intern(w, tag);
  if (key < 0) return wy_fail_intern(e, fn, key);
  wy_sound *s = wy_array_push(&w->alloc, &w->sounds->types);
  if (!s) {
    wy_names_forget(w, before);
    return wy_fail_memory(e, fn);
  }
  s->def = *d;
  s->def.max_range = wy_scaled(w, d->max_range, 15.0f);
  s->stimulus_tag = key;
  return w->sounds->types.count - 1;
}

int wary_sound_create(wary_world *w, const wary_sound_def *def, int32_t *out) {
  return wy_index_out(sound_create(w, def), out);
}

int wary_sound_set(wary_world *w, int32_t sound, const wary_sound_def *def) {
  static const char fn[] = "wary_sound_set";
  wy_error *e = w->error;
  int status = wy_step_check(w, fn);
  if (status != WARY_OK) return status;
  if (sound < 0 || sound >= w->sounds->types.count)
    return wy_fail_index(e, WARY_ERR_NOT_FOUND, fn, "sound", "a sound", sound, w->sounds->types.count);
  status = sound_check(w, fn, def);
  if (status != WARY_OK) return status;
  wy_sound *s = &w->sounds->types.data[sound];
  /* Its stimulus tag is made of its name: a sound keeps its name. */
  if (def->name != s->def.name)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "sound_def.name: expected the sound's own name %s, got %s",
                   wary_name_string(w, s->def.name), wary_name_string(w, def->name));
  s->def = *def;
  s->def.max_range = wy_scaled(w, def->max_range, 15.0f);
  return WARY_OK;
}

static int filter_check(wy_error *e, const char *fn, const wary_filter_def *d) {
  if (!d) return wy_fail_null(e, WARY_ERR_BAD_VALUE, fn, "filter_def");
  if (wy_bad_int(e, fn, "filter_def.min_alert_level", -1, d->min_alert_level, WARY_WHISPER, WARY_EXPLOSIVE) ||
      wy_bad(e, fn, "filter_def.loudness_multiplier", d->loudness_multiplier, WY_NONNEG))
    return WARY_ERR_BAD_VALUE;
  if (d->categories > 0x1Fu)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                   "filter_def.categories: expected bits 1 << category of the 5 categories (at most %u), got %u",
                   0x1Fu, d->categories);
  return WARY_OK;
}

static int32_t filter_create(wary_world *w, const wary_filter_def *d) {
  static const char fn[] = "wary_filter_create";
  wy_error *e = w->error;
  int status = filter_check(e, fn, d);
  if (status != WARY_OK) return status;
  wary_filter_def *f = wy_array_push(&w->alloc, &w->sounds->filters);
  if (!f) return wy_fail_memory(e, fn);
  *f = *d;
  return w->sounds->filters.count - 1;
}

int wary_filter_create(wary_world *w, const wary_filter_def *def, int32_t *out) {
  return wy_index_out(filter_create(w, def), out);
}

int wary_filter_set(wary_world *w, int32_t filter, const wary_filter_def *def) {
  static const char fn[] = "wary_filter_set";
  int status = wy_step_check(w, fn);
  if (status != WARY_OK) return status;
  if (filter < 0 || filter >= w->sounds->filters.count)
    return wy_fail_index(w->error, WARY_ERR_NOT_FOUND, fn, "filter", "a filter", filter, w->sounds->filters.count);
  status = filter_check(w->error, fn, def);
  if (status != WARY_OK) return status;
  w->sounds->filters.data[filter] = *def;
  return WARY_OK;
}

static int emit(wary_world *w, const char *fn, wy_id source, int32_t sound, const float pos[3]) {
  if (sound < 0 || sound >= w->sounds->types.count)
    return wy_fail_index(w->error, WARY_ERR_NOT_FOUND, fn, "sound", "a sound", sound, w->sounds->types.count);
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
  return wy_emission_push(w, &e) ? WARY_OK : wy_fail_memory(w->error, fn);
}

int wary_emit_sound(wary_world *w, wary_actor_id source_h, int32_t sound) {
  wy_id source = source_h.id;
  const wy_actor *a = wy_actor_get(w, source);
  if (!a) return wy_actor_status(w, source, __func__, "source");
  return emit(w, __func__, source, sound, a->pos);
}

int wary_emit_sound_at(wary_world *w, int32_t sound, float x, float y, float z) {
  if (wy_bad(w->error, __func__, "x", x, WY_FINITE) || wy_bad(w->error, __func__, "y", y, WY_FINITE) ||
      wy_bad(w->error, __func__, "z", z, WY_FINITE))
    return WARY_ERR_BAD_VALUE;
  float p[3] = {x, y, z};
  return emit(w, __func__, 0, sound, p);
}
