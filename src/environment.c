/* environment.c - lamps, the sun and environments (fog, dark rooms,
 * muffled spaces): their defs and their ids. Each change bumps the world's
 * light_epoch, so cached light levels (light.c) are taken again. */
#include "environment.h"

#include <string.h>

#include "world.h"

wary_light_def wary_default_light_def(void) {
  wary_light_def d;
  memset(&d, 0, sizeof d);
  d.radius = -1.0f;
  d.intensity = 1.0f;
  d.cast_shadows = true;
  return d;
}

wary_environment_def wary_default_environment_def(void) {
  wary_environment_def d;
  memset(&d, 0, sizeof d);
  d.vision_range_scale = 1.0f;
  d.hearing_range_scale = 1.0f;
  d.light = -1.0f;
  return d;
}

static bool light_valid(const wary_light_def *d) {
  return d && wy_finite3(d->pos[0], d->pos[1], d->pos[2]) && wy_finite(d->radius) &&
         (d->radius > 0.0f || d->radius == -1.0f) && wy_unit(d->intensity);
}

static bool env_valid(const wary_environment_def *d) {
  if (!d) return false;
  for (int i = 0; i < 3; i++)
    if (!wy_finite(d->min[i]) || !wy_finite(d->max[i]) || d->max[i] < d->min[i]) return false;
  return wy_unit(d->vision_range_scale) && wy_unit(d->hearing_range_scale) &&
         (d->light == -1.0f || wy_unit(d->light));
}

int wary_light_create(wary_world *w, const wary_light_def *def, wary_light_id *out) {
  wary_light_id unused;
  if (!out) out = &unused;
  out->id = 0;
  w->light_epoch++;
  if (!light_valid(def)) return WARY_ERR_BAD_VALUE;
  int32_t slot = wy_id_reserve(&w->light_ids);
  if (slot < 0) return slot;
  if (!wy_array_reserve(&w->alloc, &w->lights, slot + 1)) return WARY_ERR_OUT_OF_MEMORY;
  if (slot == w->lights.count) w->lights.count++;
  wy_light *l = &w->lights.data[slot];
  l->def = *def;
  l->def.radius = wy_scaled(w, def->radius, 8.0f);
  out->id = wy_id_alloc(&w->light_ids);
  return WARY_OK;
}

int wary_light_set(wary_world *w, wary_light_id id_h, const wary_light_def *def) {
  wy_id id = id_h.id;
  w->light_epoch++;
  int32_t slot = wy_id_slot(&w->light_ids, id);
  if (slot < 0) return wy_id_status(&w->light_ids, id);
  if (!light_valid(def)) return WARY_ERR_BAD_VALUE;
  wy_light *l = &w->lights.data[slot];
  l->def = *def;
  l->def.radius = wy_scaled(w, def->radius, 8.0f);
  return WARY_OK;
}

int wary_light_destroy(wary_world *w, wary_light_id id_h) {
  wy_id id = id_h.id;
  w->light_epoch++;
  int32_t slot = wy_id_slot(&w->light_ids, id);
  if (slot < 0) return wy_id_status(&w->light_ids, id);
  wy_id_release(&w->light_ids, slot);
  return WARY_OK;
}

int wary_environment_create(wary_world *w, const wary_environment_def *def,
                            wary_environment_id *out) {
  wary_environment_id unused;
  if (!out) out = &unused;
  out->id = 0;
  w->light_epoch++;
  if (!env_valid(def)) return WARY_ERR_BAD_VALUE;
  int32_t slot = wy_id_reserve(&w->env_ids);
  if (slot < 0) return slot;
  if (!wy_array_reserve(&w->alloc, &w->envs, slot + 1)) return WARY_ERR_OUT_OF_MEMORY;
  if (slot == w->envs.count) w->envs.count++;
  w->envs.data[slot].def = *def;
  out->id = wy_id_alloc(&w->env_ids);
  return WARY_OK;
}

int wary_environment_set(wary_world *w, wary_environment_id id_h, const wary_environment_def *def) {
  wy_id id = id_h.id;
  w->light_epoch++;
  int32_t slot = wy_id_slot(&w->env_ids, id);
  if (slot < 0) return wy_id_status(&w->env_ids, id);
  if (!env_valid(def)) return WARY_ERR_BAD_VALUE;
  w->envs.data[slot].def = *def;
  return WARY_OK;
}

int wary_environment_destroy(wary_world *w, wary_environment_id id_h) {
  wy_id id = id_h.id;
  w->light_epoch++;
  int32_t slot = wy_id_slot(&w->env_ids, id);
  if (slot < 0) return wy_id_status(&w->env_ids, id);
  wy_id_release(&w->env_ids, slot);
  return WARY_OK;
}

int wary_world_set_sun(wary_world *w, float dx, float dy, float dz, float intensity,
                       float ambient) {
  if (!wy_finite3(dx, dy, dz) || !wy_unit(intensity) || !wy_unit(ambient)) return WARY_ERR_BAD_VALUE;
  float len = sqrtf(dx * dx + dy * dy + dz * dz);
  w->sun_dir[0] = len > 0.0f ? dx / len : 0.0f;
  w->sun_dir[1] = len > 0.0f ? dy / len : 0.0f;
  w->sun_dir[2] = len > 0.0f ? dz / len : 0.0f;
  w->sun_intensity = intensity;
  w->ambient = ambient;
  w->light_epoch++;
  return WARY_OK;
}
