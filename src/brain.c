/* brain.c - seed 002: the damage sense (who hurt it), pain and health
 * dulling the senses, emotions, threat and one sticky attention target.
 *
 * Choices where the seed is silent (docs/brain.md says them for users):
 * - A hit is queued by wary_apply_damage and counted at the next step's end,
 *   before beliefs resolve: every hit once, several in one step all counted.
 * - The damage record is kept per belief in damage units; it fades at
 *   threat_damage_decay_rate x 100 per second (the term, 0..1, at the rate)
 *   only while the belief is Lost, Remembered or Expired.
 * - Pain decays at the end of each step, before the multipliers are taken;
 *   the multiplier scales each slot's share in fusion.
 * - Threat = w_damage x min(1, damage / 100) + w_conf x confidence
 *   + w_state x state factor + w_distance x (1 - distance / range), capped at
 *   1; state factors: Suspected 0.25, Detected 0.5, Tracked 1, Lost 0.5,
 *   Remembered 0.25, else 0. A target that is not hostile has threat 0.
 * - Emotion rules are checked rise first: a rule that rises wins over one
 *   that falls in the same update.
 * - Attention: the hostile target of highest threat; the current one is kept
 *   for attention_stickiness_time, then only given up for one with
 *   attention_switch_threshold more threat; given up at once when it is no
 *   longer a target (Suspected .. Remembered) or no longer hostile.
 */
#include <string.h>

#include "internal.h"

wary_brain_def wary_default_brain_def(void) {
  wary_brain_def d;
  memset(&d, 0, sizeof d);
  d.emotions = true;
  d.auto_confidence_from_damage = true;
  d.damage_loss_grace = 8.0f;
  d.damage_decay_scale = 0.5f;
  d.damage_location_accuracy = 0.95f;
  d.pain_vision_floor = 0.0f;
  d.pain_suppress_below = 0.02f;
  const float rise[5] = {0.5f, 0.8f, 0.4f, 0.6f, 0.3f};
  const float decay[5] = {0.2f, 0.3f, 0.6f, 0.1f, 0.15f};
  for (int i = 0; i < 5; i++) {
    d.emotion_max[i] = 1.0f;
    d.emotion_rise[i] = rise[i];
    d.emotion_decay[i] = decay[i];
  }
  d.panic_override_threshold = 0.75f;
  d.emotion_active_threshold = 0.2f;
  d.threat_weight_damage_received = 0.4f;
  d.threat_weight_confidence = 0.3f;
  d.threat_weight_state = 0.2f;
  d.threat_weight_distance = 0.1f;
  d.threat_distance_range = -1.0f;
  d.threat_damage_decay_rate = 0.05f;
  d.threat_low = 0.2f;
  d.threat_medium = 0.4f;
  d.threat_high = 0.6f;
  d.threat_critical = 0.85f;
  d.attention_stickiness_time = 2.0f;
  d.attention_switch_threshold = 0.1f;
  return d;
}

static bool brain_valid(const wary_brain_def *d) {
  if (!d || !wy_nonneg(d->damage_loss_grace) || !wy_nonneg(d->damage_decay_scale) ||
      !wy_unit(d->damage_location_accuracy) || !wy_unit(d->pain_vision_floor) ||
      !wy_unit(d->pain_suppress_below) || !wy_unit(d->panic_override_threshold) ||
      !wy_unit(d->emotion_active_threshold) || !wy_nonneg(d->threat_weight_damage_received) ||
      !wy_nonneg(d->threat_weight_confidence) || !wy_nonneg(d->threat_weight_state) ||
      !wy_nonneg(d->threat_weight_distance) || !wy_nonneg(d->threat_damage_decay_rate) ||
      !wy_unit(d->threat_low) || !wy_unit(d->threat_medium) || !wy_unit(d->threat_high) ||
      !wy_unit(d->threat_critical) || !wy_nonneg(d->attention_stickiness_time) ||
      !wy_nonneg(d->attention_switch_threshold))
    return false;
  if (d->threat_distance_range != -1.0f &&
      (!wy_finite(d->threat_distance_range) || d->threat_distance_range <= 0.0f))
    return false;
  for (int i = 0; i < 5; i++)
    if (!wy_unit(d->emotion_max[i]) || !wy_nonneg(d->emotion_rise[i]) || !wy_nonneg(d->emotion_decay[i]))
      return false;
  return true;
}

