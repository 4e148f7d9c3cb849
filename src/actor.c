/* actor.c - actors (agents and targets): creating and removing them (the
 * modules hear of it through the world's hooks), an agent's staggered sense
 * timers and mutes, state setters, numeric properties, eyes, and the spatial
 * grid that finds them. */
#include "actor.h"

#include <stdlib.h>
#include <string.h>

#include "world.h"

wary_actor_def wary_default_actor_def(void) {
  wary_actor_def d;
  memset(&d, 0, sizeof d);
  d.stance = WARY_STANDING;
  d.visibility = 1.0f;
  d.light = 1.0f;
  d.eye_height = -1.0f;
  d.profile = -1;
  d.perceivable = true;
  d.scent = 1.0f;
  return d;
}

int32_t wy_agent_index(const wary_world *w, wy_id id) {
  const wy_actor *a = wy_actor_get(w, id);
  return !a ? wy_actor_status(w, id) : a->agent < 0 ? WARY_ERR_NOT_AGENT : a->agent;
}

void wy_agent_reset_timers(const wary_world *w, int32_t agent, uint32_t serial) {
  wy_agent *ag = &w->agents.data[agent];
  const wy_profile *p = wy_agent_profile(w, agent);
  /* Golden-ratio phases spread agents' updates over the interval. */
  float phase = (float)fmod((double)serial * 0.6180339887498949, 1.0);
  for (int32_t s = 0; s < WY_SLOTS; s++) {
    ag->next_due[s] = s < p->slot_count ? phase * p->slots[s].interval : 0.0f;
    ag->since[s] = 0.0f;
    ag->errors[s] = 0;
    ag->muted[s] = false;
  }
}

int wary_sense_unmute(wary_world *w, wary_actor_id agent_h, int32_t slot) {
  wy_id agent = agent_h.id;
  int32_t i = wy_agent_index(w, agent);
  if (i < 0) return i;
  if (slot < 0 || slot >= wy_agent_profile(w, i)->slot_count) return WARY_ERR_NOT_FOUND;
  w->agents.data[i].errors[slot] = 0;
  w->agents.data[i].muted[slot] = false;
  return WARY_OK;
}

static bool actor_def_valid(const wary_world *w, const wary_actor_def *d) {
  for (int i = 0; i < 3; i++)
    if (!wy_finite(d->pos[i]) || !wy_finite(d->vel[i])) return false;
  if (!wy_finite(d->yaw) || !wy_unit(d->visibility) || !wy_unit(d->light) || !wy_unit(d->scent)) return false;
  if (d->stance < WARY_STANDING || d->stance > WARY_PRONE) return false;
  if (!wy_finite(d->eye_height) || (d->eye_height < 0.0f && d->eye_height != -1.0f)) return false;
  if (d->profile < -1 || d->profile >= w->profiles.count) return false;
  return d->lod_tier >= 0 && d->lod_tier < WARY_LOD_TIERS;
}

int wary_actor_create(wary_world *w, const wary_actor_def *def, wary_actor_id *out) {
  wary_actor_id unused;
  if (!out) out = &unused;
  out->id = 0;
  if (!def || !actor_def_valid(w, def)) return WARY_ERR_BAD_VALUE;
  if (w->in_step) return WARY_ERR_IN_STEP;
  int32_t agents = w->agents.count + 1;
  if (def->profile >= 0 && (!wy_array_reserve(&w->alloc, &w->agents, agents) ||
                            !wy_modules_reserve(w, agents, w->profiles.count)))
    return WARY_ERR_OUT_OF_MEMORY;
  int32_t slot = wy_id_reserve(&w->actor_ids);
  if (slot < 0) return slot;
  if (!wy_array_reserve(&w->alloc, &w->actors, slot + 1)) return WARY_ERR_OUT_OF_MEMORY;
  wy_id id = wy_id_alloc(&w->actor_ids);
  if (slot == w->actors.count) w->actors.count++;
  wy_actor *a = &w->actors.data[slot];
  memset(a, 0, sizeof *a);
  memcpy(a->pos, def->pos, sizeof a->pos);
  memcpy(a->vel, def->vel, sizeof a->vel);
  a->yaw = def->yaw;
  a->stance = def->stance;
  a->team = def->team;
  a->visibility = def->visibility;
  a->light = def->light;
  a->scent = def->scent;
  a->eye_height = wy_scaled(w, def->eye_height, 1.7f);
  a->profile = def->profile;
  a->lod_tier = def->lod_tier;
  a->perceivable = def->perceivable;
  a->off_screen = def->off_screen;
  a->serial = w->actor_serial++;
  a->agent = -1;
  a->light_stamp[0] = a->light_stamp[1] = 0;
  if (def->profile >= 0) {
    int32_t agent = w->agents.count++;
    wy_agent *ag = &w->agents.data[agent];
    memset(ag, 0, sizeof *ag);
    ag->actor = slot;
    wy_agent_reset_timers(w, agent, a->serial);
    a->agent = agent;
    wy_modules_agent_added(w, agent);
  }
  w->grid_dirty = true;
  out->id = id;
  return WARY_OK;
}

