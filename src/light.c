/* light.c - what vision reads of the world around a target: the sun and its
 * shadow, lamps, environments (fog, dark rooms, muffled spaces), and the light
 * level at a target computed from them (once per target per step). */
#include <string.h>

#include "internal.h"

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

wary_id wary_light_create(wary_world *w, const wary_light_def *def) {
  w->light_epoch++;
  if (!light_valid(def)) return 0;
  int32_t slot = wy_id_reserve(&w->light_ids);
  if (slot < 0 || !wy_array_reserve(&w->lights, slot + 1)) return 0;
  if (slot == w->lights.count) w->lights.count++;
  wy_light *l = &w->lights.data[slot];
  l->def = *def;
  l->def.radius = wy_scaled(w, def->radius, 8.0f);
  return wy_id_alloc(&w->light_ids);
}

int wary_light_set(wary_world *w, wary_id id, const wary_light_def *def) {
  w->light_epoch++;
  int32_t slot = wy_id_slot(&w->light_ids, id);
  if (slot < 0) return wy_id_status(&w->light_ids, id);
  if (!light_valid(def)) return WARY_ERR_BAD_VALUE;
  wy_light *l = &w->lights.data[slot];
  l->def = *def;
  l->def.radius = wy_scaled(w, def->radius, 8.0f);
  return WARY_OK;
}

int wary_light_destroy(wary_world *w, wary_id id) {
  w->light_epoch++;
  int32_t slot = wy_id_slot(&w->light_ids, id);
  if (slot < 0) return wy_id_status(&w->light_ids, id);
  wy_id_release(&w->light_ids, slot);
  return WARY_OK;
}

wary_id wary_environment_create(wary_world *w, const wary_environment_def *def) {
  w->light_epoch++;
  if (!env_valid(def)) return 0;
  int32_t slot = wy_id_reserve(&w->env_ids);
  if (slot < 0 || !wy_array_reserve(&w->envs, slot + 1)) return 0;
  if (slot == w->envs.count) w->envs.count++;
  w->envs.data[slot].def = *def;
  return wy_id_alloc(&w->env_ids);
}

int wary_environment_set(wary_world *w, wary_id id, const wary_environment_def *def) {
  w->light_epoch++;
  int32_t slot = wy_id_slot(&w->env_ids, id);
  if (slot < 0) return wy_id_status(&w->env_ids, id);
  if (!env_valid(def)) return WARY_ERR_BAD_VALUE;
  w->envs.data[slot].def = *def;
  return WARY_OK;
}

int wary_environment_destroy(wary_world *w, wary_id id) {
  w->light_epoch++;
  int32_t slot = wy_id_slot(&w->env_ids, id);
  if (slot < 0) return wy_id_status(&w->env_ids, id);
  wy_id_release(&w->env_ids, slot);
  return WARY_OK;
}

void wy_env_at(const wary_world *w, const float p[3], float *vision_scale, float *hearing_scale,
               float *light) {
  *vision_scale = 1.0f;
  *hearing_scale = 1.0f;
  *light = -1.0f;
  for (int32_t i = 0; i < w->envs.count; i++) {
    if (!wy_id_live(&w->env_ids, i)) continue;
    const wy_env *e = &w->envs.data[i];
    const wary_environment_def *d = &e->def;
    if (p[0] < d->min[0] || p[1] < d->min[1] || p[2] < d->min[2] || p[0] > d->max[0] ||
        p[1] > d->max[1] || p[2] > d->max[2])
      continue;
    /* Overlapping environments: the thickest fog and the darkest room win. */
    if (d->vision_range_scale < *vision_scale) *vision_scale = d->vision_range_scale;
    if (d->hearing_range_scale < *hearing_scale) *hearing_scale = d->hearing_range_scale;
    if (d->light >= 0.0f && (*light < 0.0f || d->light < *light)) *light = d->light;
  }
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

static float transmission(wary_world *w, const float a[3], const float b[3]) {
  wary_ray_result r;
  w->stats.rays++;
  return wy_occ_ray(&w->occ, w->materials, a, b, &r) ? r.transmission : 0.0f;
}

/* The light level at p: shade, or sun where its ray is clear; inside an
 * environment with a light of its own, that instead; lamps on top. */
static float light_at_point(wary_world *w, const float p[3], bool sun_shadow) {
  float vs, hs, env_light;
  wy_env_at(w, p, &vs, &hs, &env_light);
  float light = w->ambient;
  bool sun = w->sun_dir[0] != 0.0f || w->sun_dir[1] != 0.0f || w->sun_dir[2] != 0.0f;
  if (env_light >= 0.0f) {
    light = env_light;
  } else if (sun) {
    float lit = 1.0f;
    if (sun_shadow) {
      float far = 1000.0f * w->def.units_per_meter;
      float q[3] = {p[0] - w->sun_dir[0] * far, p[1] - w->sun_dir[1] * far,
                    p[2] - w->sun_dir[2] * far};
      lit = transmission(w, p, q);
    }
    light = w->ambient + (w->sun_intensity - w->ambient) * lit;
  }
  for (int32_t i = 0; i < w->lights.count; i++) {
    if (!wy_id_live(&w->light_ids, i)) continue;
    const wy_light *l = &w->lights.data[i];
    float dx = p[0] - l->def.pos[0], dy = p[1] - l->def.pos[1], dz = p[2] - l->def.pos[2];
    float x2 = (dx * dx + dy * dy + dz * dz) / (l->def.radius * l->def.radius);
    if (x2 >= 1.0f) continue;
    float v = l->def.intensity * (1.0f - x2);
    if (v > light && l->def.cast_shadows) v *= transmission(w, p, l->def.pos);
    if (v > light) light = v;
  }
  return wy_clamp01(light);
}

float wy_light_at(wary_world *w, wy_actor *t, bool sun_shadow) {
  int k = sun_shadow ? 1 : 0;
  if (t->light_stamp[k] == w->light_epoch) return t->light_cache[k];
  /* Light is taken at the chest: a metre above the feet. */
  float p[3] = {t->pos[0], t->pos[1], t->pos[2] + w->def.units_per_meter};
  t->light_cache[k] = light_at_point(w, p, sun_shadow);
  t->light_stamp[k] = w->light_epoch;
  return t->light_cache[k];
}

float wary_light_at(wary_world *w, wary_id actor) {
  wy_actor *t = wy_actor_get(w, actor);
  return t ? wy_light_at(w, t, true) : -1.0f;
}