int wary_profile_set_brain(wary_world *w, int32_t profile, const wary_brain_def *d) {
  int status;
  wy_profile *p = wy_profile_to_set(w, profile, true, brain_valid(d), &status);
  if (!p) return status;
  p->brain = *d;
  p->brain.threat_distance_range = wy_scaled(w, d->threat_distance_range, 30.0f);
  wy_profile_refresh(w, p);
  return WARY_OK;
}

void wy_brain_init_agent(wy_agent *ag) {
  ag->health = 1.0f;
  for (int32_t s = 0; s < WY_SLOTS; s++) ag->dull[s] = 1.0f;
}

/* ---- damage ------------------------------------------------------------- */

wary_damage_def wary_default_damage_def(void) {
  wary_damage_def d;
  memset(&d, 0, sizeof d);
  d.causer_is_pawn = true;
  return d;
}

static bool alive(const wary_world *w, wary_id id) { return id != 0 && wy_actor_get(w, id); }

int wary_apply_damage(wary_world *w, const wary_damage_def *d) {
  if (!d) return WARY_ERR_BAD_VALUE;
  const wy_actor *victim = wy_actor_get(w, d->victim);
  if (!victim) return wy_actor_status(w, d->victim);
  if (!wy_finite(d->amount) || d->amount < 0.0f || !wy_finite3(d->pos[0], d->pos[1], d->pos[2]))
    return WARY_ERR_BAD_VALUE;
  const wary_id ids[] = {d->instigator, d->causer, d->causer_instigator, d->causer_owner};
  for (int i = 0; i < 4; i++)
    if (ids[i] != 0 && !wy_actor_get(w, ids[i])) return wy_actor_status(w, ids[i]);
  if (d->type != 0 && !wary_name_string(w, d->type)) return WARY_ERR_NOT_FOUND;
  if (w->in_step) return WARY_ERR_IN_STEP;
  if (!wy_array_reserve(&w->damages, w->damages.count + 1))
    return WARY_ERR_OUT_OF_MEMORY;
  wy_damage *q = &w->damages.data[w->damages.count++];
  q->def = *d;
  /* Who did it: the instigator's pawn; else a pawn causer, the causer's
   * instigator, or its owner; else the causer itself. */
  wary_id who = 0;
  if (alive(w, d->instigator)) who = d->instigator;
  else if (alive(w, d->causer) && d->causer_is_pawn) who = d->causer;
  else if (alive(w, d->causer_instigator)) who = d->causer_instigator;
  else if (alive(w, d->causer_owner)) who = d->causer_owner;
  else if (alive(w, d->causer)) who = d->causer;
  if (who == d->victim) who = 0; /* self-damage makes no belief */
  q->attacker = who;
  if (who) memcpy(q->attacker_pos, wy_actor_get(w, who)->pos, sizeof q->attacker_pos);
  return WARY_OK;
}