int wary_actor_destroy(wary_world *w, wary_actor_id id_h) {
  wy_id id = id_h.id;
  wy_actor *a = wy_actor_get(w, id);
  if (!a) return wy_actor_status(w, id);
  if (w->in_step) return WARY_ERR_IN_STEP;
  if (a->agent >= 0) {
    /* Keep agents dense: move the last one into the hole, in every module. */
    int32_t hole = a->agent;
    wy_modules_agent_removed(w, hole);
    wy_array_swap_remove(&w->agents, hole);
    if (hole < w->agents.count) w->actors.data[w->agents.data[hole].actor].agent = hole;
  }
  wy_id_release(&w->actor_ids, wy_id_index(id));
  w->grid_dirty = true;
  wy_modules_actor_removed(w, id);
  return WARY_OK;
}

bool wary_actor_valid(const wary_world *w, wary_actor_id actor) { return wy_actor_get(w, actor.id) != NULL; }
int32_t wary_actor_count(const wary_world *w) { return w->actor_ids.alive; }

static float wrap180(float deg) {
  float r = fmodf(deg + 180.0f, 360.0f);
  return (r < 0.0f ? r + 360.0f : r) - 180.0f;
}

/* Only a profile that sees has eyes that take time to turn. */
static float eye_turn_rate(const wary_world *w, const wy_actor *a) {
  if (a->profile < 0) return 0.0f;
  const wy_profile *p = &w->profiles.data[a->profile];
  return p->builtin_slot[WARY_SENSE_VISION] < 0 ? 0.0f : p->eye_turn_rate;
}

/* Where the eyes want to point, relative to the body: towards look_at, else ahead. */
static void desired_head(const wy_actor *a, float *yaw, float *pitch) {
  *yaw = 0.0f;
  *pitch = 0.0f;
  if (!a->looking) return;
  float dx = a->look_at[0] - a->pos[0], dy = a->look_at[1] - a->pos[1];
  float dz = a->look_at[2] - (a->pos[2] + a->eye_height);
  if (dx == 0.0f && dy == 0.0f && dz == 0.0f) return;
  *yaw = wrap180(atan2f(dy, dx) / WY_DEG2RAD - a->yaw);
  *pitch = atan2f(dz, sqrtf(dx * dx + dy * dy)) / WY_DEG2RAD;
}

static float approach(float from, float to, float step) {
  float d = wrap180(to - from);
  if (d > step) d = step;
  if (d < -step) d = -step;
  return wrap180(from + d);
}

void wy_eyes_turn(wary_world *w, float dt) {
  for (int32_t i = 0; i < w->agents.count; i++) {
    wy_actor *a = &w->actors.data[w->agents.data[i].actor];
    float rate = eye_turn_rate(w, a), yaw, pitch;
    if (rate <= 0.0f) continue;
    desired_head(a, &yaw, &pitch);
    a->head_yaw = approach(a->head_yaw, yaw, rate * dt);
    a->head_pitch = approach(a->head_pitch, pitch, rate * dt);
  }
}

