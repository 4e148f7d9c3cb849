/* belief.c - storage of beliefs per agent, reading them, Set Target
 * Confidence, and the evidence table (add, replace, remove, list). How a
 * belief changes each step is resolve.c. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

wy_belief *wy_belief_find(const wy_agent *ag, wary_id target, int32_t *index) {
  for (int32_t i = 0; i < ag->beliefs.count; i++)
    if (ag->beliefs.data[i].target == target) {
      if (index) *index = i;
      return &ag->beliefs.data[i];
    }
  return NULL;
}

void wy_belief_reset_slots(wy_belief *b) {
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

int32_t wy_belief_create(wy_agent *ag, wary_id target, const wy_actor *t) {
  if (!wy_array_reserve(&ag->beliefs, ag->beliefs.count + 1))
    return -1;
  wy_belief *b = &ag->beliefs.data[ag->beliefs.count];
  memset(b, 0, sizeof *b);
  b->target = target;
  b->state = WARY_UNDETECTED;
  b->pending_set = -1.0f;
  memcpy(b->last_known, t->pos, sizeof b->last_known);
  wy_belief_reset_slots(b);
  return ag->beliefs.count++;
}

void wy_belief_drop_target(wary_world *w, wary_id target) {
  for (int32_t i = 0; i < w->agents.count; i++) {
    wy_agent *ag = &w->agents.data[i];
    int32_t k;
    if (wy_belief_find(ag, target, &k)) {
      /* Order is kept so that iteration stays deterministic. */
      memmove(ag->beliefs.data + k, ag->beliefs.data + k + 1,
              (size_t)(ag->beliefs.count - k - 1) * sizeof *ag->beliefs.data);
      ag->beliefs.count--;
    }
  }
}

/* The belief of agent about target, created if create is set. */
static wy_belief *belief_of(wary_world *w, wary_id agent, wary_id target, bool create,
                            int *status) {
  wy_agent *ag = wy_agent_of(w, agent, status);
  if (!ag) return NULL;
  const wy_actor *t = wy_actor_get(w, target);
  if (!t) {
    *status = wy_actor_status(w, target);
    return NULL;
  }
  wy_belief *b = wy_belief_find(ag, target, NULL);
  if (b || !create) {
    *status = b ? WARY_OK : WARY_ERR_NOT_FOUND;
    return b;
  }
  int32_t i = wy_belief_create(ag, target, t);
  if (i < 0) {
    *status = WARY_ERR_OUT_OF_MEMORY;
    return NULL;
  }
  return &ag->beliefs.data[i];
}