void wy_brain_damage(wary_world *w) {
  for (int32_t i = 0; i < w->damages.count; i++) {
    wy_damage *q = &w->damages.data[i];
    wy_actor *v = wy_actor_get(w, q->def.victim);
    if (!v) continue;
    wary_event *e = wy_event_push(w, WARY_EV_DAMAGED, q->def.victim);
    if (e) {
      e->target = q->attacker;
      e->confidence = q->def.amount;
      e->index = (int32_t)q->def.instigator;
      e->tag = q->def.type;
      memcpy(e->pos, q->def.pos, sizeof e->pos);
    }
    if (v->agent < 0 || !q->attacker || !wy_actor_get(w, q->attacker)) continue;
    wy_agent *ag = &w->agents.data[v->agent];
    const wy_profile *p = wy_profile_of(w, ag);
    int32_t slot = p->builtin_slot[WARY_SENSE_DAMAGE];
    if (slot < 0 || !p->brain.auto_confidence_from_damage) continue;
    if (p->def.ignore_same_team) {
      const wy_actor *t = wy_actor_get(w, q->attacker);
      if (t->team != 0 && t->team == v->team) continue;
    }
    int32_t index = -1;
    wy_belief *b = wy_belief_find(ag, q->attacker, &index);
    if (!b) {
      index = wy_belief_create(ag, q->attacker, wy_actor_get(w, q->attacker));
      if (index < 0) continue;
      b = &ag->beliefs.data[index];
    }
    b->damage += q->def.amount;
    float c = wy_clamp01(b->damage / 100.0f);
    /* Never lowered by a hit. */
    if (c > b->shares[slot]) b->shares[slot] = c;
    b->reported[slot] = true;
    b->accuracy[slot] = p->brain.damage_location_accuracy;
    memcpy(b->location[slot], q->attacker_pos, sizeof b->location[slot]);
  }
  w->damages.count = 0;
}

/* ---- pain and health ------------------------------------------------------- */

wary_pain_def wary_default_pain_def(void) {
  wary_pain_def d;
  memset(&d, 0, sizeof d);
  d.decay_rate = 0.2f;
  d.max_level = 1.0f;
  for (int i = 0; i < WARY_MAX_PAIN_EFFECTS; i++) d.effect_sense[i] = -1;
  return d;
}

static bool pain_valid(const wary_world *w, const wary_pain_def *d) {
  if (!d || !wary_name_string(w, d->name) || !wy_nonneg(d->decay_rate) || !wy_unit(d->max_level) ||
      !wy_nonneg(d->amount_override))
    return false;
  if (d->effect_count < 0 || d->effect_count > WARY_MAX_PAIN_EFFECTS) return false;
  for (int32_t i = 0; i < d->effect_count; i++)
    if (d->effect_sense[i] < 0 || d->effect_sense[i] >= w->senses.count || !wy_unit(d->effect[i]))
      return false;
  return true;
}

int32_t wary_pain_create(wary_world *w, const wary_pain_def *d) {
  if (!pain_valid(w, d)) return WARY_ERR_BAD_VALUE;
  if (w->in_step) return WARY_ERR_IN_STEP;
  if (w->pain_count >= WARY_MAX_PAIN_TYPES) return WARY_ERR_FULL;
  w->pains[w->pain_count] = *d;
  return w->pain_count++;
}

int wary_pain_set(wary_world *w, int32_t pain, const wary_pain_def *d) {
  if (pain < 0 || pain >= w->pain_count) return WARY_ERR_NOT_FOUND;
  if (!pain_valid(w, d)) return WARY_ERR_BAD_VALUE;
  if (w->in_step) return WARY_ERR_IN_STEP;
  w->pains[pain] = *d;
  return WARY_OK;
}

int wary_report_pain(wary_world *w, wary_id agent, int32_t pain, float amount) {
  int status;
  wy_agent *ag = wy_agent_of(w, agent, &status);
  if (!ag) return status;
  if (pain < 0 || pain >= w->pain_count) return WARY_ERR_NOT_FOUND;
  if (!wy_finite(amount)) return WARY_ERR_BAD_VALUE;
  const wary_pain_def *d = &w->pains[pain];
  if (amount <= 0.0f || ag->pain_off[pain]) return WARY_OK;
  if (wy_profile_of(w, ag)->builtin_slot[WARY_SENSE_PAIN] < 0) return WARY_ERR_NOT_FOUND;
  float add = d->amount_override > 0.0f ? d->amount_override : amount;
  float level = ag->pain_level[pain] + add;
  ag->pain_level[pain] = level < d->max_level ? level : d->max_level;
  if (ag->pain_queue_count < WARY_PAIN_QUEUE) {
    wy_pain_report *r = &ag->pain_queue[ag->pain_queue_count++];
    r->pain = pain;
    r->level = ag->pain_level[pain];
  } else {
    w->stats.pain_reports_dropped++;
  }
  return WARY_OK;
}