void wy_actor_eye(const wary_world *w, const wy_actor *a, float eye_pos[3], float eye_forward[3]) {
  eye_pos[0] = a->pos[0];
  eye_pos[1] = a->pos[1];
  eye_pos[2] = a->pos[2] + a->eye_height;
  float yaw = a->head_yaw, pitch = a->head_pitch;
  /* Eyes without a turn rate are always where they want to be. */
  if (eye_turn_rate(w, a) <= 0.0f) desired_head(a, &yaw, &pitch);
  float y = (a->yaw + yaw) * WY_DEG2RAD, p = pitch * WY_DEG2RAD;
  eye_forward[0] = cosf(y) * cosf(p);
  eye_forward[1] = sinf(y) * cosf(p);
  eye_forward[2] = sinf(p);
}

int wary_actor_get(const wary_world *w, wary_actor_id id_h, wary_actor_info *out) {
  wy_id id = id_h.id;
  memset(out, 0, sizeof *out);
  const wy_actor *a = wy_actor_get(w, id);
  if (!a) return wy_actor_status(w, id);
  memcpy(out->pos, a->pos, sizeof out->pos);
  memcpy(out->vel, a->vel, sizeof out->vel);
  out->yaw = a->yaw;
  wy_actor_eye(w, a, out->eye_pos, out->eye_forward);
  out->stance = a->stance;
  out->team = a->team;
  out->visibility = a->visibility;
  out->light = a->light;
  out->profile = a->profile;
  out->lod_tier = a->lod_tier;
  out->perceivable = a->perceivable;
  out->off_screen = a->off_screen;
  out->scent = a->scent;
  return WARY_OK;
}

/* Setters share one shape: look the actor up, check the value, store it. */
#define WY_ACTOR_OR_STALE(w, id) \
  wy_actor *a = wy_actor_get((w), (id)); \
  if (!a) return wy_actor_status((w), (id))

static int set_vec(float *dst, float x, float y, float z) {
  if (!wy_finite3(x, y, z)) return WARY_ERR_BAD_VALUE;
  dst[0] = x;
  dst[1] = y;
  dst[2] = z;
  return WARY_OK;
}

int wary_actor_set_pos(wary_world *w, wary_actor_id id_h, float x, float y, float z) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  int s = set_vec(a->pos, x, y, z);
  if (s == WARY_OK) {
    w->grid_dirty = true;
    a->light_stamp[0] = a->light_stamp[1] = 0;
  }
  return s;
}

int wary_actor_set_velocity(wary_world *w, wary_actor_id id_h, float x, float y, float z) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  return set_vec(a->vel, x, y, z);
}

int wary_actor_look_at(wary_world *w, wary_actor_id id_h, float x, float y, float z) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  int s = set_vec(a->look_at, x, y, z);
  if (s == WARY_OK) a->looking = true;
  return s;
}

int wary_actor_look_forward(wary_world *w, wary_actor_id id_h) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  a->looking = false;
  return WARY_OK;
}

int wary_actor_set_yaw(wary_world *w, wary_actor_id id_h, float yaw) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  if (!wy_finite(yaw)) return WARY_ERR_BAD_VALUE;
  /* Eyes on a point stay on it when the body turns; eyes looking ahead turn
   * with the body. */
  if (a->looking) a->head_yaw = wrap180(a->head_yaw - (yaw - a->yaw));
  a->yaw = yaw;
  return WARY_OK;
}

int wary_actor_set_stance(wary_world *w, wary_actor_id id_h, int32_t stance) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  if (stance < WARY_STANDING || stance > WARY_PRONE) return WARY_ERR_BAD_VALUE;
  a->stance = stance;
  return WARY_OK;
}

int wary_actor_set_team(wary_world *w, wary_actor_id id_h, int32_t team) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  a->team = team;
  w->relation_epoch++;
  return WARY_OK;
}

int wary_actor_set_visibility(wary_world *w, wary_actor_id id_h, float visibility) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  if (!wy_unit(visibility)) return WARY_ERR_BAD_VALUE;
  a->visibility = visibility;
  return WARY_OK;
}

