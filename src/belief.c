/* belief.c - beliefs about actors, per agent: storage, dropping those that
 * hold nothing and those about a removed actor, reading them, Set Target
 * Confidence, and vision's explanation with the belief's first sighting.
 * How a belief changes each step is resolve.c; evidence is evidence.c. */
#include "belief.h"

#include <stdlib.h>
#include <string.h>

#include "vision.h"

wy_belief *wy_belief_find(const wy_belief_list *l, wy_id target, int32_t *index) {
  for (int32_t i = 0; i < l->count; i++)
    if (l->data[i].target == target) {
      if (index) *index = i;
      return &l->data[i];
    }
  return NULL;
}

static void reset_slots(wy_belief *b) {
  memset(b->due, 0, sizeof b->due);
  memset(b->reported, 0, sizeof b->reported);
  memset(b->active, 0, sizeof b->active);
  memset(b->ever, 0, sizeof b->ever);
  memset(b->shares, 0, sizeof b->shares);
  memset(b->silent, 0, sizeof b->silent);
  memset(b->accuracy, 0, sizeof b->accuracy);
  memset(b->location, 0, sizeof b->location);
  memset(b->reason, 0, sizeof b->reason);
  b->losing_slot = -1;
}

int32_t wy_belief_create(wary_world *w, wy_belief_list *l, wy_id target, const wy_actor *t) {
  wy_belief *b = wy_array_push(&w->alloc, l);
  if (!b) return -1;
  memset(b, 0, sizeof *b);
  b->target = target;
  b->state = WARY_UNDETECTED;
  b->pending_set = -1.0f;
  memcpy(b->last_known, t->pos, sizeof b->last_known);
  reset_slots(b);
  return l->count - 1;
}

wy_belief *wy_belief_of(wary_world *w, wy_id agent, wy_id target, bool create, int *status) {
  int32_t index = wy_agent_index(w, agent);
  if (index < 0) {
    *status = index;
    return NULL;
  }
  const wy_actor *t = wy_actor_get(w, target);
  if (!t) {
    *status = wy_actor_status(w, target);
    return NULL;
  }
  wy_belief_list *l = wy_beliefs_of(w, index);
  wy_belief *b = wy_belief_find(l, target, NULL);
  if (b || !create) {
    *status = b ? WARY_OK : WARY_ERR_NOT_FOUND;
    return b;
  }
  int32_t i = wy_belief_create(w, l, target, t);
  if (i < 0) {
    *status = WARY_ERR_OUT_OF_MEMORY;
    return NULL;
  }
  *status = WARY_OK;
  return &l->data[i];
}

/* A belief that holds nothing is dropped, so a step's cost follows what the
 * agent perceives, not everything it ever perceived: an Undetected belief at
 * zero with no sense share, evidence, pending raise or first sighting under
 * way, and an Expired one once its memory time has passed again. */
static bool empty(const wy_belief *b, float memory_time) {
  /* A damage record is kept as long as it lasts (a decay rate of 0 never forgets). */
  if (b->confidence > 0.0f || b->evidence_count > 0 || b->pending_set >= 0.0f || b->spot_time > 0.0f ||
      b->damage > 0.0f)
    return false;
  if (b->state == WARY_EXPIRED) return b->time_in_state >= memory_time;
  if (b->state != WARY_UNDETECTED || b->sensed) return false;
  for (int32_t s = 0; s < WY_SLOTS; s++)
    if (b->shares[s] > 0.0f || b->active[s]) return false;
  return true;
}

void wy_beliefs_prune(wy_belief_list *l, float memory_time) {
  int32_t kept = 0;
  for (int32_t i = 0; i < l->count; i++) {
    if (empty(&l->data[i], memory_time)) continue;
    if (kept != i) l->data[kept] = l->data[i];
    kept++;
  }
  l->count = kept;
}

/* ---- the module: a list per agent ---------------------------------------------- */

static bool create(wary_world *w) {
  w->beliefs = wy_alloc_zero(&w->alloc, sizeof *w->beliefs);
  return w->beliefs != NULL;
}

static void destroy(wary_world *w) {
  if (!w->beliefs) return;
  for (int32_t i = 0; i < w->beliefs->agents.count; i++) wy_array_free(&w->alloc, &w->beliefs->agents.data[i]);
  wy_array_free(&w->alloc, &w->beliefs->agents);
  wy_free(&w->alloc, w->beliefs, sizeof *w->beliefs);
}

static bool reserve(wary_world *w, int32_t agents, int32_t profiles) {
  (void)profiles;
  return wy_array_reserve(&w->alloc, &w->beliefs->agents, agents);
}

static void agent_added(wary_world *w, int32_t agent) {
  (void)agent;
  memset(&w->beliefs->agents.data[w->beliefs->agents.count++], 0, sizeof(wy_belief_list));
}

static void agent_removed(wary_world *w, int32_t agent) {
  wy_array_free(&w->alloc, &w->beliefs->agents.data[agent]);
  wy_array_swap_remove(&w->beliefs->agents, agent);
}

