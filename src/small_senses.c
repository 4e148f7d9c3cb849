/* small_senses.c - the small built-in senses, one candidate at a time:
 * - smell: scent x sensitivity x (1 - (d / range)^2), through walls, no light;
 * - touch: within reach (0.6 m) it is sure (sensitivity), and a reported touch
 *   (wary_report_touch) counts at the next step whatever the distance;
 * - echolocation: pings that ignore light and cones: sensitivity x
 *   (1 - (d / range)^2), stopped by any sound wall between ear and chest.
 * Vibration lives on the stimulus bus (stimulus.c); its settings share the
 * shape of these (wary_basic_sense_def) and live here with them. */
#include "small_senses.h"

#include <string.h>

#include "hearing.h"
#include "report.h"

/* ---- settings ------------------------------------------------------------ */

wary_basic_sense_def wary_default_basic_sense_def(int32_t sense) {
  wary_basic_sense_def d;
  memset(&d, 0, sizeof d);
  d.range = -1.0f;
  d.weight = 1.0f;
  d.sensitivity = 1.0f;
  switch (sense) {
    case WARY_SENSE_SMELL: d.interval = 0.5f; d.loss_grace = 2.0f; d.accuracy = 0.3f; break;
    case WARY_SENSE_TOUCH: d.interval = 0.1f; d.loss_grace = 0.5f; d.accuracy = 1.0f; break;
    case WARY_SENSE_ECHOLOCATION: d.interval = 0.5f; d.loss_grace = 1.0f; d.accuracy = 0.8f; break;
    default: d.interval = 0.1f; d.loss_grace = 1.0f; d.accuracy = 0.5f; break;
  }
  return d;
}

/* Default reach of each, in metres. */
static float range_m(int32_t sense) {
  switch (sense) {
    case WARY_SENSE_SMELL: return 5.0f;
    case WARY_SENSE_TOUCH: return 0.6f;
    case WARY_SENSE_ECHOLOCATION: return 20.0f;
    default: return 30.0f; /* vibration */
  }
}

/* Vibration comes on the stimulus bus: it gathers no candidates (range 0). */
static void contract(wy_profile *p, int32_t sense, const wary_basic_sense_def *b) {
  wy_contract *c = &p->builtin[sense];
  c->interval = b->interval;
  c->range = sense == WARY_SENSE_VIBRATION ? 0.0f : b->range;
  c->loss_grace = b->loss_grace;
  c->weight = b->weight;
}

static int basic_check(wy_error *e, const char *fn, const wary_basic_sense_def *d) {
  if (!d) return wy_fail_null(e, WARY_ERR_BAD_VALUE, fn, "basic_sense_def");
  return wy_bad(e, fn, "basic_sense_def.interval", d->interval, WY_POSITIVE) ||
                 wy_bad(e, fn, "basic_sense_def.range", d->range, WY_SCALED) ||
                 wy_bad(e, fn, "basic_sense_def.loss_grace", d->loss_grace, WY_NONNEG) ||
                 wy_bad(e, fn, "basic_sense_def.weight", d->weight, WY_NONNEG) ||
                 wy_bad(e, fn, "basic_sense_def.sensitivity", d->sensitivity, WY_NONNEG) ||
                 wy_bad(e, fn, "basic_sense_def.accuracy", d->accuracy, WY_UNIT)
             ? WARY_ERR_BAD_VALUE
             : WARY_OK;
}

int wary_profile_set_basic_sense(wary_world *w, int32_t profile, int32_t sense,
                                 const wary_basic_sense_def *d) {
  int status = wy_profile_check(w, __func__, profile);
  if (status == WARY_OK && (sense < WARY_SENSE_VIBRATION || sense > WARY_SENSE_ECHOLOCATION))
    status = wy_fail(w->error, WARY_ERR_NOT_FOUND, __func__,
                     "sense: expected vibration (2), smell (3), touch (4) or echolocation (5), got %d", sense);
  if (status == WARY_OK) status = basic_check(w->error, __func__, d);
  if (status == WARY_OK) status = wy_step_check(w, __func__);
  if (status != WARY_OK) return status;
  wy_profile *p = &w->profiles.data[profile];
  wary_basic_sense_def *b = &w->small->profiles.data[profile].sense[sense];
  *b = *d;
  b->range = wy_scaled(w, d->range, range_m(sense));
  contract(p, sense, b);
  wy_profile_refresh(w, p);
  return WARY_OK;
}

