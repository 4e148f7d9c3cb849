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

int wy_world_def_check(wy_error *e, const char *fn, const wary_world_def *d) {
  /* At most 10^6 (micrometres): ranges scaled from metres, and their
   * squares, stay finite floats. */
  if (!(wy_finite(d->units_per_meter) && d->units_per_meter > 0.0f && d->units_per_meter <= 1e6f))
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "world_def.units_per_meter: expected a finite number in (0, 1e+06], got %g",
                   (double)d->units_per_meter);
  if (wy_bad(e, fn, "world_def.weather", d->weather, WY_UNIT) ||
      wy_bad(e, fn, "world_def.grid_cell_size", d->grid_cell_size, WY_SCALED_POSITIVE))
    return WARY_ERR_BAD_VALUE;
  if (d->event_capacity < 1)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "world_def.event_capacity: expected an integer >= 1, got %d",
                   d->event_capacity);
  if (d->sense_error_limit < 1)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "world_def.sense_error_limit: expected an integer >= 1, got %d",
                   d->sense_error_limit);
  if (!wy_allocator_valid(d))
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                   "world_def.alloc_fn: expected alloc_fn and free_fn both set (realloc_fn optional) or all "
                   "three NULL, got alloc_fn %s, realloc_fn %s, free_fn %s",
                   d->alloc_fn ? "set" : "NULL", d->realloc_fn ? "set" : "NULL", d->free_fn ? "set" : "NULL");
  if (d->ray_budget < 0)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "world_def.ray_budget: expected an integer >= 0 (0: no budget), got %d",
                   d->ray_budget);
  for (int i = 0; i < WARY_LOD_TIERS; i++)
    if (wy_bad_at(e, fn, "world_def.lod_interval_scale", i, d->lod_interval_scale[i], WY_POSITIVE))
      return WARY_ERR_BAD_VALUE;
  if (d->workers < 0 || d->workers > WARY_MAX_WORKERS)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "world_def.workers: expected an integer 0 .. %d, got %d",
                   WARY_MAX_WORKERS, d->workers);
  if (!d->enqueue_task != !d->finish_task)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                   "world_def.enqueue_task: expected enqueue_task and finish_task both set or both NULL, got "
                   "enqueue_task %s, finish_task %s",
                   d->enqueue_task ? "set" : "NULL", d->finish_task ? "set" : "NULL");
  if (d->enqueue_task && d->workers < 1)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                   "world_def.workers: expected the scheduler's worker count (>= 1) with enqueue_task, got %d",
                   d->workers);
#ifdef WARY_NO_THREADS
  if (d->workers > 1 && !d->enqueue_task)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                   "world_def.workers: expected 0 or 1 without enqueue_task (this libwary was built without its "
                   "worker pool, WARY_THREADS=OFF: bring a scheduler of your own for more), got %d",
                   d->workers);
#endif
  return WARY_OK;
}