int wary_pain_clear(wary_world *w, wary_id agent, int32_t pain) {
  int status;
  wy_agent *ag = wy_agent_of(w, agent, &status);
  if (!ag) return status;
  if (pain == -1) {
    memset(ag->pain_level, 0, sizeof ag->pain_level);
    return WARY_OK;
  }
  if (pain < 0 || pain >= w->pain_count) return WARY_ERR_NOT_FOUND;
  ag->pain_level[pain] = 0.0f;
  return WARY_OK;
}

int wary_pain_set_enabled(wary_world *w, wary_id agent, int32_t pain, int32_t enabled) {
  int status;
  wy_agent *ag = wy_agent_of(w, agent, &status);
  if (!ag) return status;
  if (pain < 0 || pain >= w->pain_count) return WARY_ERR_NOT_FOUND;
  ag->pain_off[pain] = enabled == 0;
  return WARY_OK;
}

int wary_actor_set_health(wary_world *w, wary_id agent, float health) {
  int status;
  wy_agent *ag = wy_agent_of(w, agent, &status);
  if (!ag) return status;
  if (!wy_unit(health)) return WARY_ERR_BAD_VALUE;
  ag->health = health;
  return WARY_OK;
}

/* M = lerp(floor, 1, health); each enabled pain: M = max(M x (1 - level x effect), floor). */
float wy_brain_multiplier(const wary_world *w, const wy_agent *ag, int32_t slot) {
  const wy_profile *p = wy_profile_of(w, ag);
  if (p->builtin_slot[WARY_SENSE_PAIN] < 0 || slot < 0 || slot >= p->slot_count) return 1.0f;
  int32_t sense = p->slots[slot].sense;
  float floor = sense == WARY_SENSE_VISION ? p->brain.pain_vision_floor : 0.0f;
  float m = floor + (1.0f - floor) * ag->health;
  for (int32_t k = 0; k < w->pain_count; k++) {
    if (ag->pain_off[k] || ag->pain_level[k] <= 0.0f) continue;
    const wary_pain_def *d = &w->pains[k];
    for (int32_t e = 0; e < d->effect_count; e++) {
      if (d->effect_sense[e] != sense) continue;
      float v = m * (1.0f - ag->pain_level[k] * d->effect[e]);
      m = v > floor ? v : floor;
    }
  }
  return m;
}

void wy_brain_dull(wary_world *w, wy_agent *ag, float dt) {
  wary_id id = wy_actor_id(w, ag->actor);
  for (int32_t i = 0; i < ag->pain_queue_count; i++) {
    wary_event *e = wy_event_push(w, WARY_EV_PAIN_REPORTED, id);
    if (!e) continue;
    e->confidence = ag->pain_queue[i].level;
    e->index = ag->pain_queue[i].pain;
  }
  ag->pain_queue_count = 0;
  for (int32_t k = 0; k < w->pain_count; k++) {
    if (ag->pain_off[k]) continue;
    float v = ag->pain_level[k] - w->pains[k].decay_rate * dt;
    ag->pain_level[k] = v > 0.0f ? v : 0.0f;
  }
  for (int32_t s = 0; s < WY_SLOTS; s++) ag->dull[s] = wy_brain_multiplier(w, ag, s);
}

/* ---- relationships, threat, emotions, attention ----------------------------- */

int wary_set_relationship(wary_world *w, int32_t a, int32_t b, int32_t rel) {
  if (rel < WARY_HOSTILE || rel > WARY_FRIENDLY) return WARY_ERR_BAD_VALUE;
  for (int32_t i = 0; i < w->team_relation_count; i++) {
    wy_team_relation *r = &w->team_relations[i];
    if ((r->a == a && r->b == b) || (r->a == b && r->b == a)) {
      r->relationship = rel;
      return WARY_OK;
    }
  }
  if (w->team_relation_count >= 32) return WARY_ERR_FULL;
  w->team_relations[w->team_relation_count++] = (wy_team_relation){a, b, rel};
  return WARY_OK;
}

