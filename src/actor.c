/* actor.c - actors (agents and targets): creating and removing them (the
 * modules hear of it through the world's hooks), an agent's staggered sense
 * timers and mutes, state setters, numeric properties, eyes, and the spatial
 * grid that finds them. */
#include "actor.h"

#include <stdlib.h>
#include <string.h>

#include "fmath.h"
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

int32_t wy_agent_index(const wary_world *w, wy_id id, const char *fn, const char *what) {
  const wy_actor *a = wy_actor_get(w, id);
  if (!a) return wy_actor_status(w, id, fn, what);
  return a->agent < 0 ? wy_fail_not_agent(w, fn, what, id) : a->agent;
}

int wy_fail_self(const wary_world *w, const char *fn, wy_id target) {
  return wy_fail(w->error, WARY_ERR_BAD_VALUE, fn,
                 "target: expected an actor other than the agent, got %x (the agent)", target);
}

int wy_fail_not_agent(const wary_world *w, const char *fn, const char *what, wy_id id) {
  return wy_fail(w->error, WARY_ERR_NOT_AGENT, fn, "%s: expected an agent, got %x, an actor with no profile", what,
                 id);
}

void wy_agent_rest(const wary_world *w, wy_agent *ag, uint8_t parts) {
  if (!w->every_part) ag->idle |= parts;
}

void wy_agent_reset_timers(const wary_world *w, int32_t agent, uint32_t serial) {
  int8_t from[WY_SLOTS];
  for (int32_t s = 0; s < WY_SLOTS; s++) from[s] = -1;
  wy_agent_remap_timers(w, agent, serial, from);
}

void wy_agent_remap_timers(const wary_world *w, int32_t agent, uint32_t serial, const int8_t *from) {
  wy_agent *ag = &w->agents.data[agent];
  const wy_profile *p = wy_agent_profile(w, agent);
  /* Golden-ratio phases spread agents' updates over the interval, as its
   * level of detail stretches it (step.c, schedule). */
  float phase = (float)fmod((double)serial * 0.6180339887498949, 1.0);
  float scale = w->def.lod_interval_scale[wy_agent_actor(w, agent)->lod_tier];
  wy_agent_slot old[WY_SLOTS];
  memcpy(old, ag->slot, sizeof old);
  for (int32_t s = 0; s < WY_SLOTS; s++) {
    wy_agent_slot *sl = &ag->slot[s];
    if (s < p->slot_count && from[s] >= 0) {
      /* A sense the profile kept keeps its clock, errors and mute. */
      *sl = old[from[s]];
      continue;
    }
    sl->next_due = s < p->slot_count ? phase * wy_period(p->slots[s].interval, scale) : 0.0f;
    sl->since = 0.0f;
    sl->errors = 0;
    sl->muted = false;
    /* The step clears these for the profile's slots only: none past them
     * keeps what another profile's slot did. */
    sl->failed = false;
    sl->ran = false;
  }
}

int wary_sense_unmute(wary_world *w, wary_actor_id agent_h, int32_t slot) {
  wy_id agent = agent_h.id;
  int32_t i = wy_agent_index(w, agent, __func__, "agent");
  if (i < 0) return i;
  int32_t slots = wy_agent_profile(w, i)->slot_count;
  if (slot < 0 || slot >= slots)
    return wy_fail_index(w->error, WARY_ERR_NOT_FOUND, __func__, "slot", "a sense slot", slot,
                         slots);
  w->agents.data[i].slot[slot].errors = 0;
  w->agents.data[i].slot[slot].muted = false;
  return WARY_OK;
}

int wary_sense_muted(const wary_world *w, wary_actor_id agent, int32_t slot, bool *out) {
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  int32_t i = wy_agent_index(w, agent.id, __func__, "agent");
  *out = false;
  if (i < 0) return i;
  if (slot < 0 || slot >= wy_agent_profile(w, i)->slot_count)
    return wy_fail_index(w->error, WARY_ERR_NOT_FOUND, __func__, "slot", "a sense slot", slot,
                         wy_agent_profile(w, i)->slot_count);
  *out = w->agents.data[i].slot[slot].muted;
  return WARY_OK;
}

