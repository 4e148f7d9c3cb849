/* pain.c - pain and health dulling the senses (seed 002): pain types,
 * reports (each one's event at the agent's next update), health, and the
 * multiplier they put on each sense slot. A step takes the multipliers from
 * the levels as it starts, then decays them over its dt: a report counts in
 * full in the step it lands, whatever the step's size (seed 002's burning
 * with smoke is x0.22 at 20 Hz as at 60 Hz). The multiplier scales each
 * slot's share in fusion (resolve.c, which the step hands it). */
#include "pain.h"

#include <string.h>

#include "belief.h"
#include "brain.h"
#include "events.h"

/* Every multiplier 1: the senses of an agent in no pain. */
static const float undulled[WY_SLOTS] = {1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f,
                                         1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f};
_Static_assert(WY_SLOTS == 16, "undulled: one 1 a slot");

static bool create(wary_world *w) {
  w->pain = wy_alloc_zero(&w->alloc, sizeof *w->pain);
  return w->pain != NULL;
}

static void destroy(wary_world *w) {
  if (!w->pain) return;
  wy_array_free(&w->alloc, &w->pain->agents);
  wy_free(&w->alloc, w->pain, sizeof *w->pain);
}

static bool reserve(wary_world *w, int32_t agents, int32_t profiles) {
  (void)profiles;
  return wy_array_reserve(&w->alloc, &w->pain->agents, agents);
}

static void agent_added(wary_world *w, int32_t agent) {
  (void)agent;
  wy_pain_agent *ag = &w->pain->agents.data[w->pain->agents.count++];
  memset(ag, 0, sizeof *ag);
  ag->health = 1.0f;
  for (int32_t s = 0; s < WY_SLOTS; s++) ag->dull[s] = 1.0f;
}

/* The agent's slots mean other senses: a kept sense keeps its multiplier, a
 * new one (and those past its profile's, which the step no longer writes)
 * has 1. An agent that no longer feels pain forgets its reports waiting for
 * their event and its levels, as one that no longer hears forgets its
 * sounds: Pain given back starts from none. */
static void slots_remap(wary_world *w, int32_t agent, const int8_t *from, int32_t old_count) {
  (void)old_count;
  wy_pain_agent *ag = &w->pain->agents.data[agent];
  if (wy_agent_profile(w, agent)->builtin_slot[WARY_SENSE_PAIN] < 0) {
    ag->queue_count = 0;
    for (int32_t k = 0; k < WARY_MAX_PAIN_TYPES; k++) ag->level[k] = 0.0f;
  }
  float old[WY_SLOTS];
  memcpy(old, ag->dull, sizeof old);
  int32_t n = wy_agent_profile(w, agent)->slot_count;
  for (int32_t s = 0; s < WY_SLOTS; s++) ag->dull[s] = s < n && from[s] >= 0 ? old[from[s]] : 1.0f;
  wy_agent_wake(w, agent, WY_IDLE_PAIN);
}

static void agent_removed(wary_world *w, int32_t agent) {
  wy_array_swap_remove(&w->pain->agents, agent);
}

const wy_module wy_pain_module = {
  .create = create, .destroy = destroy, .reserve = reserve, .agent_added = agent_added,
  .agent_removed = agent_removed, .slots_remap = slots_remap,
};

wary_pain_def wary_default_pain_def(void) {
  wary_pain_def d;
  memset(&d, 0, sizeof d);
  d.decay_rate = 0.2f;
  d.max_level = 1.0f;
  for (int i = 0; i < WARY_MAX_PAIN_EFFECTS; i++) d.effect_sense[i] = -1;
  return d;
}

static int pain_check(const wary_world *w, const char *fn, const wary_pain_def *d) {
  wy_error *e = w->error;
  if (!d) return wy_fail_null(e, WARY_ERR_BAD_VALUE, fn, "pain_def");
  if (!wary_name_string(w, d->name))
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                   "pain_def.name: expected an interned name (a key from wary_name), got %d", d->name);
  if (wy_bad(e, fn, "pain_def.decay_rate", d->decay_rate, WY_NONNEG) ||
      wy_bad(e, fn, "pain_def.max_level", d->max_level, WY_UNIT) ||
      wy_bad(e, fn, "pain_def.amount_override", d->amount_override, WY_NONNEG) ||
      wy_bad_int(e, fn, "pain_def.effect_count", -1, d->effect_count, 0, WARY_MAX_PAIN_EFFECTS))
    return WARY_ERR_BAD_VALUE;
  for (int32_t i = 0; i < d->effect_count; i++)
    if (wy_bad_int(e, fn, "pain_def.effect_sense", i, d->effect_sense[i], 0, w->senses.count - 1) ||
        wy_bad_at(e, fn, "pain_def.effect", i, d->effect[i], WY_UNIT))
      return WARY_ERR_BAD_VALUE;
  return WARY_OK;
}