int wary_set_relationship_override(wary_world *w, wary_id agent, wary_id target, int32_t rel) {
  int status;
  wy_agent *ag = wy_agent_of(w, agent, &status);
  if (!ag) return status;
  if (!wy_actor_get(w, target)) return wy_actor_status(w, target);
  if (rel < -1 || rel > WARY_FRIENDLY) return WARY_ERR_BAD_VALUE;
  for (int32_t i = 0; i < ag->relation_count; i++) {
    if (ag->relations[i].target != target) continue;
    if (rel < 0) ag->relations[i] = ag->relations[--ag->relation_count];
    else ag->relations[i].relationship = rel;
    return WARY_OK;
  }
  if (rel < 0) return WARY_OK;
  if (ag->relation_count >= 8) return WARY_ERR_FULL;
  ag->relations[ag->relation_count++] = (wy_relation){target, rel};
  return WARY_OK;
}

static int32_t relationship(const wary_world *w, const wy_agent *ag, wary_id target) {
  for (int32_t i = 0; i < ag->relation_count; i++)
    if (ag->relations[i].target == target) return ag->relations[i].relationship;
  const wy_actor *t = wy_actor_get(w, target);
  if (!t) return WARY_NEUTRAL;
  int32_t a = w->actors.data[ag->actor].team, b = t->team;
  for (int32_t i = 0; i < w->team_relation_count; i++) {
    const wy_team_relation *r = &w->team_relations[i];
    if ((r->a == a && r->b == b) || (r->a == b && r->b == a)) return r->relationship;
  }
  return a != 0 && a == b ? WARY_FRIENDLY : WARY_HOSTILE;
}

static bool is_target(int32_t state) {
  return state >= WARY_SUSPECTED && state <= WARY_REMEMBERED;
}

static const float state_factor[] = {0.0f, 0.25f, 0.5f, 1.0f, 0.5f, 0.25f, 0.0f};

static void threat(const wary_world *w, const wy_agent *ag, const wy_profile *p, wy_belief *b,
                   float dt) {
  const wary_brain_def *d = &p->brain;
  if (b->state >= WARY_LOST && b->damage > 0.0f) {
    float v = b->damage - d->threat_damage_decay_rate * 100.0f * dt;
    b->damage = v > 0.0f ? v : 0.0f;
  }
  float score = 0.0f;
  const wy_actor *t = wy_actor_get(w, b->target);
  if (relationship(w, ag, b->target) == WARY_HOSTILE) {
    const wy_actor *a = &w->actors.data[ag->actor];
    float dx = b->last_known[0] - a->pos[0], dy = b->last_known[1] - a->pos[1],
          dz = b->last_known[2] - a->pos[2];
    float near = 1.0f - sqrtf(dx * dx + dy * dy + dz * dz) / d->threat_distance_range;
    if (!t || !is_target(b->state)) near = 0.0f;
    score = d->threat_weight_damage_received * wy_clamp01(b->damage / 100.0f) +
            d->threat_weight_confidence * b->confidence +
            d->threat_weight_state * state_factor[b->state] +
            d->threat_weight_distance * wy_clamp01(near);
    score = wy_clamp01(score);
  }
  b->threat = score;
  b->threat_level = score >= d->threat_critical && score > 0.0f ? WARY_THREAT_CRITICAL
                    : score >= d->threat_high && score > 0.0f   ? WARY_THREAT_HIGH
                    : score >= d->threat_medium && score > 0.0f ? WARY_THREAT_MEDIUM
                    : score >= d->threat_low && score > 0.0f    ? WARY_THREAT_LOW
                                                                : WARY_THREAT_NONE;
}