static void actor_removed(wary_world *w, wy_id target) {
  for (int32_t i = 0; i < w->beliefs->agents.count; i++) {
    wy_belief_list *l = &w->beliefs->agents.data[i];
    int32_t k;
    if (wy_belief_find(l, target, &k)) {
      /* Order is kept so that iteration stays deterministic. */
      memmove(l->data + k, l->data + k + 1, (size_t)(l->count - k - 1) * sizeof *l->data);
      l->count--;
    }
  }
}

static void slots_reset(wary_world *w, int32_t agent) {
  wy_belief_list *l = wy_beliefs_of(w, agent);
  for (int32_t b = 0; b < l->count; b++) reset_slots(&l->data[b]);
}

const wy_module wy_belief_module = {
  .create = create, .destroy = destroy, .reserve = reserve, .agent_added = agent_added,
  .agent_removed = agent_removed, .actor_removed = actor_removed, .slots_reset = slots_reset,
};

/* ---- reading and raising ---------------------------------------------------------- */

static void belief_out(const wary_world *w, int32_t agent, const wy_belief *b, wary_belief *out) {
  const wy_agent *ag = &w->agents.data[agent];
  const wy_profile *p = wy_agent_profile(w, agent);
  out->target.id = b->target;
  out->confidence = b->confidence;
  out->smoothed = b->smoothed;
  out->fused = b->fused;
  out->state = b->state;
  out->loss_reason = b->loss_reason;
  out->time_in_state = b->time_in_state;
  memcpy(out->last_known, b->last_known, sizeof out->last_known);
  out->uncertainty = b->uncertainty;
  out->sensed = b->sensed;
  out->sense_count = p->slot_count;
  for (int32_t s = 0; s < p->slot_count; s++) {
    out->shares[s] = b->shares[s];
    out->active[s] = b->active[s];
    out->muted[s] = ag->muted[s];
  }
}

int wary_belief_get(const wary_world *w, wary_actor_id agent_h, wary_actor_id target_h, wary_belief *out) {
  wy_id agent = agent_h.id;
  wy_id target = target_h.id;
  memset(out, 0, sizeof *out);
  out->target.id = target;
  int32_t index = wy_agent_index(w, agent);
  if (index < 0) return index;
  if (!wy_actor_get(w, target)) return wy_actor_status(w, target);
  const wy_belief *b = wy_belief_find(wy_beliefs_of(w, index), target, NULL);
  if (!b) return WARY_ERR_NOT_FOUND;
  belief_out(w, index, b, out);
  return WARY_OK;
}

int32_t wary_belief_count(const wary_world *w, wary_actor_id agent_h) {
  wy_id agent = agent_h.id;
  int32_t index = wy_agent_index(w, agent);
  return index < 0 ? index : wy_beliefs_of(w, index)->count;
}

int wary_belief_at(const wary_world *w, wary_actor_id agent_h, int32_t i, wary_belief *out) {
  wy_id agent = agent_h.id;
  memset(out, 0, sizeof *out);
  int32_t index = wy_agent_index(w, agent);
  if (index < 0) return index;
  const wy_belief_list *l = wy_beliefs_of(w, index);
  if (i < 0 || i >= l->count) return WARY_ERR_NOT_FOUND;
  belief_out(w, index, &l->data[i], out);
  return WARY_OK;
}

int wary_set_confidence(wary_world *w, wary_actor_id agent_h, wary_actor_id target_h, float confidence) {
  wy_id agent = agent_h.id;
  wy_id target = target_h.id;
  if (!wy_finite(confidence) || confidence < 0.0f || confidence > 1.0f) return WARY_ERR_BAD_VALUE;
  int status;
  if (agent == target) return WARY_ERR_BAD_VALUE;
  wy_belief *b = wy_belief_of(w, agent, target, true, &status);
  if (!b) return status;
  if (confidence > b->pending_set) b->pending_set = confidence;
  return WARY_OK;
}

/* Vision's factors now; reacting: the belief still holds its first sighting back. */
int wary_vision_explain_get(const wary_world *cw, wary_actor_id agent_h, wary_actor_id target_h, wary_vision_explain *out) {
  wy_id agent = agent_h.id;
  wy_id target = target_h.id;
  memset(out, 0, sizeof *out);
  wary_world *w = (wary_world *)cw;
  const wy_actor *a = wy_actor_get(w, agent), *t = wy_actor_get(w, target);
  if (!a) return wy_actor_status(w, agent);
  if (!t) return wy_actor_status(w, target);
  if (a->agent < 0) return WARY_ERR_NOT_AGENT;
  if (w->profiles.data[a->profile].builtin_slot[WARY_SENSE_VISION] < 0) return WARY_ERR_NOT_FOUND;
  const wary_vision_def *v = wy_vision_of(w, a->profile);
  int32_t reason;
  wy_vision_eval(w, a, v, t, &reason, out);
  const wy_belief *b = wy_belief_find(wy_beliefs_of(w, a->agent), target, NULL);
  out->reacting = v->first_spot_reaction_time > 0.0f && out->confidence > 0.0f && !(b && b->spotted);
  return WARY_OK;
}
