/* step.c - one step: timers, sense scheduling per agent (interval x LOD
 * tier, staggered), candidate targets from the grid, the batch of custom
 * sense queries handed to the backend, and applying their results. */
#include <string.h>

#include "internal.h"

#define WY_TIME_EPSILON 1e-5f

static bool push_query(wary_world *w, int32_t agent_index, const wy_actor *a, const wy_agent *ag,
                       int32_t slot, const wy_slot *sl, int32_t target_slot, float distance) {
  int32_t n = w->queries.count;
  if (!wy_array_reserve(&w->queries, n + 1) || !wy_array_reserve(&w->results, n + 1) ||
      !wy_array_reserve(&w->links, n + 1))
    return false;
  const wy_actor *t = &w->actors.data[target_slot];
  wary_sense_query *q = &w->queries.data[n];
  q->agent = wy_actor_id(w, ag->actor);
  q->target = wy_actor_id(w, target_slot);
  q->sense = sl->sense;
  q->slot = slot;
  q->profile = a->profile;
  q->lod_tier = a->lod_tier;
  q->off_screen = a->off_screen;
  q->dt = ag->since[slot];
  q->distance = distance;
  memcpy(q->agent_pos, a->pos, sizeof q->agent_pos);
  q->agent_yaw = a->yaw;
  wy_actor_eye(w, a, q->eye_pos, q->eye_forward);
  q->light = a->light;
  q->weather = w->def.weather;
  memcpy(q->target_pos, t->pos, sizeof q->target_pos);
  memcpy(q->target_vel, t->vel, sizeof q->target_vel);
  memset(&w->results.data[n], 0, sizeof w->results.data[n]);
  w->links.data[n].agent = agent_index;
  w->links.data[n].failed = false;
  int32_t bi = -1;
  wy_belief_find(ag, q->target, &bi);
  w->links.data[n].belief = bi;
  w->queries.count++;
  return true;
}

/* Marks which slots are due for one agent; true if any is. */
static bool schedule(const wary_world *w, wy_agent *ag, const wy_profile *p, int32_t tier,
                     float dt, bool due[WY_SLOTS]) {
  bool any = false;
  for (int32_t s = 0; s < p->slot_count; s++) {
    ag->since[s] += dt;
    due[s] = false;
    /* Due when the time left has run out (to within float drift: 0.1 s is
     * six steps of 1/60 s, not seven); the step's dt is taken off after, so
     * updates are one interval apart in steps of any size. */
    if (ag->next_due[s] <= WY_TIME_EPSILON) {
      float interval = p->slots[s].interval * w->def.lod_interval_scale[tier];
      ag->next_due[s] += interval;
      /* A long step must not leave a backlog of updates behind it. */
      if (ag->next_due[s] <= 0.0f) ag->next_due[s] = interval;
      due[s] = !ag->muted[s];
      any = any || due[s];
    }
    ag->next_due[s] -= dt;
  }
  return any;
}

bool wy_push_report(wary_world *w, int32_t agent_index, int32_t slot, wary_id target,
                    float confidence, int32_t reason, float accuracy, const float *pos) {
  if (!wy_array_reserve(&w->reports, w->reports.count + 1))
    return false;
  wy_report *r = &w->reports.data[w->reports.count++];
  r->agent = agent_index;
  r->slot = slot;
  r->target = target;
  r->dt = w->agents.data[agent_index].since[slot];
  r->confidence = confidence;
  r->reason = reason;
  r->accuracy = accuracy;
  r->has_pos = pos != NULL;
  if (pos) memcpy(r->pos, pos, sizeof r->pos);
  return true;
}

/* Vision looks at one candidate. Nothing is recorded for a target it neither
 * sees nor holds a belief about. */
static bool look(wary_world *w, int32_t agent_index, const wy_agent *ag, const wy_actor *a,
                 const wy_profile *p, int32_t target_slot) {
  const wy_actor *t = &w->actors.data[target_slot];
  wary_id target = wy_actor_id(w, target_slot);
  int32_t reason;
  float c = wy_vision_eval(w, a, p, t, &reason, NULL);
  if (c <= 0.0f && !wy_belief_find(ag, target, NULL)) return true;
  return wy_push_report(w, agent_index, p->vision_slot, target, c, reason, 1.0f, NULL);
}