static int32_t dominant(const wy_agent *ag, const wary_brain_def *d) {
  if (ag->emotion[WARY_PANIC] > d->panic_override_threshold) return WARY_PANICKED;
  /* Fear first on a tie, then aggression, curiosity, alertness. */
  static const int32_t order[4] = {WARY_FEAR, WARY_AGGRESSION, WARY_CURIOSITY, WARY_ALERTNESS};
  static const int32_t name[4] = {WARY_FEARFUL, WARY_AGGRESSIVE, WARY_CURIOUS, WARY_ALERT};
  int32_t best = -1;
  for (int32_t i = 0; i < 4; i++) {
    float v = ag->emotion[order[i]];
    if (v > d->emotion_active_threshold && (best < 0 || v > ag->emotion[order[best]])) best = i;
  }
  return best < 0 ? WARY_CALM : name[best];
}

static void move(wy_agent *ag, const wary_brain_def *d, int32_t k, int dir, float rate, float dt) {
  float v = ag->emotion[k];
  if (dir > 0) v += rate * dt;
  else if (dir < 0) v -= d->emotion_decay[k] * dt;
  float max = d->emotion_max[k];
  ag->emotion[k] = v < 0.0f ? 0.0f : (v > max ? max : v);
}

void wy_brain_think(wary_world *w, wy_agent *ag, float dt) {
  const wy_profile *p = wy_profile_of(w, ag);
  const wary_brain_def *d = &p->brain;
  int32_t n = 0;
  bool hurt = false, critical = false, high = false, tracked = false, suspected = false,
       detected = false, tracked_or_lost = false;
  for (int32_t i = 0; i < ag->beliefs.count; i++) {
    wy_belief *b = &ag->beliefs.data[i];
    threat(w, ag, p, b, dt);
    if (!is_target(b->state)) continue;
    n++;
    hurt = hurt || b->damage > 0.0f;
    critical = critical || b->threat_level == WARY_THREAT_CRITICAL;
    high = high || b->threat_level >= WARY_THREAT_HIGH;
    tracked = tracked || b->state == WARY_TRACKED;
    suspected = suspected || b->state == WARY_SUSPECTED;
    detected = detected || b->state == WARY_DETECTED || b->state == WARY_TRACKED;
    tracked_or_lost = tracked_or_lost || b->state == WARY_TRACKED || b->state == WARY_LOST;
  }
  if (d->emotions) {
    float fi = ag->fear_input;
    move(ag, d, WARY_FEAR, (hurt || n > 2 || critical || fi > 0.0f) ? 1 : (n == 0 ? -1 : 0),
         d->emotion_rise[WARY_FEAR] * (1.0f + fi), dt);
    move(ag, d, WARY_AGGRESSION, (hurt || tracked || high) ? 1 : (n == 0 ? -1 : 0),
         d->emotion_rise[WARY_AGGRESSION], dt);
    move(ag, d, WARY_CURIOSITY, suspected ? 1 : ((tracked_or_lost || n == 0) ? -1 : 0),
         d->emotion_rise[WARY_CURIOSITY], dt);
    move(ag, d, WARY_ALERTNESS, detected ? 1 : -1, d->emotion_rise[WARY_ALERTNESS], dt);
    float fear = ag->emotion[WARY_FEAR];
    move(ag, d, WARY_PANIC, ((fear > 0.8f && n > 1) || fi > 0.9f) ? 1 : ((fear < 0.5f && fi < 0.3f) ? -1 : 0),
         d->emotion_rise[WARY_PANIC], dt);
    int32_t now = dominant(ag, d);
    wary_id id = wy_actor_id(w, ag->actor);
    if (now != ag->dominant) {
      wary_event *e = wy_event_push(w, WARY_EV_EMOTION_CHANGED, id);
      if (e) {
        e->from_state = ag->dominant;
        e->to_state = now;
      }
      ag->dominant = now;
    }
  }
  /* Attention: the hostile target of highest threat, sticky. */
  const wy_belief *cur = ag->attention ? wy_belief_find(ag, ag->attention, NULL) : NULL;
  if (cur && (!is_target(cur->state) || cur->threat <= 0.0f)) cur = NULL;
  const wy_belief *best = NULL;
  for (int32_t i = 0; i < ag->beliefs.count; i++) {
    const wy_belief *b = &ag->beliefs.data[i];
    if (!is_target(b->state) || b->threat <= 0.0f) continue;
    if (!best || b->threat > best->threat) best = b;
  }
  if (!cur) {
    ag->attention = best ? best->target : 0;
    ag->attention_time = 0.0f;
  } else {
    ag->attention_time += dt;
    if (best && best != cur && ag->attention_time >= d->attention_stickiness_time &&
        best->threat >= cur->threat + d->attention_switch_threshold) {
      ag->attention = best->target;
      ag->attention_time = 0.0f;
    }
  }
}