static int actor_def_check(const wary_world *w, const char *fn, const wary_actor_def *d) {
  wy_error *e = w->error;
  if (!d) return wy_fail_null(e, WARY_ERR_BAD_VALUE, fn, "actor_def");
  for (int i = 0; i < 3; i++)
    if (wy_bad_at(e, fn, "actor_def.pos", i, d->pos[i], WY_FINITE)) return WARY_ERR_BAD_VALUE;
  for (int i = 0; i < 3; i++)
    if (wy_bad_at(e, fn, "actor_def.vel", i, d->vel[i], WY_FINITE)) return WARY_ERR_BAD_VALUE;
  if (wy_bad(e, fn, "actor_def.yaw", d->yaw, WY_FINITE) ||
      wy_bad(e, fn, "actor_def.visibility", d->visibility, WY_UNIT) ||
      wy_bad(e, fn, "actor_def.light", d->light, WY_UNIT) || wy_bad(e, fn, "actor_def.scent", d->scent, WY_UNIT) ||
      wy_bad_int(e, fn, "actor_def.stance", -1, d->stance, WARY_STANDING, WARY_PRONE) ||
      wy_bad(e, fn, "actor_def.eye_height", d->eye_height, WY_SCALED))
    return WARY_ERR_BAD_VALUE;
  if (d->profile < -1 || d->profile >= w->profiles.count)
    return w->profiles.count == 0
               ? wy_fail(e, WARY_ERR_NOT_FOUND, fn,
                         "actor_def.profile: expected -1 (a target; no profile has been made), got %d", d->profile)
               : wy_fail(e, WARY_ERR_NOT_FOUND, fn,
                         "actor_def.profile: expected -1 (a target) or a profile index in [0, %d], got %d",
                         w->profiles.count - 1, d->profile);
  return wy_bad_int(e, fn, "actor_def.lod_tier", -1, d->lod_tier, 0, WARY_LOD_TIERS - 1) ? WARY_ERR_BAD_VALUE
                                                                                          : WARY_OK;
}

int wary_actor_create(wary_world *w, const wary_actor_def *def, wary_actor_id *out) {
  wary_actor_id unused;
  if (!out) out = &unused;
  out->id = 0;
  int status = actor_def_check(w, __func__, def);
  if (status != WARY_OK) return status;
  if (w->in_step) return wy_fail_in_step(w->error, __func__);
  int32_t agents = w->agents.count + 1;
  if (def->profile >= 0 && (!wy_array_reserve(&w->tables, &w->agents, agents) ||
                            !wy_modules_reserve(w, agents, w->profiles.count)))
    return wy_fail_memory(w->error, __func__);
  int32_t slot = wy_id_reserve(&w->actor_ids);
  if (slot < 0) return wy_fail_reserve(w->error, __func__, slot, "actor");
  if (!wy_array_reserve(&w->tables, &w->actors, slot + 1)) return wy_fail_memory(w->error, __func__);
  wy_id id = wy_id_alloc(&w->actor_ids);
  if (slot == w->actors.count) w->actors.count++;
  wy_actor *a = &w->actors.data[slot];
  memset(a, 0, sizeof *a);
  memcpy(a->pos, def->pos, sizeof a->pos);
  memcpy(a->vel, def->vel, sizeof a->vel);
  memcpy(a->step_pos, def->pos, sizeof a->step_pos);
  a->vel_set = def->vel[0] != 0.0f || def->vel[1] != 0.0f || def->vel[2] != 0.0f;
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
  wy_actor_sight_sync(a);
  wy_actor_light_forget(a);
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
  if (!a) return wy_actor_status(w, id, __func__, "actor");
  if (w->in_step) return wy_fail_in_step(w->error, __func__);
  if (a->agent >= 0) {
    /* Keep agents dense: move the last one into the hole, in every module. */
    int32_t hole = a->agent;
    wy_modules_agent_removed(w, hole);
    wy_array_swap_remove(&w->agents, hole);
    if (hole < w->agents.count) w->actors.data[w->agents.data[hole].actor].agent = hole;
  }
  wy_id_release(&w->actor_ids, wy_id_index(id));
  w->grid_dirty = true;
  wy_grid_members_changed(&w->grid); /* its item goes with a build */
  wy_modules_actor_removed(w, id);
  return WARY_OK;
}

bool wary_actor_valid(const wary_world *w, wary_actor_id actor) { return wy_actor_get(w, actor.id) != NULL; }
int32_t wary_actor_count(const wary_world *w) { return w->actor_ids.alive; }

/* deg in [-180, 180). fmodf is exact: in (-360, 720), where every step's
 * turn falls, its answer is r or r - 360 (exact: Sterbenz), without the
 * call (two of them an agent a step). */
