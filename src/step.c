/* step.c - one step, top to bottom: timers, sense scheduling per agent
 * (interval x LOD tier, staggered), candidate targets from the grid, the
 * built-in senses and the batch of custom sense queries handed to the
 * backend; then writing every answer into the beliefs, the brain, the
 * beliefs' resolution and the GECK pass. It is the one place that calls
 * every layer: the senses report, the step writes beliefs. */
#include <string.h>

#include "belief.h"
#include "brain.h"
#include "budget.h"
#include "custom.h"
#include "damage.h"
#include "emission.h"
#include "emotion.h"
#include "evidence.h"
#include "geck.h"
#include "hearing.h"
#include "pain.h"
#include "place.h"
#include "report.h"
#include "resolve.h"
#include "small_senses.h"
#include "stimulus.h"
#include "vision.h"

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

/* A built-in sense's answer about one candidate: nothing is recorded for a
 * target it neither senses nor holds a belief about. */
/* One agent as it gathers: which it is and what it believes. */
typedef struct wy_gatherer {
  int32_t agent;
  const wy_actor *actor;
  const wy_belief_list *beliefs;
} wy_gatherer;

static inline bool report(wary_world *w, const wy_gatherer *g, int32_t slot, int32_t target_slot,
                          float c, int32_t reason, float accuracy) {
  wy_id target = wy_actor_id(w, target_slot);
  int32_t belief = c <= 0.0f ? wy_belief_find(g->beliefs, target) : -1;
  if (c <= 0.0f && belief < 0) return true;
  if (!wy_report_push(w, g->agent, slot, target, c, reason, accuracy, NULL)) return false;
  w->reports->actors.data[w->reports->actors.count - 1].belief = belief;
  return true;
}

static bool look(wary_world *w, const wy_gatherer *g, int32_t slot, int32_t target_slot) {
  int32_t reason;
  const wy_actor *a = g->actor;
  const wary_vision_def *v = wy_vision_of(w, a->profile);
  const wy_actor *t = &w->actors.data[target_slot];
  const wy_budget_pair *planned = wy_budget_pair_of(w, g->agent, target_slot);
  /* Put off by the ray budget: its belief keeps what vision last said. */
  if (planned && !planned->granted) return true;
  float c = planned ? wy_budget_look(w, planned, v, t, &reason) : wy_vision_eval(w, a, v, t, &reason, NULL);
  return report(w, g, slot, target_slot, c, reason, 1.0f);
}

static bool feel(wary_world *w, const wy_gatherer *g, int32_t slot, int32_t sense,
                 int32_t target_slot, float distance) {
  int32_t reason;
  const wy_actor *a = g->actor;
  float c = wy_small_sense(w, a, sense, &w->actors.data[target_slot], distance, &reason, NULL);
  return report(w, g, slot, target_slot, wy_clamp01(c), reason,
                wy_small_of(w, a->profile, sense)->accuracy);
}

static bool ask(wary_world *w, const wy_gatherer *g, int32_t slot, int32_t sense,
                int32_t target_slot, float distance) {
  int32_t belief = wy_belief_find(g->beliefs, wy_actor_id(w, target_slot));
  return wy_custom_push(w, g->agent, slot, sense, target_slot, distance, belief);
}

/* What the senses found at places becomes beliefs about places. */
static bool apply_places(wary_world *w) {
  struct wy_reports *r = w->reports;
  for (int32_t i = 0; i < r->places.count; i++) {
    const wy_place_note *p = &r->places.data[i];
    if (!wy_place_report(w, p->agent, p->pos, p->tag, p->confidence, p->accuracy)) return false;
  }
  r->places.count = 0;
  return true;
}