static int gather(wary_world *w, int32_t agent_index) {
  wy_agent *ag = &w->agents.data[agent_index];
  const wy_actor *a = &w->actors.data[ag->actor];
  const wy_profile *p = &w->profiles.data[a->profile];
  bool due[WY_SLOTS];
  float reach[WY_SLOTS];
  for (int32_t i = 0; i < ag->beliefs.count; i++)
    memset(ag->beliefs.data[i].due, 0, sizeof ag->beliefs.data[i].due);
  memset(ag->ran, 0, sizeof ag->ran);
  memset(ag->failed, 0, sizeof ag->failed);
  /* A reported touch counts at once, whatever the touch sense's interval. */
  if (!wy_touches(w, agent_index)) return WARY_ERR_OUT_OF_MEMORY;
  if (!schedule(w, ag, p, a->lod_tier, w->step_dt, due)) return WARY_OK;
  float range = 0.0f;
  for (int32_t s = 0; s < p->slot_count; s++) {
    reach[s] = p->slots[s].range;
    /* Vision measures from the eyes to the head: leave the grid some slack,
     * the exact range check comes before any ray. */
    if (s == p->vision_slot) reach[s] += a->eye_height + 2.0f * w->def.units_per_meter;
    if (due[s] && reach[s] > range) range = reach[s];
  }
  /* Every belief hears from its due slots this step, even out of range. */
  for (int32_t i = 0; i < ag->beliefs.count; i++)
    for (int32_t s = 0; s < p->slot_count; s++) {
      ag->beliefs.data[i].due[s] = due[s];
      /* Senses that look at candidates lose what is not among them out of
       * range; hearing's silence keeps its own reason. */
      if (due[s] && p->slots[s].range > 0.0f && p->slots[s].sense < WARY_BUILTIN_SENSES)
        ag->beliefs.data[i].reason[s] = WARY_LOSS_OUT_OF_RANGE;
    }
  if (range > 0.0f) {
    int32_t count = 0;
    const int32_t *cand = wy_grid_query(&w->grid, a->pos, range, &count);
    if (count < 0) return WARY_ERR_OUT_OF_MEMORY;
    w->stats.candidates += (uint64_t)count;
    for (int32_t c = 0; c < count; c++) {
      int32_t ts = cand[c];
      const wy_actor *t = &w->actors.data[ts];
      if (ts == ag->actor) continue;
      if (p->def.ignore_same_team && t->team != 0 && t->team == a->team) continue;
      float d = wy_dist3(a->pos, t->pos);
      for (int32_t s = 0; s < p->slot_count; s++) {
        if (!due[s] || d > reach[s]) continue;
        int32_t sense = p->slots[s].sense;
        if (sense == WARY_SENSE_DAMAGE || sense == WARY_SENSE_PAIN) continue;
        bool ok = sense == WARY_SENSE_VISION ? look(w, agent_index, ag, a, p, ts)
                  : sense < WARY_BUILTIN_SENSES
                      ? wy_sense_basic(w, agent_index, a, p, s, ts, d)
                      : push_query(w, agent_index, a, ag, s, &p->slots[s], ts, d);
        if (!ok) return WARY_ERR_OUT_OF_MEMORY;
      }
    }
  }
  int32_t hearing = p->builtin_slot[WARY_SENSE_HEARING];
  if (hearing >= 0 && due[hearing] && !wy_hear(w, agent_index)) return WARY_ERR_OUT_OF_MEMORY;
  for (int32_t s = 0; s < p->slot_count; s++) {
    if (due[s]) ag->since[s] = 0.0f;
    ag->ran[s] = due[s];
  }
  return WARY_OK;
}

int wary_step_begin(wary_world *w, float dt) {
  if (w->in_step) return WARY_ERR_IN_STEP;
  if (!wy_finite(dt) || dt < 0.0f) return WARY_ERR_BAD_VALUE;
  if (!wy_grid_refresh(w)) return WARY_ERR_OUT_OF_MEMORY;
  w->in_step = true;
  w->step_dt = dt;
  w->time += dt;
  w->event_count = 0;
  w->queries.count = 0;
  w->reports.count = 0;
  w->light_epoch++;
  wy_eyes_turn(w, dt);
  if (!wy_deliver_sounds(w) || !wy_deliver_stimuli(w)) {
    w->in_step = false;
    return WARY_ERR_OUT_OF_MEMORY;
  }
  for (int32_t i = 0; i < w->agents.count; i++) {
    wy_agent *ag = &w->agents.data[i];
    for (int32_t b = 0; b < ag->beliefs.count; b++) wy_evidence_tick(&ag->beliefs.data[b], dt);
    int s = gather(w, i);
    if (s != WARY_OK) {
      w->in_step = false;
      return s;
    }
  }
  w->stats.queries += (uint64_t)w->queries.count;
  return WARY_OK;
}

int32_t wary_query_count(const wary_world *w) { return w->queries.count; }
const wary_sense_query *wary_queries(const wary_world *w) { return w->queries.data; }
wary_sense_result *wary_results(wary_world *w) { return w->results.data; }