static float wrap180(float deg) {
  float r = deg + 180.0f;
  if (r >= 360.0f && r < 720.0f) r -= 360.0f;
  else if (!(r > -360.0f && r < 360.0f)) r = fmodf(r, 360.0f);
  return (r < 0.0f ? r + 360.0f : r) - 180.0f;
}

/* Only a profile that sees has eyes that take time to turn. */
static float eye_turn_rate(const wary_world *w, const wy_actor *a) {
  if (a->profile < 0) return 0.0f;
  const wy_profile *p = &w->profiles.data[a->profile];
  return p->builtin_slot[WARY_SENSE_VISION] < 0 ? 0.0f : p->eye_turn_rate;
}

/* Where the eyes want to point, relative to the body: towards look_at, else ahead. */
WY_INLINE void desired_head(const wy_actor *a, float *yaw, float *pitch) {
  *yaw = 0.0f;
  *pitch = 0.0f;
  if (a->looking == WY_LOOK_AHEAD) return;
  float dx = a->look_at[0] - a->pos[0], dy = a->look_at[1] - a->pos[1];
  float dz = a->looking == WY_LOOK_LEVEL ? 0.0f : a->look_at[2] - (a->pos[2] + a->eye_height);
  if (dx == 0.0f && dy == 0.0f && dz == 0.0f) return;
  *yaw = wrap180(wy_atan2f(dy, dx) / WY_DEG2RAD - a->yaw);
  *pitch = wy_atan2f(dz, sqrtf(dx * dx + dy * dy)) / WY_DEG2RAD;
}

static float approach(float from, float to, float step) {
  /* Eyes where they want to be (most agents' most steps: settled ahead)
   * stay there. The turn below would be +0 (wrap180 of to - from, +0 or
   * -0), so its answer is wrap180(from), and +0 for a zero of either sign:
   * the same bits, without two wraps and the clamps. */
  if (from == to) return from == 0.0f ? 0.0f : wrap180(from);
  float d = wrap180(to - from);
  if (d > step) d = step;
  if (d < -step) d = -step;
  return wrap180(from + d);
}

/* The planes of kept (wy_motion) for n actor slots: 3 floats a slot of
 * old step_pos, 3 of old velocity, 2 of old eye angles, then a byte a
 * slot of MOTION_* bits, what the slot kept. */
typedef struct motion_planes {
  float *step_pos, *vel, *head;
  uint8_t *kept;
} motion_planes;

enum { MOTION_POS = 1, MOTION_VEL = 2, MOTION_HEAD = 4 };

_Static_assert(sizeof(wy_motion) >= 8 * sizeof(float) + 1, "wy_motion: room for a slot's share of the planes");

/* (No actors: no room, and kept may be NULL, which no offset is added to.) */
static motion_planes planes_of(const wy_motion *kept, int32_t n) {
  if (n == 0) return (motion_planes){NULL, NULL, NULL, NULL};
  float *f = (float *)(void *)(uintptr_t)kept;
  return (motion_planes){f, f + 3 * (size_t)n, f + 6 * (size_t)n, (uint8_t *)(void *)(f + 8 * (size_t)n)};
}

static bool plus_zero(float v) {
  uint32_t bits;
  memcpy(&bits, &v, sizeof bits);
  return bits == 0;
}

/* Actor i's step of motion (wy_actors_motion), what it changes kept in m. */
WY_INLINE void motion_of(wary_world *w, float dt, motion_planes m, int32_t i) {
  if (WY_RARELY(m.kept[i] != 0)) return; /* moved already this step */
  wy_actor *a = &w->actors.data[i];
  uint8_t k = MOTION_POS;
  memcpy(m.step_pos + 3 * (size_t)i, a->step_pos, sizeof a->step_pos);
  if (!a->vel_set && dt > 0.0f) {
    k |= MOTION_VEL;
    memcpy(m.vel + 3 * (size_t)i, a->vel, sizeof a->vel);
    float v[3];
    for (int c = 0; c < 3; c++) v[c] = (a->pos[c] - a->step_pos[c]) / dt;
    /* A move too large for a float speed is a jump (wary_actor_teleport). */
    if (!wy_finite3(v[0], v[1], v[2])) v[0] = v[1] = v[2] = 0.0f;
    memcpy(a->vel, v, sizeof a->vel);
  }
  memcpy(a->step_pos, a->pos, sizeof a->step_pos);
  /* The eyes turn towards where the agent looks at its profile's rate. */
  float rate = a->agent < 0 ? 0.0f : eye_turn_rate(w, a), yaw, pitch;
  if (rate > 0.0f) {
    desired_head(a, &yaw, &pitch);
    /* Eyes settled ahead (both angles +0, where they want them) stay
     * so (approach's answer, the same bits): most agents' most steps,
     * which then keep nothing of them. */
    if (!(yaw == 0.0f && pitch == 0.0f && plus_zero(a->head_yaw) && plus_zero(a->head_pitch))) {
      k |= MOTION_HEAD;
      m.head[2 * (size_t)i] = a->head_yaw;
      m.head[2 * (size_t)i + 1] = a->head_pitch;
      a->head_yaw = approach(a->head_yaw, yaw, rate * dt);
      a->head_pitch = approach(a->head_pitch, pitch, rate * dt);
    }
  }
  m.kept[i] = k;
}