static int gather(wary_world *w, int32_t agent) {
  wy_agent *ag = &w->agents.data[agent];
  const wy_actor *a = &w->actors.data[ag->actor];
  const wy_profile *p = &w->profiles.data[a->profile];
  wy_belief_list *beliefs = wy_beliefs_of(w, agent);
  const wy_gatherer g = {agent, a, beliefs};
  bool due[WY_SLOTS];
  float reach[WY_SLOTS];
  memset(ag->ran, 0, sizeof ag->ran);
  memset(ag->failed, 0, sizeof ag->failed);
  /* A reported touch counts at once, whatever the touch sense's interval. */
  if (!wy_touches_report(w, agent)) return WARY_ERR_OUT_OF_MEMORY;
  if (!schedule(w, ag, p, a->lod_tier, w->step_dt, due)) return WARY_OK;
  float range = 0.0f;
  for (int32_t s = 0; s < p->slot_count; s++) {
    reach[s] = wy_slot_reach(w, a, p, s);
    if (due[s] && reach[s] > range) range = reach[s];
  }
  /* Every belief hears from its due slots this step, even out of range (the
   * agent's ran says which: resolve.c reads it). Senses that look at
   * candidates lose what is not among them out of range (stamped once for
   * every belief: wy_belief_reason); hearing's silence keeps its own reason. */
  for (int32_t s = 0; s < p->slot_count; s++)
    if (due[s] && p->slots[s].range > 0.0f && p->slots[s].sense < WARY_BUILTIN_SENSES)
      beliefs->out_of_range_step[s] = w->steps;
  if (range > 0.0f) {
    int32_t count = 0;
    int32_t team_mates = 0;
    /* The grid leaves out the agent's team when its profile ignores it (the
     * grid was built at this step's start, so its teams are the actors').
     * Under a ray budget its plan has asked already. */
    const int32_t *cand = wy_budget_candidates(w, agent, &count, &team_mates);
    if (!cand)
      cand = wy_grid_query(&w->grid, a->pos, range, p->def.ignore_same_team ? a->team : 0, &count, &team_mates);
    w->stats.candidates += (uint64_t)(count + team_mates);
    for (int32_t c = 0; c < count; c++) {
      int32_t ts = cand[c];
      const wy_actor *t = &w->actors.data[ts];
      if (ts == ag->actor) continue;
      float d = wy_dist3(a->pos, t->pos);
      for (int32_t s = 0; s < p->slot_count; s++) {
        if (!due[s] || d > reach[s]) continue;
        int32_t sense = p->slots[s].sense;
        if (sense == WARY_SENSE_DAMAGE || sense == WARY_SENSE_PAIN) continue;
        bool ok = sense == WARY_SENSE_VISION     ? look(w, &g, s, ts)
                  : sense < WARY_BUILTIN_SENSES ? feel(w, &g, s, sense, ts, d)
                                                : ask(w, &g, s, sense, ts, d);
        if (!ok) return WARY_ERR_OUT_OF_MEMORY;
      }
    }
  }
  int32_t hearing = p->builtin_slot[WARY_SENSE_HEARING];
  if (hearing >= 0 && due[hearing] && (!wy_hear(w, agent) || !apply_places(w)))
    return WARY_ERR_OUT_OF_MEMORY;
  for (int32_t s = 0; s < p->slot_count; s++) {
    if (due[s]) ag->since[s] = 0.0f;
    ag->ran[s] = due[s];
  }
  return WARY_OK;
}

/* What the step could fail to find room for, taken before anything changes:
 * the grid, the hierarchy of boxes (so no ray fails inside the step) and a
 * place in every hearing agent's pending sounds for each queued sound (so
 * delivery cannot stop half way and deliver twice when the step is made
 * again). */
static bool reserve_step(wary_world *w) {
  if (!wy_grid_refresh(w) || !wy_occ_prepare(&w->occ)) return false;
  int32_t sounds = 0;
  for (int32_t e = 0; e < w->emissions->queue.count; e++) sounds += w->emissions->queue.data[e].is_sound;
  if (sounds == 0) return true;
  for (int32_t i = 0; i < w->agents.count; i++) {
    wy_hearing_agent *h = &w->hearing->agents.data[i];
    if (wy_agent_profile(w, i)->builtin_slot[WARY_SENSE_HEARING] >= 0 &&
        !wy_array_reserve(&w->alloc, &h->pending, h->pending.count + sounds))
      return false;
  }
  return true;
}

int wary_step_begin(wary_world *w, float dt) {
  if (w->in_step) return wy_fail_in_step(w->error, __func__);
  if (wy_bad_range(w->error, __func__, "dt", dt, 0.0f, (float)WARY_MAX_STEP_SECONDS))
    return WARY_ERR_BAD_VALUE;
  if (!reserve_step(w)) return wy_fail_memory(w->error, __func__);
  w->in_step = true;
  w->steps++;
  wy_beliefs_step_begin(w, dt);
  w->step_dt = dt;
  w->time += dt;
  w->events.count = 0;
  w->custom->queries.count = 0;
  w->reports->actors.count = 0;
  w->reports->places.count = 0;
  w->light_epoch++;
  wy_actors_motion(w, dt);
  wy_eyes_turn(w, dt);
  bool delivered = wy_deliver_sounds(w);
  /* Heard once: if what follows fails, the step made again delivers them
   * only as stimuli. */
  for (int32_t e = 0; delivered && e < w->emissions->queue.count; e++) w->emissions->queue.data[e].is_sound = false;
  if (!delivered || !wy_deliver_stimuli(w) || !apply_places(w) || !wy_budget_plan(w)) {
    w->in_step = false;
    return wy_fail_memory(w->error, __func__);
  }
  for (int32_t i = 0; i < w->agents.count; i++) {
    wy_belief_list *beliefs = wy_beliefs_of(w, i);
    if (beliefs->holders > 0) wy_evidence_tick(w, beliefs, dt);
    int s = gather(w, i);
    if (s != WARY_OK) {
      w->in_step = false;
      return wy_fail(w->error, s, __func__, "%s", wary_status_string(s));
    }
  }
  w->stats.queries += (uint64_t)w->custom->queries.count;
  return WARY_OK;
}

static float sanitize(float v) { return wy_finite(v) ? wy_clamp01(v) : 0.0f; }