static void belief_out(const wary_world *w, const wy_agent *ag, const wy_belief *b,
                       wary_belief *out) {
  const wy_profile *p = &w->profiles.data[w->actors.data[ag->actor].profile];
  out->target = b->target;
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

int wary_belief_get(const wary_world *w, wary_id agent, wary_id target, wary_belief *out) {
  memset(out, 0, sizeof *out);
  out->target = target;
  int status;
  wy_agent *ag = wy_agent_of(w, agent, &status);
  if (!ag) return status;
  if (!wy_actor_get(w, target)) return wy_actor_status(w, target);
  const wy_belief *b = wy_belief_find(ag, target, NULL);
  if (!b) return WARY_ERR_NOT_FOUND;
  belief_out(w, ag, b, out);
  return WARY_OK;
}

int32_t wary_belief_count(const wary_world *w, wary_id agent) {
  return wy_agent_list_count(w, agent, false);
}

int wary_belief_at(const wary_world *w, wary_id agent, int32_t i, wary_belief *out) {
  memset(out, 0, sizeof *out);
  int status;
  const wy_agent *ag = wy_agent_list_at(w, agent, false, i, &status);
  if (!ag) return status;
  belief_out(w, ag, &ag->beliefs.data[i], out);
  return WARY_OK;
}

int wary_set_confidence(wary_world *w, wary_id agent, wary_id target, float confidence) {
  if (!wy_finite(confidence) || confidence < 0.0f || confidence > 1.0f) return WARY_ERR_BAD_VALUE;
  int status;
  if (agent == target) return WARY_ERR_BAD_VALUE;
  wy_belief *b = belief_of(w, agent, target, true, &status);
  if (!b) return status;
  if (confidence > b->pending_set) b->pending_set = confidence;
  return WARY_OK;
}

int wary_evidence_add(wary_world *w, wary_id agent, wary_id target, int32_t tag, int32_t op,
                      float value, float lifetime, int32_t source) {
  if (!wy_finite(value) || value < 0.0f || value > 1.0f) return WARY_ERR_BAD_VALUE;
  if (!wy_finite(lifetime) || lifetime < 0.0f) return WARY_ERR_BAD_VALUE;
  if (op < WARY_RAISE || op > WARY_INVALIDATE || agent == target) return WARY_ERR_BAD_VALUE;
  if (!wary_name_string(w, tag) || (source != 0 && !wary_name_string(w, source)))
    return WARY_ERR_NOT_FOUND;
  int status;
  /* Evidence is kept even about a target not yet perceived (a disguise put on
   * before any guard has seen the player); only a floor raises confidence. */
  wy_belief *b = belief_of(w, agent, target, true, &status);
  if (!b) return status;
  wary_evidence *e = NULL;
  for (int32_t i = 0; i < b->evidence_count; i++)
    if (b->evidence[i].tag == tag) e = &b->evidence[i];
  if (!e) {
    if (b->evidence_count >= WARY_MAX_EVIDENCE) return WARY_ERR_FULL;
    e = &b->evidence[b->evidence_count++];
  }
  e->tag = tag;
  e->op = op;
  e->value = value;
  e->lifetime = lifetime;
  e->remaining = lifetime;
  e->source = source;
  return WARY_OK;
}

static void evidence_remove_at(wy_belief *b, int32_t i) {
  memmove(b->evidence + i, b->evidence + i + 1,
          (size_t)(b->evidence_count - i - 1) * sizeof *b->evidence);
  b->evidence_count--;
}

int wary_evidence_remove(wary_world *w, wary_id agent, wary_id target, int32_t tag) {
  int status;
  wy_belief *b = belief_of(w, agent, target, false, &status);
  if (!b) return status;
  for (int32_t i = 0; i < b->evidence_count; i++)
    if (b->evidence[i].tag == tag) {
      evidence_remove_at(b, i);
      return WARY_OK;
    }
  return WARY_ERR_NOT_FOUND;
}

int wary_evidence_clear(wary_world *w, wary_id agent, wary_id target) {
  int status;
  wy_belief *b = belief_of(w, agent, target, false, &status);
  if (!b) return status == WARY_ERR_NOT_FOUND ? WARY_OK : status;
  b->evidence_count = 0;
  return WARY_OK;
}

int32_t wary_evidence_count(const wary_world *w, wary_id agent, wary_id target) {
  int status;
  const wy_belief *b = belief_of((wary_world *)w, agent, target, false, &status);
  if (!b) return status == WARY_ERR_NOT_FOUND ? 0 : status;
  return b->evidence_count;
}

int wary_evidence_at(const wary_world *w, wary_id agent, wary_id target, int32_t i,
                     wary_evidence *out) {
  memset(out, 0, sizeof *out);
  int status;
  const wy_belief *b = belief_of((wary_world *)w, agent, target, false, &status);
  if (!b) return status;
  if (i < 0 || i >= b->evidence_count) return WARY_ERR_NOT_FOUND;
  *out = b->evidence[i];
  return WARY_OK;
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

void wy_beliefs_prune(wy_agent *ag, float memory_time) {
  int32_t kept = 0;
  for (int32_t i = 0; i < ag->beliefs.count; i++) {
    if (empty(&ag->beliefs.data[i], memory_time)) continue;
    if (kept != i) ag->beliefs.data[kept] = ag->beliefs.data[i];
    kept++;
  }
  ag->beliefs.count = kept;
}

void wy_evidence_tick(wy_belief *b, float dt) {
  for (int32_t i = b->evidence_count - 1; i >= 0; i--) {
    wary_evidence *e = &b->evidence[i];
    if (e->lifetime <= 0.0f) continue;
    e->remaining -= dt;
    if (e->remaining <= 0.0f) evidence_remove_at(b, i);
  }
}
