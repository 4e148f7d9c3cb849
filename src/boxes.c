/* boxes.c - the public side of occluders: materials, box ids (their slots
 * are the occluders' slots), and the ray query. The hierarchy itself is
 * occluders.c. */
#include <string.h>

#include "world.h"

wary_material_def wary_default_material_def(void) {
  wary_material_def d;
  memset(&d, 0, sizeof d);
  d.vision_transmission = 0.0f;
  d.sound_wall = true;
  return d;
}

static int material_check(wy_error *e, const char *fn, const wary_material_def *d) {
  if (!d) return wy_fail_null(e, WARY_ERR_BAD_VALUE, fn, "material_def");
  return wy_bad(e, fn, "material_def.vision_transmission", d->vision_transmission, WY_UNIT) ? WARY_ERR_BAD_VALUE
                                                                                          : WARY_OK;
}

static int32_t material_create(wary_world *w, const wary_material_def *def) {
  int status = material_check(w->error, "wary_material_create", def);
  if (status != WARY_OK) return status;
  if (w->material_count >= WY_MAX_MATERIALS)
    return wy_fail(w->error, WARY_ERR_FULL, "wary_material_create", "table full: %d materials at most",
                   WY_MAX_MATERIALS);
  int32_t i = w->material_count++;
  w->occ.signed_zero = w->occ.signed_zero || signbit(def->vision_transmission);
  w->materials[i].vision_transmission = def->vision_transmission;
  w->materials[i].sound_wall = def->sound_wall;
  return i;
}

int wary_material_create(wary_world *w, const wary_material_def *def, int32_t *out) {
  return wy_index_out(material_create(w, def), out);
}

int wary_material_set(wary_world *w, int32_t material, const wary_material_def *def) {
  if (material < 0 || material >= w->material_count)
    return wy_fail_index(w->error, WARY_ERR_NOT_FOUND, __func__, "material", "a material", material,
                         w->material_count);
  int status = material_check(w->error, __func__, def);
  if (status != WARY_OK) return status;
  w->occ.signed_zero = w->occ.signed_zero || signbit(def->vision_transmission);
  w->materials[material].vision_transmission = def->vision_transmission;
  w->materials[material].sound_wall = def->sound_wall;
  return WARY_OK;
}

wary_box_def wary_default_box_def(void) {
  wary_box_def d;
  memset(&d, 0, sizeof d);
  return d;
}

int wary_box_create(wary_world *w, const wary_box_def *def, wary_box_id *out) {
  wary_box_id unused;
  if (!out) out = &unused;
  out->id = 0;
  wy_error *e = w->error;
  if (!def) return wy_fail_null(e, WARY_ERR_BAD_VALUE, __func__, "box_def");
  int status = wy_bounds_check(e, __func__, "box_def", def->min, def->max);
  if (status != WARY_OK) return status;
  if (def->material < 0 || def->material >= w->material_count)
    return wy_fail_index(e, WARY_ERR_NOT_FOUND, __func__, "box_def.material", "a material", def->material,
                         w->material_count);
  if (w->in_step) return wy_fail_in_step(e, __func__);
  int32_t slot = wy_id_reserve(&w->box_ids);
  if (slot < 0) return wy_fail_reserve(e, __func__, slot, "box");
  if (!wy_occ_add(&w->occ, slot, def->min, def->max, def->material)) return wy_fail_memory(e, __func__);
  out->id = wy_id_alloc(&w->box_ids);
  w->light_epoch++;
  return WARY_OK;
}

int wary_box_set_bounds(wary_world *w, wary_box_id box_h, float min_x, float min_y, float min_z, float max_x, float max_y, float max_z) {
  wy_id box = box_h.id;
  int32_t slot = wy_id_slot(&w->box_ids, box);
  if (slot < 0) return wy_id_check(w->error, __func__, "box", &w->box_ids, box);
  float mn[3] = {min_x, min_y, min_z}, mx[3] = {max_x, max_y, max_z};
  int status = wy_bounds_check(w->error, __func__, NULL, mn, mx);
  if (status != WARY_OK) return status;
  if (w->in_step) return wy_fail_in_step(w->error, __func__);
  wy_occ_set_bounds(&w->occ, slot, mn, mx);
  w->light_epoch++;
  return WARY_OK;
}

int wary_box_set_material(wary_world *w, wary_box_id box_h, int32_t material) {
  wy_id box = box_h.id;
  int32_t slot = wy_id_slot(&w->box_ids, box);
  if (slot < 0) return wy_id_check(w->error, __func__, "box", &w->box_ids, box);
  if (material < 0 || material >= w->material_count)
    return wy_fail_index(w->error, WARY_ERR_NOT_FOUND, __func__, "material", "a material", material,
                         w->material_count);
  if (w->in_step) return wy_fail_in_step(w->error, __func__);
  wy_occ_set_material(&w->occ, slot, material);
  w->light_epoch++;
  return WARY_OK;
}

int wary_box_destroy(wary_world *w, wary_box_id box_h) {
  wy_id box = box_h.id;
  int32_t slot = wy_id_slot(&w->box_ids, box);
  if (slot < 0) return wy_id_check(w->error, __func__, "box", &w->box_ids, box);
  if (w->in_step) return wy_fail_in_step(w->error, __func__);
  wy_occ_remove(&w->occ, slot);
  wy_id_release(&w->box_ids, slot);
  w->light_epoch++;
  return WARY_OK;
}

bool wary_box_valid(const wary_world *w, wary_box_id box) { return wy_id_slot(&w->box_ids, box.id) >= 0; }
int32_t wary_box_count(const wary_world *w) { return w->occ.alive_count; }

int wary_ray_cast(wary_world *w, float ax, float ay, float az, float bx, float by, float bz,
                  wary_ray_result *out) {
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  out->transmission = 1.0f;
  out->walls = 0;
  out->boxes = 0;
  float a[3] = {ax, ay, az}, b[3] = {bx, by, bz};
  static const char *const args[] = {"ax", "ay", "az", "bx", "by", "bz"};
  for (int i = 0; i < 6; i++)
    if (wy_bad(w->error, __func__, args[i], i < 3 ? a[i] : b[i - 3], WY_FINITE)) return WARY_ERR_BAD_VALUE;
  w->stats.rays++;
  return wy_occ_segment(&w->occ, w->materials, a, b, out) ? WARY_OK : wy_fail_memory(w->error, __func__);
}