/* One walk of the actors (their first lines, which the grid's refresh
 * reads next): what it changes kept, each one's motion, and an agent's
 * eyes. After a collection (part 10 of the bench) each first line is a
 * miss, and the work between them is short: all of them asked for first
 * (step.c hands it at most 256 actors at once) have the misses overlap.
 * Asking 8 or 32 actors ahead measured no gain. */
void wy_actors_motion(wary_world *w, float dt, wy_motion *kept, int32_t start, int32_t end) {
  motion_planes m = planes_of(kept, w->actors.count);
  const wy_id_pool *ids = &w->actor_ids;
  /* Only live slots are read, a word of them at a time (a plain loop when
   * all 64 live, as most words of most worlds): a long game's retired
   * slots cost a bit each. kept was cleared for the step
   * (wy_actors_motion_forget): an actor it holds has had its motion (a
   * piece a scheduler ran twice). */
  for (int32_t wd = start >> 6; wd << 6 < end; wd++) {
    uint64_t b = wy_id_live_bits(ids, wd, start, end);
    if (b == ~0ull)
      for (int32_t i = wd << 6; i < (wd + 1) << 6; i++) WY_PREFETCH(&w->actors.data[i]);
    else
      for (; b; b &= b - 1) WY_PREFETCH(&w->actors.data[wd << 6 | wy_lowest_bit(b)]);
  }
  for (int32_t wd = start >> 6; wd << 6 < end; wd++) {
    uint64_t b = wy_id_live_bits(ids, wd, start, end);
    if (b == ~0ull)
      for (int32_t i = wd << 6; i < (wd + 1) << 6; i++) motion_of(w, dt, m, i);
    else
      for (; b; b &= b - 1) motion_of(w, dt, m, wd << 6 | wy_lowest_bit(b));
  }
}

void wy_actors_motion_forget(wary_world *w, wy_motion *kept) {
  motion_planes m = planes_of(kept, w->actors.count);
  if (m.kept) memset(m.kept, 0, (size_t)w->actors.count);
}

void wy_actors_motion_undo(wary_world *w, const wy_motion *kept) {
  motion_planes m = planes_of(kept, w->actors.count);
  for (int32_t i = 0; i < w->actors.count; i++) {
    wy_actor *a = &w->actors.data[i];
    uint8_t k = m.kept[i];
    if (k & MOTION_POS) memcpy(a->step_pos, m.step_pos + 3 * (size_t)i, sizeof a->step_pos);
    if (k & MOTION_VEL) memcpy(a->vel, m.vel + 3 * (size_t)i, sizeof a->vel);
    if (k & MOTION_HEAD) {
      a->head_yaw = m.head[2 * (size_t)i];
      a->head_pitch = m.head[2 * (size_t)i + 1];
    }
    /* Light taken at the epoch put back is stale: the next change reuses it. */
    wy_actor_light_forget(a);
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
  float sy, cy, sp, cp;
  wy_sincosf(y, &sy, &cy);
  wy_sincosf(p, &sp, &cp);
  eye_forward[0] = cy * cp;
  eye_forward[1] = sy * cp;
  eye_forward[2] = sp;
}

int wary_actor_pos(const wary_world *w, wary_actor_id id_h, float *x, float *y, float *z) {
  if (!x || !y || !z) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, !x ? "x" : !y ? "y" : "z");
  *x = *y = *z = 0.0f;
  const wy_actor *a = wy_actor_get(w, id_h.id);
  if (!a) return wy_actor_status(w, id_h.id, __func__, "actor");
  *x = a->pos[0];
  *y = a->pos[1];
  *z = a->pos[2];
  return WARY_OK;
}