int wary_actor_set_light(wary_world *w, wary_actor_id id_h, float light) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  if (!wy_unit(light)) return WARY_ERR_BAD_VALUE;
  a->light = light;
  return WARY_OK;
}

int wary_actor_set_lod_tier(wary_world *w, wary_actor_id id_h, int32_t tier) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  if (tier < 0 || tier >= WARY_LOD_TIERS) return WARY_ERR_BAD_VALUE;
  a->lod_tier = tier;
  return WARY_OK;
}

int wary_actor_set_perceivable(wary_world *w, wary_actor_id id_h, bool perceivable) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  a->perceivable = perceivable;
  w->grid_dirty = true;
  return WARY_OK;
}

int wary_actor_set_off_screen(wary_world *w, wary_actor_id id_h, bool off_screen) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  a->off_screen = off_screen;
  return WARY_OK;
}

int wary_actor_set_samples(wary_world *w, wary_actor_id id_h, const wary_samples *samples) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  if (!samples || samples->count < 0 || samples->count > WARY_MAX_SAMPLES) return WARY_ERR_BAD_VALUE;
  for (int32_t i = 0; i < 4 * samples->count; i++)
    if (!wy_finite(samples->points[i]) || (i % 4 == 3 && samples->points[i] < 0.0f))
      return WARY_ERR_BAD_VALUE;
  a->samples = *samples;
  return WARY_OK;
}

int wary_actor_set_prop(wary_world *w, wary_actor_id id_h, int32_t key, float value) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  if (!wary_name_string(w, key)) return WARY_ERR_NOT_FOUND;
  if (!wy_finite(value)) return WARY_ERR_BAD_VALUE;
  for (int32_t i = 0; i < a->prop_count; i++)
    if (a->prop_key[i] == key) {
      a->prop_value[i] = value;
      return WARY_OK;
    }
  if (a->prop_count >= WARY_MAX_PROPS) return WARY_ERR_FULL;
  a->prop_key[a->prop_count] = key;
  a->prop_value[a->prop_count++] = value;
  return WARY_OK;
}

float wary_actor_get_prop(const wary_world *w, wary_actor_id id_h, int32_t key, float fallback) {
  wy_id id = id_h.id;
  const wy_actor *a = wy_actor_get(w, id);
  if (!a) return fallback;
  for (int32_t i = 0; i < a->prop_count; i++)
    if (a->prop_key[i] == key) return a->prop_value[i];
  return fallback;
}

bool wy_grid_refresh(wary_world *w) {
  if (!w->grid_dirty) return true;
  int32_t n = w->actors.count;
  if (!wy_array_reserve(&w->alloc, &w->grid_include, n) || !wy_array_reserve(&w->alloc, &w->grid_pos, n * 3)) return false;
  const wy_id_entry *ids = w->actor_ids.slots.data;
  for (int32_t i = 0; i < n; i++) {
    const wy_actor *a = &w->actors.data[i];
    w->grid_include.data[i] = ids[i].id != 0 && a->perceivable;
    memcpy(w->grid_pos.data + 3 * i, a->pos, sizeof a->pos);
  }
  if (!wy_grid_build(&w->grid, w->grid_pos.data, w->grid_include.data, n)) return false;
  w->grid_dirty = false;
  return true;
}

int32_t wary_query_actors(wary_world *w, float x, float y, float z, float radius, wary_actor_id *out,
                          int32_t cap) {
  if (!wy_finite3(x, y, z) || isnan(radius) || radius < 0.0f || cap < 0) return WARY_ERR_BAD_VALUE;
  if (!wy_grid_refresh(w)) return WARY_ERR_OUT_OF_MEMORY;
  float c[3] = {x, y, z};
  int32_t count = 0;
  const int32_t *slots = wy_grid_query(&w->grid, c, radius, &count);
  if (count < 0) return WARY_ERR_OUT_OF_MEMORY;
  int32_t n = count < cap ? count : cap;
  for (int32_t i = 0; i < n; i++) out[i].id = wy_actor_id(w, slots[i]);
  return n;
}
