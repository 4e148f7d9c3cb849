/* environment.c - lamps, the sun and environments (fog, dark rooms,
 * muffled spaces): their defs and their ids. Each change bumps the world's
 * light_epoch, so cached light levels (light.c) are taken again. */
#include "environment.h"

#include <math.h>
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

static int light_check(wy_error *e, const char *fn, const wary_light_def *d) {
  if (!d) return wy_fail_null(e, WARY_ERR_BAD_VALUE, fn, "light_def");
  for (int i = 0; i < 3; i++)
    if (wy_bad_at(e, fn, "light_def.pos", i, d->pos[i], WY_FINITE)) return WARY_ERR_BAD_VALUE;
  return wy_bad(e, fn, "light_def.radius", d->radius, WY_SCALED_POSITIVE) ||
                 wy_bad(e, fn, "light_def.intensity", d->intensity, WY_UNIT)
             ? WARY_ERR_BAD_VALUE
             : WARY_OK;
}

static int env_check(wy_error *e, const char *fn, const wary_environment_def *d) {
  if (!d) return wy_fail_null(e, WARY_ERR_BAD_VALUE, fn, "environment_def");
  int status = wy_bounds_check(e, fn, "environment_def", d->min, d->max);
  if (status != WARY_OK) return status;
  if (wy_bad(e, fn, "environment_def.vision_range_scale", d->vision_range_scale, WY_UNIT) ||
      wy_bad(e, fn, "environment_def.hearing_range_scale", d->hearing_range_scale, WY_UNIT))
    return WARY_ERR_BAD_VALUE;
  if (d->light != -1.0f && !wy_unit(d->light))
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                   "environment_def.light: expected -1 (unchanged) or a finite number in [0, 1], got %g", d->light);
  return WARY_OK;
}

int wary_light_create(wary_world *w, const wary_light_def *def, wary_light_id *out) {
  wary_light_id unused;
  if (!out) out = &unused;
  out->id = 0;
  int status = light_check(w->error, __func__, def);
  if (status != WARY_OK) return status;
  int32_t slot = wy_id_reserve(&w->light_ids);
  if (slot < 0) return wy_fail_reserve(w->error, __func__, slot, "light");
  if (!wy_array_reserve(&w->alloc, &w->lights, slot + 1)) return wy_fail_memory(w->error, __func__);
  if (slot == w->lights.count) w->lights.count++;
  wy_light *l = &w->lights.data[slot];
  l->def = *def;
  l->def.radius = wy_scaled(w, def->radius, 8.0f);
  out->id = wy_id_alloc(&w->light_ids);
  w->light_epoch++;
  wy_vgrid_stale(&w->light_grid);
  return WARY_OK;
}

int wary_light_set(wary_world *w, wary_light_id id_h, const wary_light_def *def) {
  wy_id id = id_h.id;
  int32_t slot = wy_id_slot(&w->light_ids, id);
  if (slot < 0) return wy_id_check(w->error, __func__, "light", &w->light_ids, id);
  int status = light_check(w->error, __func__, def);
  if (status != WARY_OK) return status;
  wy_light *l = &w->lights.data[slot];
  l->def = *def;
  l->def.radius = wy_scaled(w, def->radius, 8.0f);
  w->light_epoch++;
  wy_vgrid_stale(&w->light_grid);
  return WARY_OK;
}

int wary_light_destroy(wary_world *w, wary_light_id id_h) {
  wy_id id = id_h.id;
  int32_t slot = wy_id_slot(&w->light_ids, id);
  if (slot < 0) return wy_id_check(w->error, __func__, "light", &w->light_ids, id);
  wy_id_release(&w->light_ids, slot);
  w->light_epoch++;
  wy_vgrid_stale(&w->light_grid);
  return WARY_OK;
}

int wary_environment_create(wary_world *w, const wary_environment_def *def,
                            wary_environment_id *out) {
  wary_environment_id unused;
  if (!out) out = &unused;
  out->id = 0;
  int status = env_check(w->error, __func__, def);
  if (status != WARY_OK) return status;
  int32_t slot = wy_id_reserve(&w->env_ids);
  if (slot < 0) return wy_fail_reserve(w->error, __func__, slot, "environment");
  if (!wy_array_reserve(&w->alloc, &w->envs, slot + 1)) return wy_fail_memory(w->error, __func__);
  if (slot == w->envs.count) w->envs.count++;
  w->envs.data[slot].def = *def;
  out->id = wy_id_alloc(&w->env_ids);
  w->light_epoch++;
  wy_vgrid_stale(&w->env_grid);
  return WARY_OK;
}