wary_world *wy_world_new(const wary_world_def *def, const wy_module *const *modules,
                         int32_t module_count) {
  const wary_world_def d = *def;
  wy_allocator alloc = wy_allocator_of(&d);
  wary_world *w = wy_alloc_zero(&alloc, sizeof *w);
  if (!w) return NULL;
  w->alloc = alloc;
  wy_slab_init(&w->slab, &w->alloc);
  w->tables = wy_slab_allocator(&w->slab);
  w->def = d;
  w->def.grid_cell_size = d.grid_cell_size == -1.0f ? 10.0f * d.units_per_meter : d.grid_cell_size;
  wy_occ_init(&w->occ, &w->alloc);
  wy_id_pool_init(&w->actor_ids, WARY_KIND_ACTOR, &w->alloc);
  wy_id_pool_init(&w->box_ids, WARY_KIND_BOX, &w->alloc);
  wy_id_pool_init(&w->light_ids, WARY_KIND_LIGHT, &w->alloc);
  wy_id_pool_init(&w->env_ids, WARY_KIND_ENVIRONMENT, &w->alloc);
  wy_vgrid_init(&w->light_grid);
  wy_vgrid_init(&w->env_grid);
  /* The event queue grows as steps need it, up to event_capacity: it starts
   * with room for a busy step of a small world. */
  int32_t events = d.event_capacity < 1024 ? d.event_capacity : 1024;
  int32_t lanes = d.workers > 1 ? d.workers : 1;
  w->error = wy_alloc_zero(&w->alloc, sizeof *w->error);
  if (!w->error || !wy_array_reserve(&w->alloc, &w->events, events) ||
      !wy_grid_init(&w->grid, w->def.grid_cell_size, &w->alloc) ||
      !wy_array_reserve(&w->alloc, &w->lanes, lanes)) {
    wy_world_free(w);
    return NULL;
  }
  memset(w->lanes.data, 0, (size_t)lanes * sizeof *w->lanes.data);
  w->lanes.count = lanes;
  /* Each lane's events start with the same room (a step's first events
   * then cost no allocation, as on one thread). */
  for (int32_t i = 0; i < lanes; i++)
    if (!wy_array_reserve(&w->alloc, &w->lanes.data[i].events, events)) {
      wy_world_free(w);
      return NULL;
    }
  if (d.workers > 1 && !d.enqueue_task) {
    w->pool = wy_pool_create(&w->alloc, d.workers);
    if (!w->pool) {
      wy_world_free(w);
      return NULL;
    }
    w->def.enqueue_task = wy_pool_enqueue;
    w->def.finish_task = wy_pool_finish;
    w->def.task_user = w->pool;
  }
  w->error->log = d.log;
  w->error->log_user = d.log_user;
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
  wy_pool_destroy(w->pool);
  for (int32_t i = w->module_count - 1; i >= 0; i--)
    if (w->modules[i]->destroy) w->modules[i]->destroy(w);
  for (int32_t i = 0; i < w->lanes.count; i++) {
    wy_grid_scratch_free(&w->alloc, &w->lanes.data[i].grid);
    wy_array_free(&w->alloc, &w->lanes.data[i].events);
    wy_array_free(&w->alloc, &w->lanes.data[i].unfit);
  }
  wy_array_free(&w->alloc, &w->lanes);
  wy_array_free(&w->alloc, &w->spans);
  wy_array_free(&w->alloc, &w->unfit);
  wy_array_free(&w->alloc, &w->motion);
  wy_array_free(&w->alloc, &w->sight_hints);
  wy_array_free(&w->alloc, &w->tasks.claims);
  for (int32_t i = 0; i < w->names.count; i++)
    wy_free(&w->alloc, w->names.data[i], strlen(w->names.data[i]) + 1);
  wy_array_free(&w->alloc, &w->names);
  wy_array_free(&w->alloc, &w->events);
  wy_free(&w->alloc, w->error, sizeof *w->error);
  wy_occ_free(&w->occ);
  wy_id_pool_free(&w->box_ids);
  wy_array_free(&w->tables, &w->actors);
  wy_id_pool_free(&w->actor_ids);
  wy_array_free(&w->tables, &w->agents);
  wy_array_free(&w->alloc, &w->profiles);
  wy_array_free(&w->alloc, &w->senses);
  wy_grid_free(&w->grid);
  wy_array_free(&w->alloc, &w->grid_include);
  wy_array_free(&w->alloc, &w->hidden_agents);
  wy_array_free(&w->alloc, &w->lights);
  wy_id_pool_free(&w->light_ids);
  wy_array_free(&w->alloc, &w->envs);
  wy_id_pool_free(&w->env_ids);
  wy_vgrid_free(&w->light_grid, &w->alloc);
  wy_vgrid_free(&w->env_grid, &w->alloc);
  /* Last: the modules gave their agents' tables back to it. */
  wy_slab_free(&w->slab);
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

void wy_modules_sense_dropped(wary_world *w, int32_t profile, int32_t sense) {
  for (int32_t i = 0; i < w->module_count; i++)
    if (w->modules[i]->sense_dropped) w->modules[i]->sense_dropped(w, profile, sense);
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

void wy_modules_slots_remap(wary_world *w, int32_t agent, const int8_t *from, int32_t old_count) {
  for (int32_t i = 0; i < w->module_count; i++)
    if (w->modules[i]->slots_remap) w->modules[i]->slots_remap(w, agent, from, old_count);
}

void wy_modules_lod_changed(wary_world *w, int32_t agent, float ratio) {
  for (int32_t i = 0; i < w->module_count; i++)
    if (w->modules[i]->lod_changed) w->modules[i]->lod_changed(w, agent, ratio);
}

void wy_modules_loaded(wary_world *w) {
  for (int32_t i = 0; i < w->module_count; i++)
    if (w->modules[i]->loaded) w->modules[i]->loaded(w);
}

int wary_world_set_weather(wary_world *w, float weather) {
  if (wy_bad(w->error, __func__, "weather", weather, WY_UNIT)) return WARY_ERR_BAD_VALUE;
  w->def.weather = weather;
  return WARY_OK;
}

double wary_world_time(const wary_world *w) { return w->time; }
float wary_world_units_per_meter(const wary_world *w) { return w->def.units_per_meter; }
int32_t wary_world_workers(const wary_world *w) { return w->lanes.count; }
float wary_world_weather(const wary_world *w) { return w->def.weather; }
int32_t wary_world_ray_budget(const wary_world *w) { return w->def.ray_budget; }
const char *wary_last_error(const wary_world *w) { return w ? wy_error_text(w->error) : wy_error_refusal(); }