/* WARY_OK, or WARY_ERR_NOT_FOUND with its text: pain is no pain type's index. */
static int pain_index_check(const wary_world *w, const char *fn, int32_t pain) {
  if (pain >= 0 && pain < w->pain->type_count) return WARY_OK;
  return wy_fail_index(w->error, WARY_ERR_NOT_FOUND, fn, "pain", "a pain type", pain, w->pain->type_count);
}

static int32_t pain_create(wary_world *w, const wary_pain_def *d) {
  static const char fn[] = "wary_pain_create";
  int status = pain_check(w, fn, d);
  if (status == WARY_OK) status = wy_step_check(w, fn);
  if (status != WARY_OK) return status;
  struct wy_pain *pn = w->pain;
  if (pn->type_count >= WARY_MAX_PAIN_TYPES)
    return wy_fail(w->error, WARY_ERR_FULL, fn, "table full: %d pain types at most (WARY_MAX_PAIN_TYPES)",
                   WARY_MAX_PAIN_TYPES);
  pn->types[pn->type_count] = *d;
  return pn->type_count++;
}

int wary_pain_create(wary_world *w, const wary_pain_def *def, int32_t *out) {
  return wy_index_out(pain_create(w, def), out);
}

int wary_pain_set(wary_world *w, int32_t pain, const wary_pain_def *d) {
  int status = pain_index_check(w, __func__, pain);
  if (status == WARY_OK) status = pain_check(w, __func__, d);
  if (status == WARY_OK) status = wy_step_check(w, __func__);
  if (status != WARY_OK) return status;
  w->pain->types[pain] = *d;
  return WARY_OK;
}

/* The agent's pain part, or NULL with *status (the id's, or NOT_AGENT) and its text. */
static wy_pain_agent *pain_agent(wary_world *w, const char *fn, wy_id agent, int *status) {
  int32_t index = wy_agent_index(w, agent, fn, "agent");
  *status = index < 0 ? index : WARY_OK;
  if (index < 0) return NULL;
  /* Its pain is about to change: the next step sees to it. */
  wy_agent_wake(w, index, WY_IDLE_PAIN);
  return &w->pain->agents.data[index];
}

int wary_report_pain(wary_world *w, wary_actor_id agent_h, int32_t pain, float amount) {
  wy_id agent = agent_h.id;
  int32_t index = wy_agent_index(w, agent, __func__, "agent");
  if (index < 0) return index;
  wy_pain_agent *ag = &w->pain->agents.data[index];
  int status = pain_index_check(w, __func__, pain);
  if (status != WARY_OK) return status;
  if (wy_bad(w->error, __func__, "amount", amount, WY_FINITE)) return WARY_ERR_BAD_VALUE;
  const wary_pain_def *d = &w->pain->types[pain];
  if (amount <= 0.0f || ag->off[pain]) return WARY_OK;
  if (wy_agent_profile(w, index)->builtin_slot[WARY_SENSE_PAIN] < 0)
    return wy_fail(w->error, WARY_ERR_NOT_FOUND, __func__,
                   "agent: expected an agent that feels pain, got %x, whose profile %d has no WARY_SENSE_PAIN", agent,
                   wy_agent_actor(w, index)->profile);
  float add = d->amount_override > 0.0f ? d->amount_override : amount;
  wy_agent_wake(w, index, WY_IDLE_PAIN);
  float level = ag->level[pain] + add;
  ag->level[pain] = level < d->max_level ? level : d->max_level;
  if (ag->queue_count < WARY_PAIN_QUEUE) {
    wy_pain_report *r = &ag->queue[ag->queue_count++];
    r->pain = pain;
    r->level = ag->level[pain];
  } else {
    w->stats.pain_reports_dropped++;
  }
  return WARY_OK;
}

int wary_pain_clear(wary_world *w, wary_actor_id agent_h, int32_t pain) {
  wy_id agent = agent_h.id;
  int status;
  wy_pain_agent *ag = pain_agent(w, __func__, agent, &status);
  if (!ag) return status;
  if (pain == -1) {
    memset(ag->level, 0, sizeof ag->level);
    return WARY_OK;
  }
  status = pain_index_check(w, __func__, pain);
  if (status != WARY_OK) return status;
  ag->level[pain] = 0.0f;
  return WARY_OK;
}

int wary_pain_set_enabled(wary_world *w, wary_actor_id agent_h, int32_t pain, int32_t enabled) {
  wy_id agent = agent_h.id;
  int status;
  wy_pain_agent *ag = pain_agent(w, __func__, agent, &status);
  if (!ag) return status;
  status = pain_index_check(w, __func__, pain);
  if (status != WARY_OK) return status;
  ag->off[pain] = enabled == 0;
  return WARY_OK;
}