int wary_environment_set(wary_world *w, wary_environment_id id_h, const wary_environment_def *def) {
  wy_id id = id_h.id;
  int32_t slot = wy_id_slot(&w->env_ids, id);
  if (slot < 0) return wy_id_check(w->error, __func__, "env", &w->env_ids, id);
  int status = env_check(w->error, __func__, def);
  if (status != WARY_OK) return status;
  w->envs.data[slot].def = *def;
  w->light_epoch++;
  wy_vgrid_stale(&w->env_grid);
  return WARY_OK;
}

int wary_environment_destroy(wary_world *w, wary_environment_id id_h) {
  wy_id id = id_h.id;
  int32_t slot = wy_id_slot(&w->env_ids, id);
  if (slot < 0) return wy_id_check(w->error, __func__, "env", &w->env_ids, id);
  wy_id_release(&w->env_ids, slot);
  w->light_epoch++;
  wy_vgrid_stale(&w->env_grid);
  return WARY_OK;
}

/* A lamp reaches no point farther than its radius on either axis (light.c
 * skips it there); the extent is widened by a float each way, so that no
 * rounding of pos +- radius leaves a point it reaches outside. */
static bool light_extent(const void *context, int32_t slot, float lo[2], float hi[2]) {
  const wary_world *w = context;
  if (!wy_id_live(&w->light_ids, slot)) return false;
  const wary_light_def *d = &w->lights.data[slot].def;
  for (int k = 0; k < 2; k++) {
    lo[k] = nextafterf(d->pos[k] - d->radius, -INFINITY);
    hi[k] = nextafterf(d->pos[k] + d->radius, INFINITY);
  }
  return true;
}

static bool env_extent(const void *context, int32_t slot, float lo[2], float hi[2]) {
  const wary_world *w = context;
  if (!wy_id_live(&w->env_ids, slot)) return false;
  const wary_environment_def *d = &w->envs.data[slot].def;
  for (int k = 0; k < 2; k++) {
    lo[k] = d->min[k];
    hi[k] = d->max[k];
  }
  return true;
}

bool wy_environment_prepare(wary_world *w) {
  return (w->light_grid.fresh || wy_vgrid_build(&w->light_grid, &w->alloc, w->lights.count, light_extent, w)) &&
         (w->env_grid.fresh || wy_vgrid_build(&w->env_grid, &w->alloc, w->envs.count, env_extent, w));
}

int wary_world_set_sun(wary_world *w, float dx, float dy, float dz, float intensity,
                       float ambient) {
  wy_error *e = w->error;
  if (wy_bad(e, __func__, "dx", dx, WY_FINITE) || wy_bad(e, __func__, "dy", dy, WY_FINITE) ||
      wy_bad(e, __func__, "dz", dz, WY_FINITE) || wy_bad(e, __func__, "intensity", intensity, WY_UNIT) ||
      wy_bad(e, __func__, "ambient", ambient, WY_UNIT))
    return WARY_ERR_BAD_VALUE;
  float len = sqrtf(dx * dx + dy * dy + dz * dz);
  if (!(len >= 0x1p-60f && len <= 0x1p60f)) {
    /* Squares that overflowed (1e20) or fell below the floats (1e-23):
     * the same direction in doubles, which hold them. Only {0, 0, 0} has
     * no direction (no sun). */
    double l = sqrt((double)dx * dx + (double)dy * dy + (double)dz * dz);
    for (int k = 0; k < 3; k++) w->sun_dir[k] = l > 0.0 ? (float)((k == 0 ? dx : k == 1 ? dy : dz) / l) : 0.0f;
  } else {
    w->sun_dir[0] = dx / len;
    w->sun_dir[1] = dy / len;
    w->sun_dir[2] = dz / len;
  }
  w->sun_intensity = intensity;
  w->ambient = ambient;
  w->light_epoch++;
  return WARY_OK;
}
