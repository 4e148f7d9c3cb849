/* world.c - the world layer's lifetime: the world def (defaults, checks),
 * creating and freeing the world's own state and every module's, and the
 * hooks that tell the modules what changed; weather and time. */
#include <stdlib.h>
#include <string.h>

#include "world.h"

wary_world_def wary_default_world_def(void) {
  wary_world_def d;
  memset(&d, 0, sizeof d);
  d.units_per_meter = 100.0f;
  d.weather = 1.0f;
  d.grid_cell_size = -1.0f;
  d.event_capacity = 4096;
  d.sense_error_limit = 3;
  d.lod_interval_scale[0] = 1.0f;
  d.lod_interval_scale[1] = 2.0f;
  d.lod_interval_scale[2] = 4.0f;
  d.lod_interval_scale[3] = 8.0f;
  return d;
}

int wy_world_def_check(wy_error *e, const char *fn, const wary_world_def *d) {
  if (wy_bad(e, fn, "world_def.units_per_meter", d->units_per_meter, WY_POSITIVE) ||
      wy_bad(e, fn, "world_def.weather", d->weather, WY_UNIT) ||
      wy_bad(e, fn, "world_def.grid_cell_size", d->grid_cell_size, WY_SCALED_POSITIVE))
    return WARY_ERR_BAD_VALUE;
  if (d->event_capacity < 1)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "world_def.event_capacity: expected an integer >= 1, got %d",
                   d->event_capacity);
  if (d->sense_error_limit < 1)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "world_def.sense_error_limit: expected an integer >= 1, got %d",
                   d->sense_error_limit);
  for (int i = 0; i < WARY_LOD_TIERS; i++)
    if (wy_bad_at(e, fn, "world_def.lod_interval_scale", i, d->lod_interval_scale[i], WY_POSITIVE))
      return WARY_ERR_BAD_VALUE;
  return WARY_OK;
}

wary_world *wy_world_new(const wary_world_def *def, const wy_module *const *modules,
                         int32_t module_count) {
  const wary_world_def d = *def;
  wary_world *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->def = d;
  w->def.grid_cell_size = d.grid_cell_size == -1.0f ? 10.0f * d.units_per_meter : d.grid_cell_size;
  w->error = calloc(1, sizeof *w->error);
  w->events = calloc((size_t)d.event_capacity, sizeof *w->events);
  if (!w->error || !w->events || !wy_grid_init(&w->grid, w->def.grid_cell_size)) {
    free(w->error);
    free(w->events);
    free(w);
    return NULL;
  }
  w->error->log = d.log;
  w->error->log_user = d.log_user;
  wy_occ_init(&w->occ);
  wy_id_pool_init(&w->actor_ids, WARY_KIND_ACTOR);
  wy_id_pool_init(&w->box_ids, WARY_KIND_BOX);
  wy_id_pool_init(&w->light_ids, WARY_KIND_LIGHT);
  wy_id_pool_init(&w->env_ids, WARY_KIND_ENVIRONMENT);
  w->materials[0].vision_transmission = 0.0f;
  w->materials[0].sound_wall = true;
  w->material_count = 1;
  w->grid_dirty = true;
  /* Noon sun; shade a third as bright (seed 000, room S2: shade about three
   * times worse than sun). */
  w->sun_dir[2] = -1.0f;
  w->sun_intensity = 1.0f;
  w->ambient = 0.3f;
  w->light_epoch = 1;
  w->modules = modules;
  for (int32_t i = 0; i < module_count; i++) {
    w->module_count = i + 1;
    if (modules[i]->create && !modules[i]->create(w)) {
      wy_world_free(w);
      return NULL;
    }
  }
  return w;
}

void wy_world_free(wary_world *w) {
  if (!w) return;
  for (int32_t i = w->module_count - 1; i >= 0; i--)
    if (w->modules[i]->destroy) w->modules[i]->destroy(w);
  for (int32_t i = 0; i < w->names.count; i++) free(w->names.data[i]);
  wy_array_free(&w->names);
  free(w->events);
  free(w->error);
  wy_occ_free(&w->occ);
  wy_id_pool_free(&w->box_ids);
  wy_array_free(&w->actors);
  wy_id_pool_free(&w->actor_ids);
  wy_array_free(&w->agents);
  wy_array_free(&w->profiles);
  wy_array_free(&w->senses);
  wy_grid_free(&w->grid);
  wy_array_free(&w->grid_pos);
  wy_array_free(&w->grid_team);
  wy_array_free(&w->grid_include);
  wy_array_free(&w->lights);
  wy_id_pool_free(&w->light_ids);
  wy_array_free(&w->envs);
  wy_id_pool_free(&w->env_ids);
  free(w);
}

bool wy_modules_reserve(wary_world *w, int32_t agents, int32_t profiles) {
  for (int32_t i = 0; i < w->module_count; i++)
    if (w->modules[i]->reserve && !w->modules[i]->reserve(w, agents, profiles)) return false;
  return true;
}

void wy_modules_profile_added(wary_world *w, int32_t profile) {
  for (int32_t i = 0; i < w->module_count; i++)
    if (w->modules[i]->profile_added) w->modules[i]->profile_added(w, profile);
}

void wy_modules_agent_added(wary_world *w, int32_t agent) {
  for (int32_t i = 0; i < w->module_count; i++)
    if (w->modules[i]->agent_added) w->modules[i]->agent_added(w, agent);
}

void wy_modules_agent_removed(wary_world *w, int32_t agent) {
  for (int32_t i = 0; i < w->module_count; i++)
    if (w->modules[i]->agent_removed) w->modules[i]->agent_removed(w, agent);
}

void wy_modules_actor_removed(wary_world *w, wy_id actor) {
  for (int32_t i = 0; i < w->module_count; i++)
    if (w->modules[i]->actor_removed) w->modules[i]->actor_removed(w, actor);
}

void wy_modules_slots_reset(wary_world *w, int32_t agent) {
  for (int32_t i = 0; i < w->module_count; i++)
    if (w->modules[i]->slots_reset) w->modules[i]->slots_reset(w, agent);
}

int wary_world_set_weather(wary_world *w, float weather) {
  if (wy_bad(w->error, __func__, "weather", weather, WY_UNIT)) return WARY_ERR_BAD_VALUE;
  w->def.weather = weather;
  return WARY_OK;
}

float wary_world_time(const wary_world *w) { return w->time; }
float wary_world_units_per_meter(const wary_world *w) { return w->def.units_per_meter; }
const char *wary_last_error(const wary_world *w) { return wy_error_text(w->error); }