int wary_actor_set_health(wary_world *w, wary_actor_id agent_h, float health) {
  wy_id agent = agent_h.id;
  int status;
  wy_pain_agent *ag = pain_agent(w, __func__, agent, &status);
  if (!ag) return status;
  if (wy_bad(w->error, __func__, "health", health, WY_UNIT)) return WARY_ERR_BAD_VALUE;
  ag->health = health;
  return WARY_OK;
}

/* M = lerp(floor, 1, health); each enabled pain: M = max(M x (1 - level x effect), floor). */
static inline float multiplier(const struct wy_pain *pn, const wy_pain_agent *ag,
                               const wy_profile *p, float vision_floor, int32_t slot) {
  if (p->builtin_slot[WARY_SENSE_PAIN] < 0 || slot < 0 || slot >= p->slot_count) return 1.0f;
  int32_t sense = p->slots[slot].sense;
  float floor = sense == WARY_SENSE_VISION ? vision_floor : 0.0f;
  float m = floor + (1.0f - floor) * ag->health;
  for (int32_t k = 0; k < pn->type_count; k++) {
    if (ag->off[k] || ag->level[k] <= 0.0f) continue;
    const wary_pain_def *d = &pn->types[k];
    for (int32_t e = 0; e < d->effect_count; e++) {
      if (d->effect_sense[e] != sense) continue;
      float v = m * (1.0f - ag->level[k] * d->effect[e]);
      m = v > floor ? v : floor;
    }
  }
  return m;
}

float wy_pain_multiplier(const wary_world *w, int32_t agent, int32_t slot) {
  int32_t profile = wy_agent_actor(w, agent)->profile;
  return multiplier(w->pain, wy_pain_of(w, agent), &w->profiles.data[profile],
                    wy_brain_of(w, profile)->pain_vision_floor, slot);
}

float wy_pain_place(const wary_world *w, int32_t agent, int32_t slot, float c) {
  float m = wy_pain_multiplier(w, agent, slot);
  if (m >= 1.0f) return c;
  float dulled = c * m;
  return dulled < wy_brain_of(w, wy_agent_actor(w, agent)->profile)->pain_suppress_below ? 0.0f : dulled;
}

/* *at = v, unless it holds v's bits already. */
static inline void keep(float *at, float v) {
  if (memcmp(at, &v, sizeof v) != 0) *at = v;
}


const float *wy_pain_step(wary_world *w, wy_lane *lane, int32_t agent, float dt) {
  wy_agent *owner = &w->agents.data[agent];
  /* Idle (below): this step would store what the record holds. */
  if (owner->idle & WY_IDLE_PAIN) return undulled;
  wy_pain_agent *ag = &w->pain->agents.data[agent];
  const struct wy_pain *pn = w->pain;
  wy_id id = wy_agent_id(w, agent);
  if (ag->queue_count > 0) {
    for (int32_t i = 0; i < ag->queue_count; i++) {
      wary_event *e = wy_lane_event(w, lane, WARY_EV_PAIN_REPORTED, id);
      if (!e) continue;
      e->confidence = ag->queue[i].level;
      e->index = ag->queue[i].pain;
    }
    ag->queue_count = 0;
  }
  int32_t profile = wy_agent_actor(w, agent)->profile;
  const wy_profile *p = &w->profiles.data[profile];
  float vision_floor = wy_brain_of(w, profile)->pain_vision_floor;
  /* The profile's slots only (past them dull stays 1: slots_remap). Without
   * a pain sense nothing dulls (multiplier's first test). A value that
   * holds is not stored again: an agent in no pain leaves its record as
   * it was, lines a step need not write back. */
  bool sense = p->builtin_slot[WARY_SENSE_PAIN] >= 0;
  for (int32_t s = 0; s < p->slot_count; s++)
    keep(&ag->dull[s], sense ? multiplier(pn, ag, p, vision_floor, s) : 1.0f);
  /* Without a pain sense (dull 1, whatever health and levels are), nothing
   * queued and no level to decay, the steps after store nothing until
   * something comes for its pain (wy_agent_wake). */
  bool rest = !sense;
  for (int32_t k = 0; k < pn->type_count; k++) {
    if (ag->off[k]) continue;
    float v = ag->level[k] - pn->types[k].decay_rate * dt;
    keep(&ag->level[k], v > 0.0f ? v : 0.0f);
    rest = rest && ag->level[k] == 0.0f;
  }
  if (rest) wy_agent_rest(w, owner, WY_IDLE_PAIN);
  return ag->dull;
}