int wary_actor_get(const wary_world *w, wary_actor_id id_h, wary_actor_info *out) {
  wy_id id = id_h.id;
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  memset(out, 0, sizeof *out);
  const wy_actor *a = wy_actor_get(w, id);
  if (!a) return wy_actor_status(w, id, __func__, "actor");
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
#define WY_ACTOR_OR_STALE_IN(w, id, fn) \
  wy_actor *a = wy_actor_get((w), (id)); \
  if (!a) return wy_actor_status((w), (id), (fn), "actor")
#define WY_ACTOR_OR_STALE(w, id) WY_ACTOR_OR_STALE_IN(w, id, __func__)

static int set_vec(wy_error *e, const char *fn, float *dst, float x, float y, float z) {
  if (wy_bad(e, fn, "x", x, WY_FINITE) || wy_bad(e, fn, "y", y, WY_FINITE) || wy_bad(e, fn, "z", z, WY_FINITE))
    return WARY_ERR_BAD_VALUE;
  dst[0] = x;
  dst[1] = y;
  dst[2] = z;
  return WARY_OK;
}

/* wary_actor_set_pos, and wary_actor_teleport (jump: where the next step
 * measures the velocity from moves too), their errors named fn. */
static int move_to(wary_world *w, wy_id id, float x, float y, float z, bool jump, const char *fn) {
  wy_actor *a = wy_actor_get(w, id);
  if (!a) return wy_actor_status(w, id, fn, "actor");
  int s = set_vec(w->error, fn, a->pos, x, y, z);
  if (s != WARY_OK) return s;
  w->grid_dirty = true;
  wy_actor_light_forget(a);
  if (jump) memcpy(a->step_pos, a->pos, sizeof a->step_pos);
  return s;
}

int wary_actor_set_pos(wary_world *w, wary_actor_id id_h, float x, float y, float z) {
  return move_to(w, id_h.id, x, y, z, false, __func__);
}

/* The five points of seed 000 (head 1.0, chest 0.9, pelvis 0.7, shoulders
 * 0.6), in metres in the target's frame, per stance. Prone lies along yaw. */
const float wy_stance_points[3][20] = {
  {0.0f, 0.0f, 1.70f, 1.0f, 0.0f, 0.0f, 1.40f, 0.9f, 0.0f, 0.0f, 1.00f, 0.7f,
   0.0f, 0.22f, 1.50f, 0.6f, 0.0f, -0.22f, 1.50f, 0.6f},
  {0.15f, 0.0f, 1.10f, 1.0f, 0.10f, 0.0f, 0.85f, 0.9f, 0.0f, 0.0f, 0.55f, 0.7f,
   0.10f, 0.22f, 0.92f, 0.6f, 0.10f, -0.22f, 0.92f, 0.6f},
  {0.80f, 0.0f, 0.25f, 1.0f, 0.45f, 0.0f, 0.20f, 0.9f, 0.0f, 0.0f, 0.15f, 0.7f,
   0.55f, 0.22f, 0.20f, 0.6f, 0.55f, -0.22f, 0.20f, 0.6f},
};

int wary_actor_teleport(wary_world *w, wary_actor_id id_h, float x, float y, float z) {
  return move_to(w, id_h.id, x, y, z, true, __func__);
}

int wary_actor_clear_velocity(wary_world *w, wary_actor_id id_h) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  a->vel_set = false;
  return WARY_OK;
}

int wary_actor_set_velocity(wary_world *w, wary_actor_id id_h, float x, float y, float z) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  int s = set_vec(w->error, __func__, a->vel, x, y, z);
  if (s == WARY_OK) a->vel_set = true;
  return s;
}

/* wary_actor_look_at and wary_actor_look_toward (fn): the eyes on the point, as `how`. */
static int look(wary_world *w, const char *fn, wary_actor_id id_h, float x, float y, float z, uint8_t how) {
  wy_id id = id_h.id;
  wy_actor *a = wy_actor_get(w, id);
  if (!a) return wy_actor_status(w, id, fn, "actor");
  int s = set_vec(w->error, fn, a->look_at, x, y, z);
  if (s == WARY_OK) a->looking = how;
  return s;
}

int wary_actor_look_at(wary_world *w, wary_actor_id id_h, float x, float y, float z) {
  return look(w, __func__, id_h, x, y, z, WY_LOOK_AT);
}

