/* light.c - the light level at a target as vision reads it: shade, or sun
 * where its shadow ray is clear, a dark room's own light, lamps on top;
 * computed once per target per light_epoch (each step, each change). */
#include "light.h"

static float transmission(wary_world *w, const float a[3], const float b[3], uint64_t *rays) {
  float sight;
  (*rays)++;
  return wy_occ_sight(&w->occ, w->materials, a, b, &sight) ? sight : 0.0f;
}

/* The light level at p: shade, or sun where its ray is clear; inside an
 * environment with a light of its own, that instead; lamps on top. */
static float light_at_point(wary_world *w, const float p[3], bool sun_shadow, uint64_t *rays) {
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
      lit = transmission(w, p, q, rays);
    }
    light = w->ambient + (w->sun_intensity - w->ambient) * lit;
  }
  /* In slot order (as the grid gives them): a lamp's shadow ray is cast
   * only when it would outshine those before it. */
  int32_t n;
  const int32_t *at = wy_vgrid_at(&w->light_grid, p[0], p[1], w->lights.count, &n);
  for (int32_t k = 0; k < n; k++) {
    int32_t i = at ? at[k] : k;
    if (!wy_id_live(&w->light_ids, i)) continue;
    const wy_light *l = &w->lights.data[i];
    float dx = p[0] - l->def.pos[0], dy = p[1] - l->def.pos[1], dz = p[2] - l->def.pos[2];
    float x2 = (dx * dx + dy * dy + dz * dz) / (l->def.radius * l->def.radius);
    if (x2 >= 1.0f) continue;
    float v = l->def.intensity * (1.0f - x2);
    if (v > light && l->def.cast_shadows) v *= transmission(w, p, l->def.pos, rays);
    if (v > light) light = v;
  }
  return wy_clamp01(light);
}

float wy_light_at(wary_world *w, wy_actor *t, bool sun_shadow, uint64_t *rays) {
  int k = sun_shadow ? 1 : 0;
  uint32_t epoch = w->light_epoch;
  if (atomic_load_explicit(&t->light_stamp[k], memory_order_acquire) == epoch) return t->light_cache[k];
  /* Light is taken at the height of the stance's pelvis point: a metre
   * above the feet standing, 0.55 m crouched, 0.15 m prone (under a table,
   * the table's shade). */
  float p[3] = {t->pos[0], t->pos[1],
                t->pos[2] + wy_stance_points[t->stance][WY_PELVIS_Z] * w->def.units_per_meter};
  uint32_t claim = atomic_load_explicit(&t->light_claim[k], memory_order_relaxed);
  if (claim == epoch ||
      !atomic_compare_exchange_strong_explicit(&t->light_claim[k], &claim, epoch, memory_order_relaxed,
                                               memory_order_relaxed)) {
    /* Another worker fills the cache: the same value, not counted twice. */
    uint64_t uncounted = 0;
    return light_at_point(w, p, sun_shadow, &uncounted);
  }
  t->light_cache[k] = light_at_point(w, p, sun_shadow, rays);
  atomic_store_explicit(&t->light_stamp[k], epoch, memory_order_release);
  return t->light_cache[k];
}

float wary_light_at(wary_world *w, wary_actor_id actor_h) {
  wy_id actor = actor_h.id;
  wy_actor *t = wy_actor_get(w, actor);
  if (!t) {
    wy_actor_status(w, actor, __func__, "actor");
    return -1.0f;
  }
  return wy_light_at(w, t, true, &w->stats.rays);
}
