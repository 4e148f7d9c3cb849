/* world.c - the world: its def and lifetime, interned names, statistics. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

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

static bool world_def_valid(const wary_world_def *d) {
  if (!wy_finite(d->units_per_meter) || d->units_per_meter <= 0.0f) return false;
  if (!wy_finite(d->weather) || d->weather < 0.0f || d->weather > 1.0f) return false;
  if (!wy_finite(d->grid_cell_size) || (d->grid_cell_size <= 0.0f && d->grid_cell_size != -1.0f))
    return false;
  if (d->event_capacity < 1 || d->sense_error_limit < 1) return false;
  for (int i = 0; i < WARY_LOD_TIERS; i++)
    if (!wy_finite(d->lod_interval_scale[i]) || d->lod_interval_scale[i] <= 0.0f) return false;
  return true;
}

float wy_scaled(const wary_world *w, float value, float metres) {
  return value == -1.0f ? metres * w->def.units_per_meter : value;
}

wary_world *wary_world_create(const wary_world_def *def) {
  wary_world_def d = def ? *def : wary_default_world_def();
  if (!world_def_valid(&d)) return NULL;
  wary_world *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->def = d;
  w->def.grid_cell_size = d.grid_cell_size == -1.0f ? 10.0f * d.units_per_meter : d.grid_cell_size;
  w->events = calloc((size_t)d.event_capacity, sizeof *w->events);
  if (!w->events || !wy_grid_init(&w->grid, w->def.grid_cell_size)) {
    free(w->events);
    free(w);
    return NULL;
  }
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
  /* Senses 0 to 7 are the built-in ones (vision, hearing, vibration, smell,
   * touch, echolocation, damage, pain); their settings live in each profile. */
  for (int32_t i = 0; i < WARY_BUILTIN_SENSES; i++) {
    wary_sense_def s = wary_default_sense_def();
    s.direct_lost_cut = i == WARY_SENSE_VISION;
    s.loss_reason = i == WARY_SENSE_VISION ? WARY_LOSS_OCCLUDED : WARY_LOSS_SENSOR_DROPOUT;
    if (wary_sense_create(w, &s) != i) {
      wary_world_destroy(w);
      return NULL;
    }
  }
  return w;
}

void wary_world_destroy(wary_world *w) {
  if (!w) return;
  for (int32_t i = 0; i < w->agents.count; i++) {
    wy_array_free(&w->agents.data[i].beliefs);
    wy_agent_free_hearing(&w->agents.data[i]);
    wy_geck_free_agent(&w->agents.data[i]);
  }
  for (int32_t i = 0; i < w->names.count; i++) free(w->names.data[i]);
  wy_array_free(&w->names);
  wy_array_free(&w->agents);
  wy_array_free(&w->actors);
  wy_id_pool_free(&w->actor_ids);
  wy_id_pool_free(&w->box_ids);
  wy_id_pool_free(&w->light_ids);
  wy_id_pool_free(&w->env_ids);
  wy_array_free(&w->profiles);
  wy_array_free(&w->senses);
  wy_array_free(&w->grid_pos);
  wy_array_free(&w->grid_include);
  wy_array_free(&w->queries);
  wy_array_free(&w->results);
  wy_array_free(&w->links);
  free(w->events);
  wy_array_free(&w->reports);
  wy_array_free(&w->sounds);
  wy_array_free(&w->filters);
  wy_array_free(&w->emissions);
  wy_array_free(&w->inbox);
  wy_array_free(&w->lights);
  wy_array_free(&w->envs);
  wy_array_free(&w->geck_pending);
  wy_array_free(&w->damages);
  wy_grid_free(&w->grid);
  wy_occ_free(&w->occ);
  free(w);
}

int wary_world_set_weather(wary_world *w, float weather) {
  if (!wy_finite(weather) || weather < 0.0f || weather > 1.0f) return WARY_ERR_BAD_VALUE;
  w->def.weather = weather;
  return WARY_OK;
}

float wary_world_time(const wary_world *w) { return w->time; }
float wary_world_units_per_meter(const wary_world *w) { return w->def.units_per_meter; }
wary_stats wary_world_stats(const wary_world *w) {
  wary_stats s = w->stats;
  s.beliefs = 0;
  for (int32_t i = 0; i < w->agents.count; i++) s.beliefs += w->agents.data[i].beliefs.count;
  return s;
}

int32_t wary_name(wary_world *w, const char *name) {
  if (!name || !name[0]) return WARY_ERR_BAD_VALUE;
  for (int32_t i = 0; i < w->names.count; i++)
    if (strcmp(w->names.data[i], name) == 0) return i + 1;
  if (w->names.count >= WY_MAX_NAMES) return WARY_ERR_FULL;
  if (!wy_array_reserve(&w->names, w->names.count + 1)) return WARY_ERR_OUT_OF_MEMORY;
  size_t len = strlen(name) + 1;
  char *copy = malloc(len);
  if (!copy) return WARY_ERR_OUT_OF_MEMORY;
  memcpy(copy, name, len);
  w->names.data[w->names.count++] = copy;
  return w->names.count;
}

const char *wary_name_string(const wary_world *w, int32_t key) {
  return key >= 1 && key <= w->names.count ? w->names.data[key - 1] : NULL;
}

int32_t wary_event_count(const wary_world *w) { return w->event_count; }
const wary_event *wary_events(const wary_world *w) { return w->events; }
uint32_t wary_events_dropped(const wary_world *w) { return w->events_dropped; }

/* Every event starts from this: each type then writes its meaningful fields
 * (wary.h, at wary_event, says which). */
static const wary_event neutral = {
  .target = 0, .from_state = -1, .to_state = -1, .loss_reason = WARY_LOSS_NONE,
  .confidence = 0.0f, .sense = -1, .index = -1, .pos = {0.0f, 0.0f, 0.0f},
  .sound = -1, .tag = 0, .loudness = 0.0f, .walls = 0,
};

wary_event *wy_event_push(wary_world *w, int32_t type, wary_id agent) {
  if (w->event_count >= w->def.event_capacity) {
    w->events_dropped++;
    return NULL;
  }
  wary_event *e = &w->events[w->event_count++];
  *e = neutral;
  e->type = type;
  e->agent = agent;
  return e;
}