int wary_set_fear_input(wary_world *w, wary_id agent, float value) {
  int status;
  wy_agent *ag = wy_agent_of(w, agent, &status);
  if (!ag) return status;
  if (!wy_unit(value)) return WARY_ERR_BAD_VALUE;
  ag->fear_input = value;
  return WARY_OK;
}

int wary_set_emotion(wary_world *w, wary_id agent, int32_t emotion, float value) {
  int status;
  wy_agent *ag = wy_agent_of(w, agent, &status);
  if (!ag) return status;
  if (emotion < 0 || emotion > WARY_PANIC) return WARY_ERR_NOT_FOUND;
  if (!wy_unit(value)) return WARY_ERR_BAD_VALUE;
  float max = wy_profile_of(w, ag)->brain.emotion_max[emotion];
  ag->emotion[emotion] = value < max ? value : max;
  return WARY_OK;
}

int wary_reset_emotions(wary_world *w, wary_id agent) {
  int status;
  wy_agent *ag = wy_agent_of(w, agent, &status);
  if (!ag) return status;
  memset(ag->emotion, 0, sizeof ag->emotion);
  ag->fear_input = 0.0f;
  ag->dominant = WARY_CALM;
  return WARY_OK;
}

int wary_brain_get(const wary_world *w, wary_id agent, wary_brain_state *out) {
  if (!out) return WARY_ERR_BAD_VALUE;
  memset(out, 0, sizeof *out);
  int status;
  wy_agent *ag = wy_agent_of(w, agent, &status);
  if (!ag) return status;
  const wy_profile *p = wy_profile_of(w, ag);
  out->health = ag->health;
  float total = 0.0f;
  for (int32_t k = 0; k < w->pain_count; k++) {
    out->pain_level[k] = ag->pain_level[k];
    out->pain_enabled[k] = !ag->pain_off[k];
    if (!ag->pain_off[k]) total += ag->pain_level[k];
  }
  out->pain_total = total < 1.0f ? total : 1.0f;
  memcpy(out->emotions, ag->emotion, sizeof out->emotions);
  out->fear_input = ag->fear_input;
  out->dominant = ag->dominant;
  out->attention = ag->attention;
  out->attention_time = ag->attention_time;
  out->sense_count = p->slot_count;
  for (int32_t s = 0; s < p->slot_count; s++) out->multiplier[s] = wy_brain_multiplier(w, ag, s);
  return WARY_OK;
}

int wary_threat_get(const wary_world *w, wary_id agent, wary_id target, wary_threat *out) {
  if (!out) return WARY_ERR_BAD_VALUE;
  memset(out, 0, sizeof *out);
  int status;
  wy_agent *ag = wy_agent_of(w, agent, &status);
  if (!ag) return status;
  if (!wy_actor_get(w, target)) return wy_actor_status(w, target);
  out->relationship = relationship(w, ag, target);
  const wy_belief *b = wy_belief_find(ag, target, NULL);
  if (!b) return WARY_ERR_NOT_FOUND;
  out->score = b->threat;
  out->level = b->threat_level;
  out->damage = b->damage;
  return WARY_OK;
}
