/* world.c - the world layer's lifetime: the world def (defaults, checks),
 * creating and freeing the world's own state and every module's, and the
 * hooks that tell the modules what changed; weather and time. */
#include <string.h>

#include "world.h"

wary_world_def wary_default_world_def(void) {
  wary_world_def d;
  memset(&d, 0, sizeof d);
  d.units_per_meter = 100.0f;
  d.weather = 1.0f;
  d.grid_cell_size = -1.0f;
  d.event_capacity = 65536;
  d.sense_error_limit = 3;
  d.lod_interval_scale[0] = 1.0f;
  d.lod_interval_scale[1] = 2.0f;
  d.lod_interval_scale[2] = 4.0f;
  d.lod_interval_scale[3] = 8.0f;
  return d;
}

bool wy_world_def_valid(const wary_world_def *d) {
  if (!wy_finite(d->units_per_meter) || d->units_per_meter <= 0.0f) return false;
  if (!wy_finite(d->weather) || d->weather < 0.0f || d->weather > 1.0f) return false;
  if (!wy_finite(d->grid_cell_size) || (d->grid_cell_size <= 0.0f && d->grid_cell_size != -1.0f))
    return false;
  if (d->event_capacity < 1 || d->sense_error_limit < 1) return false;
  if (!wy_allocator_valid(d)) return false;
  for (int i = 0; i < WARY_LOD_TIERS; i++)
    if (!wy_finite(d->lod_interval_scale[i]) || d->lod_interval_scale[i] <= 0.0f) return false;
  return true;
}

wary_world *wy_world_new(const wary_world_def *def, const wy_module *const *modules,
                         int32_t module_count) {
  wary_world_def d = def ? *def : wary_default_world_def();
  if (!wy_world_def_valid(&d)) return NULL;
  wy_allocator alloc = wy_allocator_of(&d);
  wary_world *w = wy_alloc_zero(&alloc, sizeof *w);
  if (!w) return NULL;
  w->alloc = alloc;
  w->def = d;
  w->def.grid_cell_size = d.grid_cell_size == -1.0f ? 10.0f * d.units_per_meter : d.grid_cell_size;
  wy_occ_init(&w->occ, &w->alloc);
  wy_id_pool_init(&w->actor_ids, WARY_KIND_ACTOR, &w->alloc);
  wy_id_pool_init(&w->box_ids, WARY_KIND_BOX, &w->alloc);
  wy_id_pool_init(&w->light_ids, WARY_KIND_LIGHT, &w->alloc);
  wy_id_pool_init(&w->env_ids, WARY_KIND_ENVIRONMENT, &w->alloc);
  /* The event queue grows as steps need it, up to event_capacity: it starts
   * with room for a busy step of a small world. */
  int32_t events = d.event_capacity < 1024 ? d.event_capacity : 1024;
  if (!wy_array_reserve(&w->alloc, &w->events, events) ||
      !wy_grid_init(&w->grid, w->def.grid_cell_size, &w->alloc)) {
    wy_world_free(w);
    return NULL;
  }
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
  for (int32_t i = 0; i < w->names.count; i++)
    wy_free(&w->alloc, w->names.data[i], strlen(w->names.data[i]) + 1);
  wy_array_free(&w->alloc, &w->names);
  wy_array_free(&w->alloc, &w->events);
  wy_occ_free(&w->occ);
  wy_id_pool_free(&w->box_ids);
  wy_array_free(&w->alloc, &w->actors);
  wy_id_pool_free(&w->actor_ids);
  wy_array_free(&w->alloc, &w->agents);
  wy_array_free(&w->alloc, &w->profiles);
  wy_array_free(&w->alloc, &w->senses);
  wy_grid_free(&w->grid);
  wy_array_free(&w->alloc, &w->grid_pos);
  wy_array_free(&w->alloc, &w->grid_include);
  wy_array_free(&w->alloc, &w->lights);
  wy_id_pool_free(&w->light_ids);
  wy_array_free(&w->alloc, &w->envs);
  wy_id_pool_free(&w->env_ids);
  wy_allocator alloc = w->alloc;
  wy_free(&alloc, w, sizeof *w);
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

void wy_modules_profile_changing(wary_world *w, int32_t profile) {
  for (int32_t i = 0; i < w->module_count; i++)
    if (w->modules[i]->profile_changing) w->modules[i]->profile_changing(w, profile);
}

bool wy_modules_slots_reserve(wary_world *w, int32_t profile, int32_t slot_count) {
  for (int32_t i = 0; i < w->module_count; i++)
    if (w->modules[i]->slots_reserve && !w->modules[i]->slots_reserve(w, profile, slot_count))
      return false;
  return true;
}

void wy_modules_slots_reset(wary_world *w, int32_t agent) {
  for (int32_t i = 0; i < w->module_count; i++)
    if (w->modules[i]->slots_reset) w->modules[i]->slots_reset(w, agent);
}

int wary_world_set_weather(wary_world *w, float weather) {
  if (!wy_finite(weather) || weather < 0.0f || weather > 1.0f) return WARY_ERR_BAD_VALUE;
  w->def.weather = weather;
  return WARY_OK;
}

float wary_world_time(const wary_world *w) { return w->time; }
float wary_world_units_per_meter(const wary_world *w) { return w->def.units_per_meter; }