int wary_actor_look_toward(wary_world *w, wary_actor_id id_h, float x, float y) {
  return look(w, __func__, id_h, x, y, 0.0f, WY_LOOK_LEVEL);
}

int wary_actor_look_forward(wary_world *w, wary_actor_id id_h) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  a->looking = WY_LOOK_AHEAD;
  return WARY_OK;
}

int wary_actor_set_yaw(wary_world *w, wary_actor_id id_h, float yaw) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  if (wy_bad(w->error, __func__, "yaw", yaw, WY_FINITE)) return WARY_ERR_BAD_VALUE;
  /* Eyes on a point stay on it when the body turns; eyes looking ahead turn
   * with the body. */
  if (a->looking) a->head_yaw = wrap180(a->head_yaw - (yaw - a->yaw));
  a->yaw = yaw;
  return WARY_OK;
}

int wary_actor_set_stance(wary_world *w, wary_actor_id id_h, int32_t stance) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  if (wy_bad_int(w->error, __func__, "stance", -1, stance, WARY_STANDING, WARY_PRONE)) return WARY_ERR_BAD_VALUE;
  /* Its light is taken at a height of its stance (light.c): taken again. */
  if (a->stance != stance) wy_actor_light_forget(a);
  a->stance = stance;
  wy_actor_sight_sync(a);
  return WARY_OK;
}

int wary_actor_set_team(wary_world *w, wary_actor_id id_h, int32_t team) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  a->team = team;
  w->grid_dirty = true; /* the grid keeps teams, to skip a team in queries */
  w->relation_epoch++;
  return WARY_OK;
}

int wary_actor_set_visibility(wary_world *w, wary_actor_id id_h, float visibility) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  if (wy_bad(w->error, __func__, "visibility", visibility, WY_UNIT)) return WARY_ERR_BAD_VALUE;
  a->visibility = visibility;
  return WARY_OK;
}

int wary_actor_set_light(wary_world *w, wary_actor_id id_h, float light) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  if (wy_bad(w->error, __func__, "light", light, WY_UNIT)) return WARY_ERR_BAD_VALUE;
  a->light = light;
  return WARY_OK;
}

int wary_actor_set_lod_tier(wary_world *w, wary_actor_id id_h, int32_t tier) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  if (wy_bad_int(w->error, __func__, "tier", -1, tier, 0, WARY_LOD_TIERS - 1)) return WARY_ERR_BAD_VALUE;
  /* An agent's senses wait the same share of the new interval as was left
   * of the old: a guard brought near looks within its new interval, and
   * guards sent far keep their updates spread over the longer one. */
  if (a->agent >= 0 && tier != a->lod_tier) {
    float ratio = w->def.lod_interval_scale[tier] / w->def.lod_interval_scale[a->lod_tier];
    wy_agent *ag = &w->agents.data[a->agent];
    for (int32_t s = 0; s < WY_SLOTS; s++) wy_stretch_wait(&ag->slot[s].next_due, ratio, WY_TIME_EPSILON);
    wy_modules_lod_changed(w, a->agent, ratio); /* the GECK model's evaluations too */
  }
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

/* *field (the actor's owner or instigator) = who: 0 (none), or a live
 * actor other than the actor itself. */
static int set_maker(wary_world *w, const char *fn, const char *what, wy_id id, wy_id who, bool owner) {
  WY_ACTOR_OR_STALE_IN(w, id, fn);
  if (who != 0 && !wy_actor_get(w, who)) return wy_actor_status(w, who, fn, what);
  if (who == id)
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, fn, "%s: expected another actor or none, got %x (the actor itself)",
                   what, who);
  *(owner ? &a->owner : &a->instigator) = who;
  return WARY_OK;
}

int wary_actor_set_owner(wary_world *w, wary_actor_id actor, wary_actor_id owner) {
  return set_maker(w, __func__, "owner", actor.id, owner.id, true);
}

int wary_actor_set_instigator(wary_world *w, wary_actor_id actor, wary_actor_id instigator) {
  return set_maker(w, __func__, "instigator", actor.id, instigator.id, false);
}