/* ---- the module: settings per profile, touches per agent ------------------- */

static bool create(wary_world *w) {
  w->small = wy_alloc_zero(&w->alloc, sizeof *w->small);
  return w->small != NULL;
}

static void destroy(wary_world *w) {
  if (!w->small) return;
  wy_array_free(&w->alloc, &w->small->profiles);
  wy_array_free(&w->alloc, &w->small->agents);
  wy_free(&w->alloc, w->small, sizeof *w->small);
}

static bool reserve(wary_world *w, int32_t agents, int32_t profiles) {
  return wy_array_reserve(&w->alloc, &w->small->agents, agents) &&
         wy_array_reserve(&w->alloc, &w->small->profiles, profiles);
}

/* The profile's settings of sense k at their defaults (and its contract,
 * for the senses this module keeps one of). */
static void defaults(wary_world *w, int32_t profile, int32_t k) {
  wy_small_settings *s = &w->small->profiles.data[profile];
  s->sense[k] = wary_default_basic_sense_def(k);
  s->sense[k].range = wy_scaled(w, s->sense[k].range, range_m(k));
  if (k >= WARY_SENSE_VIBRATION && k <= WARY_SENSE_ECHOLOCATION) contract(&w->profiles.data[profile], k, &s->sense[k]);
}

static void profile_added(wary_world *w, int32_t profile) {
  w->small->profiles.count++;
  for (int32_t k = 0; k < WARY_BUILTIN_SENSES; k++) defaults(w, profile, k);
}

/* Vision and hearing keep theirs elsewhere; this table's copies of them
 * (unread) are left as they are. */
static void sense_dropped(wary_world *w, int32_t profile, int32_t sense) {
  if (sense >= WARY_SENSE_VIBRATION && sense <= WARY_SENSE_ECHOLOCATION) defaults(w, profile, sense);
}

static void agent_added(wary_world *w, int32_t agent) {
  (void)agent;
  memset(&w->small->agents.data[w->small->agents.count++], 0, sizeof(wy_touches));
}

static void agent_removed(wary_world *w, int32_t agent) {
  wy_array_swap_remove(&w->small->agents, agent);
}

/* An agent whose profile no longer feels touch forgets the touches waiting
 * for its next step, as one that no longer hears forgets its sounds. */
static void slots_remap(wary_world *w, int32_t agent, const int8_t *from, int32_t old_count) {
  (void)from;
  (void)old_count;
  if (wy_agent_profile(w, agent)->builtin_slot[WARY_SENSE_TOUCH] < 0) w->small->agents.data[agent].count = 0;
}

const wy_module wy_small_module = {
  .create = create, .destroy = destroy, .reserve = reserve, .profile_added = profile_added,
  .sense_dropped = sense_dropped, .agent_added = agent_added, .agent_removed = agent_removed,
  .slots_remap = slots_remap,
};

/* ---- sensing --------------------------------------------------------------- */

float wy_small_sense(wary_world *w, const wy_actor *a, int32_t sense, const wy_actor *t,
                     float distance, int32_t *reason, uint64_t *rays, wy_small_factors *f) {
  const wary_basic_sense_def *b = wy_small_of(w, a->profile, sense);
  float x = b->range > 0.0f ? distance / b->range : 1.0f;
  /* Out of range the distance is 0 and the rest what they are (a target's
   * scent too), so that explain says why. */
  if (f)
    *f = (wy_small_factors){sense == WARY_SENSE_SMELL ? t->scent : 1.0f, b->sensitivity, x > 1.0f ? 0.0f : 1.0f,
                            1.0f};
  if (x > 1.0f) {
    *reason = WARY_LOSS_OUT_OF_RANGE;
    return 0.0f;
  }
  float c = 0.0f;
  *reason = WARY_LOSS_NONE;
  if (sense == WARY_SENSE_SMELL) {
    c = t->scent * b->sensitivity * (1.0f - x * x);
    if (f) {
      f->scent = t->scent;
      f->distance = 1.0f - x * x;
    }
    *reason = WARY_LOSS_SENSOR_DROPOUT;
  } else if (sense == WARY_SENSE_TOUCH) {
    c = b->sensitivity;
    *reason = WARY_LOSS_OUT_OF_RANGE;
  } else if (sense == WARY_SENSE_ECHOLOCATION) {
    float ear[3] = {a->pos[0], a->pos[1], a->pos[2] + wy_hearing_of(w, a->profile)->ear_height};
    float chest[3] = {t->pos[0], t->pos[1], t->pos[2] + w->def.units_per_meter};
    int32_t walls;
    (*rays)++;
    bool clear = wy_occ_walls(&w->occ, w->materials, ear, chest, 1, false, &walls) && walls == 0;
    c = clear ? b->sensitivity * (1.0f - x * x) : 0.0f;
    if (f) {
      f->distance = 1.0f - x * x;
      f->clear = clear ? 1.0f : 0.0f;
    }
    *reason = clear ? WARY_LOSS_OUT_OF_RANGE : WARY_LOSS_OCCLUDED;
  }
  return c;
}