/* The index of agent's belief about target (*index if known), created when a
 * sense first reports it; -1 on out of memory. */
static int32_t belief_for(wary_world *w, wy_belief_list *beliefs, wy_id target, int32_t index) {
  if (index < 0) index = wy_belief_find(beliefs, target);
  if (index < 0) index = wy_belief_create(w, beliefs, target, wy_actor_get(w, target));
  return index;
}

/* A sense reported the target: the belief wakes. */
static void take(wary_world *w, int32_t agent, int32_t i, int32_t s, float c, float accuracy,
                 const float loc[3]) {
  wy_belief_wake(w, agent, i);
  wy_belief_slot *bs = &wy_belief_slots(wy_beliefs_of(w, agent), i)[s];
  bs->reported = true;
  bs->share = c;
  bs->accuracy = accuracy;
  memcpy(bs->location, loc, sizeof bs->location);
}

/* Writes each query's answer into its belief. */
static int apply_results(wary_world *w) {
  struct wy_custom *cs = w->custom;
  for (int32_t i = 0; i < cs->queries.count; i++) {
    const wary_sense_query *q = &cs->queries.data[i];
    wary_sense_result *r = &cs->results.data[i];
    wy_query_link *l = &cs->links.data[i];
    float c = sanitize(r->confidence);
    if (l->failed || !r->active || c <= 0.0f) continue;
    wy_belief_list *beliefs = wy_beliefs_of(w, l->agent);
    l->belief = belief_for(w, beliefs, q->target.id, l->belief);
    if (l->belief < 0) return WARY_ERR_OUT_OF_MEMORY;
    bool loc = r->has_location && wy_finite3(r->location[0], r->location[1], r->location[2]);
    take(w, l->agent, l->belief, q->slot, c, sanitize(r->accuracy), loc ? r->location : q->target_pos);
  }
  return WARY_OK;
}

/* Writes the built-in senses' answers; the belief holds vision's first
 * sighting back for first_spot_reaction_time of unbroken sight. */
static int apply_reports(wary_world *w) {
  for (int32_t i = 0; i < w->reports->actors.count; i++) {
    const wy_report *r = &w->reports->actors.data[i];
    wy_belief_list *beliefs = wy_beliefs_of(w, r->agent);
    int32_t index = belief_for(w, beliefs, r->target, r->belief);
    if (index < 0) return WARY_ERR_OUT_OF_MEMORY;
    wy_belief *b = &beliefs->data[index];
    float c = r->confidence;
    int32_t profile = wy_agent_actor(w, r->agent)->profile;
    if (r->slot == w->profiles.data[profile].builtin_slot[WARY_SENSE_VISION]) {
      /* A first sighting under way changes: a dormant belief cannot wait. */
      if (!b->spotted) wy_belief_wake(w, r->agent, index);
      c = wy_belief_first_sight(b, c, r->dt, wy_vision_of(w, profile)->first_spot_reaction_time);
    }
    if (c <= 0.0f) {
      wy_belief_slot *bs = &wy_belief_slots(beliefs, index)[r->slot];
      bs->reason = (int8_t)r->reason;
      bs->reason_step = w->steps;
      continue;
    }
    take(w, r->agent, index, r->slot, c, r->accuracy, r->has_pos ? r->pos : wy_actor_get(w, r->target)->pos);
  }
  return WARY_OK;
}

int wary_step_end(wary_world *w) {
  if (!w->in_step) return wy_fail_not_in_step(w->error, __func__);
  int status = apply_results(w);
  if (status == WARY_OK) status = apply_reports(w);
  wy_damage_step(w);
  float dt = w->step_dt;
  for (int32_t i = 0; i < w->agents.count; i++) {
    wy_agent *ag = &w->agents.data[i];
    const wy_profile *p = wy_agent_profile(w, i);
    wy_belief_list *beliefs = wy_beliefs_of(w, i);
    wy_pain_step(w, i, dt);
    for (int32_t s = 0; s < WY_SLOTS; s++)
      if (ag->ran[s] && !ag->failed[s]) ag->errors[s] = 0;
    const wy_resolving r = {wy_agent_id(w, i), i, ag, p, wy_pain_of(w, i)->dull,
                            wy_brain_of(w, wy_agent_actor(w, i)->profile)->pain_suppress_below};
    if (wy_resolve_beliefs(w, &r, beliefs, dt)) wy_beliefs_prune(beliefs, p->def.memory_time);
    wy_places_resolve(w, i, dt);
    wy_emotion_step(w, i, dt);
  }
  int geck = wy_geck_step(w, dt);
  if (status == WARY_OK) status = geck;
  w->in_step = false;
  return status == WARY_OK ? status : wy_fail(w->error, status, __func__, "%s", wary_status_string(status));
}

int wary_step(wary_world *w, float dt) {
  int s = wary_step_begin(w, dt);
  if (s != WARY_OK) return s;
  wy_custom_evaluate(w);
  return wary_step_end(w);
}