int wy_samples_check(wy_error *e, const char *fn, const char *what, const wary_samples *samples) {
  if (!samples) return wy_fail_null(e, WARY_ERR_BAD_VALUE, fn, what);
  if (samples->count < 0 || samples->count > WARY_MAX_SAMPLES)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "%s.count: expected an integer in [0, %d], got %d", what,
                   WARY_MAX_SAMPLES, samples->count);
  for (int32_t i = 0; i < 4 * samples->count; i++) {
    float v = samples->points[i];
    if (!wy_finite(v))
      return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "%s.points[%d]: expected a finite number, got %g", what, i, v);
    if (i % 4 == 3 && v < 0.0f)
      return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "%s.points[%d]: expected a weight >= 0, got %g", what, i, v);
  }
  /* Points that weigh nothing in all would hide the target from every eye. */
  float weight = 0.0f;
  for (int32_t i = 0; i < samples->count; i++) weight += samples->points[4 * i + 3];
  if (samples->count > 0 && !(weight > 0.0f))
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                   "%s: expected at least one point with a weight > 0 (none: never seen), got %d of weight 0", what,
                   samples->count);
  return WARY_OK;
}

int wary_actor_set_samples(wary_world *w, wary_actor_id id_h, const wary_samples *samples) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  int s = wy_samples_check(w->error, __func__, "samples", samples);
  if (s != WARY_OK) return s;
  a->samples = *samples;
  wy_actor_sight_sync(a);
  return WARY_OK;
}

int wary_actor_set_prop(wary_world *w, wary_actor_id id_h, int32_t key, float value) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  if (!wary_name_string(w, key)) return wy_fail_name(w->error, __func__, "key", key);
  if (wy_bad(w->error, __func__, "value", value, WY_FINITE)) return WARY_ERR_BAD_VALUE;
  for (int32_t i = 0; i < a->prop_count; i++)
    if (a->prop_key[i] == key) {
      a->prop_value[i] = value;
      return WARY_OK;
    }
  if (a->prop_count >= WARY_MAX_PROPS)
    return wy_fail(w->error, WARY_ERR_FULL, __func__,
                   "key: table full: actor %x holds %d props (WARY_MAX_PROPS), none with key %d (%s)", id,
                   WARY_MAX_PROPS, key, wary_name_string(w, key));
  a->prop_key[a->prop_count] = key;
  a->prop_value[a->prop_count++] = value;
  return WARY_OK;
}

int wary_actor_clear_prop(wary_world *w, wary_actor_id id_h, int32_t key) {
  wy_id id = id_h.id;
  WY_ACTOR_OR_STALE(w, id);
  if (!wary_name_string(w, key)) return wy_fail_name(w->error, __func__, "key", key);
  for (int32_t i = 0; i < a->prop_count; i++)
    if (a->prop_key[i] == key) {
      /* The rest keep their order (a snapshot holds them in it). */
      for (int32_t j = i + 1; j < a->prop_count; j++) {
        a->prop_key[j - 1] = a->prop_key[j];
        a->prop_value[j - 1] = a->prop_value[j];
      }
      a->prop_count--;
      break;
    }
  return WARY_OK;
}

float wary_actor_get_prop(const wary_world *w, wary_actor_id id_h, int32_t key, float fallback) {
  wy_id id = id_h.id;
  const wy_actor *a = wy_actor_get(w, id);
  if (!a) {
    /* The fallback, and the reason in wary_last_error (a stale handle, ...). */
    wy_actor_status(w, id, __func__, "actor");
    return fallback;
  }
  for (int32_t i = 0; i < a->prop_count; i++)
    if (a->prop_key[i] == key) return a->prop_value[i];
  return fallback;
}

bool wy_grid_refresh_reserve(wary_world *w) {
  if (!w->grid_dirty) return true;
  int32_t n = w->actors.count;
  if (!wy_array_reserve(&w->alloc, &w->grid_include, n) || !wy_array_reserve(&w->alloc, &w->hidden_agents, n) ||
      !wy_grid_prepare(&w->grid, n))
    return false;
  /* The items the walks write, asked for while the step gets ready. */
  wy_grid_walk_ahead(&w->grid);
  for (int32_t i = 0; i < w->lanes.count; i++) {
    wy_grid_box_clear(&w->lanes.data[i].grid_box);
    w->lanes.data[i].hidden = 0;
  }
  return true;
}

/* What the grid reads of the actors: their positions and teams where
 * they are (the step's motion leaves them alone, so no copy is kept), and
 * which are inserted (grid_include, the walk's). */
static wy_grid_input grid_input(const wary_world *w) {
  const wy_actor *a = w->actors.data;
  return (wy_grid_input){a ? a->pos : NULL, sizeof *a, a ? &a->team : NULL, sizeof *a, w->grid_include.data,
                         w->actor_ids.live.data};
}