int wary_report_touch(wary_world *w, wary_actor_id agent_h, wary_actor_id toucher_h) {
  wy_id agent = agent_h.id;
  wy_id toucher = toucher_h.id;
  const wy_actor *a = wy_actor_get(w, agent);
  if (!a) return wy_actor_status(w, agent, __func__, "agent");
  if (!wy_actor_get(w, toucher)) return wy_actor_status(w, toucher, __func__, "toucher");
  if (a->agent < 0) return wy_fail_not_agent(w, __func__, "agent", agent);
  if (agent == toucher)
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, __func__, "toucher: expected an actor other than the agent, got %x (the agent)",
                   toucher);
  /* Nothing would read it (wy_touches_report): refused, as a pain report
   * is, rather than kept where it fills the agent's four places. */
  if (w->profiles.data[a->profile].builtin_slot[WARY_SENSE_TOUCH] < 0)
    return wy_fail(w->error, WARY_ERR_NOT_FOUND, __func__,
                   "agent: expected an agent that feels touch, got %x, whose profile %d has no WARY_SENSE_TOUCH", agent,
                   a->profile);
  wy_touches *t = &w->small->agents.data[a->agent];
  for (int32_t i = 0; i < t->count; i++)
    if (t->toucher[i] == toucher) return WARY_OK;
  if (t->count >= 4)
    return wy_fail(w->error, WARY_ERR_FULL, __func__,
                   "table full: 4 touches of agent %x wait for its next step, none by toucher %x", agent, toucher);
  t->toucher[t->count++] = toucher;
  wy_agent_busy(&w->agents.data[a->agent], WY_IDLE_TOUCHES);
  return WARY_OK;
}

bool wy_touches_report(wary_world *w, struct wy_reports *into, int32_t agent) {
  if (w->agents.data[agent].idle & WY_IDLE_TOUCHES) return true;
  wy_touches *t = &w->small->agents.data[agent];
  if (t->count == 0) return true;
  const wy_actor *a = wy_agent_actor(w, agent);
  const wy_profile *p = &w->profiles.data[a->profile];
  int32_t slot = p->builtin_slot[WARY_SENSE_TOUCH];
  float sensitivity = wy_small_of(w, a->profile, WARY_SENSE_TOUCH)->sensitivity;
  for (int32_t i = 0; slot >= 0 && i < t->count; i++) {
    const wy_actor *by = wy_actor_get(w, t->toucher[i]);
    /* A teammate's touch makes no belief with ignore_same_team, as its
     * sounds and hits do not. */
    if (!by || wy_ignores_teammate(p, a, by)) continue;
    if (!wy_report_push(w, into, agent, slot, t->toucher[i], wy_clamp01(sensitivity), WARY_LOSS_NONE, 1.0f, NULL))
      return false;
  }
  return true;
}

/* Spent: none waits until the next is reported (idle till then). */
void wy_touches_clear(wary_world *w, int32_t agent) {
  wy_agent *ag = &w->agents.data[agent];
  if (ag->idle & WY_IDLE_TOUCHES) return;
  w->small->agents.data[agent].count = 0;
  wy_agent_rest(w, ag, WY_IDLE_TOUCHES);
}

int wary_actor_set_scent(wary_world *w, wary_actor_id id_h, float scent) {
  wy_id id = id_h.id;
  wy_actor *a = wy_actor_get(w, id);
  if (!a) return wy_actor_status(w, id, __func__, "actor");
  if (wy_bad(w->error, __func__, "scent", scent, WY_UNIT)) return WARY_ERR_BAD_VALUE;
  a->scent = scent;
  return WARY_OK;
}