int wary_query_fail(wary_world *w, int32_t i) {
  if (!w->in_step) return WARY_ERR_IN_STEP;
  if (i < 0 || i >= w->queries.count) return WARY_ERR_NOT_FOUND;
  if (w->links.data[i].failed) return WARY_OK;
  w->links.data[i].failed = true;
  memset(&w->results.data[i], 0, sizeof w->results.data[i]);
  const wary_sense_query *q = &w->queries.data[i];
  wy_agent *ag = &w->agents.data[w->links.data[i].agent];
  /* One count per step: a sense that fails for several targets in one step
   * has failed once; steps without a failure start the count again. */
  if (!ag->failed[q->slot]) {
    ag->failed[q->slot] = true;
    if (!ag->muted[q->slot] && ++ag->errors[q->slot] >= w->def.sense_error_limit)
      ag->muted[q->slot] = true;
  }
  wary_event *e = wy_event_push(w, WARY_EV_SENSE_ERROR, q->agent);
  if (e) {
    e->target = q->target;
    e->sense = q->sense;
    e->index = i;
  }
  return WARY_OK;
}

static float sanitize(float v) { return wy_finite(v) ? wy_clamp01(v) : 0.0f; }

/* The belief of agent about target, created when a sense first reports it. */
static wy_belief *belief_for(wary_world *w, wy_agent *ag, wary_id target, int32_t *index) {
  if (*index < 0) {
    wy_belief_find(ag, target, index);
    if (*index < 0) *index = wy_belief_create(ag, target, wy_actor_get(w, target));
    if (*index < 0) return NULL;
  }
  return &ag->beliefs.data[*index];
}

static void report(wy_belief *b, int32_t s, float c, float accuracy, const float loc[3]) {
  b->reported[s] = true;
  b->shares[s] = c;
  b->accuracy[s] = accuracy;
  memcpy(b->location[s], loc, sizeof b->location[s]);
}

/* Writes each query's answer into its belief. */
static int apply_results(wary_world *w) {
  for (int32_t i = 0; i < w->queries.count; i++) {
    const wary_sense_query *q = &w->queries.data[i];
    wary_sense_result *r = &w->results.data[i];
    wy_query_link *l = &w->links.data[i];
    float c = sanitize(r->confidence);
    if (l->failed || !r->active || c <= 0.0f) continue;
    wy_belief *b = belief_for(w, &w->agents.data[l->agent], q->target, &l->belief);
    if (!b) return WARY_ERR_OUT_OF_MEMORY;
    bool loc = r->has_location && wy_finite3(r->location[0], r->location[1], r->location[2]);
    report(b, q->slot, c, sanitize(r->accuracy), loc ? r->location : q->target_pos);
  }
  return WARY_OK;
}

/* Writes the built-in senses' answers; vision holds back a first sighting
 * for first_spot_reaction_time of unbroken sight. */
static int apply_reports(wary_world *w) {
  for (int32_t i = 0; i < w->reports.count; i++) {
    const wy_report *r = &w->reports.data[i];
    wy_agent *ag = &w->agents.data[r->agent];
    int32_t index = -1;
    wy_belief *b = belief_for(w, ag, r->target, &index);
    if (!b) return WARY_ERR_OUT_OF_MEMORY;
    float c = r->confidence;
    const wy_profile *p = &w->profiles.data[w->actors.data[ag->actor].profile];
    if (r->slot == p->vision_slot && !b->spotted) {
      b->spot_time = c > 0.0f ? b->spot_time + r->dt : 0.0f;
      if (c > 0.0f && b->spot_time >= p->vision.first_spot_reaction_time) b->spotted = true;
      if (!b->spotted) c = 0.0f;
    }
    if (c <= 0.0f) {
      b->reason[r->slot] = r->reason;
      continue;
    }
    report(b, r->slot, c, r->accuracy, r->has_pos ? r->pos : wy_actor_get(w, r->target)->pos);
  }
  return WARY_OK;
}

int wary_step_end(wary_world *w) {
  if (!w->in_step) return WARY_ERR_IN_STEP;
  int status = apply_results(w);
  if (status == WARY_OK) status = apply_reports(w);
  wy_brain_damage(w);
  float dt = w->step_dt;
  for (int32_t i = 0; i < w->agents.count; i++) {
    wy_agent *ag = &w->agents.data[i];
    wy_brain_dull(w, ag, dt);
    for (int32_t s = 0; s < WY_SLOTS; s++)
      if (ag->ran[s] && !ag->failed[s]) ag->errors[s] = 0;
    for (int32_t b = 0; b < ag->beliefs.count; b++) wy_resolve_belief(w, ag, &ag->beliefs.data[b], dt);
    wy_beliefs_prune(ag, w->profiles.data[w->actors.data[ag->actor].profile].def.memory_time);
    wy_places_resolve(w, ag, dt);
    wy_brain_think(w, ag, dt);
  }
  int geck = wy_geck_step(w, dt);
  if (status == WARY_OK) status = geck;
  w->in_step = false;
  return status;
}

int wary_step(wary_world *w, float dt) {
  int s = wary_step_begin(w, dt);
  if (s != WARY_OK) return s;
  for (int32_t i = 0; i < w->queries.count; i++) {
    const wy_sense *sense = &w->senses.data[w->queries.data[i].sense];
    if (sense->def.evaluate) sense->def.evaluate(sense->def.user, &w->queries.data[i], &w->results.data[i]);
  }
  return wary_step_end(w);
}