/* Live slot i's place in the grid (included when perceivable); 1 when it
 * is a hidden agent (not perceivable), else 0. */
WY_INLINE int32_t include_of(wary_world *w, int32_t i) {
  const wy_actor *a = &w->actors.data[i];
  w->grid_include.data[i] = a->perceivable;
  return !a->perceivable && a->agent >= 0;
}

void wy_grid_refresh_walk(wary_world *w, int32_t start, int32_t end, int32_t worker) {
  if (!w->grid_dirty) return;
  wy_lane *lane = &w->lanes.data[worker];
  const wy_id_pool *ids = &w->actor_ids;
  /* Only live slots are read (retired and freed ones are not included). */
  if (start < end) memset(w->grid_include.data + start, 0, (size_t)(end - start) * sizeof *w->grid_include.data);
  for (int32_t wd = start >> 6; wd << 6 < end; wd++) {
    uint64_t b = wy_id_live_bits(ids, wd, start, end);
    if (b == ~0ull)
      for (int32_t i = wd << 6; i < (wd + 1) << 6; i++) lane->hidden += include_of(w, i);
    else
      for (; b; b &= b - 1) lane->hidden += include_of(w, wd << 6 | wy_lowest_bit(b));
  }
  const wy_grid_input in = grid_input(w);
  wy_grid_walk(&w->grid, &in, start, end, &lane->grid_box);
}

/* The hidden agents of slots [0, n) in slot order (out of line: most
 * steps have none). */
static WY_NOINLINE void list_hidden(wary_world *w, int32_t n) {
  const wy_id_pool *ids = &w->actor_ids;
  for (int32_t wd = 0; wd << 6 < n; wd++)
    for (uint64_t b = wy_id_live_bits(ids, wd, 0, n); b; b &= b - 1) {
      int32_t i = wd << 6 | wy_lowest_bit(b);
      const wy_actor *a = &w->actors.data[i];
      if (!a->perceivable && a->agent >= 0) w->hidden_agents.data[w->hidden_agents.count++] = i;
    }
}

bool wy_grid_refresh_place(wary_world *w) {
  if (!w->grid_dirty) return true;
  int32_t n = w->actors.count;
  wy_grid_box box;
  wy_grid_box_clear(&box);
  int32_t hidden = 0;
  for (int32_t i = 0; i < w->lanes.count; i++) {
    wy_grid_box_join(&box, &w->lanes.data[i].grid_box);
    hidden += w->lanes.data[i].hidden;
  }
  /* The hidden agents in slot order: a walk only when there are some. */
  w->hidden_agents.count = 0;
  if (hidden > 0) list_hidden(w, n);
  const wy_grid_input in = grid_input(w);
  if (!wy_grid_finish(&w->grid, &in, n, &box)) return false;
  w->grid_dirty = false;
  return true;
}

bool wy_grid_refresh(wary_world *w) {
  if (!wy_grid_refresh_reserve(w)) return false;
  wy_grid_refresh_walk(w, 0, w->actors.count, 0);
  return wy_grid_refresh_place(w);
}

int32_t wary_query_actors(wary_world *w, float x, float y, float z, float radius, wary_actor_id *out,
                          int32_t cap) {
  wy_error *e = w->error;
  if (wy_bad(e, __func__, "x", x, WY_FINITE) || wy_bad(e, __func__, "y", y, WY_FINITE) ||
      wy_bad(e, __func__, "z", z, WY_FINITE))
    return WARY_ERR_BAD_VALUE;
  if (isnan(radius) || radius < 0.0f)
    return wy_fail(e, WARY_ERR_BAD_VALUE, __func__, "radius: expected a number >= 0 (inf: everywhere), got %g",
                   radius);
  if (cap < 0) return wy_fail(e, WARY_ERR_BAD_VALUE, __func__, "cap: expected an integer >= 0, got %d", cap);
  if (!out && cap > 0) return wy_fail_null(e, WARY_ERR_BAD_VALUE, __func__, "out");
  if (!wy_grid_refresh(w)) return wy_fail_memory(e, __func__);
  float c[3] = {x, y, z};
  int32_t count = 0;
  const int32_t *slots = wy_grid_query(&w->grid, c, radius, 0, &count);
  int32_t n = count < cap ? count : cap;
  for (int32_t i = 0; i < n; i++) out[i].id = wy_actor_id(w, slots[i]);
  return n;
}
